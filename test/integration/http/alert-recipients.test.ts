/**
 * Alert recipients through the local gateway: create, read, list with pages,
 * change, delete; organization-only keys; another organization's recipients are 404; bad input
 * (each a 400 naming the field, nothing stored). Every answer is checked against the OpenAPI document.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, startTestStack, type Tenant } from '../support/stack';
import type { LocalStack } from '../../../lib/local/stack';
import { checkedApi, type CheckedCall } from '../support/checked-api';
import { createSite } from '../../../shared/chargers/sites';
import { createApiKey } from '../../../shared/api/api-keys';

let stack: LocalStack;
let tenant: Tenant;
let other: Tenant;
let checked: CheckedCall;
let siteB: number;
const ROUTE = '/api/alert-recipients';

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack);
  other = await createTenant(stack);
  siteB = (await createSite(stack.db, { organizationId: tenant.organizationId, name: 'B', timezone: 'Europe/Paris' }))
    .id;
  checked = await checkedApi(stack, () => key);
});
afterAll(async () => {
  await stack?.close();
});
let key: string;
beforeEach(async () => {
  key = (await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'organization' })).apiKey;
});

/** A request whose answer must be `status` and valid against the OpenAPI document. */
function call(method: string, path: string, status: number, options: { body?: unknown; key?: string } = {}) {
  const route = path.startsWith(`${ROUTE}/`) ? `${ROUTE}/{id}` : ROUTE;
  return checked(method, path, route, status, options);
}

/** The stored recipients of an organization (straight from the table). */
async function stored(organizationId: number) {
  const { data } = await stack.db.alertRecipient.query.byOrganization({ organizationId }).go({ pages: 'all' });
  return data;
}

const valid = { name: 'Shift lead', email: 'lead@fleet.example.com', alertTypes: ['offlineCharger'] };

describe('alert recipients', () => {
  it('creates, reads, changes and deletes a recipient', async () => {
    const created = (
      await call('POST', ROUTE, 201, {
        body: {
          alertRecipient: { ...valid, alertTypes: ['offlineCharger', 'lateCharging'], siteIds: [siteB, tenant.siteId] },
        },
      })
    ).data;
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Shift lead',
      email: 'lead@fleet.example.com',
      alertTypes: ['offlineCharger', 'lateCharging'],
      siteIds: [tenant.siteId, siteB].sort((a, b) => a - b),
      enabled: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const path = `${ROUTE}/${created.id}`;
    expect((await call('GET', path, 200)).data).toEqual(created);

    const changed = (
      await call('PATCH', path, 200, { body: { alertRecipient: { siteIds: [], enabled: false, name: 'Night lead' } } })
    ).data;
    expect(changed).toMatchObject({
      id: created.id,
      name: 'Night lead',
      siteIds: [],
      enabled: false,
      email: valid.email,
    });
    expect((await call('GET', path, 200)).data).toEqual(changed);

    await call('DELETE', path, 204);
    await call('GET', path, 404);
    await call('DELETE', path, 404);
    await call('PATCH', path, 404, { body: { alertRecipient: { enabled: true } } });
  });

  it('lists the organization’s recipients by ID, in pages of 100', async () => {
    const before = (await stored(tenant.organizationId)).length;
    const created = [];
    for (let i = 0; i < 101 - before; i++) {
      created.push((await call('POST', ROUTE, 201, { body: { alertRecipient: { ...valid, name: `R ${i}` } } })).data);
    }
    const first = await call('GET', ROUTE, 200);
    expect(first.data).toHaveLength(100);
    expect(first.pagination.hasNextPage).toBe(true);
    const second = await call(
      'GET',
      `${ROUTE}?nextPageCursor=${encodeURIComponent(first.pagination.nextPageCursor)}`,
      200,
    );
    expect(second.data).toHaveLength(1);
    expect(second.pagination).toEqual({ hasNextPage: false, nextPageCursor: null });
    const ids = [...first.data, ...second.data].map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toEqual(expect.arrayContaining(created.map((r) => r.id)));
    // Another organization sees none of them.
    expect((await call('GET', ROUTE, 200, { key: other.apiKey })).data).toEqual([]);
  });

  it("answers 404 for another organization's recipient, and changes nothing", async () => {
    const mine = (await call('POST', ROUTE, 201, { body: { alertRecipient: valid } })).data;
    const path = `${ROUTE}/${mine.id}`;
    await call('GET', path, 404, { key: other.apiKey });
    await call('PATCH', path, 404, { key: other.apiKey, body: { alertRecipient: { email: 'x@evil.example' } } });
    await call('DELETE', path, 404, { key: other.apiKey });
    expect((await call('GET', path, 200)).data).toEqual(mine);
  });

  it('refuses a site-scoped key (organization-only routes)', async () => {
    const siteKey = (
      await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'site', siteId: siteB })
    ).apiKey;
    const problem = await call('POST', ROUTE, 400, { key: siteKey, body: { alertRecipient: valid } });
    expect(problem.errors).toEqual([expect.objectContaining({ path: 'headers.authorization' })]);
    await call('GET', ROUTE, 400, { key: siteKey });
  });

  it('refuses bad input with a 400 naming the field, storing nothing', async () => {
    const before = (await stored(tenant.organizationId)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, email: 'not an e-mail' }, 'body.alertRecipient.email'],
      [{ ...valid, email: 'lead@' }, 'body.alertRecipient.email'],
      [{ ...valid, email: `${'a'.repeat(250)}@x.example` }, 'body.alertRecipient.email'],
      [{ ...valid, alertTypes: ['offlineCharger', 'coffeeEmpty'] }, 'body.alertRecipient.alertTypes.1'],
      [{ ...valid, alertTypes: [] }, 'body.alertRecipient.alertTypes'],
      [{ ...valid, name: '' }, 'body.alertRecipient.name'],
      [{ ...valid, name: 'x'.repeat(201) }, 'body.alertRecipient.name'],
      [{ ...valid, siteIds: [other.siteId] }, 'body.alertRecipient.siteIds'],
      [{ ...valid, siteIds: [tenant.siteId, 999_999_999] }, 'body.alertRecipient.siteIds'],
      [{ ...valid, siteIds: [-1] }, 'body.alertRecipient.siteIds.0'],
      [{ ...valid, enabled: 'yes' }, 'body.alertRecipient.enabled'],
      [{ ...valid, phone: '+1 555' }, 'body.alertRecipient.phone'],
      [{ name: 'No e-mail', alertTypes: ['lowBattery'] }, 'body.alertRecipient.email'],
    ];
    for (const [alertRecipient, field] of cases) {
      const problem = await call('POST', ROUTE, 400, { body: { alertRecipient } });
      expect(
        problem.errors.map((e: { path: string }) => e.path),
        JSON.stringify(alertRecipient),
      ).toContain(field);
    }
    const mine = (await call('POST', ROUTE, 201, { body: { alertRecipient: valid } })).data;
    const patches: [Record<string, unknown>, string][] = [
      [{ email: 'nope' }, 'body.alertRecipient.email'],
      [{ siteIds: [other.siteId] }, 'body.alertRecipient.siteIds'],
      [{}, 'body.alertRecipient'],
    ];
    for (const [alertRecipient, field] of patches) {
      const problem = await call('PATCH', `${ROUTE}/${mine.id}`, 400, { body: { alertRecipient } });
      expect(problem.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    expect((await call('GET', `${ROUTE}/${mine.id}`, 200)).data).toEqual(mine);
    expect(await stored(tenant.organizationId)).toHaveLength(before + 1);
    await call('GET', `${ROUTE}/0`, 400);
  });
});
