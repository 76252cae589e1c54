/**
 * An operation's results as they come in: each charger's outcome written into its entry of the
 * operation item by index (one UpdateItem, conditional on the entry still being open), and the
 * operation ended (status, `completedAt`, its pending marker deleted) by the write that leaves no
 * entry open. Concurrent writers of different entries never lose each other's writes (DynamoDB
 * updates one list element in place); two writers that both see the last entry closed end the
 * operation with the same status.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EntityItem } from 'electrodb';
import type { Db } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import { PENDING_QUEUE } from '../db/entities/charger-operations';
import { OPEN_RESULT_STATUSES, type OperationResult, type ResultStatus, type TargetOutcome } from './kinds';

/** An operation item as stored. */
export type OperationItem = Omit<EntityItem<Db['chargerOperation']>, 'results'> & { results: OperationResult[] };

/** An operation's status: `pending` | `completed` | `failed` | `partial`. */
export type OperationStatus = OperationItem['status'];

/** The status of an operation whose results are all final: all accepted, none, or some. */
export function finalStatus(results: readonly OperationResult[]): Exclude<OperationStatus, 'pending'> {
  const accepted = results.filter((r) => r.status === 'accepted').length;
  return accepted === results.length ? 'completed' : accepted === 0 ? 'failed' : 'partial';
}

/** Whether a result is still open (pending or scheduled). */
export const isOpen = (result: OperationResult) => OPEN_RESULT_STATUSES.includes(result.status);

/** Reads an operation (strongly consistent). */
export async function getOperationItem(db: Db, operationId: string): Promise<OperationItem | undefined> {
  const { data } = await db.chargerOperation.get({ operationId }).go({ consistent: true });
  return (data ?? undefined) as OperationItem | undefined;
}

/**
 * Writes one target's outcome into result `index` (`current`, as last read), if that result is
 * still what it was (`current.status`); a `scheduled` outcome moves the operation's deadline to
 * `scheduledUntil`. A settled `scheduled` result keeps the charger's first answer (and takes the
 * settlement's note, error and what it came to: firmware progress, a customer report). Ends the
 * operation when no result is left open. Requests: 1 UpdateItem (+1 UpdateItem and 1 DeleteItem
 * when it ends it; +1 PutItem when it moves the deadline).
 * @returns the operation after the write; undefined when the result had changed meanwhile (nothing written)
 */
export async function recordOutcome(
  db: Db,
  operationId: string,
  index: number,
  current: OperationResult,
  outcome: TargetOutcome,
  options: { at?: string; scheduledUntil?: string } = {},
): Promise<OperationItem | undefined> {
  const at = options.at ?? new Date().toISOString();
  const { Key, TableName } = db.chargerOperation.get({ operationId }).params() as { Key: object; TableName: string };
  const from: ResultStatus = current.status;
  // A settled (or progressing) `scheduled` result keeps the charger's first answer; it stays scheduled without a settledAt.
  const result: OperationResult =
    from === 'scheduled'
      ? {
          ...current,
          status: outcome.status,
          ...(outcome.note ? { note: outcome.note } : {}),
          ...(outcome.error ? { error: outcome.error } : {}),
          ...(outcome.firmware ? { firmware: outcome.firmware } : {}),
          ...(outcome.customerInformation ? { customerInformation: outcome.customerInformation } : {}),
          ...(outcome.displayMessages ? { displayMessages: outcome.displayMessages } : {}),
          ...(outcome.status === 'scheduled' ? {} : { settledAt: at }),
        }
      : { ...targetOf(current), ...outcome, answeredAt: at };
  const extend = outcome.status === 'scheduled' && options.scheduledUntil;
  try {
    const { Attributes } = await db.table.client.send(
      new UpdateCommand({
        TableName,
        Key,
        UpdateExpression: `SET #results[${index}] = :result, updatedAt = :at${extend ? ', deadlineAt = :until' : ''}`,
        ConditionExpression: `#results[${index}].#status = :from AND #status = :pending`,
        ExpressionAttributeNames: { '#results': 'results', '#status': 'status' },
        ExpressionAttributeValues: {
          ':result': withoutUndefined(result),
          ':at': at,
          ':from': from,
          ':pending': 'pending',
          ...(extend ? { ':until': options.scheduledUntil } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const item = db.chargerOperation.parse({ Item: Attributes! }).data as unknown as OperationItem;
    if (extend) {
      await db.pendingChargerOperation
        .upsert({ queue: PENDING_QUEUE, operationId, deadlineAt: options.scheduledUntil! })
        .go();
    }
    return item.results.some(isOpen) ? item : await endOperation(db, item, at);
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/** The target part of a result. */
function targetOf({ chargerId, ocppId, siteId, portId, portNumber }: OperationResult): OperationResult {
  return withoutUndefined({ chargerId, ocppId, siteId, portId, portNumber, status: 'pending' });
}

/** A copy without undefined members (the document client refuses them). */
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Ends an operation whose results are all final: its status and `completedAt` (conditional on it
 * still being pending), and its pending marker deleted.
 * @returns the operation as ended
 */
export async function endOperation(db: Db, item: OperationItem, at = new Date().toISOString()): Promise<OperationItem> {
  const status = finalStatus(item.results);
  try {
    await db.chargerOperation
      .patch({ operationId: item.operationId })
      .set({ status, completedAt: at, updatedAt: at })
      .where((attributes, { eq }) => eq(attributes.status, 'pending'))
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
  await db.pendingChargerOperation.delete({ queue: PENDING_QUEUE, operationId: item.operationId }).go();
  return { ...item, status, completedAt: at, updatedAt: at };
}
