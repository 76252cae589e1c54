/**
 * People and roles through the local gateway (docs/people-and-roles.md): an API key's role decides
 * what it may do (403 naming the role needed, nothing stored); `/api/users` for owners only:
 * invite, list, read, change a role, remove; the last owner cannot be removed or demoted (409);
 * bad input is a 400 naming the field; another organization's person is a 404; who did what is
 * recorded as `userEmail` on maintenance windows, limits, tariffs and charger operations. Every
 * answer is checked against the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import type { LocalStack } from '../../../lib/local/stack';
import { checkedApi, type CheckedCall } from '../support/checked-api';
import { createApiKey } from '../../../shared/api/api-keys';
import type { Role } from '../../../shared/organizations';
import { IDENTITY_ACCOUNTS_FILE } from '../../../lib/local/defaults';

let stack: LocalStack;
let tenant: Tenant;
let other: Tenant;
let checked: CheckedCall;
const keys = {} as Record<Role, string>;
let otherOwner: string;

/** A key of `organizationId` with `role`, named after it. */
async function keyWith(organizationId: number, role: Role, siteId?: number): Promise<string> {
  const scope = siteId === undefined ? ({ scope: 'organization' } as const) : ({ scope: 'site', siteId } as const);
  return (await createApiKey(stack.db, { organizationId, ...scope, role, name: `${role} key` })).apiKey;
}

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId: uniqueOcppId('US'), name: 'AC 1', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);
  other = await createTenant(stack);
  for (const role of ['viewer', 'operator', 'admin', 'owner'] as const)
    keys[role] = await keyWith(tenant.organizationId, role);
  otherOwner = await keyWith(other.organizationId, 'owner');
  checked = await checkedApi(stack, () => keys.owner);
});
afterAll(async () => {
  await stack?.close();
});

/** The people of an organization, straight from the table. */
async function storedUsers(organizationId: number) {
  const { data } = await stack.db.user.query.byOrganization({ organizationId }).go({ pages: 'all' });
  return data;
}

/** The accounts the local identity provider keeps (its file in the stack's data folder). */
async function accountEmails(): Promise<string[]> {
  const text = await readFile(join(process.env.LOG_DIR!, IDENTITY_ACCOUNTS_FILE), 'utf8').catch(() => '[]');
  return (JSON.parse(text) as { email: string }[]).map((a) => a.email);
}

const limitBody = { sitePowerLimitSchedule: { type: 'capacity', limit: 60000, chargingRateUnit: 'W' } };

describe('roles of API keys', () => {
  it('answers 403 naming the role needed to a key below it, and stores nothing', async () => {
    const path = `/api/site/${tenant.siteId}/limits`;
    for (const role of ['viewer', 'operator'] as const) {
      const refused = await checked('POST', path, '/api/site/{siteId}/limits', 403, {
        key: keys[role],
        body: limitBody,
      });
      expect(refused.detail).toBe(`This operation needs the role admin or above; the caller's role is ${role}`);
      expect(refused.errors).toEqual([
        { path: 'headers.authorization', message: `needs the role admin or above (has ${role})` },
      ]);
    }
    const { data } = await stack.db.sitePowerLimit.query.primary({ siteId: tenant.siteId }).go();
    expect(data).toEqual([]);
    // A viewer reads; a key made before roles (no role stored) is an admin and keeps working.
    await checked('GET', path, '/api/site/{siteId}/limits', 200, { key: keys.viewer });
    expect((await api(stack, '/api/me', { key: tenant.apiKey })).body.data.role).toBe('admin');
  });

  it('records who set a limit, a tariff and a maintenance window (userEmail: the key name)', async () => {
    const set = await checked('POST', `/api/site/${tenant.siteId}/limits`, '/api/site/{siteId}/limits', 201, {
      key: keys.admin,
      body: limitBody,
    });
    expect(set.sitePowerLimitSchedule.userEmail).toBe('admin key');
    const tariff = await checked('PUT', `/api/sites/${tenant.siteId}/tariff`, '/api/sites/{siteId}/tariff', 200, {
      key: keys.admin,
      body: {
        tariff: {
          currency: 'USD',
          energyPrices: [
            { name: 'flat', daysOfWeek: [1, 2, 3, 4, 5, 6, 7], startTime: '00:00', endTime: '24:00', pricePerKwh: 0.2 },
          ],
        },
      },
    });
    expect(tariff.tariff.userEmail).toBe('admin key');
    const start = new Date(Date.now() + 3_600_000).toISOString();
    const end = new Date(Date.now() + 7_200_000).toISOString();
    const window = await checked('POST', '/api/maintenance-windows', '/api/maintenance-windows', 201, {
      key: keys.operator,
      body: { chargerId: tenant.chargers[0]!.id, startTimestamp: start, endTimestamp: end },
    });
    expect(window.data.userEmail).toBe('operator key');
    await checked('POST', '/api/maintenance-windows', '/api/maintenance-windows', 403, {
      key: keys.viewer,
      body: { chargerId: tenant.chargers[0]!.id, startTimestamp: start, endTimestamp: end },
    });
  });
});

describe('/api/users', () => {
  const invite = (body: unknown, key = keys.owner, status = 201) =>
    checked('POST', '/api/users', '/api/users', status, { key, body });

  it('is for owners only, with organization-scoped callers', async () => {
    for (const role of ['viewer', 'operator', 'admin'] as const) {
      const refused = await checked('GET', '/api/users', '/api/users', 403, { key: keys[role] });
      expect(refused.detail).toContain('needs the role owner');
    }
    const siteOwner = await keyWith(tenant.organizationId, 'owner', tenant.siteId);
    const refused = await checked('GET', '/api/users', '/api/users', 400, { key: siteOwner });
    expect(refused.errors[0].path).toBe('headers.authorization');
  });

  it('refuses bad input naming the field, and stores nothing', async () => {
    const before = await accountEmails();
    const cases: [unknown, string][] = [
      [{ user: { email: 'not-an-address', role: 'viewer' } }, 'body.user.email'],
      [{ user: { email: 'a@fleet.example.com', role: 'superuser' } }, 'body.user.role'],
      [{ user: { email: 'a@fleet.example.com', role: 'owner', siteId: tenant.siteId } }, 'body.user.siteId'],
      [{ user: { email: 'a@fleet.example.com', role: 'viewer', siteId: other.siteId } }, 'body.user.siteId'],
      [{ user: { email: 'a@fleet.example.com', role: 'viewer', extra: 1 } }, 'body.user.extra'],
    ];
    for (const [body, field] of cases) {
      const refused = await invite(body, keys.owner, 400);
      expect(refused.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    expect(await storedUsers(tenant.organizationId)).toEqual([]);
    expect(await accountEmails()).toEqual(before);
  });

  it('invites, lists, reads, changes and removes people, keeping an owner', async () => {
    const alice = (await invite({ user: { email: 'Alice@Fleet.example.com', role: 'owner' } })).data;
    expect(alice).toMatchObject({
      email: 'Alice@Fleet.example.com',
      role: 'owner',
      siteId: null,
      status: 'invited',
      invitedBy: 'owner key',
    });
    const bob = (await invite({ user: { email: 'bob@fleet.example.com', role: 'viewer', siteId: tenant.siteId } }))
      .data;
    expect(bob).toMatchObject({ role: 'viewer', siteId: tenant.siteId });
    expect(await accountEmails()).toEqual(expect.arrayContaining(['Alice@Fleet.example.com', 'bob@fleet.example.com']));

    // One address, one person: here or in another organization, whatever its case.
    await invite({ user: { email: 'alice@fleet.example.com', role: 'viewer' } }, keys.owner, 409);
    await invite({ user: { email: 'bob@FLEET.example.com', role: 'viewer' } }, otherOwner, 409);

    const list = await checked('GET', '/api/users', '/api/users', 200);
    expect(list.data.map((u: { email: string }) => u.email)).toEqual([
      'Alice@Fleet.example.com',
      'bob@fleet.example.com',
    ]);
    expect((await checked('GET', `/api/users/${bob.id}`, '/api/users/{id}', 200)).data).toEqual(bob);

    // Alice is the only owner: she can be neither demoted nor removed.
    const demote = await checked('PATCH', `/api/users/${alice.id}`, '/api/users/{id}', 409, {
      body: { user: { role: 'admin' } },
    });
    expect(demote.detail).toMatch(/last owner/);
    await checked('DELETE', `/api/users/${alice.id}`, '/api/users/{id}', 409);
    expect((await checked('GET', `/api/users/${alice.id}`, '/api/users/{id}', 200)).data.role).toBe('owner');

    // Bob becomes an owner of every site; then Alice may step down.
    const promoted = await checked('PATCH', `/api/users/${bob.id}`, '/api/users/{id}', 200, {
      body: { user: { role: 'owner', siteId: null } },
    });
    expect(promoted.data).toMatchObject({ role: 'owner', siteId: null });
    await checked('PATCH', `/api/users/${alice.id}`, '/api/users/{id}', 200, { body: { user: { role: 'operator' } } });
    await checked('DELETE', `/api/users/${bob.id}`, '/api/users/{id}', 409);
    await checked('DELETE', `/api/users/${alice.id}`, '/api/users/{id}', 204);
    expect((await storedUsers(tenant.organizationId)).map((u) => u.email)).toEqual(['bob@fleet.example.com']);
    expect(await accountEmails()).not.toContain('Alice@Fleet.example.com');
    // The address is free again.
    const again = (await invite({ user: { email: 'alice@fleet.example.com', role: 'viewer' } })).data;
    expect(again.id).not.toBe(alice.id);
  });

  it("answers 404 for another organization's person, and changes nothing", async () => {
    const carol = (await invite({ user: { email: 'carol@fleet.example.com', role: 'operator' } })).data;
    await checked('GET', `/api/users/${carol.id}`, '/api/users/{id}', 404, { key: otherOwner });
    await checked('PATCH', `/api/users/${carol.id}`, '/api/users/{id}', 404, {
      key: otherOwner,
      body: { user: { role: 'admin' } },
    });
    await checked('DELETE', `/api/users/${carol.id}`, '/api/users/{id}', 404, { key: otherOwner });
    await checked('GET', '/api/users/999999', '/api/users/{id}', 404);
    expect((await checked('GET', `/api/users/${carol.id}`, '/api/users/{id}', 200)).data.role).toBe('operator');
    const empty = await checked('PATCH', `/api/users/${carol.id}`, '/api/users/{id}', 400, { body: { user: {} } });
    expect(empty.errors[0].path).toBe('body.user');
  });

  it('says who is calling', async () => {
    const me = await checked('GET', '/api/me', '/api/me', 200, { key: keys.operator });
    expect(me.data).toMatchObject({
      kind: 'apiKey',
      role: 'operator',
      name: 'operator key',
      email: null,
      organizationId: tenant.organizationId,
    });
  });
});
