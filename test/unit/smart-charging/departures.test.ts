import { describe, expect, it } from 'vitest';
import { allocateSite, type AllocationResult } from '../../../shared/smart-charging';
import { dcfc, departure, HOUR, level2, NOW, site, watts } from './support';

const limits = (r: AllocationResult) => Object.fromEntries(r.ports.map((p) => [p.portId, p.limitW]));
const reasons = (r: AllocationResult) => Object.fromEntries(r.ports.map((p) => [p.portId, p.reason]));

describe('allocateSite: departures (spec §2.6, §4.2)', () => {
  it('raises a vehicle that would otherwise miss its departure to what it needs, then shares the rest', () => {
    // 40 → 90 % of the default 80 kWh: 40 kWh in 1 h, planned 5 % early: 42.1 kW. An equal share (30 kW) misses it.
    const r = allocateSite(
      site([dcfc(1, { socPercent: 40, departure: departure(1) }), dcfc(2)], { cost: watts(60_000) }),
    );
    expect(limits(r)).toEqual({ 1: 42_106, 2: 17_893 });
    expect(reasons(r)).toEqual({ 1: 'departure', 2: 'share' });
    expect(r.lateVehicles).toEqual([]);
  });

  it('serves the least laxity first and lists the vehicle that cannot be served as late', () => {
    const sessions = [
      dcfc(1, { socPercent: 40, departure: departure(2), vehicleId: 7 }),
      dcfc(2, { socPercent: 40, departure: departure(1) }),
    ];
    const r = allocateSite(site(sessions, { cost: watts(50_000) }));
    expect(limits(r)).toEqual({ 1: 7893, 2: 42_106 });
    expect(r.lateVehicles).toEqual([
      {
        portId: 1,
        sessionId: 101,
        vehicleId: 7,
        departureTime: NOW + 2 * HOUR,
        departureSource: 'api',
        targetSoc: 90,
        expectedSocAtDeparture: 59.7,
        energyNeededWh: 40_000,
        expectedEnergyWh: 15_786,
        // 59.7 → 90 % after departure at the 50 kW cost limit, the taper above 80 % included.
        eta: expect.any(Number),
      },
    ]);
    // 24 214 Wh short: more than 29 minutes at 50 kW flat, less than at a tenth of that.
    expect(r.lateVehicles[0]!.eta).toBeGreaterThan(NOW + 2 * HOUR + 1_743_000);
    expect(r.lateVehicles[0]!.eta).toBeLessThan(NOW + 2 * HOUR + 17_430_000);
  });

  it('saves as many as it can when not all can make it, rather than the least laxity first', () => {
    // 60 kW above the minimums for an hour: port 1 alone needs 54 kW more, ports 2 and 3 need 20 kW more each.
    const leaving = { departure: departure(1) };
    const sessions = [
      dcfc(1, { socPercent: 20, ...leaving }),
      dcfc(2, { socPercent: 60, ...leaving }),
      dcfc(3, { socPercent: 60, ...leaving }),
    ];
    const r = allocateSite(site(sessions, { cost: watts(75_000) }));
    expect(limits(r)[2]).toBeGreaterThanOrEqual(25_264);
    expect(limits(r)[3]).toBeGreaterThanOrEqual(25_264);
    expect(r.allocatedTotal).toBeGreaterThanOrEqual(74_998);
    expect(r.lateVehicles.map((v) => v.portId)).toEqual([1]);
  });

  it('helps vehicles that can still make it before those that cannot even at their maximum', () => {
    // Port 1 needs 60 kWh in 15 min (240 kW > its 150 kW): hopeless; port 2 needs 40 kWh in 1 h.
    const sessions = [
      dcfc(1, { socPercent: 15, departure: { time: NOW + HOUR / 4, targetSoc: 90, source: 'api' } }),
      dcfc(2, { socPercent: 40, departure: departure(1) }),
    ];
    const r = allocateSite(site(sessions, { cost: watts(60_000) }));
    expect(limits(r)).toEqual({ 1: 17_893, 2: 42_106 });
    expect(r.lateVehicles.map((v) => v.portId)).toEqual([1]);
  });

  it('asks more than the flat estimate when the target lies in the taper above 80 % SoC', () => {
    // 70 → 100 % of 80 kWh (24 kWh) in 1 h: 24 kW flat, but acceptance falls to 10 % near 100 %.
    const r = allocateSite(
      site([dcfc(1, { maxPowerW: 50_000, socPercent: 70, departure: departure(1, 100) }), dcfc(2)], {
        cost: watts(60_000),
      }),
    );
    expect(limits(r)[1]).toBeGreaterThan(40_000);
    expect(r.lateVehicles).toEqual([]);
  });

  it("takes the vehicle's ISO 15118 departure and energy request (minus delivered) without an API departure", () => {
    const evNeeds = { departureTime: NOW + HOUR, energyAmountWh: 50_000 };
    const r = allocateSite(
      site([dcfc(1, { socPercent: 95, energyDeliveredWh: 10_000, evNeeds }), dcfc(2)], { cost: watts(60_000) }),
    );
    expect(limits(r)[1]).toBe(42_106);
    expect(reasons(r)[1]).toBe('departure');
  });

  it('lists a late ISO 15118 vehicle without SoC by energy, with source vehicle', () => {
    const evNeeds = { departureTime: NOW + HOUR, energyAmountWh: 30_000 };
    const r = allocateSite(site([dcfc(1, { evNeeds })], { cost: watts(0) }));
    expect(r.lateVehicles).toEqual([
      {
        portId: 1,
        sessionId: 101,
        departureTime: NOW + HOUR,
        departureSource: 'vehicle',
        energyNeededWh: 30_000,
        expectedEnergyWh: 5000,
        eta: NOW + HOUR + 600_000,
      },
    ]);
  });

  it("lets an API departure win over the vehicle's own: its time and target SoC drive the estimate", () => {
    const evNeeds = { departureTime: NOW + 5 * HOUR, energyAmountWh: 10_000 };
    const r = allocateSite(
      site([dcfc(1, { socPercent: 50, evNeeds, departure: departure(1, 95) })], { cost: watts(0) }),
    );
    expect(r.lateVehicles).toMatchObject([
      { departureSource: 'api', departureTime: NOW + HOUR, targetSoc: 95, energyNeededWh: 36_000 },
    ]);
  });

  it('estimates the battery from the session once SoC rose 5 points (60 kWh here, not the default 80 kWh)', () => {
    const vehicle = { socStartPercent: 50, socPercent: 60, energyDeliveredWh: 6000, departure: departure(1) };
    const r = allocateSite(site([dcfc(1, vehicle), dcfc(2)], { cost: watts(100_000) }));
    expect(r.lateVehicles).toEqual([]);
    const short = allocateSite(site([dcfc(1, vehicle)], { cost: watts(0) }));
    expect(short.lateVehicles[0]!.energyNeededWh).toBe(18_000);
    const early = allocateSite(site([dcfc(1, { ...vehicle, socPercent: 54 })], { cost: watts(0) }));
    expect(early.lateVehicles[0]!.energyNeededWh).toBe(28_800);
  });

  it('uses batteryCapacityWh when known', () => {
    const r = allocateSite(
      site([dcfc(1, { socPercent: 50, batteryCapacityWh: 100_000, departure: departure(1) })], { cost: watts(0) }),
    );
    expect(r.lateVehicles[0]!.energyNeededWh).toBe(40_000);
  });

  it('never predicts a vehicle without SoC or energy request late: it only shares', () => {
    const r = allocateSite(site([level2(1, { departure: departure(1) }), level2(2)], { cost: watts(0) }));
    expect(r.lateVehicles).toEqual([]);
    expect(reasons(r)).toEqual({ 1: 'minimum', 2: 'minimum' });
  });

  it('lists a waiting vehicle with a departure as late at its current SoC', () => {
    const sessions = [
      dcfc(1, { socPercent: 30, departure: departure(2) }),
      dcfc(2, { socPercent: 30, departure: departure(1) }),
    ];
    const r = allocateSite(site(sessions, { capacity: watts(6000) }));
    expect(reasons(r)[1]).toBe('waiting');
    expect(r.lateVehicles.find((v) => v.portId === 1)).toMatchObject({
      expectedSocAtDeparture: 30,
      expectedEnergyWh: 0,
    });
  });
});
