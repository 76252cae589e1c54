/**
 * The `customerInformation` operation kind (docs/charger-operations.md, "Customer information"): a
 * data-protection request to a charger about one customer (OCPP 2.0.1 CustomerInformation N09
 * "Get Customer Information", N10 "Clear Customer Information"), named by a customer identifier,
 * an ID token or a customer certificate's hash data. The charger answers Accepted, Rejected or
 * Invalid; a report then comes in NotifyCustomerInformation pages, stored on the request
 * (`customerInformationRequest`, in the charger's partition) as they arrive, and the result is
 * `scheduled` until the last page (`tbc` false) and every page before it are there: then
 * `accepted` with the report. A request that only clears is `accepted` with the answer. OCPP 1.6
 * has no such message: a 1.6 charger's result is `notSupported`, nothing sent.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import type { OperationInput } from './inputs';
import { type CustomerInformationReport, outcomeOf, type OperationKind, type TargetOutcome } from './kinds';
import { storeRequestBeforeCall } from './request-items';

/** How long a charger has to send an accepted report, ms (`CUSTOMER_INFORMATION_TIMEOUT_MS`, default 1 h). */
export function customerInformationTimeoutMs(): number {
  const configured = Number(process.env.CUSTOMER_INFORMATION_TIMEOUT_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : 3_600_000;
}

/** The most report text a result holds, characters (the rest is left out, `truncated`): results share one item. */
export const MAX_REPORT_CHARACTERS = 64 * 1024;

/**
 * The most pages a report may have: a request and its pages are one item, and 600 pages of 512
 * characters stay under DynamoDB's 400 KB. A page past it is not stored (the report then never
 * completes, and the result times out) rather than failing the charger's frame.
 */
export const MAX_REPORT_PAGES = 600;

/** One NotifyCustomerInformation page (2.0.1 N09), version-neutral. */
export interface CustomerInformationPage {
  requestId: number;
  seqNo: number;
  /** Whether more pages follow. */
  tbc: boolean;
  /** At most 512 characters. */
  data: string;
  generatedAt: string;
}

/** The table key of a request (for the raw UpdateItem of a page). */
function requestKey(db: Db, chargerId: number, requestId: number) {
  return db.customerInformationRequest.get({ chargerId, requestId }).params() as {
    Key: Record<string, unknown>;
    TableName: string;
  };
}

/**
 * Records a NotifyCustomerInformation page on the request its `requestId` names (1 UpdateItem,
 * conditional on the request being this charger's): a page sent again is written again, with the
 * same text. A page of no request of ours (another CSMS's, one long gone, or numbers no request of
 * ours has), or past {@link MAX_REPORT_PAGES}, changes nothing.
 */
export async function recordCustomerInformationPage(
  db: Db,
  chargerId: number,
  page: CustomerInformationPage,
): Promise<void> {
  // Our requestIds and a report's seqNos are small: a page beyond what a JSON number holds exactly is no page of ours.
  if (!Number.isSafeInteger(page.requestId) || !Number.isSafeInteger(page.seqNo)) return;
  if (page.seqNo >= MAX_REPORT_PAGES) return;
  const { Key, TableName } = requestKey(db, chargerId, page.requestId);
  const last = page.tbc ? '' : ', lastSeqNo = :seqNo';
  try {
    await db.table.client.send(
      new UpdateCommand({
        TableName,
        Key,
        UpdateExpression: `SET pages.#seqNo = :data, generatedAt = :generatedAt${last}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#seqNo': String(page.seqNo) },
        ExpressionAttributeValues: {
          ':data': page.data,
          ':generatedAt': page.generatedAt,
          ...(page.tbc ? {} : { ':seqNo': page.seqNo }),
        },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/**
 * The report a request's pages make, once complete: the last page (`tbc` false) and every page
 * from the first `seqNo` (0, N09: "seqNo starts at 0") to it; else undefined.
 */
export function completeReport(
  requestId: number,
  stored: { pages: Record<string, string>; lastSeqNo?: number; generatedAt?: string },
): CustomerInformationReport | undefined {
  if (stored.lastSeqNo === undefined) return undefined;
  const texts: string[] = [];
  for (let seqNo = 0; seqNo <= stored.lastSeqNo; seqNo++) {
    const data = stored.pages[String(seqNo)];
    if (data === undefined) return undefined;
    texts.push(data);
  }
  const report = texts.join('');
  return {
    requestId,
    complete: true,
    report: report.slice(0, MAX_REPORT_CHARACTERS),
    pages: texts.length,
    ...(stored.generatedAt ? { generatedAt: stored.generatedAt } : {}),
    ...(report.length > MAX_REPORT_CHARACTERS ? { truncated: true } : {}),
  };
}

/** The customer a request names, as the API body has it. */
type Customer = Pick<OperationInput<'customerInformation'>, 'customerIdentifier' | 'idToken' | 'customerCertificate'>;

/** Who a request is about, for a result's note. */
function customerOf(request: Customer): string {
  if (request.customerIdentifier !== undefined) return `customer ${request.customerIdentifier}`;
  if (request.idToken !== undefined) return `ID token ${request.idToken.idToken}`;
  return `the certificate with serial ${request.customerCertificate?.serialNumber}`;
}

/**
 * CustomerInformation for each target (2.0.1 only). The request is written before the CALL
 * (1 UpdateItem of the counter, 1 UpdateItem); an accepted report is `scheduled` until its pages are
 * complete ({@link customerInformationTimeoutMs} at most).
 */
export const customerInformation: OperationKind<OperationInput<'customerInformation'>> = {
  action: 'customerInformation',
  get scheduledForMs() {
    return customerInformationTimeoutMs();
  },
  async perform(context) {
    const { commands, request, target, charger } = context;
    // 1.6 has no CustomerInformation: the command answers NotSupported without a CALL, so nothing is written.
    const requestId =
      request.report && charger.connection.protocol !== 'ocpp1.6'
        ? await storeRequestBeforeCall(context, 'customerInformationRequest', { pages: {} })
        : undefined;
    const answer = await commands.send(target.chargerId, 'CustomerInformation', {
      // A request that only clears expects no report: its requestId names nothing stored.
      requestId: requestId ?? 0,
      report: request.report,
      clear: request.clear,
      customerIdentifier: request.customerIdentifier,
      idToken: request.idToken,
      customerCertificate: request.customerCertificate,
    });
    const outcome = outcomeOf(answer);
    if (!answer.ok || outcome.status !== 'accepted') return outcome;
    const asked = `${request.clear ? 'cleared' : 'reported'} what it holds about ${customerOf(request)}`;
    if (requestId === undefined) return { ...outcome, note: `the charger ${asked}` };
    return {
      ...outcome,
      status: 'scheduled',
      customerInformation: { requestId, complete: false, pages: 0 },
      note: `requestId ${requestId}: waiting for the report`,
    };
  },
  async settle({ db, result }): Promise<TargetOutcome | undefined> {
    const requestId = result.customerInformation?.requestId;
    if (requestId === undefined) return undefined;
    const { data } = await db.customerInformationRequest
      .get({ chargerId: result.chargerId, requestId })
      .go({ consistent: true });
    const report = data && completeReport(requestId, data as Parameters<typeof completeReport>[1]);
    if (!report) return undefined;
    return {
      status: 'accepted',
      customerInformation: report,
      note: `requestId ${requestId}: report of ${report.pages} page${report.pages === 1 ? '' : 's'} received`,
    };
  },
};
