/**
 * Alerts and alert settings through the local gateway: the list newest
 * first with the reference's filters and ours, pagination bound to the query, one alert,
 * organization and site scoping, the settings read and changed, and bad input (each a 400
 * naming the field, nothing stored). Alerts are raised with the store, as the sweep and the
 * triggers do; every answer is checked against the OpenAPI document.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import type { LocalStack } from '../../../lib/local/stack';
import { checkedApi, type CheckedCall } from '../support/checked-api';
import { createSite } from '../../../shared/chargers/sites';
import { registerCharger } from '../../../shared/chargers/registration';
import { createApiKey } from '../../../shared/api/api-keys';
import { clearAlert, episodeKey, raiseAlert } from '../../../shared/alerts/store';
import { ALERT_SETTINGS_DEFAULTS } from '../../../shared/alerts/settings';

let stack: LocalStack;
let tenant: Tenant;
let other: Tenant;
let checked: CheckedCall;
/** A second site of the tenant, with one charger, and a key scoped to it. */
let siteB: { siteId: number; chargerId: number; apiKey: string };
/** The IDs of the seeded alerts, by name. */
const seeded: Record<string, number> = {};

const ROUTE = '/api/alerts';
const SETTINGS = '/api/alert-settings';
const MINUTE = 60_000;
/** Seeded alerts are raised at fixed times from T0 on (ISO 8601 UTC). */
const T0 = Date.parse('2026-11-01T00:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * MINUTE).toISOString();

/** Raises an alert of the tenant's charger `index` (its port `portIndex`, when given) at `minutes` after T0. */
async function raise(
  type: 'offlineCharger' | 'chargerFaulted',
  minutes: number,
  charger: { chargerId: number; siteId: number; organizationId: number; portId?: number },
  id: number,
) {
  const { alert } = await raiseAlert(
    stack.db,
    {
      organizationId: charger.organizationId,
      siteId: charger.siteId,
      siteName: 'Depot',
      chargerId: charger.chargerId,
      chargerName: `Charger ${charger.chargerId}`,
      ...(charger.portId ? { portId: charger.portId, portNumber: 1, portName: 'Port 1' } : {}),
      type,
      episodeKey: episodeKey(type, charger.portId ? 'port' : 'charger', id),
      details:
        type === 'offlineCharger'
          ? { thresholdMinutes: 10 }
          : {
              ocppErrorCode: 'GroundFailure',
              ocppVendorErrorCode: null,
              ocppInfo: null,
              faultedSince: at(minutes - 6),
            },
      at: at(minutes),
    },
    // Raised (written) at that time too, as if the clock said so.
    () => Date.parse(at(minutes)),
  );
  return alert.alertId;
}

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId: uniqueOcppId('AL'), name: 'AC 1', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    { ocppId: uniqueOcppId('AL'), name: 'DC 1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
  ]);
  other = await createTenant(stack, [
    { ocppId: uniqueOcppId('ALO'), name: 'Other', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);
  const site = await createSite(stack.db, { organizationId: tenant.organizationId, name: 'Depot B', timezone: 'UTC' });
  const charger = await registerCharger(stack.db, {
    siteId: site.id,
    ocppId: uniqueOcppId('ALB'),
    name: 'B 1',
    type: 'Level 2',
    ports: [{ connectorType: 'J1772' }],
  });
  const key = await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'site', siteId: site.id });
  siteB = { siteId: site.id, chargerId: charger.id, apiKey: key.apiKey };
  checked = await checkedApi(stack, () => testKey());

  const org = tenant.organizationId;
  const a = { organizationId: org, siteId: tenant.siteId, chargerId: tenant.chargers[0]!.id };
  const d = { organizationId: org, siteId: tenant.siteId, chargerId: tenant.chargers[1]!.id };
  // 55 offline alerts of charger A, one a minute, each ended but the last (another episode each).
  for (let i = 0; i < 55; i++) {
    const id = await raise('offlineCharger', i, a, 1000 + i);
    if (i < 54) await clearAlert(stack.db, org, episodeKey('offlineCharger', 'charger', 1000 + i), at(i + 0.5));
    seeded[`a${i}`] = id;
  }
  seeded.fault = await raise('chargerFaulted', 100, { ...d, portId: tenant.chargers[1]!.ports[0]!.id }, 1);
  seeded.siteB = await raise('offlineCharger', 101, { organizationId: org, siteId: site.id, chargerId: charger.id }, 2);
  seeded.other = await raise(
    'offlineCharger',
    102,
    { organizationId: other.organizationId, siteId: other.siteId, chargerId: other.chargers[0]!.id },
    3,
  );
  // A muted alert (raised under a maintenance window: the store decides) and one e-mailed to recipient 7.
  seeded.muted = await raise('offlineCharger', 103, d, 4);
  await stack.db.alert.patch({ alertId: seeded.muted }).set({ muted: true }).go();
  await stack.db.alert
    .patch({ alertId: seeded.fault })
    .set({ recipientIds: [7, 9] })
    .go();
});
afterAll(async () => {
  await stack?.close();
});
/** A fresh organization key per test: the tests together make more than a key's 200 requests a minute. */
let key: string;
/** This test's key (the module's, not a local of the same name). */
const testKey = () => key;
beforeEach(async () => {
  key = (await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'organization' })).apiKey;
});

/** A request whose answer must be `status` and valid against the OpenAPI document. */
const call: CheckedCall = (...args) => checked(...args);

/** The IDs of every alert listed for `query` (all pages). */
async function listIds(query = '', as?: string): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const separator = query ? '&' : '';
    const page: any = await call(
      'GET',
      `${ROUTE}?${query}${cursor ? `${separator}nextPageCursor=${encodeURIComponent(cursor)}` : ''}`,
      ROUTE,
      200,
      { key: as },
    );
    ids.push(...page.data.map((alert: { id: number }) => alert.id));
    cursor = page.pagination.nextPageCursor;
  } while (cursor);
  return ids;
}

const aIds = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => seeded[`a${to - 1 - i}`]!);

describe('GET /api/alerts', () => {
  it("lists the organization's unmuted alerts newest first, 50 a page, with their names and objects", async () => {
    const first = await call('GET', ROUTE, ROUTE, 200);
    expect(first.data).toHaveLength(50);
    expect(first.pagination.hasNextPage).toBe(true);
    expect(first.data[0]).toEqual({
      id: seeded.siteB,
      type: 'offlineCharger',
      severity: 'critical',
      startTimestamp: at(101),
      detectedTimestamp: at(101),
      endTimestamp: null,
      muted: false,
      acknowledgedAt: null,
      acknowledgedBy: null,
      offlineCharger: { thresholdMinutes: 10 },
      lowBattery: null,
      chargingCompleted: null,
      chargingSessionError: null,
      lateCharging: null,
      chargerFaulted: null,
      profileDrift: null,
      securityEvent: null,
      certificateExpiring: null,
      chargerMonitor: null,
      chargingSession: null,
      vehicle: null,
      site: { id: siteB.siteId, name: 'Depot' },
      charger: { id: siteB.chargerId, name: `Charger ${siteB.chargerId}` },
      port: null,
    });
    expect(first.data[1]).toMatchObject({
      id: seeded.fault,
      type: 'chargerFaulted',
      chargerFaulted: {
        ocppErrorCode: 'GroundFailure',
        ocppVendorErrorCode: null,
        ocppInfo: null,
        faultedSince: at(94),
      },
      offlineCharger: null,
      port: { id: tenant.chargers[1]!.ports[0]!.id, name: 'Port 1' },
    });
    expect(first.data[2]).toMatchObject({ id: seeded.a54, endTimestamp: null });
    expect(first.data[3]).toMatchObject({ id: seeded.a53, endTimestamp: at(53.5) });
    expect(await listIds()).toEqual([seeded.siteB, seeded.fault, ...aIds(0, 55)]);
  });

  it('filters: startTimestampAfter (strictly after), includeMuted, types, active, siteIds, chargerIds, alertRecipientIds', async () => {
    expect(await listIds(`startTimestampAfter=${at(52)}`)).toEqual([
      seeded.siteB,
      seeded.fault,
      seeded.a54,
      seeded.a53,
    ]);
    expect(
      await listIds(`startTimestampAfter=${encodeURIComponent('2026-10-31T20:00:00-04:00')}&types=chargerFaulted`),
    ).toEqual([seeded.fault]);
    // The fault was raised at 01:40 itself: not after it.
    expect(await listIds('includeMuted=true&startTimestampAfter=2026-11-01T01:40:00Z')).toEqual([
      seeded.muted,
      seeded.siteB,
    ]);
    expect(await listIds('includeMuted=false&startTimestampAfter=2026-11-01T01:39:59Z')).toEqual([
      seeded.siteB,
      seeded.fault,
    ]);
    expect(await listIds('types=chargerFaulted&types=offlineCharger&active=true')).toEqual([
      seeded.siteB,
      seeded.fault,
      seeded.a54,
    ]);
    expect(await listIds('types[]=offlineCharger&active=false')).toEqual(aIds(0, 54));
    expect(await listIds(`siteIds=${siteB.siteId}`)).toEqual([seeded.siteB]);
    expect(await listIds(`chargerIds=${tenant.chargers[1]!.id}&includeMuted=true`)).toEqual([
      seeded.muted,
      seeded.fault,
    ]);
    expect(await listIds(`chargerIds=${tenant.chargers[1]!.id}&chargerIds=${siteB.chargerId}`)).toEqual([
      seeded.siteB,
      seeded.fault,
    ]);
    expect(await listIds('alertRecipientIds=9')).toEqual([seeded.fault]);
    expect(await listIds('alertRecipientIds=8&alertRecipientIds=7')).toEqual([seeded.fault]);
    expect(await listIds('alertRecipientIds=8')).toEqual([]);
    expect(await listIds(`siteIds=${other.siteId}&chargerIds=${other.chargers[0]!.id}`)).toEqual([]);
  });

  it('a cursor is bound to its query: another filter with it is a 400', async () => {
    const first = await call('GET', ROUTE, ROUTE, 200);
    const cursor = encodeURIComponent(first.pagination.nextPageCursor);
    const problem = await call('GET', `${ROUTE}?types=offlineCharger&nextPageCursor=${cursor}`, ROUTE, 400);
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(['queryStringParameters.nextPageCursor']);
  });

  it('scoping: another organization sees none of them; a site-scoped key sees its site only', async () => {
    expect(await listIds('', other.apiKey)).toEqual([seeded.other]);
    expect(await listIds('includeMuted=true', siteB.apiKey)).toEqual([seeded.siteB]);
    expect(await listIds(`siteIds=${tenant.siteId}`, siteB.apiKey)).toEqual([]);
  });
});

describe('GET /api/alerts/{id}', () => {
  it("answers one alert, muted ones too; another organization's or site's is a 404", async () => {
    const one = await call('GET', `${ROUTE}/${seeded.muted}`, `${ROUTE}/{id}`, 200);
    expect(one.data).toMatchObject({ id: seeded.muted, muted: true, type: 'offlineCharger' });
    await call('GET', `${ROUTE}/${seeded.other}`, `${ROUTE}/{id}`, 404);
    await call('GET', `${ROUTE}/${seeded.fault}`, `${ROUTE}/{id}`, 404, { key: siteB.apiKey });
    await call('GET', `${ROUTE}/${seeded.siteB}`, `${ROUTE}/{id}`, 200, { key: siteB.apiKey });
    await call('GET', `${ROUTE}/999999999`, `${ROUTE}/{id}`, 404);
  });
});

describe('POST /api/alerts/{id}/acknowledge', () => {
  const ack = (id: number, status: number, as?: string) =>
    call('POST', `${ROUTE}/${id}/acknowledge`, `${ROUTE}/{id}/acknowledge`, status, { key: as });

  it("records the key's name and the time once: a second acknowledgement answers the first", async () => {
    const named = await createApiKey(stack.db, {
      organizationId: tenant.organizationId,
      scope: 'organization',
      name: 'Night shift console',
    });
    const before = Date.now();
    const first = (await ack(seeded.a10!, 200, named.apiKey)).data;
    expect(first).toMatchObject({ id: seeded.a10, acknowledgedBy: 'Night shift console', severity: 'critical' });
    expect(Date.parse(first.acknowledgedAt)).toBeGreaterThanOrEqual(before - 1000);
    // Another key later: the first acknowledgement stands.
    const again = (await ack(seeded.a10!, 200)).data;
    expect(again).toEqual(first);
    expect((await call('GET', `${ROUTE}/${seeded.a10}`, `${ROUTE}/{id}`, 200)).data).toEqual(first);
    // Concurrent acknowledgements of one alert: one of them is recorded, every answer says the same.
    const answers = await Promise.all([ack(seeded.a11!, 200), ack(seeded.a11!, 200, named.apiKey)]);
    expect(answers[0].data).toEqual(answers[1].data);
  });

  it('a key without a name is named by its ID', async () => {
    const unnamed = await createApiKey(stack.db, { organizationId: tenant.organizationId, scope: 'organization' });
    const alert = (await ack(seeded.a12!, 200, unnamed.apiKey)).data;
    expect(alert.acknowledgedBy).toBe(`API key ${unnamed.id}`);
  });

  it("another organization's or site's alert is a 404 and stays unacknowledged", async () => {
    await ack(seeded.fault!, 404, siteB.apiKey);
    await ack(seeded.other!, 404);
    await ack(999_999_999, 404);
    expect((await call('GET', `${ROUTE}/${seeded.fault}`, `${ROUTE}/{id}`, 200)).data.acknowledgedAt).toBeNull();
    expect(
      (await call('GET', `${ROUTE}/${seeded.other}`, `${ROUTE}/{id}`, 200, { key: other.apiKey })).data,
    ).toMatchObject({ acknowledgedAt: null, acknowledgedBy: null });
  });

  it('filters by severity and acknowledgement', async () => {
    await ack(seeded.a20!, 200);
    const acknowledged = await listIds('acknowledged=true');
    expect(acknowledged).toContain(seeded.a20);
    expect(await listIds('acknowledged=false')).not.toContain(seeded.a20);
    expect(await listIds('severities=critical&active=true&acknowledged=false')).toEqual([
      seeded.siteB,
      seeded.fault,
      seeded.a54,
    ]);
    expect(await listIds('severities=info')).toEqual([]);
    expect(await listIds('severities[]=warning&severities[]=info')).toEqual([]);
  });
});

describe('alert settings', () => {
  it('reads the defaults, changes some, keeps the others; other organizations keep theirs', async () => {
    const fresh = await createTenant(stack, []);
    const as = fresh.apiKey;
    expect((await call('GET', SETTINGS, SETTINGS, 200, { key: as })).data).toEqual(ALERT_SETTINGS_DEFAULTS);
    const body = { alertSettings: { offlineThresholdMinutes: 30, lowBatterySocPercent: 15 } };
    const changed = (await call('PATCH', SETTINGS, SETTINGS, 200, { key: as, body })).data;
    expect(changed).toEqual({ ...ALERT_SETTINGS_DEFAULTS, offlineThresholdMinutes: 30, lowBatterySocPercent: 15 });
    const again = { alertSettings: { offlineClearAfterMinutes: 1 } };
    await call('PATCH', SETTINGS, SETTINGS, 200, { key: as, body: again });
    expect((await call('GET', SETTINGS, SETTINGS, 200, { key: as })).data).toEqual({
      ...changed,
      offlineClearAfterMinutes: 1,
    });
    expect((await call('GET', SETTINGS, SETTINGS, 200, { key: other.apiKey })).data).toEqual(ALERT_SETTINGS_DEFAULTS);
  });

  it('two concurrent PATCHes of different settings keep both, every time (first change and later ones)', async () => {
    for (let round = 0; round < 10; round++) {
      const { apiKey } = await createTenant(stack, []);
      const patch = (alertSettings: object) =>
        call('PATCH', SETTINGS, SETTINGS, 200, { key: apiKey, body: { alertSettings } });
      // The organization's first change (nothing stored yet), then one over stored settings.
      await Promise.all([patch({ offlineThresholdMinutes: 30 + round }), patch({ lowBatterySocPercent: 30 + round })]);
      await Promise.all([
        patch({ chargerFaultedGraceMinutes: 40 + round }),
        patch({ lateChargingMarginMinutes: 40 + round }),
      ]);
      expect((await call('GET', SETTINGS, SETTINGS, 200, { key: apiKey })).data, `round ${round}`).toEqual({
        ...ALERT_SETTINGS_DEFAULTS,
        offlineThresholdMinutes: 30 + round,
        lowBatterySocPercent: 30 + round,
        chargerFaultedGraceMinutes: 40 + round,
        lateChargingMarginMinutes: 40 + round,
      });
    }
  });

  it('a site-scoped key reads them and cannot change them', async () => {
    await call('GET', SETTINGS, SETTINGS, 200, { key: siteB.apiKey });
    const body = { alertSettings: { offlineThresholdMinutes: 30 } };
    const problem = await call('PATCH', SETTINGS, SETTINGS, 400, { key: siteB.apiKey, body });
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(['headers.authorization']);
  });
});

describe('bad input: 400 naming the field, nothing stored', () => {
  it.each([
    ['?startTimestampAfter=yesterday', 'startTimestampAfter'],
    ['?startTimestampAfter=2026-11-01T00:00:00', 'startTimestampAfter'],
    ['?includeMuted=yes', 'includeMuted'],
    ['?active=1', 'active'],
    ['?types=offline', 'types'],
    ['?types=offlineCharger&types=nope', 'types'],
    ['?types[]=lowbattery', 'types[]'],
    ['?siteIds=0', 'siteIds'],
    ['?chargerIds=abc', 'chargerIds'],
    ['?alertRecipientIds=-1', 'alertRecipientIds'],
    ['?organizationIds=1', 'organizationIds'],
    ['?nextPageCursor=bogus', 'nextPageCursor'],
    ['?severities=urgent', 'severities'],
    ['?severities[]=Critical', 'severities[]'],
    ['?acknowledged=maybe', 'acknowledged'],
  ])('GET %s', async (query, parameter) => {
    const problem = await call('GET', `${ROUTE}${query}`, ROUTE, 400);
    expect(problem.errors.map((e: { path: string }) => e.path)).toContain(`queryStringParameters.${parameter}`);
  });

  it.each(['0', 'abc', '1.5', '-1', '1234567890123456'])('the ID %s', async (id) => {
    const problem = await call('GET', `${ROUTE}/${id}`, `${ROUTE}/{id}`, 400);
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(['pathParameters.id']);
  });

  it.each(['0', 'abc', '-1'])('acknowledging the ID %s', async (id) => {
    const problem = await call('POST', `${ROUTE}/${id}/acknowledge`, `${ROUTE}/{id}/acknowledge`, 400);
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(['pathParameters.id']);
  });

  it.each([
    [
      'a threshold of 0',
      { alertSettings: { offlineThresholdMinutes: 0 } },
      'body.alertSettings.offlineThresholdMinutes',
    ],
    [
      'a threshold of 4',
      { alertSettings: { offlineThresholdMinutes: 4 } },
      'body.alertSettings.offlineThresholdMinutes',
    ],
    [
      'a day and a minute',
      { alertSettings: { chargerFaultedGraceMinutes: 1441 } },
      'body.alertSettings.chargerFaultedGraceMinutes',
    ],
    [
      'a fraction',
      { alertSettings: { lateChargingMarginMinutes: 1.5 } },
      'body.alertSettings.lateChargingMarginMinutes',
    ],
    ['a SoC of 100', { alertSettings: { lowBatterySocPercent: 100 } }, 'body.alertSettings.lowBatterySocPercent'],
    ['a SoC of 0', { alertSettings: { lowBatterySocPercent: 0 } }, 'body.alertSettings.lowBatterySocPercent'],
    ['a text', { alertSettings: { offlineClearAfterMinutes: '5' } }, 'body.alertSettings.offlineClearAfterMinutes'],
    ['null', { alertSettings: { offlineClearAfterMinutes: null } }, 'body.alertSettings.offlineClearAfterMinutes'],
    ['an unknown setting', { alertSettings: { emailEveryone: true } }, 'body.alertSettings.emailEveryone'],
    ['no setting', { alertSettings: {} }, 'body.alertSettings'],
    ['no alertSettings', { offlineThresholdMinutes: 10 }, 'body.offlineThresholdMinutes'],
  ])('PATCH with %s', async (_, body, field) => {
    const before = (await call('GET', SETTINGS, SETTINGS, 200)).data;
    const problem = await call('PATCH', SETTINGS, SETTINGS, 400, { body });
    expect(problem.errors.map((e: { path: string }) => e.path)).toContain(field);
    expect((await call('GET', SETTINGS, SETTINGS, 200)).data).toEqual(before);
  });
});
