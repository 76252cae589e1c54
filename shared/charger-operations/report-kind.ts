/**
 * The `getReport` operation kind (docs/charger-configuration.md, "A targeted report"): OCPP 2.0.1
 * B08 GetReport, a device-model read of the components and variables asked for instead of a whole
 * base report. Its NotifyReport pages go where a base report's go (`shared/charger-configuration/
 * store.ts`), noted as a targeted report's so that they update only the variables they name. The
 * worker waits for the report ({@link getReportWaitMs}), so the result settles when the page sent
 * with `tbc` false and every page before it are in, with no settle step: the function of the
 * operations' reads, which settles, stays within its bundle budget. OCPP 1.6 has no GetReport: a
 * 1.6 charger's result is `notSupported`, nothing written or sent.
 */
import type { Db } from '../db';
import { allocateIds, pollUntil } from '../db';
import {
  forgetTargetedReports,
  noteTargetedReport,
  readReportProgress,
  type ReportProgress,
} from '../charger-configuration/store';
import type { OperationInput } from './inputs';
import { outcomeOf, type OperationKind, type TargetOutcome } from './kinds';

/** How long the worker waits for an accepted report's pages, ms (`GET_REPORT_WAIT_MS`, default 30 s). */
export function getReportWaitMs(): number {
  const configured = Number(process.env.GET_REPORT_WAIT_MS);
  return Number.isFinite(configured) && configured >= 0 ? configured : 30_000;
}

/** Whether a report's pages are all in: the last one (`tbc` false) and every one before it. */
const complete = (progress: ReportProgress) => progress.lastSeqNo !== undefined && progress.missing.length === 0;

/** Waits for report `requestId`'s pages (one Query per look, backing off to 1 s) and says what they came to. */
async function awaitReport(
  db: Db,
  chargerId: number,
  requestId: number,
  accepted: TargetOutcome,
): Promise<TargetOutcome> {
  const progress = await pollUntil(() => readReportProgress(db, chargerId, requestId), complete, {
    waitMs: getReportWaitMs(),
    minTimeoutMs: 100,
    maxTimeoutMs: 1_000,
  });
  const pages = progress.received.length;
  if (complete(progress)) {
    return {
      ...accepted,
      note: `requestId ${requestId}: ${pages} page${pages === 1 ? '' : 's'}, merged into the device model`,
    };
  }
  return {
    ...accepted,
    status: 'timeout',
    error: {
      code: 'ReportIncomplete',
      description: `requestId ${requestId}: ${pages} page${pages === 1 ? '' : 's'} in ${Math.round(getReportWaitMs() / 1000)} s${progress.missing.length ? `, missing seqNo ${progress.missing.join(', ')}` : ', not the last'}; the rest still updates the device model when it comes`,
    },
  };
}

/**
 * GetReport for each target (2.0.1 only), with our `requestId` (the `reportRequest` counter), noted
 * as a targeted report before the CALL (its pages may come before the answer; 1 UpdateItem of the
 * counter, 1 UpdateItem). `Accepted` is `accepted` once the report is in (`timeout`
 * `ReportIncomplete` when it is not within the wait); `EmptyResultSet` (nothing matched) is
 * `accepted` at once; `Rejected` is `rejected`, `NotSupported` `notSupported`: the note is
 * withdrawn for those.
 */
export const getReport: OperationKind<OperationInput<'getReport'>> = {
  action: 'getReport',
  async perform({ db, commands, request, target, charger }) {
    const send = (requestId: number) =>
      commands.send(target.chargerId, 'GetReport', {
        requestId,
        componentCriteria: request.componentCriteria,
        componentVariable: request.componentVariable,
      });
    // 1.6 has no GetReport: the command answers NotSupported without a CALL, so nothing is written.
    if (charger.connection.protocol === 'ocpp1.6') return outcomeOf(await send(0));
    const requestId = await allocateIds(db, 'reportRequest');
    await noteTargetedReport(db, target.chargerId, requestId);
    const outcome = outcomeOf(await send(requestId));
    if (outcome.status === 'accepted') return awaitReport(db, target.chargerId, requestId, outcome);
    await forgetTargetedReports(db, target.chargerId, [requestId]);
    if (outcome.ocppStatus === 'EmptyResultSet') {
      return { ...outcome, status: 'accepted', note: `requestId ${requestId}: nothing matched, nothing reported` };
    }
    return outcome;
  },
};
