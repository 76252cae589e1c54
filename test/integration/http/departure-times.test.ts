import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { api, createTenant, startTestStack, type Tenant } from '../support/stack';
import type { LocalStack } from '../../../lib/local/stack';
import { responseValidator } from '../../support/openapi';
import { createApiKey } from '../../../shared/api/api-keys';
import { createVehicle, updateVehicle } from '../../../shared/access/vehicle-writes';
import { syncVehicleDepartures } from '../../../shared/departures/sync';
import { ownerKey } from '../../../shared/departures/rules';
import { DepartureSyncBody } from '../../../shared/api/routes/departure-times';

let stack: LocalStack;
let tenant: Tenant;
let other: Tenant;
let validate: ReturnType<typeof responseValidator>;

beforeAll(async () => {
  stack = await startTestStack();
  [tenant, other] = await Promise.all([createTenant(stack), createTenant(stack)]);
  validate = responseValidator((await api(stack, '/api/openapi.json')).body);
});
afterAll(async () => stack?.close());

const HOUR = 3_600_000;
/** Whole seconds at load time: times built from it are the same on every call. */
const BASE = Math.floor(Date.now() / 1000) * 1000;
/** An ISO time (UTC, as the API answers it) `hours` after this file started (negative: in the past). */
const at = (hours: number) => new Date(BASE + hours * HOUR).toISOString();
/** A VIN no other test uses (17 characters). */
const newVin = () => `1HG${randomUUID().replace(/-/g, '').slice(0, 14).toUpperCase()}`;
/** A fresh vehicle of the tenant (with a VIN unless `vin` is null). */
async function vehicle(t: Tenant = tenant, vin: string | null = newVin()): Promise<{ id: number; vin: string | null }> {
  const created = await createVehicle(stack.db, t.organizationId, { name: `Bus ${randomUUID().slice(0, 8)}`, vin });
  return { id: created.id, vin: created.vin };
}
const post = (path: string, body: unknown, key = tenant.apiKey) => api(stack, path, { key, method: 'POST', body });
const sync = (body: unknown, key?: string) => post('/api/departure-times/vehicle', body, key);
const upcoming = async (query: string, key = tenant.apiKey) =>
  api(stack, `/api/departure-times/vehicle?${query}`, { key });
/** The upcoming departures of a vehicle as `time shiftName` strings, by time. */
const upcomingSet = async (vehicleId: number, key = tenant.apiKey) =>
  (await upcoming(`vehicleId=${vehicleId}`, key)).body.departureTimes.map(
    (d: { departureTime: string; shiftName: string | null }) => `${d.departureTime} ${d.shiftName}`,
  );
/** Stored past departures of an owner (test-only read of the data layer). */
const keptPast = async (owner: Parameters<typeof ownerKey>[0], t: Tenant = tenant) =>
  (
    await stack.db.departure.query
      .primary({ organizationId: t.organizationId, owner: ownerKey(owner) })
      .go({ consistent: true })
  ).data;
/** A synchronisation as if it ran at `now` (to store departures that are in the past today). */
const syncAt = (t: Tenant, now: string, body: unknown) =>
  syncVehicleDepartures(stack.db, t.organizationId, DepartureSyncBody.parse(body), Date.parse(now));

describe('POST /api/departure-times/vehicle', () => {
  it('answers every departure in request order: future ones created with an ID, past ones skipped without', async () => {
    const v = await vehicle();
    const body = {
      vehicleId: v.id,
      departureTimes: [
        { departureTime: at(5), shiftName: 'Early', routeName: 'R12', targetSoc: 80 },
        { departureTime: at(-2), shiftName: 'Gone' },
        { departureTime: at(2).replace('Z', '+00:00') },
      ],
    };
    const { status, body: answer } = await sync(body);
    expect(status).toBe(200);
    expect(answer.departureTimes).toEqual([
      {
        departureTime: at(5),
        outcome: 'created',
        id: expect.any(Number),
        vehicleId: v.id,
        vehicleVin: null,
        shiftName: 'Early',
        routeName: 'R12',
        targetSoc: 80,
      },
      {
        departureTime: expect.any(String),
        outcome: 'skipped',
        id: null,
        vehicleId: v.id,
        vehicleVin: null,
        shiftName: 'Gone',
        routeName: null,
        targetSoc: 90,
      },
      {
        departureTime: expect.any(String),
        outcome: 'created',
        id: expect.any(Number),
        vehicleId: v.id,
        vehicleVin: null,
        shiftName: null,
        routeName: null,
        targetSoc: 90,
      },
    ]);
    expect(answer.departureTimes[0].id).not.toBe(answer.departureTimes[2].id);
    expect(validate('/api/departure-times/vehicle', 'POST', 200, answer)).toEqual([]);
    expect(await upcomingSet(v.id)).toEqual([`${at(2)} null`, `${at(5)} Early`]);
  });

  it('normalises departure times with an offset to UTC', async () => {
    const v = await vehicle();
    const { body } = await sync({ vehicleId: v.id, departureTimes: [{ departureTime: '2099-11-21T10:00:00-08:00' }] });
    expect(body.departureTimes[0].departureTime).toBe('2099-11-21T18:00:00.000Z');
  });

  it('replaces every future departure on the next synchronisation, and an empty list removes them all', async () => {
    const v = await vehicle();
    await sync({
      vehicleId: v.id,
      departureTimes: [
        { departureTime: at(1), shiftName: 'A' },
        { departureTime: at(3), shiftName: 'A' },
      ],
    });
    const second = await sync({ vehicleId: v.id, departureTimes: [{ departureTime: at(2), shiftName: 'B' }] });
    expect(second.body.departureTimes.map((d: { outcome: string }) => d.outcome)).toEqual(['created']);
    expect(await upcomingSet(v.id)).toEqual([`${at(2)} B`]);
    const cleared = await sync({ vehicleId: v.id, departureTimes: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ departureTimes: [] });
    expect(await upcomingSet(v.id)).toEqual([]);
  });

  it('keeps stored departures that are past now, through every later synchronisation', async () => {
    const v = await vehicle();
    await syncAt(tenant, '2020-06-01T00:00:00Z', {
      vehicleId: v.id,
      departureTimes: [
        { departureTime: '2021-01-04T06:00:00Z', shiftName: 'Old' },
        { departureTime: at(4), shiftName: 'Stale' },
      ],
    });
    await sync({ vehicleId: v.id, departureTimes: [{ departureTime: at(6), shiftName: 'New' }] });
    await sync({ vehicleId: v.id, departureTimes: [{ departureTime: at(7), shiftName: 'Newer' }] });
    expect(await upcomingSet(v.id)).toEqual([`${at(7)} Newer`]);
    const kept = await keptPast({ vehicleId: v.id });
    expect(kept.map((d) => [d.departureTime, d.shiftName, d.vehicleId])).toEqual([
      ['2021-01-04T06:00:00.000Z', 'Old', v.id],
    ]);
  });

  it('matches a VIN of a vehicle case-insensitively: vehicleId set, vehicleVin null', async () => {
    const v = await vehicle();
    const { status, body } = await sync({
      vehicleVin: `  ${v.vin!.toLowerCase()} `,
      departureTimes: [{ departureTime: at(3) }],
    });
    expect(status).toBe(200);
    expect(body.departureTimes[0]).toMatchObject({ vehicleId: v.id, vehicleVin: null, outcome: 'created' });
    expect(await upcomingSet(v.id)).toHaveLength(1);
  });

  it('stores the departures of an unknown VIN under the VIN and links them at the first synchronisation after a vehicle has it', async () => {
    const vin = newVin();
    // Departures that were future when synchronised and are past now, then the current schedule.
    await syncAt(tenant, '2020-06-01T00:00:00Z', {
      vehicleVin: vin,
      departureTimes: [{ departureTime: '2021-02-01T07:00:00Z', shiftName: 'Past' }],
    });
    const first = await sync({ vehicleVin: vin, departureTimes: [{ departureTime: at(3), shiftName: 'Unlinked' }] });
    expect(first.body.departureTimes[0]).toMatchObject({
      vehicleId: null,
      vehicleVin: vin,
      outcome: 'created',
      id: expect.any(Number),
    });
    const byVin = await upcoming(`vehicleVin=${vin}`);
    expect(byVin.body.departureTimes).toEqual([
      expect.objectContaining({ vehicleId: null, vehicleVin: vin, shiftName: 'Unlinked' }),
    ]);
    expect(validate('/api/departure-times/vehicle', 'GET', 200, byVin.body)).toEqual([]);

    // The vehicle appears: until the next synchronisation its departures are still the VIN's.
    const v = await vehicle(tenant, vin);
    const before = await upcoming(`vehicleId=${v.id}`);
    expect(before.body.departureTimes).toEqual([
      expect.objectContaining({ vehicleId: null, vehicleVin: vin, shiftName: 'Unlinked' }),
    ]);

    const linked = await sync({ vehicleVin: vin, departureTimes: [{ departureTime: at(4), shiftName: 'Linked' }] });
    expect(linked.body.departureTimes[0]).toMatchObject({ vehicleId: v.id, vehicleVin: null, outcome: 'created' });
    expect((await upcoming(`vehicleId=${v.id}`)).body.departureTimes).toEqual([
      expect.objectContaining({ vehicleId: v.id, vehicleVin: null, shiftName: 'Linked' }),
    ]);
    expect((await upcoming(`vehicleVin=${vin}`)).body.departureTimes).toHaveLength(1);
    // The kept past departure moved under the vehicle; nothing is left under the VIN.
    expect((await keptPast({ vehicleId: v.id })).map((d) => [d.shiftName, d.vehicleId])).toEqual([['Past', v.id]]);
    expect(await keptPast({ vehicleVin: vin })).toEqual([]);
    expect(
      (
        await stack.db.departurePlan
          .get({ organizationId: tenant.organizationId, owner: ownerKey({ vehicleVin: vin }) })
          .go()
      ).data,
    ).toBeNull();
  });

  it("links a VIN's departures when the vehicle is synchronised by its vehicleId too", async () => {
    const vin = newVin();
    await sync({ vehicleVin: vin, departureTimes: [{ departureTime: at(2), shiftName: 'ByVin' }] });
    const v = await vehicle(tenant, vin);
    const { body } = await sync({ vehicleId: v.id, departureTimes: [{ departureTime: at(5), shiftName: 'ById' }] });
    expect(body.departureTimes[0]).toMatchObject({ vehicleId: v.id, vehicleVin: null });
    expect(await upcomingSet(v.id)).toEqual([`${at(5)} ById`]);
  });

  it('lists both sets when a vehicle gets the VIN of stored departures, until its next synchronisation replaces both', async () => {
    const v = await vehicle(tenant, null);
    await sync({ vehicleId: v.id, departureTimes: [{ departureTime: at(2), shiftName: 'Own' }] });
    const vin = newVin();
    await sync({ vehicleVin: vin, departureTimes: [{ departureTime: at(3), shiftName: 'ByVin' }] });
    await updateVehicle(stack.db, tenant.organizationId, v.id, { vin });
    expect((await upcoming(`vehicleVin=${vin}`)).body.departureTimes).toEqual([
      expect.objectContaining({ vehicleId: v.id, vehicleVin: null, shiftName: 'Own' }),
      expect.objectContaining({ vehicleId: null, vehicleVin: vin, shiftName: 'ByVin' }),
    ]);
    await sync({ vehicleId: v.id, departureTimes: [{ departureTime: at(4), shiftName: 'Both replaced' }] });
    expect(await upcomingSet(v.id)).toEqual([`${at(4)} Both replaced`]);
  });

  it('stores the largest synchronisation the limits allow (500 departures, 64-character names)', async () => {
    const v = await vehicle();
    const name = '€'.repeat(64);
    const departureTimes = Array.from({ length: 500 }, (_, i) => ({
      departureTime: at(1 + i),
      shiftName: name,
      routeName: name,
      targetSoc: 100,
    }));
    const { status, body } = await sync({ vehicleId: v.id, departureTimes });
    expect(status).toBe(200);
    expect(body.departureTimes.filter((d: { outcome: string }) => d.outcome === 'created')).toHaveLength(500);
    expect(await upcomingSet(v.id)).toHaveLength(500);
  });

  it('answers 404 for a vehicleId not in the organization, exactly as for an unknown one, and stores nothing', async () => {
    const theirs = await vehicle(other);
    const foreign = await sync({ vehicleId: theirs.id, departureTimes: [{ departureTime: at(2) }] });
    const unknown = await sync({ vehicleId: 987_654_321, departureTimes: [{ departureTime: at(2) }] });
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(foreign.body.title).toBe(unknown.body.title);
    expect(validate('/api/departure-times/vehicle', 'POST', 404, foreign.body, 'application/problem+json')).toEqual([]);
    expect(await upcomingSet(theirs.id, other.apiKey)).toEqual([]);
  });

  it('refuses a site-scoped key with 400 on every departure-time operation (spec §5.3)', async () => {
    const siteKey = await createApiKey(stack.db, {
      organizationId: tenant.organizationId,
      scope: 'site',
      siteId: tenant.siteId,
    });
    const v = await vehicle();
    const answers = [
      await sync({ vehicleId: v.id, departureTimes: [{ departureTime: at(2) }] }, siteKey.apiKey),
      await post('/api/departure-times/batch', { vehicles: [{ vehicleId: v.id, departureTimes: [] }] }, siteKey.apiKey),
      await upcoming(`vehicleId=${v.id}`, siteKey.apiKey),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toMatch(/organization-scoped API key/);
      expect(answer.body.errors[0].path).toBe('headers.authorization');
    }
    expect(await upcomingSet(v.id)).toEqual([]);
  });
});

describe('bad input (spec §7 departure table and more)', () => {
  let key: string;
  let v: { id: number; vin: string | null };
  let stored: string[];
  beforeAll(async () => {
    key = (await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'organization' })).apiKey;
    v = await vehicle();
    await sync({ vehicleId: v.id, departureTimes: [{ departureTime: at(8), shiftName: 'Kept' }] }, key);
    stored = await upcomingSet(v.id, key);
  });

  const departure = (fields: Record<string, unknown>) => ({ departureTime: at(3), ...fields });
  it.each<[string, () => unknown, string[], RegExp?]>([
    [
      'neither vehicleId nor vehicleVin',
      () => ({ departureTimes: [departure({})] }),
      ['body.vehicleId', 'body.vehicleVin'],
      /exactly one/,
    ],
    [
      'both vehicleId and vehicleVin',
      () => ({ vehicleId: v.id, vehicleVin: v.vin, departureTimes: [departure({})] }),
      ['body.vehicleId', 'body.vehicleVin'],
      /only one/,
    ],
    [
      'both given as null',
      () => ({ vehicleId: null, vehicleVin: null, departureTimes: [] }),
      ['body.vehicleId', 'body.vehicleVin'],
    ],
    [
      'targetSoc -1',
      () => ({ vehicleId: v.id, departureTimes: [departure({ targetSoc: -1 })] }),
      ['body.departureTimes.0.targetSoc'],
      /between 0 and 100/,
    ],
    [
      'targetSoc 101',
      () => ({ vehicleId: v.id, departureTimes: [departure({ targetSoc: 101 })] }),
      ['body.departureTimes.0.targetSoc'],
      /between 0 and 100/,
    ],
    [
      'targetSoc 50.5 (fractions are refused)',
      () => ({ vehicleId: v.id, departureTimes: [departure({ targetSoc: 50.5 })] }),
      ['body.departureTimes.0.targetSoc'],
      /whole percentage/,
    ],
    [
      'targetSoc as a string',
      () => ({ vehicleId: v.id, departureTimes: [departure({ targetSoc: '90' })] }),
      ['body.departureTimes.0.targetSoc'],
      /number/,
    ],
    [
      'targetSoc null',
      () => ({ vehicleId: v.id, departureTimes: [departure({ targetSoc: null })] }),
      ['body.departureTimes.0.targetSoc'],
    ],
    [
      'a malformed departureTime',
      () => ({ vehicleId: v.id, departureTimes: [departure({ departureTime: 'tomorrow 8am' })] }),
      ['body.departureTimes.0.departureTime'],
      /ISO 8601/,
    ],
    [
      'an impossible date',
      () => ({ vehicleId: v.id, departureTimes: [departure({ departureTime: '2099-02-30T08:00:00Z' })] }),
      ['body.departureTimes.0.departureTime'],
    ],
    [
      'a departureTime without an offset',
      () => ({ vehicleId: v.id, departureTimes: [departure({ departureTime: '2099-01-01T08:00:00' })] }),
      ['body.departureTimes.0.departureTime'],
      /no UTC offset/,
    ],
    [
      'a date without a time',
      () => ({ vehicleId: v.id, departureTimes: [departure({ departureTime: '2099-01-01' })] }),
      ['body.departureTimes.0.departureTime'],
    ],
    [
      'a numeric departureTime',
      () => ({ vehicleId: v.id, departureTimes: [departure({ departureTime: 4102444800000 })] }),
      ['body.departureTimes.0.departureTime'],
    ],
    [
      'a departure without departureTime',
      () => ({ vehicleId: v.id, departureTimes: [{ targetSoc: 80 }] }),
      ['body.departureTimes.0.departureTime'],
      /required/,
    ],
    [
      'an unknown departure field',
      () => ({ vehicleId: v.id, departureTimes: [departure({ driver: 'Ann' })] }),
      ['body.departureTimes.0.driver'],
    ],
    ['an unknown body field', () => ({ vehicleId: v.id, departureTimes: [], replace: true }), ['body.replace']],
    ['no departureTimes', () => ({ vehicleId: v.id }), ['body.departureTimes']],
    ['departureTimes null', () => ({ vehicleId: v.id, departureTimes: null }), ['body.departureTimes']],
    [
      'departureTimes not an array',
      () => ({ vehicleId: v.id, departureTimes: { departureTime: at(2) } }),
      ['body.departureTimes'],
    ],
    [
      'more than 500 departures',
      () => ({
        vehicleId: v.id,
        departureTimes: Array.from({ length: 501 }, (_, i) => departure({ departureTime: at(i + 1) })),
      }),
      ['body.departureTimes'],
      /at most 500/,
    ],
    ['vehicleId as a string', () => ({ vehicleId: String(v.id), departureTimes: [] }), ['body.vehicleId']],
    ['vehicleId 0', () => ({ vehicleId: 0, departureTimes: [] }), ['body.vehicleId']],
    ['vehicleId 1.5', () => ({ vehicleId: 1.5, departureTimes: [] }), ['body.vehicleId']],
    ['an empty vehicleVin', () => ({ vehicleVin: '  ', departureTimes: [] }), ['body.vehicleVin']],
    [
      'a vehicleVin longer than 17 characters',
      () => ({ vehicleVin: 'X'.repeat(18), departureTimes: [] }),
      ['body.vehicleVin'],
    ],
    ['a numeric vehicleVin', () => ({ vehicleVin: 12345, departureTimes: [] }), ['body.vehicleVin']],
    [
      'a shiftName over 64 characters',
      () => ({ vehicleId: v.id, departureTimes: [departure({ shiftName: 'S'.repeat(65) })] }),
      ['body.departureTimes.0.shiftName'],
    ],
    ['a body that is an array', () => [{ vehicleId: v.id, departureTimes: [] }], ['body']],
  ])('answers 400 naming the field for %s, and changes nothing', async (_name, body, paths, message) => {
    const { status, headers, body: problem } = await sync(body(), key);
    expect(status).toBe(400);
    expect(headers.get('content-type')).toBe('application/problem+json');
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(paths));
    if (message) expect(problem.errors.map((e: { message: string }) => e.message).join(' ')).toMatch(message);
    expect(validate('/api/departure-times/vehicle', 'POST', 400, problem, 'application/problem+json')).toEqual([]);
    expect(await upcomingSet(v.id, key)).toEqual(stored);
  });

  it('answers 400 for a body that is not JSON, and for a missing content type', async () => {
    const notJson = await api(stack, '/api/departure-times/vehicle', {
      key,
      method: 'POST',
      rawBody: '{"vehicleId":',
      headers: { 'content-type': 'application/json' },
    });
    const noType = await api(stack, '/api/departure-times/vehicle', {
      key,
      method: 'POST',
      rawBody: JSON.stringify({ vehicleId: v.id, departureTimes: [] }),
    });
    expect([notJson.status, noType.status]).toEqual([400, 400]);
    expect(noType.body.errors[0].path).toBe('headers.content-type');
    expect(await upcomingSet(v.id, key)).toEqual(stored);
  });

  it.each([
    ['neither', ''],
    ['both', 'vehicleId=1&vehicleVin=ABC'],
    ['a non-numeric vehicleId', 'vehicleId=abc'],
    ['an unknown parameter', 'vehicleId=1&from=now'],
  ])('answers 400 on GET for %s', async (_name, query) => {
    const { status, body } = await upcoming(query, key);
    expect(status).toBe(400);
    expect(body.errors[0].path).toMatch(/^queryStringParameters\./);
  });
});

describe('GET /api/departure-times/vehicle', () => {
  it("lists the vehicle's departures after the server's clock, by time, by vehicleId or by VIN", async () => {
    const v = await vehicle();
    await sync({
      vehicleId: v.id,
      departureTimes: [
        { departureTime: at(9), shiftName: 'Late' },
        { departureTime: at(1), shiftName: 'Soon', routeName: 'R1', targetSoc: 70 },
      ],
    });
    const byId = await upcoming(`vehicleId=${v.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.departureTimes).toEqual([
      {
        id: expect.any(Number),
        departureTime: at(1),
        vehicleId: v.id,
        vehicleVin: null,
        shiftName: 'Soon',
        routeName: 'R1',
        targetSoc: 70,
      },
      {
        id: expect.any(Number),
        departureTime: at(9),
        vehicleId: v.id,
        vehicleVin: null,
        shiftName: 'Late',
        routeName: null,
        targetSoc: 90,
      },
    ]);
    expect(validate('/api/departure-times/vehicle', 'GET', 200, byId.body)).toEqual([]);
    expect((await upcoming(`vehicleVin=${v.vin!.toLowerCase()}`)).body).toEqual(byId.body);
  });

  it('answers an empty list for a VIN nothing is stored under, and 404 for an unknown vehicleId', async () => {
    expect((await upcoming(`vehicleVin=${newVin()}`)).body).toEqual({ departureTimes: [] });
    expect((await upcoming('vehicleId=987654321')).status).toBe(404);
  });
});

describe('POST /api/departure-times/batch', () => {
  it('synchronises each item on its own and answers in input order; a bad item fails only itself', async () => {
    const [a, b] = [await vehicle(), await vehicle()];
    const unknownVin = newVin();
    const { status, body } = await post('/api/departure-times/batch', {
      vehicles: [
        { vehicleId: a.id, departureTimes: [{ departureTime: at(2), shiftName: 'A' }, { departureTime: at(-1) }] },
        { vehicleId: b.id, departureTimes: [{ departureTime: at(2), targetSoc: 101 }] },
        { vehicleId: 987_654_321, departureTimes: [] },
        { vehicleVin: unknownVin, departureTimes: [{ departureTime: at(3) }] },
        { vehicleVin: b.vin, departureTimes: [{ departureTime: at(4), shiftName: 'B' }] },
        null,
        { departureTimes: [] },
      ],
    });
    expect(status).toBe(200);
    expect(validate('/api/departure-times/batch', 'POST', 200, body)).toEqual([]);
    const [r0, r1, r2, r3, r4, r5, r6] = body.results;
    expect(r0).toMatchObject({ vehicleId: a.id, vehicleVin: null, outcome: 'success' });
    expect(r0.departureTimes.map((d: { outcome: string }) => d.outcome)).toEqual(['created', 'skipped']);
    expect(r1).toEqual({
      vehicleId: b.id,
      vehicleVin: null,
      outcome: 'error',
      error: expect.stringContaining('body.vehicles.1.departureTimes.0.targetSoc'),
    });
    expect(r2).toEqual({
      vehicleId: 987_654_321,
      vehicleVin: null,
      outcome: 'error',
      error: 'Vehicle 987654321 not found',
    });
    expect(r3).toMatchObject({ vehicleId: null, vehicleVin: unknownVin, outcome: 'success' });
    expect(r4).toMatchObject({ vehicleId: b.id, vehicleVin: null, outcome: 'success' });
    expect(r5).toEqual({
      vehicleId: null,
      vehicleVin: null,
      outcome: 'error',
      error: expect.stringContaining('body.vehicles.5'),
    });
    expect(r6).toMatchObject({ outcome: 'error', error: expect.stringContaining('body.vehicles.6.vehicleId') });
    expect(await upcomingSet(a.id)).toEqual([`${at(2)} A`]);
    expect(await upcomingSet(b.id)).toEqual([`${at(4)} B`]);
  });

  it('accepts a bare array of items, as the spec words the body', async () => {
    const v = await vehicle();
    const { status, body } = await post('/api/departure-times/batch', [
      { vehicleId: v.id, departureTimes: [{ departureTime: at(2) }] },
    ]);
    expect(status).toBe(200);
    expect(body.results).toEqual([expect.objectContaining({ vehicleId: v.id, outcome: 'success' })]);
  });

  it('applies items naming the same vehicle in input order: the later one wins', async () => {
    const v = await vehicle();
    const { body } = await post('/api/departure-times/batch', {
      vehicles: [
        { vehicleId: v.id, departureTimes: [{ departureTime: at(2), shiftName: 'First' }] },
        { vehicleVin: v.vin, departureTimes: [{ departureTime: at(3), shiftName: 'Second' }] },
      ],
    });
    expect(body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['success', 'success']);
    expect(await upcomingSet(v.id)).toEqual([`${at(3)} Second`]);
  });

  it.each([
    [
      'more than 100 vehicles',
      () => ({ vehicles: Array.from({ length: 101 }, () => ({ vehicleVin: 'X', departureTimes: [] })) }),
      'body.vehicles',
    ],
    ['a body missing the vehicles wrapper', () => ({ vehicleId: 1, departureTimes: [] }), 'body.vehicles'],
    ['vehicles that is not an array', () => ({ vehicles: { vehicleId: 1 } }), 'body.vehicles'],
    ['an unknown field beside vehicles', () => ({ vehicles: [], dryRun: true }), 'body.dryRun'],
  ])('answers 400 for %s and stores nothing', async (_name, body, path) => {
    const v = await vehicle();
    const payload = body() as { vehicles?: unknown[] };
    if (Array.isArray(payload.vehicles) && payload.vehicles.length)
      payload.vehicles[0] = { vehicleId: v.id, departureTimes: [{ departureTime: at(2) }] };
    const { status, body: problem } = await post('/api/departure-times/batch', payload);
    expect(status).toBe(400);
    expect(problem.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(await upcomingSet(v.id)).toEqual([]);
  });
});

describe('overlapping synchronisations of one vehicle', () => {
  it("always end with exactly one request's set: never a mix, never empty (20 rounds of 2–4 concurrent requests)", async () => {
    const keys = await Promise.all(
      Array.from({ length: 4 }, () =>
        createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'organization' }),
      ),
    );
    const v = await vehicle();
    for (let round = 0; round < 20; round++) {
      const writers = 2 + (round % 3);
      const sets = Array.from({ length: writers }, (_, w) =>
        Array.from({ length: 1 + ((round + w) % 5) }, (_, i) => ({
          departureTime: at(1 + w * 10 + i),
          shiftName: `r${round}w${w}`,
        })),
      );
      const answers = await Promise.all(
        sets.map((departureTimes, w) =>
          sync(w % 2 ? { vehicleVin: v.vin, departureTimes } : { vehicleId: v.id, departureTimes }, keys[w]!.apiKey),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(sets.map(() => 200));
      const stored = await upcomingSet(v.id, keys[0]!.apiKey);
      const candidates = sets.map((set) => set.map((d) => `${new Date(d.departureTime).toISOString()} ${d.shiftName}`));
      expect(candidates).toContainEqual(stored);
    }
  });
});
