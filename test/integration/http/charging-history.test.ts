/**
 * The history endpoints driven by real OCPP clients (1.6 and 2.0.1, strict mode) with simulated
 * charger timestamps: a 1.6 session across 15-minute boundaries with a late and a duplicate
 * reading, a 2.0.1 session across a time-of-use boundary and the end of daylight saving time in
 * the site's timezone (America/Chicago, 2026-11-01 02:00 CDT → 01:00 CST), faults, the health
 * report over a range whose connection history is seeded, the OCPP message log, bad parameters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger, pollUntil } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { responseValidator } from '../../support/openapi';
import { parseTouPeriod } from '../../../shared/history/tou';
import { recordConnectionChange } from '../../../shared/history/status-events';
import { createApiKey } from '../../../shared/api/api-keys';
import { registerCharger } from '../../../shared/chargers/registration';

let stack: LocalStack;
let tenant: Tenant;
let other: Tenant;
let v16: RPCClient;
let v201: RPCClient;
let validate: ReturnType<typeof responseValidator>;
const id16 = uniqueOcppId('H16');
const id201 = uniqueOcppId('H201');

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    {
      ocppId: id16,
      name: 'AC 16',
      type: 'Level 2',
      ports: [{ connectorType: 'J1772', maximumPowerKw: 19 }, { connectorType: 'J1772' }],
    },
    { ocppId: id201, name: 'DC 201', type: 'DCFC', ports: [{ connectorType: 'CCS1', maximumPowerKw: 150 }] },
  ]);
  other = await createTenant(stack);
  // Periods stored on the site before tariffs existed (the retired `sites set-tou`): still read.
  const touPeriods = ['peak=16:00-21:00/Mon-Fri', 'night=00:00-01:30'].map((text) => parseTouPeriod(text));
  await stack.db.site.patch({ siteId: tenant.siteId }).set({ touPeriods }).go();
  // The 1.6 charger exists from 2026-11-20, first connected at 05:00 UTC on the 21st (its later
  // real connections keep that) and was online from 06:00 to 11:00.
  await stack.db.charger
    .patch({ chargerId: charger16() })
    .set({ createdAt: '2026-11-20T00:00:00.000Z', firstConnectedAt: '2026-11-21T05:00:00.000Z' })
    .go();
  const owner = { organizationId: tenant.organizationId, siteId: tenant.siteId, chargerId: charger16() };
  await recordConnectionChange(stack.db, owner, 'connected', '2026-11-21T06:00:00.000Z', false);
  await recordConnectionChange(stack.db, owner, 'disconnected', '2026-11-21T11:00:00.000Z');
  validate = responseValidator((await api(stack, '/api/openapi.json')).body);
  v16 = await connectCharger(stack, id16, 'ocpp1.6');
  v201 = await connectCharger(stack, id201, 'ocpp2.0.1');
});
afterAll(async () => {
  await v16?.close();
  await v201?.close();
  await stack?.close();
});

function charger16() {
  return tenant.chargers[0]!.id;
}
function charger201() {
  return tenant.chargers[1]!.id;
}

/** A GET that must succeed and match the OpenAPI document. */
async function get(path: string, route: string, key = tenant.apiKey) {
  const { status, body, headers } = await api(stack, path, { key });
  expect({ status, body }).toMatchObject({ status: 200 });
  expect(validate(route, 'GET', 200, body)).toEqual([]);
  return { body, headers };
}

const at = (hhmm: string, day = '2026-11-21') => `${day}T${hhmm}:00.000Z`;
const energy = (wh: number, kw: number) => [
  { measurand: 'Energy.Active.Import.Register', unit: 'Wh', value: String(wh) },
  { measurand: 'Power.Active.Import', unit: 'kW', value: String(kw) },
];

let session16: number;
describe('an OCPP 1.6 session across 15-minute boundaries', () => {
  it('stores every reading in its slot; a late and a duplicate reading count once', async () => {
    await v16.call('StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Available',
      timestamp: at('06:00'),
    });
    const started: any = await v16.call('StartTransaction', {
      connectorId: 1,
      idTag: 'TAG-1',
      meterStart: 10_000,
      timestamp: at('08:05'),
    });
    session16 = started.transactionId;
    const meter = (time: string, wh: number, kw: number) =>
      v16.call('MeterValues', {
        connectorId: 1,
        transactionId: session16,
        meterValue: [{ timestamp: at(time), sampledValue: energy(wh, kw) }],
      });
    await meter('08:10', 11_000, 12);
    await meter('08:20', 13_000, 12);
    await meter('08:30', 15_000, 12);
    await meter('08:20', 13_000, 12); // sent twice
    await meter('08:15', 12_500, 18); // late: arrives after 08:30
    await meter('08:34', 16_000, 0);
    await v16.call('StopTransaction', {
      transactionId: session16,
      meterStop: 16_000,
      timestamp: at('08:35'),
      reason: 'EVDisconnected',
    });
  });

  it('lists it with its 15-minute intervals from the registers, max demand and charging times', async () => {
    const { body } = await get(
      `/api/charging-sessions?chargerIds[]=${charger16()}&includeIntervals=true`,
      '/api/charging-sessions',
    );
    expect(body.data).toHaveLength(1);
    const s = body.data[0];
    expect(s).toMatchObject({
      id: session16,
      startTime: at('08:05'),
      endTime: at('08:35'),
      durationSeconds: 1800,
      energyDeliveredKwh: 6,
      averageDemandKw: 12,
      chargingStartTime: at('08:10'),
      chargingEndTime: at('08:30'),
      chargingDurationSeconds: 1200,
      maxDemandKw: 10,
      ocppIdTag: 'TAG-1',
      ocppTransactionId: session16,
      site: { id: tenant.siteId },
      charger: { id: charger16(), name: 'AC 16' },
      port: { portNumber: 1, maximumPowerKw: 19 },
      organization: { id: tenant.organizationId },
    });
    // 08:05→08:10 1000 Wh, 08:10→08:15 1500, 08:15→08:20 500, 08:20→08:30 2000, 08:30→08:34 1000.
    expect(s.intervals).toEqual([
      {
        startTime: at('08:00'),
        endTime: at('08:15'),
        energyDeliveredKwh: 2.5,
        averagePowerKw: 10,
        maxPowerKw: 12,
        socPercent: null,
      },
      {
        startTime: at('08:15'),
        endTime: at('08:30'),
        energyDeliveredKwh: 2.5,
        averagePowerKw: 10,
        maxPowerKw: 18,
        socPercent: null,
      },
      {
        startTime: at('08:30'),
        endTime: at('08:45'),
        energyDeliveredKwh: 1,
        averagePowerKw: 4,
        maxPowerKw: 12,
        socPercent: null,
      },
    ]);
    const plain = (await get(`/api/charging-sessions?chargerIds[]=${charger16()}`, '/api/charging-sessions')).body
      .data[0];
    expect(plain.intervals).toBeUndefined();
    expect(plain.maxDemandKw).toBe(10);
  });

  it("splits energy by the site's TOU periods: Saturday 02:05-02:35 CST is in none (other)", async () => {
    const { body } = await get(
      `/api/charging-sessions?chargerIds[]=${charger16()}&includeTouEnergy=true`,
      '/api/charging-sessions',
    );
    // 02:05-02:35 CST on a Saturday: neither peak nor night.
    expect(body.data[0].touEnergy).toEqual([
      { period: 'peak', energyDeliveredKwh: 0 },
      { period: 'night', energyDeliveredKwh: 0 },
      { period: 'other', energyDeliveredKwh: 6 },
    ]);
  });
});

let session201: number;
describe('an OCPP 2.0.1 session across a TOU boundary and the end of DST', () => {
  const day = '2026-11-01';
  const event = (eventType: string, seqNo: number, time: string, wh: number, extra: object = {}) =>
    v201.call('TransactionEvent', {
      eventType,
      timestamp: at(time, day),
      triggerReason:
        eventType === 'Started' ? 'Authorized' : eventType === 'Ended' ? 'StopAuthorized' : 'MeterValuePeriodic',
      seqNo,
      transactionInfo: { transactionId: 'TX-DST', ...(eventType === 'Ended' ? { stoppedReason: 'Local' } : {}) },
      meterValue: [
        {
          timestamp: at(time, day),
          sampledValue: [
            { measurand: 'Energy.Active.Import.Register', value: wh, unitOfMeasure: { unit: 'Wh' } },
            { measurand: 'Power.Active.Import', value: 12_000, unitOfMeasure: { unit: 'W' } },
            { measurand: 'SoC', value: 20 + seqNo, unitOfMeasure: { unit: 'Percent' } },
          ],
        },
      ],
      ...extra,
    });

  it('runs from 00:45 CDT to 01:15 CST (05:45Z-07:15Z) at 12 kW, with a fault near its end', async () => {
    await event('Started', 0, '05:45', 0, {
      evse: { id: 1, connectorId: 1 },
      idToken: { idToken: 'TOKEN-9', type: 'ISO14443' },
    });
    for (const [i, time] of ['06:00', '06:15', '06:30', '06:45', '07:00'].entries())
      await event('Updated', i + 1, time, 3000 * (i + 1));
    await v201.call('NotifyEvent', {
      generatedAt: at('07:10', day),
      seqNo: 0,
      eventData: [
        {
          eventId: 1,
          timestamp: at('07:10', day),
          trigger: 'Delta',
          actualValue: 'true',
          techCode: 'GF-7',
          techInfo: 'ground fault',
          eventNotificationType: 'HardWiredNotification',
          component: { name: 'ChargingStation', evse: { id: 1 } },
          variable: { name: 'Problem' },
        },
      ],
    });
    await event('Ended', 6, '07:15', 18_000);
    const { body } = await get(
      `/api/charging-sessions?chargerIds[]=${charger201()}&includeIntervals=true&includeTouEnergy=true`,
      '/api/charging-sessions',
    );
    const s = body.data[0];
    session201 = s.id;
    expect(s).toMatchObject({
      startTime: at('05:45', day),
      endTime: at('07:15', day),
      energyDeliveredKwh: 18,
      maxDemandKw: 12,
      socStartPercent: 20,
      socEndPercent: 26,
      ocppTransactionId: null,
    });
    expect(s.intervals.map((i: any) => [i.startTime, i.energyDeliveredKwh, i.averagePowerKw, i.socPercent])).toEqual([
      [at('05:45', day), 3, 12, 20],
      [at('06:00', day), 3, 12, 21],
      [at('06:15', day), 3, 12, 22],
      [at('06:30', day), 3, 12, 23],
      [at('06:45', day), 3, 12, 24],
      [at('07:00', day), 3, 12, 25],
    ]);
    // night = 00:00-01:30 local: 00:45-01:30 CDT (9 kWh) and again 01:00-01:15 CST (3 kWh).
    expect(s.touEnergy).toEqual([
      { period: 'peak', energyDeliveredKwh: 0 },
      { period: 'night', energyDeliveredKwh: 12 },
      { period: 'other', energyDeliveredKwh: 6 },
    ]);
  });
});

describe('a superseded session that the charger carries on with', () => {
  it('lists the stray new session as ended with no energy, and the old one in progress, then completed', async () => {
    const a: any = await v16.call('StartTransaction', {
      connectorId: 2,
      idTag: 'TAG-A',
      meterStart: 0,
      timestamp: at('13:00'),
    });
    const b: any = await v16.call('StartTransaction', {
      connectorId: 2,
      idTag: 'TAG-B',
      meterStart: 500,
      timestamp: at('13:10'),
    });
    await v16.call('MeterValues', {
      connectorId: 2,
      transactionId: a.transactionId,
      meterValue: [{ timestamp: at('13:20'), sampledValue: energy(2000, 5) }],
    });
    const list = async () => {
      const query = `chargerIds[]=${charger16()}&includeInProgressSessions=true&startTimeAfter=${at('12:00')}`;
      const { body } = await get(`/api/charging-sessions?${query}`, '/api/charging-sessions');
      return Object.fromEntries(body.data.map((s: any) => [s.id, s]));
    };
    const running = await list();
    expect(running[b.transactionId]).toMatchObject({ endTime: at('13:20'), energyDeliveredKwh: 0 });
    expect(running[a.transactionId]).toMatchObject({ endTime: null });
    await v16.call('StopTransaction', { transactionId: a.transactionId, meterStop: 3000, timestamp: at('13:30') });
    const ended = await list();
    expect(ended[a.transactionId]).toMatchObject({
      endTime: at('13:30'),
      energyDeliveredKwh: 3,
      chargingStartTime: at('13:20'),
    });
  });
});

describe('GET /api/errors', () => {
  it('lists a 1.6 StatusNotification error and a 2.0.1 NotifyEvent fault, newest first', async () => {
    await v16.call('StatusNotification', {
      connectorId: 1,
      errorCode: 'GroundFailure',
      status: 'Faulted',
      timestamp: at('09:00'),
      vendorErrorCode: 'E42',
      info: 'GFCI',
    });
    await v16.call('StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Available',
      timestamp: at('09:30'),
    });
    const { body } = await get('/api/errors', '/api/errors');
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({
      timestamp: at('09:00'),
      ocppErrorCode: 'GroundFailure',
      vendorErrorCode: 'E42',
      ocppInfo: 'GFCI',
      ocppStatus: 'Faulted',
      errorCategory: 'preventedCharging',
      chargingSession: null,
      charger: { id: charger16() },
      port: { portNumber: 1 },
      site: { id: tenant.siteId },
    });
    expect(body.data[1]).toMatchObject({
      timestamp: at('07:10', '2026-11-01'),
      ocppErrorCode: 'ChargingStation.Problem',
      vendorErrorCode: 'GF-7',
      ocppInfo: 'ground fault',
      errorCategory: 'endedCharging',
      chargingSession: { id: session201 },
      charger: { id: charger201() },
    });
    const filtered = await get(
      `/api/errors?chargerIds[]=${charger201()}&afterTimestamp=2026-11-01T00:00:00Z&beforeTimestamp=2026-11-02T00:00:00Z`,
      '/api/errors',
    );
    expect(filtered.body.data.map((e: any) => e.ocppErrorCode)).toEqual(['ChargingStation.Problem']);
    expect((await get('/api/errors?afterTimestamp=2026-11-22T00:00:00Z', '/api/errors')).body.data).toEqual([]);
    expect((await get('/api/errors', '/api/errors', other.apiKey)).body.data).toEqual([]);
  });
});

describe('GET /api/charger-health', () => {
  it('gives exact online, status and charging seconds from the stored history', async () => {
    const range = 'startTimestamp=2026-11-21T06:00:00Z&endTimestamp=2026-11-21T12:00:00Z';
    const { body, headers } = await get(
      `/api/charger-health?${range}&chargerIds[]=${charger16()}`,
      '/api/charger-health',
    );
    expect(headers.get('x-ratelimit-limit') ?? '10').toBeTruthy();
    expect(body.data).toHaveLength(1);
    const c = body.data[0];
    expect(c).toMatchObject({
      chargerId: charger16(),
      activeTimeInIntervalSeconds: 21_600,
      activeSince: '2026-11-21T06:00:00.000Z',
      connectivity: { onlineSeconds: 18_000, offlineSeconds: 3600 },
      chargingSessionsCount: 1,
      utilization: { chargingSessionSeconds: 1800 },
      reportUrl: expect.stringMatching(new RegExp(`/#/chargers/${charger16()}$`)),
      site: { id: tenant.siteId },
    });
    // Port 1: Available 06:00-09:00 and 09:30-11:00, Faulted 09:00-09:30, offline 11:00-12:00.
    expect(c.ports[0].uptime).toEqual({
      availableSeconds: 16_200,
      faultedSeconds: 1800,
      unavailableSeconds: 3600,
      uptimePercent: 75,
    });
    expect(c.ports[0].errorCounts).toEqual({ endedEarly: 0, failedToStart: 0, other: 1, total: 1 });
    // Port 2 never reported a status: available while online.
    expect(c.ports[1].uptime).toMatchObject({ availableSeconds: 18_000, faultedSeconds: 0, unavailableSeconds: 3600 });
    expect(body.summary).toMatchObject({ chargingSessionsCount: 1, errorCounts: { total: 1 } });

    // Counted from its first connection (05:00), not its registration (the 20th): 3 h before
    // 05:00 are no offline time.
    const early = await get(
      `/api/charger-health?startTimestamp=2026-11-21T02:00:00Z&endTimestamp=2026-11-21T08:00:00Z&chargerIds[]=${charger16()}`,
      '/api/charger-health',
    );
    expect(early.body.data[0]).toMatchObject({
      activeSince: '2026-11-21T05:00:00.000Z',
      activeTimeInIntervalSeconds: 10_800,
      connectivity: { onlineSeconds: 7200, offlineSeconds: 3600 },
    });
  });

  it('counts no time for a charger that never connected', async () => {
    const never = await registerCharger(stack.db, {
      siteId: tenant.siteId,
      ocppId: uniqueOcppId('NEVER'),
      name: 'Never connected',
      type: 'Level 2',
      ports: [{ connectorType: 'J1772' }],
    });
    const { body } = await get(`/api/charger-health?chargerIds[]=${never.id}`, '/api/charger-health');
    expect(body.data[0]).toMatchObject({
      activeSince: null,
      activeTimeInIntervalSeconds: 0,
      connectivity: { onlineSeconds: 0, offlineSeconds: 0, onlinePercent: 0 },
    });
  });

  it('records a real disconnection in the charger history', async () => {
    const client = await connectCharger(stack, id16, 'ocpp1.6');
    await client.close();
    await pollUntil(
      async () =>
        (
          await stack.db.chargerHistory.query
            .primary({ siteId: tenant.siteId, month: new Date().toISOString().slice(0, 7) })
            .go()
        ).data,
      (items) => items.some((i) => i.chargerId === charger16() && i.events?.some((e) => e.k === 'disconnected')),
      'a disconnection event',
    );
  });
});

describe('GET /api/ocpp-messages', () => {
  it('lists the CALLs a charger sent with our answers, newest first, filtered by action', async () => {
    const { body } = await get(
      `/api/ocpp-messages?chargerId=${charger16()}&messageType[]=StopTransaction&messageType[]=StartTransaction`,
      '/api/ocpp-messages',
    );
    // Session 16, then the superseded pair (A, B) and A's stop: newest first.
    expect(body.data.map((m: any) => m.messageType)).toEqual([
      'StopTransaction',
      'StartTransaction',
      'StartTransaction',
      'StopTransaction',
      'StartTransaction',
    ]);
    expect(body.data[4]).toMatchObject({
      chargerId: charger16(),
      protocol: 'ocpp1.6',
      ocppChargerIdentity: id16,
      messagePayload: { connectorId: 1, idTag: 'TAG-1', meterStart: 10_000 },
      messageResponse: { transactionId: session16 },
    });
    const page = await get(`/api/ocpp-messages?chargerId=${charger16()}&limit=2`, '/api/ocpp-messages');
    expect(page.body.data).toHaveLength(2);
    expect(page.body.pagination.hasNextPage).toBe(true);
    const next = await get(
      `/api/ocpp-messages?chargerId=${charger16()}&limit=2&nextPageCursor=${encodeURIComponent(page.body.pagination.nextPageCursor)}`,
      '/api/ocpp-messages',
    );
    expect(Date.parse(next.body.data[0].createdAt)).toBeLessThanOrEqual(Date.parse(page.body.data[1].createdAt));
    expect((await api(stack, `/api/ocpp-messages?chargerId=${charger16()}`, { key: other.apiKey })).status).toBe(404);
  });
});

describe('scope and bad parameters', () => {
  it('a site-scoped key of another site sees nothing; another organization sees nothing', async () => {
    const key = await createApiKey(stack.db, {
      organizationId: other.organizationId,
      scope: 'site',
      siteId: other.siteId,
    });
    expect((await get('/api/charging-sessions', '/api/charging-sessions', key.apiKey)).body.data).toEqual([]);
    expect(
      (await get(`/api/charging-sessions?siteIds[]=${tenant.siteId}`, '/api/charging-sessions', other.apiKey)).body
        .data,
    ).toEqual([]);
    expect((await get('/api/charger-health', '/api/charger-health', other.apiKey)).body.data).toEqual([]);
  });

  it.each([
    ['/api/charging-sessions?siteIds[]=abc', 'siteIds[]'],
    ['/api/charging-sessions?startTimeAfter=yesterday', 'startTimeAfter'],
    ['/api/charging-sessions?includeIntervals=yes', 'includeIntervals'],
    [
      '/api/charging-sessions?startTimeAfter=2026-11-02T00:00:00Z&startTimeBefore=2026-11-01T00:00:00Z',
      'startTimeBefore',
    ],
    ['/api/charging-sessions?nextPageCursor=bogus', 'nextPageCursor'],
    ['/api/charging-sessions?sort=asc', 'sort'],
    ['/api/charger-health?startTimestamp=2026-11-21T00:00:00Z&endTimestamp=2026-11-20T00:00:00Z', 'endTimestamp'],
    ['/api/errors?chargerIds[]=0', 'chargerIds[]'],
    ['/api/ocpp-messages', 'chargerId'],
    ['/api/ocpp-messages?chargerId=1&messageType[]=Bogus', 'messageType[]'],
    [
      '/api/ocpp-messages?chargerId=1&startTimestamp=2026-11-01T00:00:00Z&endTimestamp=2026-11-10T00:00:00Z',
      'endTimestamp',
    ],
    ['/api/ocpp-messages?chargerId=1&limit=501', 'limit'],
  ])('%s → 400 naming %s', async (path, parameter) => {
    const { status, body } = await api(stack, path, { key: tenant.apiKey });
    expect(status).toBe(400);
    expect(body.errors.map((e: { path: string }) => e.path)).toContain(`queryStringParameters.${parameter}`);
  });
});
