import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import type { LocalStack } from '../../../lib/local/stack';
import { createApiKey, revokeApiKey } from '../../../shared/organizations';
import { generateApiKey } from '../../../shared/api/auth';

let stack: LocalStack;
let tenant: Tenant;
let path: string;

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [{ ocppId: uniqueOcppId(), name: 'C', type: 'Level 2', ports: [{ connectorType: 'J1772' }] }]);
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

  it('answers 401 once a key is revoked, and the other keys keep working', async () => {
    const key = await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'organization' });
    expect((await api(stack, path, { key: key.apiKey })).status).toBe(200);
    await revokeApiKey(stack.db, key.id);
    const { status, body } = await api(stack, path, { key: key.apiKey });
    expect(status).toBe(401);
    expect(body.detail).toMatch(/revoked/);
    expect((await api(stack, path, { key: tenant.apiKey })).status).toBe(200);
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

  it('answers 413 for a body over API Gateway\'s 10 MB limit without reaching a handler', async () => {
    const { status } = await api(stack, '/api/sites', { key: tenant.apiKey, method: 'POST', rawBody: 'x'.repeat(10 * 1024 * 1024 + 1), headers: { 'content-type': 'application/json' } });
    expect(status).toBe(413);
  });

  it('does not crash on a 1 MB JSON body sent to a read route', async () => {
    const { status } = await api(stack, '/api/sites', { key: tenant.apiKey, method: 'POST', body: { junk: 'x'.repeat(1_000_000) } });
    expect(status).toBe(405);
  });
});
