/**
 * API key authentication with the instance's key cache (shared/api/auth.ts): a key is read once
 * per TTL, a revocation is seen when the entry expires, failures are never kept, and the cache is
 * bounded. The data layer is a stub counting GetItems; the clock is injected.
 */
import { describe, expect, it } from 'vitest';
import {
  ApiKeyCache,
  apiKeyCacheSeconds,
  authenticate,
  MAX_CACHED_API_KEYS,
  type ApiPrincipal,
} from '../../../shared/api/auth';
import { UnauthorizedError } from '../../../shared/api/errors';
import type { Db } from '../../../shared/db';
import { generateApiKey, hashApiKey } from '../../../shared/api/api-keys';

interface StoredKey {
  apiKeyId: number;
  organizationId: number;
  scope: 'organization' | 'site';
  siteId?: number;
  role?: string;
  name?: string;
  revokedAt?: string;
}

/** A data layer holding API keys by hash, counting the GetItems. */
function keyStore() {
  const keys = new Map<string, StoredKey>();
  const store = {
    gets: 0,
    keys,
    db: {
      apiKey: {
        get: ({ keyHash }: { keyHash: string }) => ({
          go: async () => {
            store.gets++;
            return { data: keys.get(keyHash) ?? null };
          },
        }),
      },
    } as unknown as Db,
  };
  return store;
}

function clock(start = 1_000_000) {
  const c = { now: start, fn: () => c.now };
  return c;
}

describe('authenticate with the key cache', () => {
  it('reads a key once while its entry lives, and sees a revocation when the entry expires', async () => {
    const store = keyStore();
    const time = clock();
    const cache = new ApiKeyCache(() => 60_000, time.fn);
    const key = generateApiKey();
    store.keys.set(hashApiKey(key), { apiKeyId: 7, organizationId: 3, scope: 'organization' });

    const principal = await authenticate(store.db, `Bearer ${key}`, cache);
    // A key made before roles existed has the default role, admin.
    expect(principal).toEqual({
      role: 'admin',
      actor: { kind: 'apiKey', apiKeyId: 7 },
      keyHash: hashApiKey(key),
      organizationId: 3,
      scope: 'organization',
    });
    store.keys.get(hashApiKey(key))!.revokedAt = '2026-01-01T00:00:00.000Z';
    time.now += 59_999;
    expect(await authenticate(store.db, `bearer  ${key}`, cache)).toEqual(principal);
    expect(store.gets).toBe(1);

    time.now += 1;
    await expect(authenticate(store.db, `Bearer ${key}`, cache)).rejects.toThrow(/revoked/);
    await expect(authenticate(store.db, `Bearer ${key}`, cache)).rejects.toThrow(UnauthorizedError);
    expect(store.gets).toBe(3); // refused keys are read every time
  });

  it('reads every time with a TTL of 0, and never caches unknown or malformed keys', async () => {
    const store = keyStore();
    const cache = new ApiKeyCache(() => 0);
    const key = generateApiKey();
    store.keys.set(hashApiKey(key), {
      apiKeyId: 1,
      organizationId: 1,
      scope: 'site',
      siteId: 4,
      role: 'viewer',
      name: 'Wall',
    });
    expect(await authenticate(store.db, `Bearer ${key}`, cache)).toMatchObject({
      role: 'viewer',
      actor: { kind: 'apiKey', apiKeyId: 1, name: 'Wall' },
      siteId: 4,
    });
    await authenticate(store.db, `Bearer ${key}`, cache);
    expect(store.gets).toBe(2);

    const cached = new ApiKeyCache(() => 60_000);
    await expect(authenticate(store.db, `Bearer ${generateApiKey()}`, cached)).rejects.toThrow(/Invalid API key/);
    await expect(authenticate(store.db, 'Bearer cnk_short', cached)).rejects.toThrow(/Invalid API key/);
    await expect(authenticate(store.db, undefined, cached)).rejects.toThrow(/Missing Authorization/);
    expect(cached.size).toBe(0);
  });
});

describe('ApiKeyCache', () => {
  const principal = (n: number): ApiPrincipal => ({
    role: 'admin',
    actor: { kind: 'apiKey', apiKeyId: n },
    keyHash: `h${n}`,
    organizationId: 1,
    scope: 'organization',
  });

  it('keeps at most MAX_CACHED_API_KEYS, dropping the one used least recently', () => {
    const cache = new ApiKeyCache(() => 60_000);
    for (let n = 0; n < MAX_CACHED_API_KEYS; n++) cache.set(principal(n));
    expect(cache.get('h0')).toEqual(principal(0)); // h0 is now the most recently used
    cache.set(principal(MAX_CACHED_API_KEYS));
    expect(cache.size).toBe(MAX_CACHED_API_KEYS);
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.get('h0')).toEqual(principal(0));
  });
});

describe('apiKeyCacheSeconds', () => {
  it('is 60 by default, takes whole seconds (0 = off), and refuses anything else', () => {
    expect(apiKeyCacheSeconds({})).toBe(60);
    expect(apiKeyCacheSeconds({ API_KEY_CACHE_SECONDS: '0' })).toBe(0);
    expect(apiKeyCacheSeconds({ API_KEY_CACHE_SECONDS: '5' })).toBe(5);
    for (const bad of ['-1', '1.5', 'a minute']) {
      expect(() => apiKeyCacheSeconds({ API_KEY_CACHE_SECONDS: bad })).toThrow(
        /API_KEY_CACHE_SECONDS must be a whole number/,
      );
    }
  });
});
