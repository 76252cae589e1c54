/**
 * Authenticating `Authorization: Bearer <key>` (spec §5): the key's SHA-256 is read with one
 * GetItem (keys are issued by `shared/organizations/api-keys.ts`).
 */
import type { Db } from '../db';
import type { AccessScope } from '../organizations/access-scope';
import { hashApiKey } from '../organizations/api-keys';
import { UnauthorizedError } from './errors';

/** What an authenticated request may see (its key's scope), and which key it is. */
export interface ApiPrincipal extends AccessScope {
  apiKeyId: number;
  /** SHA-256 (hex) of the key; identifies the key for rate limiting. */
  keyHash: string;
}

const KEY_PATTERN = /^cnk_[A-Za-z0-9_-]{43}$/;
const BEARER_PATTERN = /^Bearer +(\S+)$/i;

/**
 * Resolves the `Authorization` header to the key's principal (one GetItem).
 * @param authorization the raw header value, or undefined when absent
 * @throws UnauthorizedError (401) when the header is missing or not `Bearer <key>`, the key is
 *   malformed, unknown, or revoked (spec §5.2)
 */
export async function authenticate(db: Db, authorization: string | undefined): Promise<ApiPrincipal> {
  if (!authorization) throw new UnauthorizedError('Missing Authorization header; send "Authorization: Bearer <API key>"');
  const token = BEARER_PATTERN.exec(authorization.trim())?.[1];
  if (!token) throw new UnauthorizedError('Malformed Authorization header; expected "Bearer <API key>"');
  if (!KEY_PATTERN.test(token)) throw new UnauthorizedError('Invalid API key');
  const keyHash = hashApiKey(token);
  const { data } = await db.apiKey.get({ keyHash }).go();
  if (!data) throw new UnauthorizedError('Invalid API key');
  if (data.revokedAt) throw new UnauthorizedError('API key has been revoked');
  return {
    apiKeyId: data.apiKeyId,
    keyHash,
    organizationId: data.organizationId,
    scope: data.scope,
    ...(data.siteId !== undefined ? { siteId: data.siteId } : {}),
  };
}
