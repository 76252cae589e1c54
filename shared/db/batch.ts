/**
 * Batch reads and writes (DynamoDB BatchGetItem / BatchWriteItem through ElectroDB, which splits
 * them into 100-key and 25-item requests) that always finish: items DynamoDB leaves unprocessed
 * (throttling) are sent again with jittered backoff until none is left, a bounded number of times,
 * then a clear error. Duplicate keys are sent once (DynamoDB refuses a batch with duplicates).
 */
import { RetryableError, onlyRetryable, withRetry } from './retry';

/** Attempts before a batch gives up. */
const BATCH_RETRIES = 8;

/** Something with ElectroDB's batch get: `entity.get(keys[]).go()`. */
export interface BatchGettable<K, T> {
  get(keys: K[]): {
    go(options?: { consistent?: boolean; concurrent?: number }): Promise<{ data: T[]; unprocessed: K[] }>;
  };
}

/** BatchGetItem requests (of up to 100 keys each) in flight at once: 400 keys take one round trip. */
export const BATCH_GET_CONCURRENCY = 4;

/** Something with ElectroDB's batch put and delete: `entity.put(items[]).go()`, `entity.delete(keys[]).go()`. */
export interface BatchWritable<T, K> {
  put(items: T[]): { go(): Promise<{ unprocessed: unknown[] }> };
  delete(keys: K[]): { go(): Promise<{ unprocessed: unknown[] }> };
}

/** Thrown when DynamoDB keeps leaving part of a batch unprocessed through every retry (the table is throttled). */
export class BatchIncompleteError extends Error {
  constructor(
    readonly operation: string,
    readonly left: number,
  ) {
    super(`DynamoDB left ${left} items of a ${operation} unprocessed after ${BATCH_RETRIES + 1} attempts`);
    this.name = 'BatchIncompleteError';
  }
}

/** Keys without repeats (compared by value). */
function distinct<K>(keys: readonly K[]): K[] {
  const seen = new Map<string, K>();
  for (const key of keys) seen.set(JSON.stringify(key, Object.keys(key as object).sort()), key);
  return [...seen.values()];
}

/** Runs a batch step until nothing is left unprocessed. */
async function untilDone<W>(operation: string, work: W[], step: (work: W[]) => Promise<W[]>): Promise<void> {
  let pending = work;
  try {
    await withRetry(
      async () => {
        if (pending.length === 0) return;
        pending = await step(pending);
        if (pending.length) throw new RetryableError(`${pending.length} unprocessed`);
      },
      { retries: BATCH_RETRIES, minTimeoutMs: 20, maxTimeoutMs: 1000, shouldRetry: onlyRetryable },
    );
  } catch (error) {
    if (error instanceof RetryableError) throw new BatchIncompleteError(operation, pending.length);
    throw error;
  }
}

/**
 * Reads items by key (any number of keys; repeats read once), up to
 * {@link BATCH_GET_CONCURRENCY} BatchGetItems at a time.
 * @param consistent strongly consistent reads
 * @returns the items found, in no particular order (missing keys are simply absent)
 * @throws BatchIncompleteError when keys stay unprocessed through every retry
 */
export async function batchGet<K, T>(
  entity: BatchGettable<K, T>,
  keys: readonly K[],
  consistent = false,
): Promise<T[]> {
  const found: T[] = [];
  await untilDone('BatchGetItem', distinct(keys), async (pending) => {
    const { data, unprocessed } = await entity
      .get(pending)
      .go({ concurrent: BATCH_GET_CONCURRENCY, ...(consistent ? { consistent: true } : {}) });
    found.push(...data);
    return unprocessed;
  });
  return found;
}

/**
 * Writes items (puts replace whole items; use only where that is intended).
 * @throws BatchIncompleteError when items stay unprocessed through every retry
 */
export async function batchPut<T, K>(entity: BatchWritable<T, K>, items: readonly T[]): Promise<void> {
  await untilDone(
    'BatchWriteItem (put)',
    [...items],
    async (pending) => (await entity.put(pending).go()).unprocessed as T[],
  );
}

/**
 * Deletes items by key.
 * @throws BatchIncompleteError when keys stay unprocessed through every retry
 */
export async function batchDelete<T, K>(entity: BatchWritable<T, K>, keys: readonly K[]): Promise<void> {
  await untilDone(
    'BatchWriteItem (delete)',
    distinct(keys),
    async (pending) => (await entity.delete(pending).go()).unprocessed as K[],
  );
}
