/**
 * Retries the data layer needs on top of ElectroDB: transactions cancelled only because another
 * transaction touched the same item at the same moment (`TransactionConflict`), and batch
 * operations that DynamoDB left partly unprocessed (ElectroDB returns those instead of retrying).
 */
import type { Db } from './entities';

/** The entities a `db.service.transaction.write` callback receives. */
export type TransactionEntities = Parameters<Parameters<Db['service']['transaction']['write']>[0]>[0];

/** One entry of a cancelled transaction's result, as ElectroDB reports it. */
export interface CancellationReason {
  rejected: boolean;
  /** DynamoDB's cancellation code: `None`, `ConditionalCheckFailed`, `TransactionConflict`, … */
  code?: string;
}

const MAX_ATTEMPTS = 5;

/** Waits a random 0–`5 × attempt` ms, so that retrying writers do not collide again in step. */
export function backoff(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
}

/**
 * Runs a write transaction; when it is cancelled only by `TransactionConflict` (nothing was
 * written, a concurrent transaction held one of its items) it is run again, up to 5 times.
 * @returns the last result; `canceled` is then true only for a failed condition, or for conflicts
 *   that outlasted the retries
 */
export async function writeTransaction<R extends { canceled: boolean; data: readonly unknown[] }>(run: () => Promise<R>): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    const result = await run();
    const reasons = result.data as readonly CancellationReason[];
    const conflictOnly = result.canceled && reasons.some((r) => r.code === 'TransactionConflict') && !reasons.some((r) => r.code === 'ConditionalCheckFailed');
    if (!conflictOnly || attempt >= MAX_ATTEMPTS) return result;
    await backoff(attempt);
  }
}

/**
 * Runs an idempotent batch operation (BatchGet, BatchWrite of puts or deletes) again while DynamoDB
 * leaves part of it unprocessed.
 * @throws Error when something is still unprocessed after 8 attempts (the table is throttled)
 */
export async function untilProcessed<R extends { unprocessed: readonly unknown[] }>(run: () => Promise<R>): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    const result = await run();
    if (result.unprocessed.length === 0) return result;
    if (attempt >= 8) throw new Error(`DynamoDB left ${result.unprocessed.length} batch items unprocessed after ${attempt} attempts`);
    await backoff(attempt * 4);
  }
}
