import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { pollUntil } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { createApiKey, revokeApiKey } from '../../../shared/api/api-keys';
import { generateApiKey } from '../../../shared/api/api-keys';
import { requestCounts, totalRequests } from '../../../shared/db';

let stack: LocalStack;
let tenant: Tenant;
let path: string;

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId: uniqueOcppId(), name: 'C', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);
  path = `/api/chargers/${tenant.chargers[0]!.id}`;
});
afterAll(async () => stack?.close());

describe('API key authentication (spec §5)', () => {
  it.each([
    ['no Authorization header', {}],
    ['an empty header', { authorization: '' }],
    ['a Basic header', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['Bearer without a key', { authorization: 'Bearer ' }],
    ['a garbled key', { authorization: 'Bearer ###not-a-key###' }],
    ['a key of the wrong length', { authorization: 'Bearer cnk_short' }],
    ['a well-formed unknown key', { authorization: `Bearer ${generateApiKey()}` }],
  ])('answers 401 with a problem document for %s', async (_name, headers) => {
    const { status, body, headers: responseHeaders } = await api(stack, path, { headers });
    expect(status).toBe(401);
    expect(responseHeaders.get('content-type')).toBe('application/problem+json');
    expect(body).toMatchObject({ status: 401, type: '/problems/unauthorized', error: expect.any(String) });
  });

  it('accepts the scheme name in any case', async () => {
    expect((await api(stack, path, { headers: { authorization: `bearer ${tenant.apiKey}` } })).status).toBe(200);
  });

  it('answers 401 once a key is revoked, within the key cache time (here 1 s), and the other keys keep working', async () => {
    const key = await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'organization' });
    expect((await api(stack, path, { key: key.apiKey })).status).toBe(200);
    await revokeApiKey(stack.db, key.id);
    // Polled with a back-off: asked in a tight loop, a fast machine spends the key's 200 requests a
    // minute before the cache lapses and reads 429.
    const last = await pollUntil(
      () => api(stack, path, { key: key.apiKey }),
      (answer) => answer.status !== 200,
      'the revoked key refused',
    );
    expect(last.status).toBe(401);
    expect(last.body.detail).toMatch(/revoked/);
    // Refused for good once refused: a failed key is never cached.
    expect((await api(stack, path, { key: key.apiKey })).status).toBe(401);
    expect((await api(stack, path, { key: tenant.apiKey })).status).toBe(200);
  });

  it('reads a key once per instance while it is cached: a charger read is then the Query and the rate-limit count', async () => {
    const key = await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'organization' });
    process.env.API_KEY_CACHE_SECONDS = '60'; // the handlers run in this process
    try {
      const count = async () => {
        const before = new Map(requestCounts);
        const total = totalRequests();
        expect((await api(stack, path, { key: key.apiKey })).status).toBe(200);
        const byOperation = [...requestCounts].filter(([op, n]) => n !== (before.get(op) ?? 0));
        return {
          total: totalRequests() - total,
          byOperation: Object.fromEntries(byOperation.map(([op, n]) => [op, n - (before.get(op) ?? 0)])),
        };
      };
      expect(await count()).toEqual({ total: 3, byOperation: { GetItem: 1, UpdateItem: 1, Query: 1 } });
      expect(await count()).toEqual({ total: 2, byOperation: { UpdateItem: 1, Query: 1 } });
    } finally {
      process.env.API_KEY_CACHE_SECONDS = '1';
    }
  });

  it('stores only the hash of a key', async () => {
    const key = await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'organization' });
    const { data } = await stack.db.apiKey.query.byId({ apiKeyId: key.id }).go();
    expect(JSON.stringify(data)).not.toContain(key.apiKey);
    expect(data[0]?.keyHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('routing errors', () => {
  it('answers 404 problem documents for unknown routes', async () => {
    for (const p of ['/api/nothing', '/api', '/api/chargers/1/ports', '/elsewhere']) {
      const { status, body } = await api(stack, p, { key: tenant.apiKey });
      expect(status, p).toBe(404);
      expect(body.type, p).toMatch(/^\/problems\//);
    }
  });

  it('answers 405 with Allow for a known path and another method', async () => {
    const { status, headers, body } = await api(stack, path, { key: tenant.apiKey, method: 'DELETE' });
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('GET');
    expect(body.type).toBe('/problems/method-not-allowed');
  });

  it("answers 413 for a body over API Gateway's 10 MB limit without reaching a handler", async () => {
    const { status } = await api(stack, '/api/sites', {
      key: tenant.apiKey,
      method: 'POST',
      rawBody: 'x'.repeat(10 * 1024 * 1024 + 1),
      headers: { 'content-type': 'application/json' },
    });
    expect(status).toBe(413);
  });

  it('does not crash on a 1 MB JSON body sent to a read route', async () => {
    const { status } = await api(stack, '/api/sites', {
      key: tenant.apiKey,
      method: 'POST',
      body: { junk: 'x'.repeat(1_000_000) },
    });
    expect(status).toBe(405);
  });
});

describe('request bodies on a write route (POST /api/access-ids)', () => {
  const post = (rawBody: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    api(stack, '/api/access-ids', { key: tenant.apiKey, method: 'POST', rawBody, headers });
  const count = async () => (await api(stack, '/api/access-ids', { key: tenant.apiKey })).body.data.length;

  it.each([
    ['not JSON', '{"accessId": {', { 'content-type': 'application/json' }, 400, 'body'],
    ['without Content-Type', '{"accessId":{}}', {}, 400, 'headers.content-type'],
    ['sent as text/plain', '{"accessId":{}}', { 'content-type': 'text/plain' }, 400, 'headers.content-type'],
    ['JSON of the wrong type', '[1, 2, 3]', { 'content-type': 'application/json' }, 400, 'body'],
    [
      'with an unknown top-level field',
      '{"accessId":{"type":"RFID","name":"a","ocppIdTag":"b"},"extra":1}',
      { 'content-type': 'application/json' },
      400,
      'body.extra',
    ],
    [
      'of 1 MB',
      JSON.stringify({ accessId: { type: 'RFID', name: 'x'.repeat(1_100_000), ocppIdTag: 'BIG' } }),
      { 'content-type': 'application/json' },
      413,
      undefined,
    ],
  ])('answers a body %s with a problem document and stores nothing', async (_name, rawBody, headers, status, path) => {
    const before = await count();
    const response = await post(rawBody, headers as Record<string, string>);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    if (path) expect(response.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(await count()).toBe(before);
  });
});
