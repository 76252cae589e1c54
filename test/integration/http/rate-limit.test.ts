import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTenant, startTestStack, type Tenant } from '../support/stack';
import type { LocalStack } from '../../../lib/local/stack';
import { createApiKey } from '../../../shared/api/api-keys';
import { countRequest, REQUESTS_PER_MINUTE } from '../../../shared/api/rate-limit';
import { hashApiKey } from '../../../shared/api/api-keys';
import { TooManyRequestsError } from '../../../shared/api/errors';

let stack: LocalStack;
let tenant: Tenant;

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack);
});
afterAll(async () => stack?.close());

describe('rate limit (spec §8: 200 requests per minute per key)', () => {
  it('answers the 201st request in a minute with 429 and Retry-After, and counts per key', async () => {
    // Count the first 199 directly (same atomic counter the API uses), then send the rest through
    // the API; a minute boundary in between would split the window, so try again with a new key.
    for (let attempt = 0; attempt < 2; attempt++) {
      const key = await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'organization' });
      const windowStart = Math.floor(Date.now() / 60_000);
      await Promise.all(
        Array.from({ length: REQUESTS_PER_MINUTE - 1 }, () => countRequest(stack.db, hashApiKey(key.apiKey))),
      );
      const ok = await api(stack, '/api/sites', { key: key.apiKey });
      const limited = await api(stack, '/api/sites', { key: key.apiKey });
      // A GET reads while it is counted: the 429 still wins over what the read gave (here a 400).
      const limitedBadRead = await api(stack, '/api/chargers/not-a-number', { key: key.apiKey });
      if (Math.floor(Date.now() / 60_000) !== windowStart) continue;
      expect(limitedBadRead.status).toBe(429);
      expect(ok.status).toBe(200);
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(limited.body).toMatchObject({ status: 429, type: '/problems/rate-limited' });
      // another key of the same organization is not affected
      expect((await api(stack, '/api/sites', { key: tenant.apiKey })).status).toBe(200);
      return;
    }
    throw new Error('two minute boundaries crossed');
  });

  it('counts atomically: of 250 concurrent requests exactly 200 pass', async () => {
    const now = Date.UTC(2030, 0, 1, 0, 0, 30);
    const results = await Promise.allSettled(
      Array.from({ length: 250 }, () => countRequest(stack.db, 'concurrency-test', now)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(200);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected).toHaveLength(50);
    expect(rejected[0]!.reason).toBeInstanceOf(TooManyRequestsError);
    expect((rejected[0]!.reason as TooManyRequestsError).headers['Retry-After']).toBe('30');
  });

  it('starts a new window each minute', async () => {
    const minute = Date.UTC(2030, 0, 1, 0, 5, 59);
    await Promise.all(Array.from({ length: 200 }, () => countRequest(stack.db, 'window-test', minute)));
    await expect(countRequest(stack.db, 'window-test', minute)).rejects.toBeInstanceOf(TooManyRequestsError);
    expect(await countRequest(stack.db, 'window-test', minute + 1000)).toBe(1);
  });
});
