/**
 * Proof that a request came through the CloudFront distribution rather than straight to an API's
 * `execute-api` endpoint. The endpoints stay enabled (CloudFront's origins and the WebSocket
 * `@connections` management API need them), so CloudFront adds a secret header,
 * {@link ORIGIN_VERIFY_HEADER}, to every request it forwards, and the handlers that receive
 * requests from outside (every HTTP function, OCPP `$connect`) refuse one without it.
 *
 * The expected value comes from {@link ORIGIN_VERIFY_ENV}; the stack sets it on those functions
 * from the same Secrets Manager secret as the header. Unset (the local stack, unit tests), there is
 * nothing to check and every request passes.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** Header CloudFront sets on every request to an API origin (a viewer's own value is overwritten). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** Environment variable holding the header's expected value. */
export const ORIGIN_VERIFY_ENV = 'ORIGIN_VERIFY_SECRET';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Whether a request may be served: true when no secret is configured, or when its
 * {@link ORIGIN_VERIFY_HEADER} (any letter case) equals the secret (compared in constant time).
 *
 * @param headers - the request headers as API Gateway passes them (HTTP API: lower case;
 *   WebSocket `$connect`: as sent)
 * @param env - where to read {@link ORIGIN_VERIFY_ENV} (default `process.env`)
 * @returns false for a request that bypassed CloudFront
 */
export function cameThroughCloudFront(
  headers: Record<string, string | undefined> | null | undefined,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  const secret = env[ORIGIN_VERIFY_ENV];
  if (!secret) return true;
  const entry = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === ORIGIN_VERIFY_HEADER);
  const received = entry?.[1];
  return received !== undefined && timingSafeEqual(digest(received), digest(secret));
}
