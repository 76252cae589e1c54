/**
 * When a failed delivery is tried again (docs/webhooks.md, "Retries"): at once,
 * then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h: ten attempts over 63 h 15 min
 * 5 s (about 2.6 days); a `Retry-After` longer than the next delay is honoured (up to a day).
 * An endpoint whose deliveries have failed for {@link FAILING_DISABLE_MS} (from the first failure
 * with no success since) is disabled.
 */

/** Seconds to wait after attempt n (index n - 1) before attempt n + 1. */
export const RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000, 50_400, 72_000] as const;

/** Attempts of one delivery, the first included. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** The longest `Retry-After` honoured: a day. */
export const MAX_RETRY_AFTER_SECONDS = 86_400;

/** Failing this long (5 days, ms) disables an endpoint (`disabledReason: 'failing'`). */
export const FAILING_DISABLE_MS = 5 * 86_400_000;

/**
 * Seconds until the next attempt after `attempts` failed ones, or undefined when none is left.
 * @param attempts attempts made so far (≥ 1)
 * @param retryAfterSeconds the receiver's `Retry-After`, if it sent one: used when longer (capped
 *   at {@link MAX_RETRY_AFTER_SECONDS})
 */
export function nextDelaySeconds(attempts: number, retryAfterSeconds?: number): number | undefined {
  if (attempts >= MAX_ATTEMPTS) return undefined;
  const scheduled = RETRY_DELAYS_SECONDS[Math.max(attempts, 1) - 1]!;
  if (retryAfterSeconds === undefined) return scheduled;
  return Math.max(scheduled, Math.min(retryAfterSeconds, MAX_RETRY_AFTER_SECONDS));
}

/**
 * A `Retry-After` header's wait in seconds (RFC 9110 §10.2.3: delay-seconds or an HTTP date).
 * @param now epoch ms
 * @returns undefined when absent or not understood; 0 for a date in the past
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
