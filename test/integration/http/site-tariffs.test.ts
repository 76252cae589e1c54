/**
 * Site tariffs on the local stack: `PUT|GET|DELETE /api/sites/{siteId}/tariff` with their OpenAPI
 * schemas, every refused input answered 400 naming the field with nothing stored, scoping, the
 * older time-of-use periods a tariff replaces, the charging sessions' energy split by the tariff's
 * period names (a real OCPP 1.6 session), and the allocation's read of the site's partition.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { responseValidator } from '../../support/openapi';
import { createApiKey } from '../../../shared/api/api-keys';
import { createSite } from '../../../shared/chargers/sites';
import { parseTouPeriod } from '../../../shared/history/tou';
import { requestCounts, totalRequests } from '../../../shared/db';
import { readSiteSnapshot } from '../../../shared/site-power/site-snapshot';

let stack: LocalStack;
let tenant: Tenant;
let other: Tenant;
let validate: ReturnType<typeof responseValidator>;
const ocppId = uniqueOcppId('TAR');

beforeAll(async () => {
  stack = await startTestStack();
  [tenant, other] = await Promise.all([
    createTenant(stack, [{ ocppId, name: 'Yard L2', type: 'Level 2', ports: [{ connectorType: 'J1772' }] }]),
    createTenant(stack),
  ]);
  validate = responseValidator((await api(stack, '/api/openapi.json')).body);
});
afterAll(async () => stack?.close());

const WEEKDAYS = [1, 2, 3, 4, 5];
/** Off-peak all week but weekday afternoons (given out of order: the answer sorts them). */
const prices = () => [
  { name: 'offPeak', daysOfWeek: [7, 6], startTime: '00:00', endTime: '24:00', pricePerKwh: 0.12 },
  { name: 'onPeak', daysOfWeek: WEEKDAYS, startTime: '16:00', endTime: '21:00', pricePerKwh: 0.45 },
  { name: 'offPeak', daysOfWeek: WEEKDAYS, startTime: '00:00', endTime: '16:00', pricePerKwh: 0.12 },
  { name: 'offPeak', daysOfWeek: WEEKDAYS, startTime: '21:00', endTime: '24:00', pricePerKwh: -0.015 },
];
const tariffPath = (siteId: number | string) => `/api/sites/${siteId}/tariff`;
const putTariff = (siteId: number | string, tariff: unknown, key = tenant.apiKey) =>
  api(stack, tariffPath(siteId), { key, method: 'PUT', body: { tariff } });
const getTariff = (siteId: number | string, key = tenant.apiKey) => api(stack, tariffPath(siteId), { key });
const deleteTariff = (siteId: number | string, key = tenant.apiKey) =>
  api(stack, tariffPath(siteId), { key, method: 'DELETE' });
/** A new site of the tenant (America/Los_Angeles). */
const newSite = async () =>
  (
    await createSite(stack.db, {
      organizationId: tenant.organizationId,
      name: `Tariff yard ${Math.random()}`,
      timezone: 'America/Los_Angeles',
    })
  ).id;

describe('PUT, GET and DELETE /api/sites/{siteId}/tariff', () => {
  it('stores the tariff and answers it with the periods sorted by first day then start, in the site time zone', async () => {
    const siteId = await newSite();
    const tariff = {
      currency: 'USD',
      timezone: 'America/Los_Angeles',
      energyPrices: prices(),
      demandCharge: { pricePerKw: 15.51 },
    };
    const put = await putTariff(siteId, tariff);
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      tariff: {
        siteId,
        currency: 'USD',
        timezone: 'America/Los_Angeles',
        energyPrices: [prices()[2], prices()[1], prices()[3], { ...prices()[0], daysOfWeek: [6, 7] }],
        demandCharge: { pricePerKw: 15.51, billingPeriod: 'month' },
        userEmail: expect.stringMatching(/^API key \d+$/),
        updatedAt: expect.any(String),
      },
    });
    expect(validate('/api/sites/{siteId}/tariff', 'PUT', 200, put.body)).toEqual([]);
    const got = await getTariff(siteId);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(put.body);
    expect(validate('/api/sites/{siteId}/tariff', 'GET', 200, got.body)).toEqual([]);
  });

  it('replaces the tariff whole; without a demand charge it answers null; the time zone may be left out', async () => {
    const siteId = await newSite();
    await putTariff(siteId, { currency: 'USD', energyPrices: prices(), demandCharge: { pricePerKw: 9 } });
    const flat = { name: 'flat', daysOfWeek: [1, 2, 3, 4, 5, 6, 7], startTime: '00:00', endTime: '24:00' };
    const put = await putTariff(siteId, { currency: 'EUR', energyPrices: [{ ...flat, pricePerKwh: 0.3 }] });
    expect(put.status).toBe(200);
    expect((await getTariff(siteId)).body.tariff).toMatchObject({
      currency: 'EUR',
      timezone: 'America/Los_Angeles',
      energyPrices: [{ ...flat, pricePerKwh: 0.3 }],
      demandCharge: null,
    });
    const nullDemand = await putTariff(siteId, {
      currency: 'EUR',
      energyPrices: [{ ...flat, pricePerKwh: 0.3 }],
      demandCharge: null,
    });
    expect(nullDemand.body.tariff.demandCharge).toBeNull();
  });

  it('keeps the stored version when a PUT is identical (rows in any order), a new one when anything differs', async () => {
    const siteId = await newSite();
    const tariff = { currency: 'USD', energyPrices: prices(), demandCharge: { pricePerKw: 9 } };
    const first = await putTariff(siteId, tariff);
    expect(first.status).toBe(200);
    const same = await putTariff(siteId, { ...tariff, energyPrices: [...prices()].reverse() });
    expect(same.status).toBe(200);
    // Answered as stored, its updatedAt unchanged.
    expect(same.body).toEqual(first.body);
    expect(validate('/api/sites/{siteId}/tariff', 'PUT', 200, same.body)).toEqual([]);
    // Each field makes another version: the demand charge, its removal, a price, the currency.
    const changes = [
      { ...tariff, demandCharge: { pricePerKw: 9.5 } },
      { ...tariff, demandCharge: null },
      { ...tariff, demandCharge: null, energyPrices: prices().map((p, i) => (i ? p : { ...p, pricePerKwh: 0.13 })) },
      {
        ...tariff,
        demandCharge: null,
        currency: 'EUR',
        energyPrices: prices().map((p, i) => (i ? p : { ...p, pricePerKwh: 0.13 })),
      },
    ];
    let previous = first.body.tariff.updatedAt;
    for (const change of changes) {
      const put = await putTariff(siteId, change);
      expect(put.status).toBe(200);
      expect(put.body.tariff.updatedAt > previous).toBe(true);
      previous = put.body.tariff.updatedAt;
    }
    expect((await putTariff(siteId, changes.at(-1))).body.tariff.updatedAt).toBe(previous);
  });

  it('answers 404 with a clear message for a site without a tariff; DELETE answers 204, then 404', async () => {
    const siteId = await newSite();
    const none = await getTariff(siteId);
    expect(none.status).toBe(404);
    expect(none.body.detail).toBe(`Site ${siteId} has no tariff`);
    expect(validate('/api/sites/{siteId}/tariff', 'GET', 404, none.body, 'application/problem+json')).toEqual([]);
    await putTariff(siteId, { currency: 'USD', energyPrices: prices() });
    const deleted = await deleteTariff(siteId);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect(validate('/api/sites/{siteId}/tariff', 'DELETE', 204, deleted.body)).toEqual([]);
    expect((await getTariff(siteId)).status).toBe(404);
    expect((await deleteTariff(siteId)).status).toBe(404);
  });

  it("removes the site's older time-of-use periods when a tariff is written", async () => {
    const siteId = await newSite();
    const touPeriods = [parseTouPeriod('peak=16:00-21:00/Mon-Fri')];
    await stack.db.site.patch({ siteId }).set({ touPeriods }).go();
    expect((await putTariff(siteId, { currency: 'USD', energyPrices: prices() })).status).toBe(200);
    expect((await stack.db.site.get({ siteId }).go({ consistent: true })).data?.touPeriods).toBeUndefined();
  });
});

describe('scoping', () => {
  it("answers 404 for another organization's site or an unknown one, and changes nothing there", async () => {
    const theirs = await putTariff(other.siteId, { currency: 'USD', energyPrices: prices() }, other.apiKey);
    expect(theirs.status).toBe(200);
    const foreign = [
      await getTariff(other.siteId),
      await putTariff(other.siteId, { currency: 'EUR', energyPrices: prices() }),
      await deleteTariff(other.siteId),
      await getTariff(987_654_321),
      await putTariff(987_654_321, { currency: 'EUR', energyPrices: prices() }),
    ];
    for (const answer of foreign) {
      expect(answer.status).toBe(404);
      expect(answer.body.detail).toMatch(/^Site \d+ not found$/);
    }
    expect((await getTariff(other.siteId, other.apiKey)).body).toEqual(theirs.body);
  });

  it('lets a site-scoped key reach only its own site', async () => {
    const own = await newSite();
    const { apiKey } = await createApiKey(stack.db, {
      organizationId: tenant.organizationId,
      scope: 'site',
      siteId: own,
    });
    expect((await putTariff(own, { currency: 'USD', energyPrices: prices() }, apiKey)).status).toBe(200);
    expect((await getTariff(own, apiKey)).status).toBe(200);
    expect((await putTariff(tenant.siteId, { currency: 'USD', energyPrices: prices() }, apiKey)).status).toBe(404);
    expect((await deleteTariff(tenant.siteId, apiKey)).status).toBe(404);
  });
});

describe('bad input', () => {
  let siteId: number;
  beforeAll(async () => {
    siteId = await newSite();
    await putTariff(siteId, { currency: 'USD', energyPrices: prices(), demandCharge: { pricePerKw: 12 } });
  });

  const tariff = (fields: Record<string, unknown>) => ({ currency: 'USD', energyPrices: prices(), ...fields });
  const quarterHours = () =>
    Array.from({ length: 97 }, (_, i) => {
      const at = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      // 96 quarter hours on Mondays, the last one split in two.
      const start = i < 96 ? i * 15 : 1435;
      const end = i < 95 ? start + 15 : i === 95 ? 1435 : 1440;
      return { name: `q${i}`, daysOfWeek: [1], startTime: at(start), endTime: at(end), pricePerKwh: 0.1 };
    });
  it.each<[string, unknown, string, RegExp?]>([
    [
      'a gap',
      { tariff: tariff({ energyPrices: prices().filter((p) => p.name !== 'onPeak') }) },
      'body.tariff.energyPrices',
      /Monday 16:00-21:00 is covered by no period/,
    ],
    [
      'an overlap',
      { tariff: tariff({ energyPrices: [...prices(), { ...prices()[1], daysOfWeek: [3], startTime: '20:00' }] }) },
      'body.tariff.energyPrices.4.startTime',
      /energyPrices\.4 \(onPeak 20:00-21:00\) overlaps energyPrices\.1 \(onPeak 16:00-21:00\) on Wednesday/,
    ],
    [
      'more than 96 periods a day',
      {
        tariff: tariff({
          energyPrices: [
            ...quarterHours(),
            ...prices().map((p) => ({ ...p, daysOfWeek: p.daysOfWeek.filter((d) => d !== 1) })),
          ],
        }),
      },
      'body.tariff.energyPrices',
      /Monday has 97 periods; at most 96 a day/,
    ],
    ['an unknown currency', { tariff: tariff({ currency: 'ABC' }) }, 'body.tariff.currency', /ISO 4217/],
    [
      'a negative demand charge',
      { tariff: tariff({ demandCharge: { pricePerKw: -2 } }) },
      'body.tariff.demandCharge.pricePerKw',
      /negative/,
    ],
    [
      'a time zone the site does not have',
      { tariff: tariff({ timezone: 'America/Chicago' }) },
      'body.tariff.timezone',
      /America\/Los_Angeles/,
    ],
    [
      'a period across midnight',
      { tariff: tariff({ energyPrices: [{ ...prices()[0], daysOfWeek: [1], startTime: '22:00', endTime: '06:00' }] }) },
      'body.tariff.energyPrices.0.endTime',
    ],
    [
      'a price with 7 decimals',
      { tariff: tariff({ energyPrices: [{ ...prices()[0], pricePerKwh: 0.1234567 }] }) },
      'body.tariff.energyPrices.0.pricePerKwh',
    ],
    ['an unknown field', { tariff: tariff({ tiers: [] }) }, 'body.tariff.tiers'],
    ['a body without the wrapper', tariff({}), 'body.tariff'],
    ['a null tariff', { tariff: null }, 'body.tariff'],
  ])('answers 400 naming the field for %s, and GET shows nothing changed', async (_name, body, path, message) => {
    const before = (await getTariff(siteId)).body;
    const { status, body: problem } = await api(stack, tariffPath(siteId), { key: tenant.apiKey, method: 'PUT', body });
    expect(status).toBe(400);
    expect(problem.errors.map((e: { path: string }) => e.path)).toContain(path);
    if (message) expect(problem.errors.find((e: { path: string }) => e.path === path).message).toMatch(message);
    expect(validate('/api/sites/{siteId}/tariff', 'PUT', 400, problem, 'application/problem+json')).toEqual([]);
    expect((await getTariff(siteId)).body).toEqual(before);
  });

  it('stores nothing for a site without a tariff either', async () => {
    const empty = await newSite();
    expect((await putTariff(empty, { currency: 'USD', energyPrices: prices().slice(1) })).status).toBe(400);
    expect((await getTariff(empty)).status).toBe(404);
  });

  it.each(['abc', '0', '1.5', '9'.repeat(16)])('answers 400 naming pathParameters.siteId for %s', async (id) => {
    for (const answer of [await getTariff(id), await putTariff(id, tariff({})), await deleteTariff(id)]) {
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].path).toBe('pathParameters.siteId');
    }
  });
});

describe("the sessions' time-of-use energy", () => {
  let charger: RPCClient;
  afterAll(async () => charger?.close());

  it("splits a session's energy by the tariff's period names and prices it", async () => {
    // The tenant's site is in America/Chicago: Monday 2026-11-23 15:30-16:30 CST is 21:30Z-22:30Z.
    expect((await putTariff(tenant.siteId, { currency: 'USD', energyPrices: prices() })).status).toBe(200);
    charger = await connectCharger(stack, ocppId, 'ocpp1.6');
    const started: any = await charger.call('StartTransaction', {
      connectorId: 1,
      idTag: 'TAG-TARIFF',
      meterStart: 0,
      timestamp: '2026-11-23T21:30:00.000Z',
    });
    await charger.call('StopTransaction', {
      transactionId: started.transactionId,
      meterStop: 10_000,
      timestamp: '2026-11-23T22:30:00.000Z',
      reason: 'EVDisconnected',
    });
    const path = `/api/charging-sessions?chargerIds[]=${tenant.chargers[0]!.id}&includeTouEnergy=true`;
    const { status, body } = await api(stack, path, { key: tenant.apiKey });
    expect(status).toBe(200);
    expect(body.data[0].touEnergy).toEqual([
      { period: 'offPeak', energyDeliveredKwh: 5 },
      { period: 'onPeak', energyDeliveredKwh: 5 },
    ]);
    // Its cost: 5 kWh of weekday offPeak before 16:00 at 0.12 (not the evening offPeak's -0.015,
    // which shares the name) and 5 kWh of onPeak at 0.45.
    expect(body.data[0].energyCost).toEqual({ amount: 2.85, currency: 'USD' });
    expect(validate('/api/charging-sessions', 'GET', 200, body)).toEqual([]);
    // Without a tariff the site has one period again; the session keeps the cost stored when it ended.
    expect((await deleteTariff(tenant.siteId)).status).toBe(204);
    const untariffed = (await api(stack, path, { key: tenant.apiKey })).body.data[0];
    expect(untariffed.touEnergy).toEqual([{ period: 'all', energyDeliveredKwh: 10 }]);
    expect(untariffed.energyCost).toEqual({ amount: 2.85, currency: 'USD' });
  });
});

describe("the allocation's read of the site", () => {
  it('returns the tariff in the site time zone with the limits, in one request of the site partition', async () => {
    const siteId = await newSite();
    await putTariff(siteId, { currency: 'USD', energyPrices: prices(), demandCharge: { pricePerKw: 15.51 } });
    await api(stack, `/api/site/${siteId}/limits`, {
      key: tenant.apiKey,
      method: 'POST',
      body: { sitePowerLimitSchedule: { type: 'cost', limit: 50_000, chargingRateUnit: 'W' } },
    });
    const before = new Map(requestCounts);
    const total = totalRequests();
    const snapshot = await readSiteSnapshot(stack.db, siteId, Date.now());
    // 1 Query of the site's partition, 1 Query of the organization's chargers: nothing charges.
    expect(totalRequests() - total).toBe(2);
    expect((requestCounts.get('Query') ?? 0) - (before.get('Query') ?? 0)).toBe(2);
    expect(snapshot?.site.siteId).toBe(siteId);
    expect(snapshot?.limits.cost?.limit).toBe(50_000);
    expect(snapshot?.tariff).toEqual({
      currency: 'USD',
      timeZone: 'America/Los_Angeles',
      energyPrices: (await getTariff(siteId)).body.tariff.energyPrices,
      demandChargePerKw: 15.51,
    });
    expect((await readSiteSnapshot(stack.db, tenant.siteId, Date.now()))?.tariff).toBeUndefined();
  });
});
