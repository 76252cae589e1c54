/**
 * `GET /api/charging-sessions` over a few hundred sessions seeded through the domain functions
 * (`startSession` / `endSession`, as the OCPP handlers call them): cursor pagination, every
 * filter and their combinations, scope, and the one-at-a-time `includeIntervals` lease and the
 * charger-health rate limit (429 with Retry-After).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import type { LocalStack } from '../../../lib/local/stack';
import { createSite } from '../../../shared/chargers/sites';
import { registerCharger } from '../../../shared/chargers/registration';
import { createApiKey, hashApiKey } from '../../../shared/api/api-keys';
import { endSession, startSession } from '../../../shared/charging/sessions';
import type { ChargerConnection } from '../../../shared/charging/charger-connection';
import { withRequestLease } from '../../../shared/history/request-lease';

let stack: LocalStack;
let tenant: Tenant;
let other: Tenant;
let siteB: number;
/** The seeded sessions: charger, site, customer, start and end. */
const seeded: { id: number; chargerId: number; siteId: number; customer?: string; start: string; end?: string }[] = [];
// 52 completed sessions per charger: two pages unfiltered (156), and over a page on site A (104).
const COUNT = 156;
const BASE = Date.UTC(2026, 9, 1, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();
const CUSTOMERS = ['Acme Freight', 'Beta Bus'];

beforeAll(async () => {
  stack = await startTestStack();
  const l2 = {
    type: 'Level 2' as const,
    ports: [{ connectorType: 'J1772' as const }, { connectorType: 'J1772' as const }],
  };
  tenant = await createTenant(stack, [
    { ...l2, ocppId: uniqueOcppId('A1'), name: 'A1' },
    { ...l2, ocppId: uniqueOcppId('A2'), name: 'A2' },
  ]);
  other = await createTenant(stack, [{ ...l2, ocppId: uniqueOcppId('O1'), name: 'O1' }]);
  siteB = (await createSite(stack.db, { organizationId: tenant.organizationId, name: 'Yard B', timezone: 'UTC' })).id;
  tenant.chargers.push(
    await registerCharger(stack.db, { ...l2, siteId: siteB, ocppId: uniqueOcppId('B1'), name: 'B1' }),
  );
  for (const [i, name] of CUSTOMERS.entries()) {
    const created = await api(stack, '/api/access-ids', {
      key: tenant.apiKey,
      method: 'POST',
      // Customer 0 charges with an RFID card, customer 1 with its van's own ID (a vehicle).
      body: {
        accessId:
          i === 0
            ? { type: 'RFID', name: `Card ${i}`, ocppIdTag: `CUST-${i}`, customer: { name } }
            : {
                type: 'Vehicle',
                name: `Van ${i}`,
                ocppIdTag: `CUST-${i}`,
                customer: { name },
                vehicle: { make: 'Ford', model: 'E-Transit', vin: '1FTBW9CK0PKA99991' },
              },
      },
    });
    expect(created.status).toBe(201);
  }
  const accessIds = await Promise.all(
    CUSTOMERS.map(
      async (_, i) =>
        (await stack.db.accessId.get({ organizationId: tenant.organizationId, ocppIdTag: `CUST-${i}` }).go()).data ??
        undefined,
    ),
  );
  // Three chains, one per charger; session i starts at BASE + 20 min × i and lasts 15 minutes.
  await Promise.all(
    tenant.chargers.map(async (charger, c) => {
      const connection: ChargerConnection = {
        connectionId: `seed-${c}`,
        chargerId: charger.id,
        organizationId: tenant.organizationId,
        siteId: charger.site.id,
        chargerType: 'Level 2',
        ocppId: charger.ocppId!,
        protocol: 'ocpp1.6',
      };
      for (let i = c; i < COUNT; i += 3) {
        const customer = i % 4 < 2 ? i % 4 : undefined;
        const start = iso(BASE + i * 20 * 60_000);
        const end = iso(BASE + i * 20 * 60_000 + 15 * 60_000);
        const started = await startSession(stack.db, connection, {
          portNumber: 1,
          startTime: start,
          meterStartWh: 0,
          idTag: customer === undefined ? 'NOBODY' : `CUST-${customer}`,
          accessId: customer === undefined ? undefined : accessIds[customer],
        });
        await endSession(stack.db, connection, started.ocppTransactionId, {
          endTime: end,
          meterStopWh: 1000 * ((i % 5) + 1),
          reason: 'Local',
        });
        seeded.push({
          id: started.sessionId,
          chargerId: charger.id,
          siteId: charger.site.id,
          customer: customer === undefined ? undefined : CUSTOMERS[customer],
          start,
          end,
        });
      }
      // One session still in progress per charger, on port 2, after all the others.
      const start = iso(BASE + (COUNT + c) * 20 * 60_000);
      const started = await startSession(stack.db, connection, { portNumber: 2, startTime: start, meterStartWh: 0 });
      seeded.push({ id: started.sessionId, chargerId: charger.id, siteId: charger.site.id, start });
    }),
  );
}, 180_000);
afterAll(async () => stack?.close());

/** Every page of a list; checks the page size and that cursors chain. */
async function all(query: string, key = tenant.apiKey): Promise<any[]> {
  const items: any[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 20; pages++) {
    const separator = query ? '&' : '';
    const next = cursor ? `${separator}nextPageCursor=${encodeURIComponent(cursor)}` : '';
    const { status, body } = await api(stack, `/api/charging-sessions?${query}${next}`, { key });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.length).toBeLessThanOrEqual(100);
    items.push(...body.data);
    if (!body.pagination.hasNextPage) {
      expect(body.pagination.nextPageCursor).toBeNull();
      return items;
    }
    expect(body.data).toHaveLength(100);
    cursor = body.pagination.nextPageCursor;
  }
  throw new Error('too many pages');
}

const byStartDesc = (a: { start: string; id: number }, b: { start: string; id: number }) =>
  b.start.localeCompare(a.start) || b.id - a.id;
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const completed = () => seeded.filter((s) => s.end !== undefined).sort(byStartDesc);

describe('GET /api/charging-sessions over 159 sessions', () => {
  it('pages through every completed session, newest first by startTime, each once', async () => {
    const listed = await all('');
    expect(ids(listed)).toEqual(ids(completed()));
    expect(listed[0]).toMatchObject({ endTime: completed()[0]!.end, energyDeliveredKwh: expect.any(Number) });
  });

  it('adds the sessions in progress with includeInProgressSessions=true', async () => {
    const listed = await all('includeInProgressSessions=true');
    expect(ids(listed)).toEqual(ids([...seeded].sort(byStartDesc)));
    expect(listed.slice(0, 3).map((s) => s.endTime)).toEqual([null, null, null]);
  });

  it('filters by site, by chargers (merged across partitions) and by start time (≥, <)', async () => {
    expect(ids(await all(`siteIds[]=${siteB}`))).toEqual(ids(completed().filter((s) => s.siteId === siteB)));
    const [a1, a2] = tenant.chargers;
    expect(ids(await all(`chargerIds[]=${a1!.id}&chargerIds[]=${a2!.id}`))).toEqual(
      ids(completed().filter((s) => s.chargerId !== tenant.chargers[2]!.id)),
    );
    const from = seeded.find((s) => s.start === iso(BASE + 30 * 20 * 60_000))!.start;
    const to = iso(BASE + 150 * 20 * 60_000);
    expect(ids(await all(`startTimeAfter=${from}&startTimeBefore=${to}`))).toEqual(
      ids(completed().filter((s) => s.start >= from && s.start < to)),
    );
  });

  it('filters by end time (≥, <), in end order, with a site', async () => {
    const from = iso(BASE + 10 * 20 * 60_000 + 15 * 60_000);
    const to = iso(BASE + 200 * 20 * 60_000);
    const expected = completed().filter((s) => s.end! >= from && s.end! < to && s.siteId === tenant.siteId);
    expect(ids(await all(`endTimeAfter=${from}&endTimeBefore=${to}&siteIds[]=${tenant.siteId}`))).toEqual(
      ids(expected),
    );
    // A session in progress ends after any time: endTimeAfter keeps it, endTimeBefore drops it.
    const open = await all(`endTimeAfter=${iso(BASE)}&includeInProgressSessions=true`);
    expect(open.filter((s) => s.endTime === null)).toHaveLength(3);
    expect(
      (await all(`endTimeBefore=${iso(BASE + 400 * 20 * 60_000)}&includeInProgressSessions=true`)).filter(
        (s) => s.endTime === null,
      ),
    ).toEqual([]);
  });

  it('filters by customer name (case-insensitive) or ID, alone or with a site', async () => {
    const acme = await all('customerNames[]=acme%20freight');
    expect(ids(acme)).toEqual(ids(completed().filter((s) => s.customer === 'Acme Freight')));
    const betaId = (await all('customerNames[]=Beta%20Bus'))[0].customer.id;
    expect(betaId).toEqual(expect.any(Number));
    expect(ids(await all(`customerIds[]=${betaId}&siteIds[]=${siteB}`))).toEqual(
      ids(completed().filter((s) => s.customer === 'Beta Bus' && s.siteId === siteB)),
    );
    expect(await all('customerNames[]=Nobody%20Inc')).toEqual([]);
  });

  it('filters by access ID (rfidIds[]) and by vehicle (vehicleIds[]), alone or with a site or an end time', async () => {
    const acme = completed().filter((s) => s.customer === 'Acme Freight');
    const beta = completed().filter((s) => s.customer === 'Beta Bus');
    const rfidId = (await all('customerNames[]=Acme%20Freight'))[0].rfid.id;
    const vehicleId = (await all('customerNames[]=Beta%20Bus'))[0].vehicle.id;
    expect([rfidId, vehicleId]).toEqual([expect.any(Number), expect.any(Number)]);

    expect(ids(await all(`rfidIds[]=${rfidId}`))).toEqual(ids(acme));
    expect(ids(await all(`vehicleIds=${vehicleId}`))).toEqual(ids(beta));
    expect(ids(await all(`vehicleIds[]=${vehicleId}&siteIds[]=${siteB}`))).toEqual(
      ids(beta.filter((s) => s.siteId === siteB)),
    );
    const from = iso(BASE + 60 * 20 * 60_000);
    expect(ids(await all(`rfidIds[]=${rfidId}&endTimeAfter=${from}`))).toEqual(ids(acme.filter((s) => s.end! >= from)));
    // Both: a session has one or the other here, never both.
    expect(await all(`rfidIds[]=${rfidId}&vehicleIds[]=${vehicleId}`)).toEqual([]);
    expect(await all(`vehicleIds[]=${vehicleId}`, other.apiKey)).toEqual([]);
  });

  it('refuses a vehicle or access ID that is not a positive integer, naming the parameter', async () => {
    for (const query of ['vehicleIds[]=abc', 'rfidIds[]=0', 'rfidIds=1,-2']) {
      const { status, body } = await api(stack, `/api/charging-sessions?${query}`, { key: tenant.apiKey });
      expect(status, query).toBe(400);
      expect(JSON.stringify(body), query).toMatch(/vehicleIds|rfidIds/);
    }
  });

  it('shows a site-scoped key its site only, and nothing of another organization', async () => {
    const key = (await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'site', siteId: siteB }))
      .apiKey;
    expect(ids(await all('', key))).toEqual(ids(completed().filter((s) => s.siteId === siteB)));
    expect(await all(`siteIds[]=${tenant.siteId}`, key)).toEqual([]);
    expect(await all(`chargerIds[]=${tenant.chargers[0]!.id}`, other.apiKey)).toEqual([]);
    expect(await all('', other.apiKey)).toEqual([]);
  });
});

describe('the stricter limits', () => {
  it('answers 429 with Retry-After to an includeIntervals request while another of the key runs', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let acquired!: () => void;
    const leased = new Promise<void>((resolve) => {
      acquired = resolve;
    });
    const holding = withRequestLease(stack.db, hashApiKey(tenant.apiKey), 'intervals', 'includeIntervals', () => {
      acquired();
      return held;
    });
    await leased; // the lease is taken: the request below meets it
    const refused = await api(stack, '/api/charging-sessions?includeIntervals=true', { key: tenant.apiKey });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Other requests of the key, and includeIntervals of another key, are not held up.
    expect((await api(stack, '/api/charging-sessions', { key: tenant.apiKey })).status).toBe(200);
    expect((await api(stack, '/api/charging-sessions?includeIntervals=true', { key: other.apiKey })).status).toBe(200);
    release();
    await holding;
    const { status, body } = await api(stack, `/api/charging-sessions?includeIntervals=true&siteIds[]=${siteB}`, {
      key: tenant.apiKey,
    });
    expect(status).toBe(200);
    expect(body.data[0].intervals).toHaveLength(2);
  });

  it('allows 10 charger-health requests a minute per key, then 429 with Retry-After', async () => {
    const key = (await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'organization' })).apiKey;
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 21 && !statuses.includes(429); i++) {
      const answer = await api(stack, `/api/charger-health?siteIds[]=${siteB}`, { key });
      statuses.push(answer.status);
      retryAfter = answer.headers.get('retry-after');
    }
    // Ten in one minute window at least (eleven requests may straddle two windows).
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(10);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  });
});
