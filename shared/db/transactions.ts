/**
 * Labelled write transactions (DynamoDB TransactWriteItems through ElectroDB): every item of a
 * transaction is named, so a cancellation is reported by the failing item's label, never by its
 * position in the list; conflicts with concurrent transactions are retried.
 *
 * @example
 * const outcome = await transact(db, (e) => ({
 *   accessId: e.accessId.create(item).commit(),
 *   vehicleName: claimUnique(e, VEHICLE_CONSTRAINTS.name(organizationId), nameKey, vehicleId),
 * }));
 * if (outcome.failed('vehicleName')) throw new VehicleNameTakenError(name);
 */
import type { Db } from './entities';
import { BusyError } from '../errors';
import { RetryableError, onlyRetryable, withRetry } from './retry';

/** The entities a transaction callback receives. */
export type TransactionEntities = Parameters<Parameters<Db['service']['transaction']['write']>[0]>[0];

/** One item of a write transaction: the `.commit()` of an ElectroDB put/create/patch/update/delete/check. */
export type TransactionWrite = ReturnType<Parameters<Db['service']['transaction']['write']>[0]>[number];

/**
 * The labelled items of a transaction: one item, a list of items (labelled `label[i]`), or
 * nothing (`undefined` / `false` / `[]`, for items that only some requests need).
 */
export type LabelledWrites = Record<string, TransactionWrite | readonly TransactionWrite[] | false | undefined>;

/** DynamoDB's limit of items per TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;

/** The result of {@link transact}. */
export interface TransactionOutcome {
  /** True when every item was written. */
  readonly ok: boolean;
  /** Labels of the items whose condition failed (`label` or `label[i]`). */
  readonly failedLabels: readonly string[];
  /** Whether the item `label` (or any item of the list `label`) failed its condition. */
  failed(label: string): boolean;
}

/** Thrown when a transaction would exceed {@link MAX_TRANSACTION_ITEMS}: a bug of the caller, who must bound its input. */
export class TransactionTooLargeError extends Error {
  constructor(readonly items: number) {
    super(`A transaction of ${items} items exceeds DynamoDB's ${MAX_TRANSACTION_ITEMS}`);
    this.name = 'TransactionTooLargeError';
  }
}

/** One entry of a cancelled transaction's result, as ElectroDB reports it. */
interface CancellationReason {
  rejected: boolean;
  /** `None`, `ConditionalCheckFailed`, `TransactionConflict`, `ThrottlingError`, … */
  code?: string;
}

const RETRIED_CODES = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

/** Flattens labelled writes into the item list and the label of each position. */
function flatten(writes: LabelledWrites): { items: TransactionWrite[]; labels: string[] } {
  const items: TransactionWrite[] = [];
  const labels: string[] = [];
  for (const [label, value] of Object.entries(writes)) {
    if (value === undefined || value === false) continue;
    if (Array.isArray(value)) {
      value.forEach((item: TransactionWrite, i) => {
        items.push(item);
        labels.push(`${label}[${i}]`);
      });
    } else {
      items.push(value as TransactionWrite);
      labels.push(label);
    }
  }
  return { items, labels };
}

function outcomeOf(failedLabels: string[]): TransactionOutcome {
  return {
    ok: failedLabels.length === 0,
    failedLabels,
    failed: (label) => failedLabels.some((l) => l === label || l.startsWith(`${label}[`)),
  };
}

/**
 * Runs a labelled write transaction. A cancellation caused only by concurrent transactions or
 * throttling (nothing was written) is retried with jittered backoff, up to 5 times; a failed
 * condition is reported, not thrown.
 * @param build called for every attempt with the transaction's entities; returns the labelled items
 * @returns the outcome: `ok`, or the labels of the items whose condition failed
 * @throws TransactionTooLargeError over 100 items; BusyError when conflicts outlast the retries
 */
export async function transact(
  db: Db,
  build: (entities: TransactionEntities) => LabelledWrites,
): Promise<TransactionOutcome> {
  try {
    return await attemptTransaction(db, build);
  } catch (error) {
    if (error instanceof RetryableError) throw new BusyError('Concurrent requests kept changing the same data; retry');
    throw error;
  }
}

function attemptTransaction(
  db: Db,
  build: (entities: TransactionEntities) => LabelledWrites,
): Promise<TransactionOutcome> {
  return withRetry(
    async () => {
      let labels: string[] = [];
      const result = await db.service.transaction
        .write((entities) => {
          const flat = flatten(build(entities));
          if (flat.items.length > MAX_TRANSACTION_ITEMS) throw new TransactionTooLargeError(flat.items.length);
          labels = flat.labels;
          return flat.items;
        })
        .go();
      if (!result.canceled) return outcomeOf([]);
      const reasons = result.data as readonly CancellationReason[];
      const failed = labels.filter((_, i) => reasons[i]?.code === 'ConditionalCheckFailed');
      if (failed.length === 0 && reasons.some((r) => r.code && RETRIED_CODES.has(r.code))) {
        throw new RetryableError(`transaction cancelled by ${reasons.map((r) => r.code).join(', ')}`);
      }
      return outcomeOf(failed.length ? failed : labels.filter((_, i) => reasons[i]?.rejected));
    },
    { shouldRetry: onlyRetryable },
  );
}
