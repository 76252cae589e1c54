/**
 * A vehicle's readings make its site plan again, through the table's change stream as on AWS (the
 * trigger's filter passes `portReadings` items): a van's first SoC reading (OCPP 1.6 MeterValues
 * from a strict-mode client) is in the next stored allocation, well before the 5-minute schedule.
 * A van's telematics state pushed through the API (`POST /api/vehicles/state`) does the same: its
 * SoC and battery become the need, and the allocation read names them as telematics'. A card's
 * past sessions at the site make a forecast of its session's departure and energy (`history`), and
 * a driver's estimate (`PUT /api/ports/{portId}/driver-estimate`) plans it again (`driver`) and is
 * kept on the session's history record when it ends; the route refuses nonsense and stores nothing.
 * Which readings trigger and which do not is unit-tested (`test/unit/site-power/reading-triggers.test.ts`).
 * A vehicle state's request for a site is not counted while a run that began after the state was
 * stored holds the site's lease (`requestAllocation`'s conditional write, on this file's table).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../lib/local/stack';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { pollUntil } from '../support/ocpp';
import { connectSmartCharger, type SmartCharger } from '../support/smart-charger';
import {
  acquireLease,
  finishRun,
  LEASE_MS,
  READ_MARGIN_MS,
  requestAllocation,
} from '../../../shared/site-power/allocation-state';

let stack: LocalStack;
let tenant: Tenant;
let charger: SmartCharger;

beforeAll(async () => {
  stack = await startTestStack({ smartCharging: true });
  const ocppId = uniqueOcppId('SOC');
  tenant = await createTenant(stack, [
    {
      ocppId,
      name: 'L2',
      type: 'Level 2',
      ports: [
        { connectorType: 'J1772', maximumPowerKw: 11 },
        { connectorType: 'J1772', maximumPowerKw: 11 },
        { connectorType: 'J1772', maximumPowerKw: 11 },
      ],
    },
  ]);
  charger = await connectSmartCharger(stack, ocppId, 'ocpp1.6', 3, { rateUnits: ['A'] });
});
afterAll(async () => {
  await charger?.close();
  await stack?.close();
});

/** The site's stored allocation (consistent read). */
const stored = async () => (await stack.db.siteAllocation.get({ siteId: tenant.siteId }).go({ consistent: true })).data;

/** One 1.6 MeterValues of port 1's transaction: power, and SoC when given. */
async function meterValues(transactionId: string, powerW: number, socPercent?: number): Promise<void> {
  const sampledValue = [
    { value: String(powerW), measurand: 'Power.Active.Import', unit: 'W' },
    ...(socPercent !== undefined ? [{ value: String(socPercent), measurand: 'SoC', unit: 'Percent' }] : []),
  ];
  await charger.client.call('MeterValues', {
    connectorId: 1,
    transactionId: Number(transactionId),
    meterValue: [{ timestamp: new Date().toISOString(), sampledValue }],
  });
}

describe("a vehicle's readings", () => {
  it("plan the site again at the van's first SoC reading", async () => {
    const limit = await api(stack, `/api/site/${tenant.siteId}/limits`, {
      key: tenant.apiKey,
      method: 'POST',
      body: { sitePowerLimitSchedule: { type: 'cost', limit: 30_000, chargingRateUnit: 'W' } },
    });
    expect(limit.status).toBe(201);
    const transactionId = await charger.start(1, 'VAN-1', 7_000);
    const first = await pollUntil(stored, (a) => a?.ports.length === 1, 'an allocation of the session');
    expect(first!.ports[0]!.socPercent).toBeUndefined();

    // A reading without SoC, then the first SoC reading, which the next allocation holds.
    await meterValues(transactionId, 7_000);
    await meterValues(transactionId, 7_000, 42);
    const withSoc = await pollUntil(stored, (a) => a?.ports[0]?.socPercent === 42, 'an allocation that knows the SoC');
    expect(withSoc!.sequence).toBeGreaterThan(first!.sequence);
    const readings = (await stack.db.portReadings.scan.go({ pages: 'all' })).data.find(
      (r) => r.chargerId === tenant.chargers[0]!.id,
    );
    expect(readings?.siteId).toBe(tenant.siteId);
  });

  it("plan the site again at a van's telematics state, its need from the pushed SoC and battery", async () => {
    const call = (path: string, body: object) => api(stack, path, { key: tenant.apiKey, method: 'POST', body });
    const van = await call('/api/vehicles', { vehicle: { name: 'Tele Van', accessIds: [{ ocppIdTag: 'TELE-VAN' }] } });
    const vehicleId = van.body.vehicle.id as number;
    const departureTime = new Date(Date.now() + 2 * 3_600_000).toISOString();
    await call('/api/departure-times/vehicle', { vehicleId, departureTimes: [{ departureTime, targetSoc: 90 }] });
    await charger.start(2, 'TELE-VAN', 7_000);
    const line = (a: Awaited<ReturnType<typeof stored>>) => a?.ports.find((p) => p.vehicleId === vehicleId);
    // The charger reports no SoC: the plan knows no need for the van.
    const before = await pollUntil(stored, (a) => line(a) !== undefined, "an allocation of the van's session");
    expect(line(before)!.energyNeededWh).toBeUndefined();

    const pushed = await call('/api/vehicles/state', {
      vehicleId,
      socPercent: 40,
      batteryCapacityKwh: 60,
      timestamp: new Date().toISOString(),
      source: 'test-telematics',
    });
    expect(pushed.body.outcome).toBe('stored');
    const after = await pollUntil(stored, (a) => line(a)?.socPercent === 40, 'an allocation that knows the SoC');
    expect(after!.sequence).toBeGreaterThan(before!.sequence);
    const view = await api(stack, `/api/site/${tenant.siteId}/power-allocation`, { key: tenant.apiKey });
    expect(view.body.data.ports.find((p: { vehicleId: number }) => p.vehicleId === vehicleId)).toMatchObject({
      socPercent: 40,
      socSource: 'telematics',
      batteryCapacityWh: 60_000,
      batteryCapacitySource: 'telematics',
      targetSoc: 90,
      energyNeededWh: 30_000,
    });
  });

  it("forecast a card's session from its past sessions, then plan with its driver's estimate", async () => {
    const HOUR = 3_600_000;
    const now = Date.now();
    // Three past sessions of the card at the site, each staying 5 h and taking 12 kWh.
    for (const days of [1, 2, 3]) {
      const start = now - days * 24 * HOUR - 10 * 60_000;
      const end = new Date(start + 5 * HOUR).toISOString();
      await stack.db.sessionRecordByEnd
        .put({
          sessionId: 990_000 + days,
          organizationId: tenant.organizationId,
          siteId: tenant.siteId,
          chargerId: tenant.chargers[0]!.id,
          portId: tenant.chargers[0]!.ports[2]!.id,
          portNumber: 3,
          ocppTransactionId: String(990_000 + days),
          ocppProtocol: 'ocpp1.6',
          status: 'Completed',
          startTime: new Date(start).toISOString(),
          endTime: end,
          endKey: end,
          idTag: 'HIST-CARD',
          energyDeliveredKwh: 12,
          updatedAt: end,
        })
        .go();
    }
    const transactionId = await charger.start(3, 'HIST-CARD', 7_000);
    const portId = tenant.chargers[0]!.ports[2]!.id;
    type Line = { portId: number; departureTime: string; departureSource: string; energySource: string | null };
    const view = async () =>
      (await api(stack, `/api/site/${tenant.siteId}/power-allocation`, { key: tenant.apiKey })).body.data as {
        computedAt: string;
        ports: Line[];
      };
    const line = (a: Awaited<ReturnType<typeof view>>) => a.ports.find((p) => p.portId === portId);
    const forecast = await pollUntil(view, (a) => line(a) !== undefined, "an allocation of the card's session");
    const session = (await stack.db.port.get({ chargerId: tenant.chargers[0]!.id, portNumber: 3 }).go()).data!
      .currentChargingSession!;
    expect(line(forecast)).toMatchObject({ departureSource: 'history', energySource: 'history' });
    // The similar sessions are kept on the port for the later runs (which read no history).
    const kept = (await stack.db.port.get({ chargerId: tenant.chargers[0]!.id, portNumber: 3 }).go()).data!.forecast;
    expect(kept).toMatchObject({
      sessionId: session.sessionId,
      basis: 'card',
      staysMs: [5 * HOUR, 5 * HOUR, 5 * HOUR],
    });
    expect(Date.parse(line(forecast)!.departureTime)).toBe(Date.parse(session.startTime) + 5 * HOUR);

    const put = (driverEstimate: object) =>
      api(stack, `/api/ports/${portId}/driver-estimate`, {
        key: tenant.apiKey,
        method: 'PUT',
        body: { driverEstimate },
      });
    for (const [bad, field] of [
      [{}, 'departureTime'],
      [{ energyKwh: -5 }, 'body.driverEstimate.energyKwh'],
      [{ departureTime: '2020-01-01T00:00:00Z' }, 'departureTime'],
      [{ departureTime: '2099-01-01T10:00' }, 'body.driverEstimate.departureTime'],
    ] as const) {
      const refused = await put(bad);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(field);
    }
    expect(
      (await stack.db.port.get({ chargerId: tenant.chargers[0]!.id, portNumber: 3 }).go()).data!.driverEstimate,
    ).toBeUndefined();

    const departureTime = new Date(now + 90 * 60_000).toISOString();
    const entered = await put({ departureTime, energyKwh: 20 });
    expect(entered.status).toBe(200);
    expect(entered.body.driverEstimate).toMatchObject({ portId, departureTime, energyKwh: 20 });
    const planned = await pollUntil(
      view,
      (a) => line(a)?.departureSource === 'driver',
      "a plan with the driver's estimate",
    );
    expect(Date.parse(planned.computedAt)).toBeGreaterThan(Date.parse(forecast.computedAt));
    expect(line(planned)).toMatchObject({ departureTime, energySource: 'driver' });

    // The session's history record keeps the driver's estimate: the forecast learns how the site's drivers' turn out.
    await charger.client.call('StopTransaction', {
      transactionId: Number(transactionId),
      meterStop: 9_000,
      timestamp: new Date().toISOString(),
    });
    const ended = await pollUntil(
      async () => (await stack.db.sessionRecord.get({ sessionId: session.sessionId }).go({ consistent: true })).data,
      (r) => r?.status === 'Completed',
      'the ended session on its history record',
    );
    expect(ended).toMatchObject({ driverDepartureTime: departureTime, driverEnergyKwh: 20 });
  });
});

describe("a vehicle state's request to allocate a site", () => {
  /** A site of its own per test (no site item: the allocation state alone, which triggers nothing). */
  let nextSite = 900_000;
  const T = Date.parse('2026-12-05T10:00:00Z');
  const requested = async (siteId: number) =>
    (await stack.db.siteAllocationState.get({ siteId }).go({ consistent: true })).data?.requested ?? 0;

  it('is counted and starts a run when no run holds the site, with or without a stored-at', async () => {
    const siteId = nextSite++;
    expect(await requestAllocation(stack.db, siteId, T, T - 5_000)).toBe(true);
    expect(await requested(siteId)).toBe(1);
    expect(await requestAllocation(stack.db, siteId, T)).toBe(true);
    expect(await requested(siteId)).toBe(2);
  });

  it('is not counted while a run that took the lease after the state was stored runs: it reads the state', async () => {
    const siteId = nextSite++;
    const leaseAt = T;
    expect(await acquireLease(stack.db, siteId, 'run-1', leaseAt)).toBe(0);
    const storedAt = leaseAt - READ_MARGIN_MS - 1;
    expect(await requestAllocation(stack.db, siteId, leaseAt + 5_000, storedAt)).toBe(false);
    expect(await requested(siteId)).toBe(0);
    // A trigger without a stored-at (a session, a limit) is counted for the run to run again.
    expect(await requestAllocation(stack.db, siteId, leaseAt + 5_000)).toBe(false);
    expect(await requested(siteId)).toBe(1);
  });

  it('is counted for the running run to run again when stored after its start, or within the margin of it', async () => {
    const siteId = nextSite++;
    const leaseAt = T;
    await acquireLease(stack.db, siteId, 'run-1', leaseAt);
    expect(await requestAllocation(stack.db, siteId, leaseAt + 5_000, leaseAt - READ_MARGIN_MS)).toBe(false);
    expect(await requested(siteId)).toBe(1);
    expect(await requestAllocation(stack.db, siteId, leaseAt + 5_000, leaseAt + 2_000)).toBe(false);
    expect(await requested(siteId)).toBe(2);
    // The run sees new requests and runs again from a renewed lease, which reads both states.
    expect(await finishRun(stack.db, siteId, 'run-1', 0, leaseAt + 10_000)).toEqual({ outcome: 'again', requested: 2 });
    expect(await requestAllocation(stack.db, siteId, leaseAt + 12_000, leaseAt + 2_000)).toBe(false);
    expect(await requested(siteId)).toBe(2);
  });

  it('is counted and starts a run once the lease lapsed (its run crashed) or was released', async () => {
    const lapsed = nextSite++;
    await acquireLease(stack.db, lapsed, 'crashed', T);
    expect(await requestAllocation(stack.db, lapsed, T + LEASE_MS, T - 5_000)).toBe(true);
    expect(await requested(lapsed)).toBe(1);
    const released = nextSite++;
    await acquireLease(stack.db, released, 'run-1', T);
    expect(await finishRun(stack.db, released, 'run-1', 0, T + 1_000)).toEqual({ outcome: 'released' });
    expect(await requestAllocation(stack.db, released, T + 2_000, T - 5_000)).toBe(true);
    expect(await requested(released)).toBe(1);
  });
});
