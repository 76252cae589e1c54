/**
 * A vehicle's readings make its site plan again, through the table's change stream as on AWS (the
 * trigger's filter passes `portReadings` items): a van's first SoC reading (OCPP 1.6 MeterValues
 * from a strict-mode client) is in the next stored allocation, well before the 5-minute schedule.
 * A van's telematics state pushed through the API (`POST /api/vehicles/state`) does the same: its
 * SoC and battery become the need, and the allocation read names them as telematics'.
 * Which readings trigger and which do not is unit-tested (`test/unit/site-power/reading-triggers.test.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../../lib/local/stack';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { pollUntil } from '../support/ocpp';
import { connectSmartCharger, type SmartCharger } from '../support/smart-charger';

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
      ],
    },
  ]);
  charger = await connectSmartCharger(stack, ocppId, 'ocpp1.6', 2, { rateUnits: ['A'] });
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
});
