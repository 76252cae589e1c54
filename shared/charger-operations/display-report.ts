/**
 * The listing of display messages (docs/charger-operations.md, "Display messages"), the
 * `getDisplayMessages` kind's report (the kind is in `display-kinds.ts`): the messages a charger holds (OCPP 2.0.1 GetDisplayMessages O03, O04 with filters), optionally only
 * those of some ids, a priority or a state. The charger answers Accepted or Unknown (nothing
 * matches: the result is `accepted` at once with no messages); Accepted messages come in
 * NotifyDisplayMessages pages, stored on the request (`displayMessagesRequest`, in the charger's
 * partition) as they arrive, and the result is `scheduled` until the last page (`tbc` false): then
 * `accepted` with the messages. The pages carry no `seqNo`: they are assembled in arrival order,
 * which is the charger's (OCPP-J has one CALL of a side in flight at a time). OCPP 1.6 has no
 * display messages: a 1.6 charger's result is `notSupported`, nothing sent; a filter for a
 * connected 1.6 charger is a 400 naming it.
 *
 * Apart from the kind so that the function of the operations' reads, which settles results but
 * sends nothing (its bundle is at the 800 KiB ceiling), bundles only the settling.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import type { DisplayMessagesReport, ReportedDisplayMessage } from './display';
import type { SettleContext, TargetOutcome } from './kinds';

/**
 * The most messages a listing keeps (the rest are left out, `truncated`): a result holds them and
 * results share one item, and a message is up to about 800 bytes (512 characters of content).
 */
export const MAX_LISTED_MESSAGES = 50;

/** How long a charger has to send its last page after Accepted, ms (15 min). */
export const DISPLAY_MESSAGES_TIMEOUT_MS = 15 * 60_000;

/** One NotifyDisplayMessages page (2.0.1 O03), version-neutral. */
export interface DisplayMessagesPage {
  requestId: number;
  /** Whether more pages follow. */
  tbc: boolean;
  /** The page's messages (none on an empty page). */
  messages: ReportedDisplayMessage[];
}

/**
 * Appends a page's messages (at most `room` of them) to the request, marking it complete on the
 * last page: conditional on the request being this charger's, not complete, and holding no more
 * than `held` messages (so that the cap holds). 1 UpdateItem.
 * @returns how many messages the request held when the condition failed; undefined when written
 */
async function appendPage(
  db: Db,
  chargerId: number,
  page: DisplayMessagesPage,
  held: number,
  truncated: boolean,
): Promise<number | undefined> {
  const { Key, TableName } = db.displayMessagesRequest.get({ chargerId, requestId: page.requestId }).params() as {
    Key: Record<string, unknown>;
    TableName: string;
  };
  const sets = ['messages = list_append(messages, :page)'];
  if (!page.tbc) sets.push('complete = :true');
  if (truncated) sets.push('truncated = :true');
  try {
    await db.table.client.send(
      new UpdateCommand({
        TableName,
        Key,
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(complete) AND size(messages) <= :held',
        ExpressionAttributeValues: {
          ':page': page.messages,
          ':held': held,
          ...(page.tbc && !truncated ? {} : { ':true': true }),
        },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return undefined;
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    // The exception's item is as DynamoDB sends it (attribute values), not unmarshalled.
    const item = (error as { Item?: Record<string, { L?: unknown[] } | undefined> }).Item;
    const messages = item?.messages?.L;
    // No such request of this charger's, or complete already: nothing to write.
    if (!item || item.complete !== undefined || !Array.isArray(messages)) return -1;
    return messages.length;
  }
}

/**
 * Records a NotifyDisplayMessages page on the request its `requestId` names: its messages appended
 * (1 UpdateItem; one more when the page would pass {@link MAX_LISTED_MESSAGES}: what fits is kept,
 * `truncated` set), the request complete on the last page. A page of no request of ours (another
 * CSMS's, one long gone, numbers no request of ours has) or after the last changes nothing.
 */
export async function recordDisplayMessagesPage(db: Db, chargerId: number, page: DisplayMessagesPage): Promise<void> {
  // Our requestIds are small: one beyond what a JSON number holds exactly is no request of ours.
  if (!Number.isSafeInteger(page.requestId)) return;
  const fits = MAX_LISTED_MESSAGES - page.messages.length;
  const held = await appendPage(db, chargerId, page, Math.max(fits, -1), false);
  if (held === undefined || held < 0) return;
  const kept = page.messages.slice(0, Math.max(MAX_LISTED_MESSAGES - held, 0));
  await appendPage(db, chargerId, { ...page, messages: kept }, held, true);
}

/** The report of a request item once complete; else undefined. */
function reportOf(
  requestId: number,
  stored: { messages: ReportedDisplayMessage[]; complete?: boolean; truncated?: boolean },
): DisplayMessagesReport | undefined {
  if (!stored.complete) return undefined;
  return { requestId, complete: true, messages: stored.messages, ...(stored.truncated ? { truncated: true } : {}) };
}

/** What a result says of a report's messages. */
export function noteOf({ requestId, messages }: DisplayMessagesReport): string {
  const count = messages?.length ?? 0;
  return `requestId ${requestId}: ${count} message${count === 1 ? '' : 's'} listed`;
}

/**
 * The outcome of a `scheduled` get-display-messages result once its last page is in (1 GetItem,
 * consistent); else undefined. The kind's `settle` (`display-kinds.ts`), and what the function of
 * the operations' reads settles it with (`SETTLING_KINDS`), without the rest of the kind.
 */
export async function settleDisplayMessages({
  db,
  result,
}: SettleContext<unknown>): Promise<TargetOutcome | undefined> {
  const requestId = result.displayMessages?.requestId;
  if (requestId === undefined) return undefined;
  const { data } = await db.displayMessagesRequest
    .get({ chargerId: result.chargerId, requestId })
    .go({ consistent: true });
  const report = data && reportOf(requestId, data as Parameters<typeof reportOf>[1]);
  if (!report) return undefined;
  return { status: 'accepted', displayMessages: report, note: noteOf(report) };
}
