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

/**
 * Environment variable of the local stack's secret for certificate headers: the local TLS listener
 * (`lib/local/tls-listener.ts`) adds {@link ORIGIN_VERIFY_HEADER} with it to what it forwards, as
 * CloudFront adds the origin secret on AWS. Unset on AWS, where {@link ORIGIN_VERIFY_ENV} serves.
 */
export const VIEWER_CERT_VERIFY_ENV = 'VIEWER_CERT_VERIFY_SECRET';

/**
 * Whether a request's `CloudFront-Viewer-Cert-*` headers may be believed (docs/certificates.md):
 * only when a secret vouches for them and the request carries it in {@link ORIGIN_VERIFY_HEADER},
 * i.e. it came through CloudFront ({@link ORIGIN_VERIFY_ENV}, on AWS) or the local TLS listener
 * ({@link VIEWER_CERT_VERIFY_ENV}). Unlike {@link cameThroughCloudFront}, no configured secret
 * means no: anyone can write a header, and a forwarded certificate's PEM is public.
 * @param headers - the request headers (any letter case)
 * @param env - where to read the secrets (default `process.env`)
 */
export function viewerCertificateHeadersTrusted(
  headers: Record<string, string | undefined> | null | undefined,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  const secret = env[ORIGIN_VERIFY_ENV] || env[VIEWER_CERT_VERIFY_ENV];
  if (!secret) return false;
  const entry = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === ORIGIN_VERIFY_HEADER);
  const received = entry?.[1];
  return received !== undefined && timingSafeEqual(digest(received), digest(secret));
}
