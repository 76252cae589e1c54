/**
 * Authenticating `Authorization: Bearer <key>` (spec §5): the key's SHA-256 is read with one
 * GetItem (keys are issued by `./api-keys.ts`), and the principal is kept by
 * the Lambda instance for {@link apiKeyCacheSeconds} (default 60 s), so a key in use costs one
 * GetItem per instance per minute instead of one per request.
 *
 * The price is the revocation delay: a revoked key keeps working on an instance that read it
 * until its entry expires, so for at most `API_KEY_CACHE_SECONDS` after the revocation. Keys
 * that fail (unknown, revoked) are never kept, so a key that starts working again (a new key)
 * works at once.
 *
 * Why not an API Gateway Lambda authorizer with its result cache: an HTTP API authorizer answers a
 * refusal with its own 401/403 body, not the problem document of spec §7, and costs a second
 * function, its cold starts and an invocation per cache miss; this cache has the same bound and
 * no extra moving part (its hit rate is per instance rather than per API, about one read per
 * key per instance per minute).
 */
import type { Db } from '../db';
import { DEFAULT_API_KEY_ROLE, roleAtLeast, type AccessScope, type Role } from '../organizations';
import { hashApiKey } from './api-keys';
import { ForbiddenError, UnauthorizedError } from './errors';
import { looksLikeJwt, verifyAccessToken } from './tokens';
import { BoundedMap } from '../bounded-map';

/** Who a request comes from: an API key (with its name, if it has one) or a person (with its e-mail). */
export type Actor =
  | { kind: 'apiKey'; apiKeyId: number; name?: string }
  | { kind: 'user'; userId: number; email: string };

/**
 * What an authenticated request may see and do, and who it is: the same object for an
 * integrator's API key and a person's token (docs/people-and-roles.md), so every route's rules
 * (scope, role) hold for both.
 */
export interface ApiPrincipal extends AccessScope {
  /** What the caller may do; each route declares the least it needs (`RouteSpec.role`). */
  role: Role;
  /** Who the caller is: what `actorOf` records. */
  actor: Actor;
  /**
   * Identifies the caller for rate limiting (spec §8) and the instance's cache: the key's SHA-256
   * (hex), or `user:` and the token's subject for a person.
   */
  keyHash: string;
}

const KEY_PATTERN = /^cnk_[A-Za-z0-9_-]{43}$/;
const BEARER_PATTERN = /^Bearer +(\S+)$/i;

/** Default of {@link apiKeyCacheSeconds}: the documented revocation delay. */
export const DEFAULT_API_KEY_CACHE_SECONDS = 60;

/** Most keys one instance keeps; beyond it the entry used least recently is dropped. */
export const MAX_CACHED_API_KEYS = 10_000;

/**
 * Seconds an instance trusts a key it has read, from `API_KEY_CACHE_SECONDS` (0 turns the cache
 * off), else {@link DEFAULT_API_KEY_CACHE_SECONDS}.
 * @throws Error when the variable is set to anything but a whole number of seconds (a deployment bug)
 */
export function apiKeyCacheSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.API_KEY_CACHE_SECONDS;
  if (value === undefined || value === '') return DEFAULT_API_KEY_CACHE_SECONDS;
  if (!/^\d{1,5}$/.test(value))
    throw new Error(`API_KEY_CACHE_SECONDS must be a whole number of seconds, got ${value}`);
  return Number(value);
}

/** Principals of keys read recently, by key hash, each until its expiry (ms since the epoch). */
export class ApiKeyCache {
  private readonly entries = new BoundedMap<string, { principal: ApiPrincipal; until: number }>(MAX_CACHED_API_KEYS);

  /**
   * @param ttlMs how long an entry lives (read at every insert)
   * @param now the clock (injectable for tests)
   */
  constructor(
    private readonly ttlMs: () => number = () => apiKeyCacheSeconds() * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The principal of a key read less than the TTL ago, if any. */
  get(keyHash: string): ApiPrincipal | undefined {
    const entry = this.entries.get(keyHash);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(keyHash);
      return undefined;
    }
    this.entries.set(keyHash, entry); // most recently used last
    return entry.principal;
  }

  /** Keeps a principal for the TTL; drops the least recently used entry beyond {@link MAX_CACHED_API_KEYS}. */
  set(principal: ApiPrincipal): void {
    const ttl = this.ttlMs();
    if (ttl <= 0) return;
    this.entries.set(principal.keyHash, { principal, until: this.now() + ttl });
  }

  /** Number of keys kept. */
  get size(): number {
    return this.entries.size;
  }
}

/** The cache of this process (one per Lambda instance). */
const processCache = new ApiKeyCache();

/**
 * Resolves the `Authorization` header to the caller's principal: an API key's, or a person's
 * access token's (docs/people-and-roles.md). Either from the instance's cache, else with one
 * GetItem (a key) or one Query (the person of a token's subject), then cached.
 * @param authorization the raw header value, or undefined when absent
 * @param cache where recently read keys and people are kept (default: the process's)
 * @throws UnauthorizedError (401) when the header is missing or not `Bearer <key>`, the key is
 *   malformed, unknown, or revoked (spec §5.2; a revocation is seen within the cache's TTL), or
 *   the token is invalid (`./tokens.ts`) or no person here has its account
 */
export async function authenticate(
  db: Db,
  authorization: string | undefined,
  cache: ApiKeyCache = processCache,
): Promise<ApiPrincipal> {
  if (!authorization)
    throw new UnauthorizedError('Missing Authorization header; send "Authorization: Bearer <API key>"');
  const token = BEARER_PATTERN.exec(authorization.trim())?.[1];
  if (!token) throw new UnauthorizedError('Malformed Authorization header; expected "Bearer <API key>"');
  if (looksLikeJwt(token)) return authenticatePerson(db, token, cache);
  if (!KEY_PATTERN.test(token)) throw new UnauthorizedError('Invalid API key');
  const keyHash = hashApiKey(token);
  const cached = cache.get(keyHash);
  if (cached) return cached;
  const { data } = await db.apiKey.get({ keyHash }).go();
  if (!data) throw new UnauthorizedError('Invalid API key');
  if (data.revokedAt) throw new UnauthorizedError('API key has been revoked');
  const principal: ApiPrincipal = {
    role: data.role ?? DEFAULT_API_KEY_ROLE,
    actor: { kind: 'apiKey', apiKeyId: data.apiKeyId, ...(data.name ? { name: data.name } : {}) },
    keyHash,
    organizationId: data.organizationId,
    scope: data.scope,
    ...(data.siteId !== undefined ? { siteId: data.siteId } : {}),
  };
  cache.set(principal);
  return principal;
}

/**
 * Refuses a caller below the role a route needs (docs/people-and-roles.md): the same check for a
 * person and an API key, since both are a principal with a role.
 * @throws ForbiddenError (403) naming the role needed and the caller's
 */
export function requireRole(principal: Pick<ApiPrincipal, 'role'>, needed: Role): void {
  if (!roleAtLeast(principal.role, needed)) throw new ForbiddenError(needed, principal.role);
}

/**
 * A person's principal from a verified access token: the person whose account the token names
 * (1 Query of gsi2 by subject, kept like a key for the cache's TTL, so a removal or a role change
 * is seen within it).
 * @throws UnauthorizedError for an invalid token, or an account no person here has (removed)
 */
async function authenticatePerson(db: Db, token: string, cache: ApiKeyCache): Promise<ApiPrincipal> {
  const { subject } = await verifyAccessToken(token);
  const keyHash = `user:${subject}`;
  const cached = cache.get(keyHash);
  if (cached) return cached;
  const { data } = await db.user.query.bySubject({ subject }).go({ count: 1 });
  const person = data[0];
  if (!person) throw new UnauthorizedError('No user of this service has this account: ask an owner to invite you');
  const principal: ApiPrincipal = {
    role: person.role,
    actor: { kind: 'user', userId: person.userId, email: person.email },
    keyHash,
    organizationId: person.organizationId,
    ...(person.siteId !== undefined ? { scope: 'site', siteId: person.siteId } : { scope: 'organization' }),
  };
  cache.set(principal);
  return principal;
}
