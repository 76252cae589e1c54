/**
 * The signed tokens of our own log-file URLs (docs/charger-logs.md, "Where files go"): the local
 * stack's upload and download paths, and on AWS the short upload URL a 2.0.1 charger gets when the
 * presigned S3 URL is longer than its 512 characters. A token grants one purpose (upload or
 * download) on one key (one log request of one charger) until it expires. It is
 * `<payload>.<signature>`, both base64url, the signature HMAC-SHA256 of the payload with the URL
 * secret (local: a random value kept in the data folder; AWS: a generated Secrets Manager secret):
 * unguessable, and nothing in it can be changed without the secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isStorageKey } from './log-storage';

/** What a token grants: `upload` (PUT or POST) or `download` (GET). */
export type TokenPurpose = 'upload' | 'download';

/** A token's content (short names: the token travels in a URL that 2.0.1 limits to 512 characters). */
interface TokenPayload {
  /** purpose */
  p: TokenPurpose;
  /** key */
  k: string;
  /** expiry, epoch seconds */
  e: number;
  /** download file name */
  n?: string;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

/**
 * A token granting `purpose` on `key`.
 * @param secret the URL secret
 * @param key a storage key (`logs/<organizationId>/<chargerId>/<requestId>`)
 * @param expiresInSeconds how long it is valid, seconds from now
 * @param fileName the name a download is served under
 * @returns `<payload>.<signature>`, URL-safe
 */
export function signToken(
  secret: string,
  purpose: TokenPurpose,
  key: string,
  expiresInSeconds: number,
  fileName?: string,
): string {
  const payload: TokenPayload = { p: purpose, k: key, e: Math.floor(Date.now() / 1000) + expiresInSeconds };
  if (fileName) payload.n = fileName;
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${sign(secret, encoded)}`;
}

/**
 * What a token grants, if it is ours, for `purpose`, and not expired.
 * @param now epoch milliseconds to judge the expiry at
 * @returns the key (and the download's file name); undefined for any other token
 */
export function verifyToken(
  secret: string,
  token: string,
  purpose: TokenPurpose,
  now = Date.now(),
): { key: string; fileName?: string } | undefined {
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(secret, encoded));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  let payload: TokenPayload;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as TokenPayload;
  } catch {
    return undefined;
  }
  if (payload.p !== purpose || typeof payload.k !== 'string' || !isStorageKey(payload.k)) return undefined;
  if (typeof payload.e !== 'number' || payload.e * 1000 < now) return undefined;
  return { key: payload.k, ...(payload.n ? { fileName: payload.n } : {}) };
}

/**
 * Our upload URL of `key`: `<baseUrl>/uploads/<token>` (served by `lambdas/logs/upload.ts`, on AWS
 * behind CloudFront and on the local gateway).
 * @param baseUrl `https://<domain>` on AWS, the local gateway's URL locally (no trailing slash)
 * @param expiresInSeconds how long the upload may take, seconds
 */
export function uploadUrlOf(baseUrl: string, secret: string, key: string, expiresInSeconds: number): string {
  return `${baseUrl}/uploads/${signToken(secret, 'upload', key, expiresInSeconds)}`;
}
