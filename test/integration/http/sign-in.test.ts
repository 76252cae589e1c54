/**
 * People sign in at the local stack's OpenID provider (authorization code with PKCE, through its
 * sign-in form, with a plain HTTP client) and call the API with the access token: the token
 * resolves to the same principal as a key of the person's role and scope (docs/people-and-roles.md).
 * A viewer reads and gets 403 on a write; an operator's write records the person's e-mail; a
 * tampered token, an ID token, a wrong password and an account nobody invited are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import type { LocalStack } from '../../../lib/local/stack';
import { signIn } from '../support/sign-in';
import { inviteUser, processDirectory } from '../../../shared/users';

let stack: LocalStack;
let tenant: Tenant;
const PASSWORD = 'correct horse battery staple';
const people = {
  viewer: 'viewer@fleet.example.com',
  operator: 'operator@fleet.example.com',
  owner: 'owner@fleet.example.com',
};

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId: uniqueOcppId('SI'), name: 'AC 1', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);
  const scope = { organizationId: tenant.organizationId, scope: 'organization' as const };
  for (const [role, email] of Object.entries(people)) {
    await inviteUser(stack.db, processDirectory(), scope, { email, role: role as 'viewer' }, 'test', {
      temporaryPassword: PASSWORD,
      sendInvitation: false,
    });
  }
});
afterAll(async () => {
  await stack?.close();
});

const limitBody = { sitePowerLimitSchedule: { type: 'capacity', limit: 60000, chargingRateUnit: 'W' } };

describe('signing in with the local OpenID provider', () => {
  it("gives a viewer reads only: the API answers 403 to the viewer's limit", async () => {
    const { accessToken } = await signIn(stack, people.viewer, PASSWORD);
    const me = await api(stack, '/api/me', { key: accessToken });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      kind: 'user',
      email: people.viewer,
      role: 'viewer',
      organizationId: tenant.organizationId,
      siteId: null,
      apiKeyId: null,
    });
    expect((await api(stack, `/api/site/${tenant.siteId}/limits`, { key: accessToken })).status).toBe(200);
    const refused = await api(stack, `/api/site/${tenant.siteId}/limits`, {
      key: accessToken,
      method: 'POST',
      body: limitBody,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('needs the role admin');
    const { data } = await stack.db.sitePowerLimit.query.primary({ siteId: tenant.siteId }).go();
    expect(data).toEqual([]);
  });

  it("lets an operator do the depot's work, recorded under the person's e-mail", async () => {
    const { accessToken } = await signIn(stack, people.operator, PASSWORD);
    const window = await api(stack, '/api/maintenance-windows', {
      key: accessToken,
      method: 'POST',
      body: {
        chargerId: tenant.chargers[0]!.id,
        startTimestamp: new Date(Date.now() + 3_600_000).toISOString(),
        endTimestamp: new Date(Date.now() + 7_200_000).toISOString(),
      },
    });
    expect(window.status).toBe(201);
    expect(window.body.data.userEmail).toBe(people.operator);
    // A remote start passes the role check: the charger is simply not connected (409, not 403).
    const start = await api(stack, '/api/ocpp/remote-start', {
      key: accessToken,
      method: 'POST',
      body: { portId: tenant.chargers[0]!.ports[0]!.id, ocppIdTag: 'TAG-1' },
    });
    expect(start.status).not.toBe(403);
    expect(start.status).toBeLessThan(500);
    // Managing people is the owner's.
    expect((await api(stack, '/api/users', { key: accessToken })).status).toBe(403);
  });

  it('lets an owner manage people with a token, as with an owner key', async () => {
    const { accessToken } = await signIn(stack, people.owner, PASSWORD);
    const list = await api(stack, '/api/users', { key: accessToken });
    expect(list.status).toBe(200);
    expect(list.body.data.map((u: { email: string }) => u.email)).toEqual(Object.values(people));
  });

  it('refuses a tampered token, an ID token and a token of nobody invited here, with a problem document', async () => {
    const { accessToken, idToken } = await signIn(stack, people.viewer, PASSWORD);
    const [header, payload, signature] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = [
      header,
      Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url'),
      signature,
    ].join('.');
    for (const token of [tampered, idToken]) {
      const refused = await api(stack, '/api/me', { key: token });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
      expect(refused.body.type).toBe('/problems/unauthorized');
    }
    // An account of the provider that is no person of any organization (removed from the table).
    const { data } = await stack.db.user.query.byOrganization({ organizationId: tenant.organizationId }).go();
    const viewer = data.find((u) => u.email === people.viewer)!;
    const other = 'ghost@fleet.example.com';
    await processDirectory().invite(other, { temporaryPassword: PASSWORD, sendInvitation: false });
    const ghost = await signIn(stack, other, PASSWORD);
    const refused = await api(stack, '/api/me', { key: ghost.accessToken });
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toMatch(/ask an owner to invite you/);
    expect(viewer.role).toBe('viewer');
  });

  it('does not sign in with a wrong password', async () => {
    await expect(signIn(stack, people.viewer, 'wrong password')).rejects.toThrow(/ended with 401/);
  });
});
