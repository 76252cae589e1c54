/**
 * Maintenance windows through the local gateway: create, read, list with the
 * reference's filters and pagination, change, delete; organization and site scoping; bad input
 * (each a 400 naming the field, nothing stored); ended windows (409); and charger health over a
 * range with seeded history and windows: maintenance seconds and the uptime exclusion, exactly.
 * Every answer is checked against the OpenAPI document.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import type { LocalStack } from '../../../lib/local/stack';
import { checkedApi, type CheckedCall } from '../support/checked-api';
import { recordConnectionChange } from '../../../shared/history/status-events';
import { createSite } from '../../../shared/chargers/sites';
import { registerCharger } from '../../../shared/chargers/registration';
import { createApiKey } from '../../../shared/api/api-keys';
import { allocateIds } from '../../../shared/db/ids';

let stack: LocalStack;
let tenant: Tenant;
let other: Tenant;
let checked: CheckedCall;
/** A second site of the tenant, with one charger, and a key scoped to it. */
let siteB: { siteId: number; chargerId: number; apiKey: string };

const HOUR = 3_600_000;
/** A time `hours` from now, ISO 8601 (inputs only: no assertion depends on the clock). */
const fromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const chargerA = () => tenant.chargers[0]!;
const ROUTE = '/api/maintenance-windows';

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    {
      ocppId: uniqueOcppId('MW'),
      name: 'AC 1',
      type: 'Level 2',
      ports: [{ connectorType: 'J1772' }, { connectorType: 'J1772' }],
    },
    { ocppId: uniqueOcppId('MW'), name: 'DC 1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
  ]);
  other = await createTenant(stack, [
    { ocppId: uniqueOcppId('MWO'), name: 'Other', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);
  const site = await createSite(stack.db, {
    organizationId: tenant.organizationId,
    name: 'Depot B',
    timezone: 'America/Chicago',
    address: '2 Main St',
  });
  const charger = await registerCharger(stack.db, {
    siteId: site.id,
    ocppId: uniqueOcppId('MWB'),
    name: 'B 1',
    type: 'Level 2',
    ports: [{ connectorType: 'J1772' }],
  });
  const key = await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'site', siteId: site.id });
  siteB = { siteId: site.id, chargerId: charger.id, apiKey: key.apiKey };
  checked = await checkedApi(stack, () => testKey());
});
afterAll(async () => {
  await stack?.close();
});
/** A fresh organization key per test: the tests together make more than a key's 200 requests a minute. */
let key: string;
/** This test's key (the module's, not a local of the same name). */
const testKey = () => key;
/** The ID of this test's key: a window records `API key <id>` as who made it (the key has no name). */
let keyId: number;
beforeEach(async () => {
  const created = await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'organization' });
  key = created.apiKey;
  keyId = created.id;
});

/** A request whose answer must be `status` and valid against the OpenAPI document. */
const call: CheckedCall = (...args) => checked(...args);

/** Creates a window through the API. */
async function create(body: Record<string, unknown>, as?: string) {
  return (await call('POST', ROUTE, ROUTE, 201, { body, key: as })).data;
}

/** Every window the tenant's organization key lists (all pages). */
async function listAll(query = '', as?: string) {
  const all = [];
  let cursor: string | null = null;
  do {
    const page: any = await call(
      'GET',
      `${ROUTE}?${query}${cursor ? `${query ? '&' : ''}nextPageCursor=${encodeURIComponent(cursor)}` : ''}`,
      ROUTE,
      200,
      { key: as },
    );
    all.push(...page.data);
    cursor = page.pagination.nextPageCursor;
  } while (cursor);
  return all;
}

/** Stores a window directly (a past one cannot be created through the API), as it would have been. */
async function seedWindow(window: {
  chargerId: number;
  portNumber?: number;
  portId?: number;
  start: string;
  end: string;
}) {
  const maintenanceWindowId = await allocateIds(stack.db, 'maintenanceWindow');
  await stack.db.maintenanceWindow
    .create({
      maintenanceWindowId,
      organizationId: tenant.organizationId,
      siteId: tenant.siteId,
      chargerId: window.chargerId,
      ...(window.portNumber === undefined ? {} : { portNumber: window.portNumber, portId: window.portId }),
      startTimestamp: window.start,
      endTimestamp: window.end,
      createdAt: window.start,
      updatedAt: window.start,
    })
    .go();
  return maintenanceWindowId;
}

describe('maintenance windows', () => {
  it('creates, reads, changes and deletes a window of a whole charger', async () => {
    const start = fromNow(1);
    const created = await create({
      chargerId: chargerA().id,
      startTimestamp: start.replace('Z', '+00:00'),
      endTimestamp: fromNow(3),
      comment: 'Cable replacement',
    });
    expect(created).toMatchObject({
      id: expect.any(Number),
      startTimestamp: start,
      comment: 'Cable replacement',
      userEmail: `API key ${keyId}`,
      charger: { id: chargerA().id, name: 'AC 1' },
      port: null,
      site: { id: tenant.siteId, name: 'Depot' },
      organization: { id: tenant.organizationId, name: expect.stringMatching(/^Org /) },
    });
    const path = `${ROUTE}/${created.id}`;
    expect((await call('GET', path, `${ROUTE}/{id}`, 200)).data).toEqual(created);

    const end = fromNow(5);
    const changed = (await call('PATCH', path, `${ROUTE}/{id}`, 200, { body: { endTimestamp: end, comment: null } }))
      .data;
    expect(changed).toMatchObject({ id: created.id, startTimestamp: start, endTimestamp: end, comment: null });
    expect((await call('GET', path, `${ROUTE}/{id}`, 200)).data).toEqual(changed);

    await call('DELETE', path, `${ROUTE}/{id}`, 204);
    await call('GET', path, `${ROUTE}/{id}`, 404);
    await call('DELETE', path, `${ROUTE}/{id}`, 404);
  });

  it('creates a window of one port and a window starting now (a little in the past)', async () => {
    const port = chargerA().ports[1]!;
    const created = await create({
      chargerId: chargerA().id,
      portId: port.id,
      startTimestamp: new Date(Date.now() - 60_000).toISOString(),
      endTimestamp: fromNow(1),
    });
    expect(created).toMatchObject({ port: { id: port.id, name: port.name }, comment: null });
    await call('DELETE', `${ROUTE}/${created.id}`, `${ROUTE}/{id}`, 204);
  });

  it('lists with the overlap filters, charger and site IDs, and pages of 50', async () => {
    const [dc] = tenant.chargers.slice(1);
    const early = await create({ chargerId: dc!.id, startTimestamp: fromNow(10), endTimestamp: fromNow(12) });
    const late = await create({ chargerId: dc!.id, startTimestamp: fromNow(20), endTimestamp: fromNow(22) });
    const onB = await create({ chargerId: siteB.chargerId, startTimestamp: fromNow(10), endTimestamp: fromNow(11) });
    const ids = (windows: { id: number }[]) => windows.map((w) => w.id);

    // Ending after 11:30 from now and starting before 15:00: only `early` of the DC charger.
    const after = encodeURIComponent(fromNow(11.5));
    const before = encodeURIComponent(fromNow(15));
    expect(ids(await listAll(`chargerIds=${dc!.id}&afterTimestamp=${after}&beforeTimestamp=${before}`))).toEqual([
      early.id,
    ]);
    expect(ids(await listAll(`chargerIds=${dc!.id}&afterTimestamp=${after}`))).toEqual([early.id, late.id]);
    expect(ids(await listAll(`chargerIds=${dc!.id}&beforeTimestamp=${before}`))).toEqual([early.id]);
    // Repeated bare names, brackets and commas.
    expect(ids(await listAll(`chargerIds=${dc!.id}&chargerIds=${siteB.chargerId}`))).toEqual([
      onB.id,
      early.id,
      late.id,
    ]);
    expect(ids(await listAll(`chargerIds[]=${dc!.id},${siteB.chargerId}`))).toEqual([onB.id, early.id, late.id]);
    expect(ids(await listAll(`siteIds=${siteB.siteId}`))).toEqual([onB.id]);
    // With both, a window must match both.
    expect(await listAll(`siteIds=${siteB.siteId}&chargerIds=${dc!.id}`)).toEqual([]);
    // The site-scoped key sees its site's windows only, and not the others by ID.
    expect(ids(await listAll('', siteB.apiKey))).toEqual([onB.id]);
    await call('GET', `${ROUTE}/${early.id}`, `${ROUTE}/{id}`, 404, { key: siteB.apiKey });
    await call('POST', ROUTE, ROUTE, 404, {
      key: siteB.apiKey,
      body: { chargerId: dc!.id, startTimestamp: fromNow(1), endTimestamp: fromNow(2) },
    });

    // 52 windows on the AC charger: two pages, 50 then 2, soonest ending first.
    const made = [];
    for (let i = 0; i < 52; i += 13) {
      made.push(
        ...(await Promise.all(
          Array.from({ length: 13 }, (_, j) =>
            create({ chargerId: chargerA().id, startTimestamp: fromNow(30), endTimestamp: fromNow(31 + (i + j) / 60) }),
          ),
        )),
      );
    }
    const first: any = await call('GET', `${ROUTE}?chargerIds=${chargerA().id}`, ROUTE, 200);
    expect(first.data).toHaveLength(50);
    expect(first.pagination.hasNextPage).toBe(true);
    const all = await listAll(`chargerIds=${chargerA().id}`);
    expect(all).toHaveLength(52);
    expect(all.map((w) => w.endTimestamp)).toEqual([...made.map((w) => w.endTimestamp)].sort());
    // The cursor is bound to its query.
    const problem = await call(
      'GET',
      `${ROUTE}?chargerIds=${dc!.id}&nextPageCursor=${encodeURIComponent(first.pagination.nextPageCursor)}`,
      ROUTE,
      400,
    );
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(['queryStringParameters.nextPageCursor']);
  });

  it("answers 404 for another organization's windows and chargers", async () => {
    const mine = await create({ chargerId: chargerA().id, startTimestamp: fromNow(40), endTimestamp: fromNow(41) });
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { comment: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      await call(method, `${ROUTE}/${mine.id}`, `${ROUTE}/{id}`, 404, { key: other.apiKey, body });
    }
    expect(await listAll('', other.apiKey)).toEqual([]);
    const problem = await call('POST', ROUTE, ROUTE, 404, {
      body: { chargerId: other.chargers[0]!.id, startTimestamp: fromNow(1), endTimestamp: fromNow(2) },
    });
    expect(problem.detail).toBe(`Charger ${other.chargers[0]!.id} not found`);
    // Still there for its owner, unchanged.
    expect((await call('GET', `${ROUTE}/${mine.id}`, `${ROUTE}/{id}`, 200)).data).toEqual(mine);
  });

  it('refuses to change or delete a window that has ended (409)', async () => {
    const id = await seedWindow({ chargerId: chargerA().id, start: fromNow(-3), end: fromNow(-1) });
    await call('PATCH', `${ROUTE}/${id}`, `${ROUTE}/{id}`, 409, { body: { endTimestamp: fromNow(2) } });
    await call('DELETE', `${ROUTE}/${id}`, `${ROUTE}/{id}`, 409);
    expect((await call('GET', `${ROUTE}/${id}`, `${ROUTE}/{id}`, 200)).data.endTimestamp).toBe(
      (await stack.db.maintenanceWindow.get({ maintenanceWindowId: id }).go()).data!.endTimestamp,
    );
  });

  it('keeps the start of a window in progress when only its end changes', async () => {
    const id = await seedWindow({ chargerId: chargerA().id, start: fromNow(-2), end: fromNow(1) });
    const end = fromNow(4);
    const changed = (await call('PATCH', `${ROUTE}/${id}`, `${ROUTE}/{id}`, 200, { body: { endTimestamp: end } })).data;
    expect(changed.endTimestamp).toBe(end);
    // Moving its start further back is refused.
    const problem = await call('PATCH', `${ROUTE}/${id}`, `${ROUTE}/{id}`, 400, {
      body: { startTimestamp: fromNow(-3) },
    });
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(['body.startTimestamp']);
  });

  describe('bad input: 400 naming the field, nothing stored', () => {
    const valid = () => ({ chargerId: chargerA().id, startTimestamp: fromNow(50), endTimestamp: fromNow(51) });
    const sameStartAndEnd = () => {
      const at = fromNow(50);
      return { ...valid(), startTimestamp: at, endTimestamp: at };
    };
    it.each([
      ['an end before the start', () => ({ ...valid(), endTimestamp: fromNow(49) }), 'body.endTimestamp'],
      ['an end equal to the start', sameStartAndEnd, 'body.endTimestamp'],
      [
        'a window in the past',
        () => ({ ...valid(), startTimestamp: fromNow(-5), endTimestamp: fromNow(-4) }),
        'body.startTimestamp',
      ],
      [
        'an end in the past',
        () => ({ ...valid(), startTimestamp: fromNow(-0.05), endTimestamp: fromNow(-0.01) }),
        'body.endTimestamp',
      ],
      ['a start an hour ago', () => ({ ...valid(), startTimestamp: fromNow(-1) }), 'body.startTimestamp'],
      ['a time without offset', () => ({ ...valid(), startTimestamp: '2026-12-01T08:00:00' }), 'body.startTimestamp'],
      ['a date only', () => ({ ...valid(), endTimestamp: '2099-12-01' }), 'body.endTimestamp'],
      ['no chargerId', () => ({ ...valid(), chargerId: undefined }), 'body.chargerId'],
      ['a chargerId as text', () => ({ ...valid(), chargerId: String(chargerA().id) }), 'body.chargerId'],
      ['a chargerId of 0', () => ({ ...valid(), chargerId: 0 }), 'body.chargerId'],
      ['a port of another charger', () => ({ ...valid(), portId: tenant.chargers[1]!.ports[0]!.id }), 'body.portId'],
      ['a comment of 1001 characters', () => ({ ...valid(), comment: 'x'.repeat(1001) }), 'body.comment'],
      ['an empty comment', () => ({ ...valid(), comment: '   ' }), 'body.comment'],
      ['a comment with a control character', () => ({ ...valid(), comment: 'a\u0000b' }), 'body.comment'],
      ['an unknown field', () => ({ ...valid(), userEmail: 'a@b.c' }), 'body.userEmail'],
    ])('POST with %s', async (_, body, field) => {
      const before = await listAll();
      const problem = await call('POST', ROUTE, ROUTE, 400, { body: body() });
      expect(problem.errors.map((e: { path: string }) => e.path)).toContain(field);
      expect(await listAll()).toEqual(before);
    });

    it('POST with an unknown charger or port: 404 naming it', async () => {
      const before = await listAll();
      const unknownCharger = await call('POST', ROUTE, ROUTE, 404, { body: { ...valid(), chargerId: 999_999_999 } });
      expect(unknownCharger.detail).toBe('Charger 999999999 not found');
      const unknownPort = await call('POST', ROUTE, ROUTE, 404, { body: { ...valid(), portId: 999_999_999 } });
      expect(unknownPort.detail).toBe('Port 999999999 not found');
      expect(await listAll()).toEqual(before);
    });

    it('a 1000-character comment with line breaks is taken', async () => {
      const comment = `${'x'.repeat(500)}\n${'y'.repeat(499)}`;
      const created = await create({ ...valid(), comment });
      expect(created.comment).toBe(comment);
      await call('DELETE', `${ROUTE}/${created.id}`, `${ROUTE}/{id}`, 204);
    });

    it.each([
      ['an end before the start', () => ({ endTimestamp: fromNow(59) }), 'body.endTimestamp'],
      ['a start in the past', () => ({ startTimestamp: fromNow(-1) }), 'body.startTimestamp'],
      ['a chargerId (it cannot change)', () => ({ chargerId: 1 }), 'body.chargerId'],
      ['nothing', () => ({}), 'body'],
      ['a comment of 1001 characters', () => ({ comment: 'x'.repeat(1001) }), 'body.comment'],
    ])('PATCH with %s', async (_, body, field) => {
      const window = await create({ chargerId: chargerA().id, startTimestamp: fromNow(60), endTimestamp: fromNow(61) });
      const problem = await call('PATCH', `${ROUTE}/${window.id}`, `${ROUTE}/{id}`, 400, { body: body() });
      expect(problem.errors.map((e: { path: string }) => e.path)).toContain(field);
      expect((await call('GET', `${ROUTE}/${window.id}`, `${ROUTE}/{id}`, 200)).data).toEqual(window);
      await call('DELETE', `${ROUTE}/${window.id}`, `${ROUTE}/{id}`, 204);
    });

    it.each([
      ['?afterTimestamp=tomorrow', 'afterTimestamp'],
      ['?beforeTimestamp=2026-12-01', 'beforeTimestamp'],
      ['?afterTimestamp=2026-12-02T00:00:00Z&beforeTimestamp=2026-12-01T00:00:00Z', 'beforeTimestamp'],
      ['?chargerIds=abc', 'chargerIds'],
      ['?siteIds=0', 'siteIds'],
      ['?chargerIds[]=1,x', 'chargerIds[]'],
      ['?organizationIds=1', 'organizationIds'],
      ['?limit=10', 'limit'],
      ['?nextPageCursor=bogus', 'nextPageCursor'],
    ])('GET %s', async (query, parameter) => {
      const problem = await call('GET', `${ROUTE}${query}`, ROUTE, 400);
      expect(problem.errors.map((e: { path: string }) => e.path)).toContain(`queryStringParameters.${parameter}`);
    });

    it.each(['0', 'abc', '1.5', '-1', '1234567890123456'])('the ID %s', async (id) => {
      const problem = await call('GET', `${ROUTE}/${id}`, `${ROUTE}/{id}`, 400);
      expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(['pathParameters.id']);
    });
  });
});

describe('charger health with maintenance windows', () => {
  it('reports the maintenance seconds and leaves them out of uptime, exactly', async () => {
    // The AC charger exists from 2026-11-20, first connected and was online from 06:00 to 11:00
    // UTC on the 21st; its two ports never reported a status (available while online, unavailable offline).
    const charger = chargerA();
    await stack.db.charger
      .patch({ chargerId: charger.id })
      .set({ createdAt: '2026-11-20T00:00:00.000Z', firstConnectedAt: '2026-11-21T06:00:00.000Z' })
      .go();
    const owner = { organizationId: tenant.organizationId, siteId: tenant.siteId, chargerId: charger.id };
    await recordConnectionChange(stack.db, owner, 'connected', '2026-11-21T06:00:00.000Z', false);
    await recordConnectionChange(stack.db, owner, 'disconnected', '2026-11-21T11:00:00.000Z');
    const at = (hhmm: string) => `2026-11-21T${hhmm}:00.000Z`;
    // Whole charger: 07:00-08:00 and 07:30-08:30 (overlapping: 1.5 h once); port 1 only: 10:00-11:30;
    // and one outside the range, which counts nothing.
    const port1 = charger.ports[0]!;
    await seedWindow({ chargerId: charger.id, start: at('07:00'), end: at('08:00') });
    await seedWindow({ chargerId: charger.id, start: at('07:30'), end: at('08:30') });
    await seedWindow({ chargerId: charger.id, portNumber: 1, portId: port1.id, start: at('10:00'), end: at('11:30') });
    await seedWindow({ chargerId: charger.id, start: at('13:00'), end: at('14:00') });

    const path = `/api/charger-health?startTimestamp=2026-11-21T06:00:00Z&endTimestamp=2026-11-21T12:00:00Z&chargerIds[]=${charger.id}`;
    const body = await call('GET', path, '/api/charger-health', 200);
    const health = body.data[0];
    expect(health).toMatchObject({
      chargerId: charger.id,
      activeTimeInIntervalSeconds: 21_600,
      maintenance: { maintenanceSeconds: 5400, maintenancePercent: 25 },
      connectivity: { onlineSeconds: 18_000, offlineSeconds: 3600 },
    });
    // Port 1: maintenance 07:00-08:30 and 10:00-11:30 (3 h); available 06:00-07:00, 08:30-10:00
    // (2.5 h); unavailable (offline) 11:30-12:00; uptime 9000 ÷ (21600 − 10800).
    expect(health.ports[0].maintenance).toEqual({ maintenanceSeconds: 10_800, maintenancePercent: 50 });
    expect(health.ports[1].maintenance).toEqual({ maintenanceSeconds: 5400, maintenancePercent: 25 });
    expect(health.ports[0].uptime).toEqual({
      availableSeconds: 9000,
      faultedSeconds: 0,
      unavailableSeconds: 1800,
      uptimePercent: 83.33,
    });
    // Port 2: the whole-charger windows only (1.5 h); available 18000 − 5400; unavailable 11:00-12:00.
    expect(health.ports[1].uptime).toEqual({
      availableSeconds: 12_600,
      faultedSeconds: 0,
      unavailableSeconds: 3600,
      uptimePercent: 77.78,
    });
    expect(health.uptime).toEqual({
      availableSeconds: 21_600,
      faultedSeconds: 0,
      unavailableSeconds: 5400,
      uptimePercent: 80,
    });
    // Another charger of the organization has no maintenance.
    const dc = (
      await call(
        'GET',
        `/api/charger-health?startTimestamp=2026-11-21T06:00:00Z&endTimestamp=2026-11-21T12:00:00Z&chargerIds=${tenant.chargers[1]!.id}`,
        '/api/charger-health',
        200,
      )
    ).data[0];
    expect(dc.maintenance).toEqual({ maintenanceSeconds: 0, maintenancePercent: 0 });
  });
});
