/**
 * One request of a kind in flight per API key, across every Lambda instance (reference notes:
 * "with `includeIntervals`, only 1 concurrent request per key"): the request takes a lease item
 * with a conditional PutItem (free, or lapsed) and deletes it when done (only if still its own).
 * A holder that died lets go when its lease lapses.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import { logger } from '../logger';
import { RequestInFlightError } from './errors';

/** How long a lease lasts unless released: longer than any request may run (the function's 10 s timeout). */
export const LEASE_MS = 15_000;

/**
 * Runs `work` holding the lease `name` of the key. Requests: 1 PutItem + 1 DeleteItem.
 * @param what names the kind of request in the error
 * @throws RequestInFlightError when another request of the key holds the lease (retry after 1 s)
 */
export async function withRequestLease<T>(
  db: Db,
  keyHash: string,
  name: string,
  what: string,
  work: () => Promise<T>,
): Promise<T> {
  const token: string = randomUUID();
  const now = Date.now();
  try {
    await db.requestLease
      .put({ keyHash, name, token, leaseUntil: now + LEASE_MS, expiresAt: Math.ceil((now + LEASE_MS) / 1000) + 60 })
      .where(({ leaseUntil }, { notExists, lt }) => `${notExists(leaseUntil)} OR ${lt(leaseUntil, now)}`)
      .go();
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new RequestInFlightError(what, 1);
    throw error;
  }
  try {
    return await work();
  } finally {
    await db.requestLease
      .delete({ keyHash, name })
      .where(({ token: held }, { eq }) => eq(held, token))
      .go()
      .catch((error: unknown) => {
        if (!isConditionalCheckFailure(error))
          logger.warn('could not release a request lease', { name, error: String(error) });
      });
  }
}
