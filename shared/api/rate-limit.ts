/**
 * Per-key rate limit (spec §8: 200 requests per minute per API key).
 *
 * A fixed one-minute window per key, counted with one atomic UpdateItem (`ADD requests 1`) on a
 * window item that expires by TTL, so the count holds across every Lambda instance. The request
 * that makes the count exceed the limit, and every later one in that minute, gets 429 with
 * `Retry-After` = seconds to the next window.
 */
import type { Db } from '../db';
import { TooManyRequestsError } from './errors';

/** Requests allowed per key per minute (spec §8). */
export const REQUESTS_PER_MINUTE = 200;
const WINDOW_MS = 60_000;

/**
 * Counts one request for a key.
 * @param keyHash the key's SHA-256 (hex)
 * @param now current time in ms since the epoch (injectable for tests)
 * @param limit requests per window
 * @returns the number of requests counted in the current window, this one included
 * @throws TooManyRequestsError (429) when the count exceeds `limit`
 */
export async function countRequest(
  db: Db,
  keyHash: string,
  now = Date.now(),
  limit = REQUESTS_PER_MINUTE,
): Promise<number> {
  const window = Math.floor(now / WINDOW_MS);
  const windowEnd = (window + 1) * WINDOW_MS;
  const { data } = await db.rateLimitWindow
    .update({ keyHash, window })
    .add({ requests: 1 })
    .set({ expiresAt: Math.ceil(windowEnd / 1000) + 60 })
    .go({ response: 'updated_new' });
  const requests = data.requests ?? 1;
  if (requests > limit) throw new TooManyRequestsError(limit, Math.max(1, Math.ceil((windowEnd - now) / 1000)));
  return requests;
}
