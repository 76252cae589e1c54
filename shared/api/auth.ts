/**
 * API keys (spec §5): issuing, hashing and authenticating `Authorization: Bearer <key>`.
 *
 * A key is `cnk_` followed by 43 base64url characters (32 random bytes). Only its SHA-256 is
 * stored; the item is read with one GetItem on that hash.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { UnauthorizedError } from './errors';

/** What an authenticated request may see: one organization, or one site of it. */
export interface ApiPrincipal {
  apiKeyId: number;
  /** SHA-256 (hex) of the key; identifies the key for rate limiting. */
  keyHash: string;
  organizationId: number;
  scope: 'organization' | 'site';
  /** Set when `scope` is `site`: the only site the key reaches. */
  siteId?: number;
}

const KEY_PREFIX = 'cnk_';
const KEY_PATTERN = /^cnk_[A-Za-z0-9_-]{43}$/;
const BEARER_PATTERN = /^Bearer +(\S+)$/i;

/** Generates a new random API key (`cnk_…`, 47 characters). */
export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** SHA-256 (hex) of a key: the stored identity of the key. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

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

/**
 * Whether a principal may see an item of `organizationId` on `siteId`. Callers answer 404 when
 * it may not, exactly as for an unknown ID (ARCHITECTURE.md, "HTTP conventions").
 */
export function canAccess(principal: ApiPrincipal, organizationId: number, siteId?: number): boolean {
  if (principal.organizationId !== organizationId) return false;
  return principal.scope === 'organization' || siteId === undefined || principal.siteId === siteId;
}
