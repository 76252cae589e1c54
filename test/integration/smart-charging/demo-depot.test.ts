/**
 * The demo depot as `npm start` prints it: the seeded data, and the fleet of ten simulated
 * chargers `SIM-1`…`SIM-10` (`npm run simulate -- --fleet 10 --api-key <demo key>`), each charging
 * its own van with its own card, the vans' departures published through the departure-times API.
 * Read back through the public API: the sites page's sessions, the departures, and the power
 * allocation with its late list, without and with a capacity limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FLEET_SIZE, seedDemo, type DemoData } from '../../../lib/local/seed';
import type { LocalStack } from '../../../lib/local/stack';
import { apiUrlBeside, departureOf, depotVans, publishDeparture } from '../../../lib/simulator/depot';
import { planFleet, startFleet, type Fleet } from '../../../lib/simulator/fleet';
import { pollUntil } from '../support/ocpp';
import { api, startTestStack } from '../support/stack';

let stack: LocalStack;
let demo: DemoData;
let fleet: Fleet;
const vans = depotVans(DEMO_FLEET_SIZE);
const warnings: string[] = [];

beforeAll(async () => {
  stack = await startTestStack({ smartCharging: true });
  demo = await seedDemo(stack.db);
  const depotApi = { apiUrl: apiUrlBeside(stack.ocppUrl), apiKey: demo.apiKey };
  fleet = await startFleet({
    members: planFleet({ size: DEMO_FLEET_SIZE }),
    vans,
    publishDeparture: (van, departureTime) => publishDeparture(depotApi, van, departureTime),
    // Real time: the SoCs barely move during the test, so the late list holds still.
    simulator: { url: stack.ocppUrl, meterIntervalSeconds: 1 },
    sessions: { idleSeconds: 1 },
    onLog: (id, entry) => entry.level !== 'info' && warnings.push(`${id} ${entry.message}`),
  });
});
afterAll(async () => {
  await fleet?.stop();
  await stack?.close();
});

type Port = { currentChargingSession: { vehicle: { id: number; name: string } | null; ocppIdTag: string } | null };
type Charger = { ocppId: string; ports: Port[] };

const fleetChargers = async (): Promise<Charger[]> => {
  const { body } = await api(stack, '/api/sites', { key: demo.apiKey });
  return (body.data[0].chargers as Charger[]).filter((c) => /^SIM-\d+$/.test(c.ocppId));
};
const allocation = async () =>
  (await api(stack, `/api/site/${demo.site.id}/power-allocation`, { key: demo.apiKey })).body.data;
const vehicleIdOf = (name: string): number => demo.vans!.find((v) => v.name === name)!.id;

/** How long the plan keeps the site at `limitW` (within 5 %: ports' limits are rounded), from its first slot, minutes. */
function minutesAtLimit(slots: { startTime: string; endTime: string; allocated: number }[], limitW: number): number {
  let ms = 0;
  for (const slot of slots) {
    if (slot.allocated < 0.95 * limitW) break;
    ms += Date.parse(slot.endTime) - Date.parse(slot.startTime);
  }
  return ms / 60_000;
}

describe('the demo depot', () => {
  it('seeds a van with its own card for every fleet charger', () => {
    expect(demo.fleet?.map((c) => c.ocppId)).toEqual(vans.map((v) => `SIM-${v.number}`));
    expect(demo.vans?.map((v) => [v.name, v.idTag])).toEqual(vans.map((v) => [v.name, v.idTag]));
    expect(new Set(demo.vans?.map((v) => v.id)).size).toBe(DEMO_FLEET_SIZE);
  });

  it("charges a different van on each of the fleet's chargers, each session attributed to its van", async () => {
    const chargers = await pollUntil(
      fleetChargers,
      (cs) => cs.length === DEMO_FLEET_SIZE && cs.every((c) => c.ports[0]?.currentChargingSession?.vehicle),
      'every fleet charger to charge a van',
      30_000,
    );

    const charging = chargers.map((c) => [c.ocppId, c.ports[0]!.currentChargingSession!] as const);
    expect(Object.fromEntries(charging.map(([id, s]) => [id, [s.vehicle!.name, s.ocppIdTag]]))).toEqual(
      Object.fromEntries(vans.map((v) => [`SIM-${v.number}`, [v.name, v.idTag]])),
    );
    expect(new Set(charging.map(([, s]) => s.vehicle!.id)).size).toBe(DEMO_FLEET_SIZE);
    expect(warnings).toEqual([]);
  }, 60_000);

  it("publishes each van's departure with its target, spread 30 minutes apart over 4 h 30 min", async () => {
    const departures = await Promise.all(
      vans.map(async (van) => {
        const { status, body } = await api(stack, `/api/departure-times/vehicle?vehicleVin=${van.vin}`, {
          key: demo.apiKey,
        });
        expect(status).toBe(200);
        expect(body.departureTimes).toHaveLength(1);
        expect(body.departureTimes[0]).toMatchObject({
          vehicleId: vehicleIdOf(van.name),
          targetSoc: van.targetSocPercent,
        });
        return Date.parse(body.departureTimes[0].departureTime);
      }),
    );

    // Van N+1 plugs in about a second after van N (the fleet staggers its starts), and leaves 30 minutes later.
    const gapsMinutes = departures.slice(1).map((at, i) => (at - departures[i]!) / 60_000);
    for (const gap of gapsMinutes) expect(gap).toBeGreaterThanOrEqual(30);
    for (const gap of gapsMinutes) expect(gap).toBeLessThanOrEqual(32);
    expect(departures[0]! - Date.now()).toBeGreaterThan(50 * 60_000);
  });

  it("refuses a departure published with a wrong key, naming the status, and keeps the van's departure", async () => {
    const van = vans[0]!;
    const read = async () =>
      (await api(stack, `/api/departure-times/vehicle?vehicleVin=${van.vin}`, { key: demo.apiKey })).body;
    const before = await read();
    const wrongKey = { apiUrl: apiUrlBeside(stack.ocppUrl), apiKey: 'cnk_not-a-key' };

    await expect(publishDeparture(wrongKey, van, departureOf(van, new Date()))).rejects.toThrow(
      /departure of Demo Van 1 refused: HTTP 401/,
    );
    expect(await read()).toEqual(before);
  });

  it("allocates with each van's departure; a mix of vans is late, and every one of them under a capacity limit too", async () => {
    const byVan = new Map(vans.map((v) => [vehicleIdOf(v.name), v]));
    const lateVans = (a: { lateVehicles: { vehicleId: number }[] }) =>
      a.lateVehicles.map((l) => byVan.get(l.vehicleId)!.number).sort((x, y) => x - y);
    const everyDeparture = (a: { ports: { departureSource: string | null }[] }) =>
      a.ports.filter((p) => p.departureSource === 'api').length === DEMO_FLEET_SIZE;
    // A van's need is known from its SoC (its first SoC reading makes the site plan again, as its
    // plug-in, a departure and a limit do): the allocations below are made by setting and clearing a
    // limit once every van has reported its SoC, whatever the order the plug-ins and readings took.
    await pollUntil(
      async () => (await stack.db.portReadings.scan.go({ pages: 'all' })).data,
      (readings) => readings.filter((r) => r.socPercent !== undefined && !r.endedAt).length >= DEMO_FLEET_SIZE,
      "every van's SoC",
      30_000,
    );

    const limit = await api(stack, `/api/site/${demo.site.id}/limits`, {
      key: demo.apiKey,
      method: 'POST',
      body: { sitePowerLimitSchedule: { type: 'capacity', limit: 60_000, chargingRateUnit: 'W' } },
    });
    expect(limit.status).toBe(201);
    const limited = await pollUntil(
      allocation,
      (a) => a?.capacityLimit === 60_000 && everyDeparture(a) && a.lateVehicles.length > 0,
      "an allocation under the capacity limit with every van's departure",
      30_000,
    );
    expect(limited.allocatedTotal).toBeLessThanOrEqual(60_000);
    expect(limited.lateVehicles.length).toBeLessThan(DEMO_FLEET_SIZE);
    expect(new Set(limited.ports.map((p: { reason: string }) => p.reason)).size).toBeGreaterThan(1);
    // The README tour's story: the plan keeps the site at the limit for at least 10 minutes from
    // now (the vans need far more than 60 kW can give by then), and every late van has an ETA.
    expect(minutesAtLimit(limited.plannedSlots, 60_000)).toBeGreaterThanOrEqual(10);
    expect(limited.lateVehicles.map((l: { eta: string | null }) => l.eta)).not.toContain(null);

    const cleared = await api(stack, `/api/site/${demo.site.id}/limits/${limit.body.sitePowerLimitScheduleId}`, {
      key: demo.apiKey,
      method: 'DELETE',
    });
    expect(cleared.status).toBe(204);
    const open = await pollUntil(
      allocation,
      (a) => a?.capacityLimit === null && everyDeparture(a),
      "an allocation without the limit, with every van's departure",
      30_000,
    );

    expect(new Set(open.ports.map((p: { departureTime: string }) => p.departureTime)).size).toBe(DEMO_FLEET_SIZE);
    // Van 2 (AC, 45 → 100 % in 1 h 30 min at 7.2 kW) cannot make it; the DC vans (150 kW) and van 10
    // (AC, 55 → 90 % in 5 h 30 min) can.
    expect(lateVans(open)).toContain(2);
    expect(lateVans(open)).not.toContain(10);
    expect(lateVans(open)).not.toContain(1);
    // A limit can only make vans later: every van late without it is late under it. (Whether it
    // makes more vans late depends on how far the DC vans have charged, so that is not asserted.)
    expect(lateVans(limited)).toEqual(expect.arrayContaining(lateVans(open)));
  }, 120_000);

  it("never delivers more energy than its ports' maximum power over the time they have charged", async () => {
    // What the power chart draws is each session's energy over time: it stays within the site's
    // maximum only if every session's energy does within its port's.
    const { body } = await api(
      stack,
      `/api/charging-sessions?siteIds[]=${demo.site.id}&includeInProgressSessions=true`,
      { key: demo.apiKey },
    );
    const sessions = body.data as {
      startTime: string;
      energyDeliveredKwh: number;
      port: { maximumPowerKw: number | null };
    }[];
    expect(sessions.length).toBeGreaterThanOrEqual(DEMO_FLEET_SIZE);
    expect(sessions.some((s) => s.energyDeliveredKwh > 0)).toBe(true);
    for (const session of sessions) {
      const hours = (Date.now() - Date.parse(session.startTime)) / 3_600_000;
      expect(session.energyDeliveredKwh).toBeLessThanOrEqual(session.port.maximumPowerKw! * hours + 0.001);
    }
  });
});
