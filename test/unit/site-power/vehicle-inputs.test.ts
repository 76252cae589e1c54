/**
 * A session's SoC and battery capacity from its vehicle (shared/site-power/vehicle-inputs.ts) and
 * the capacity the need uses (shared/smart-charging/needs.ts `batteryCapacityOf`): which source
 * wins, the telematics age rule, and the need that follows.
 */
import { describe, expect, it } from 'vitest';
import type { VehicleItem } from '../../../shared/access/items';
import type { PortItem } from '../../../shared/chargers/items';
import { batteryCapacityOf, chargeNeed, needKnown } from '../../../shared/smart-charging/needs';
import {
  knownCapacityOf,
  socOf,
  TELEMATICS_MAX_AGE_MS,
  vehicleInputsOf,
} from '../../../shared/site-power/vehicle-inputs';
import { dcfc, NOW } from '../smart-charging/support';

type Session = NonNullable<PortItem['currentChargingSession']>;
const iso = (ms: number) => new Date(ms).toISOString();
const MINUTE = 60_000;

const vehicle = (fields: Partial<VehicleItem> = {}): VehicleItem =>
  ({
    organizationId: 1,
    vehicleId: 7,
    hasTelematics: true,
    createdAt: iso(0),
    updatedAt: iso(0),
    ...fields,
  }) as VehicleItem;
const session = (fields: Partial<Session> = {}): Session => ({ sessionId: 11, ...fields }) as Session;
const chargerSoc = (value: number, at: number) => ({ socPercent: { value, timestamp: iso(at) } });
const telematics = (socPercent: number, at: number, capacityKwh?: number) =>
  vehicle({
    telematicsSocPercent: socPercent,
    telematicsReadAt: iso(at),
    telematicsSource: 'fleet-telematics',
    ...(capacityKwh !== undefined ? { telematicsBatteryCapacityKwh: capacityKwh } : {}),
  });

describe("a session's SoC", () => {
  it("takes the fresher of the charger's reading and the telematics reading", () => {
    const older = chargerSoc(40, NOW - 10 * MINUTE);
    expect(socOf(session(older), telematics(45, NOW - 2 * MINUTE), NOW)).toEqual({
      percent: 45,
      source: 'telematics',
      at: NOW - 2 * MINUTE,
    });
    const newer = chargerSoc(48, NOW - MINUTE);
    expect(socOf(session(newer), telematics(45, NOW - 2 * MINUTE), NOW)).toMatchObject({
      percent: 48,
      source: 'charger',
    });
  });

  it(`ignores a telematics reading older than ${TELEMATICS_MAX_AGE_MS / MINUTE} minutes`, () => {
    const stale = telematics(45, NOW - TELEMATICS_MAX_AGE_MS - 1);
    expect(socOf(session(), stale, NOW)).toBeUndefined();
    expect(socOf(session(chargerSoc(30, NOW - 3_600_000)), stale, NOW)).toMatchObject({ source: 'charger' });
    expect(socOf(session(), telematics(45, NOW - TELEMATICS_MAX_AGE_MS), NOW)).toMatchObject({ percent: 45 });
  });

  it("takes the vehicle's ISO 15118 SoC when the charger reports none, and telematics over it", () => {
    const iso15118 = session({ evChargingNeeds: { socPercent: 52 } } as Partial<Session>);
    expect(socOf(iso15118, undefined, NOW)).toEqual({ percent: 52, source: 'vehicle' });
    expect(socOf(iso15118, telematics(55, NOW - MINUTE), NOW)).toMatchObject({ percent: 55, source: 'telematics' });
  });
});

describe("a vehicle's usable capacity, by trust: set > ISO 15118 > telematics > learned", () => {
  const all = vehicle({ batteryCapacityKwh: 60, telematicsBatteryCapacityKwh: 62, learnedBatteryCapacityKwh: 65 });
  it('chooses the most trusted source known', () => {
    expect(knownCapacityOf(all, 58_000)).toEqual({ wh: 60_000, source: 'api' });
    expect(knownCapacityOf({ ...all, batteryCapacityKwh: undefined }, 58_000)).toEqual({
      wh: 58_000,
      source: 'vehicle',
    });
    expect(knownCapacityOf({ ...all, batteryCapacityKwh: undefined }, undefined)).toEqual({
      wh: 62_000,
      source: 'telematics',
    });
    expect(knownCapacityOf(vehicle({ learnedBatteryCapacityKwh: 65 }), undefined)).toEqual({
      wh: 65_000,
      source: 'learned',
    });
    expect(knownCapacityOf(vehicle(), undefined)).toBeUndefined();
    expect(knownCapacityOf(undefined, undefined)).toBeUndefined();
  });

  it("falls back to this session's SoC rise, then the default, in the planner", () => {
    expect(batteryCapacityOf(dcfc(1, { socPercent: 40, socStartPercent: 30, energyDeliveredWh: 6_000 }))).toEqual({
      wh: 60_000,
      source: 'session',
    });
    expect(batteryCapacityOf(dcfc(1, { socPercent: 32, socStartPercent: 30, energyDeliveredWh: 1_000 }))).toEqual({
      wh: 80_000,
      source: 'default',
    });
    expect(batteryCapacityOf(dcfc(1, { batteryCapacityWh: 70_000 }))).toEqual({ wh: 70_000, source: 'vehicle' });
  });
});

describe('the need from telematics', () => {
  it('turns a telematics SoC and capacity and the departure target into a known need', () => {
    const demand = dcfc(1, { vehicleId: 7, departure: { time: NOW + 3_600_000, targetSoc: 90, source: 'api' } });
    expect(needKnown(demand)).toBe(false);
    const planned = { ...demand, ...vehicleInputsOf(session(), telematics(50, NOW - MINUTE, 75), NOW) };
    expect(planned).toMatchObject({
      socPercent: 50,
      socSource: 'telematics',
      batteryCapacityWh: 75_000,
      batteryCapacitySource: 'telematics',
    });
    expect(needKnown(planned)).toBe(true);
    const need = chargeNeed(planned, { time: NOW + 3_600_000, source: 'api', targetSoc: 90 }, 150_000);
    expect(need?.energyWh).toBeCloseTo(0.4 * 75_000);
  });

  it("takes the charger's SoC and the vehicle's ISO 15118 capacity without a vehicle item, and nothing unknown", () => {
    const reported = session({
      ...chargerSoc(20, NOW - MINUTE),
      evChargingNeeds: { evEnergyCapacityWh: 64_000 },
    } as Partial<Session>);
    expect(vehicleInputsOf(reported, undefined, NOW)).toEqual({
      socPercent: 20,
      socSource: 'charger',
      batteryCapacityWh: 64_000,
      batteryCapacitySource: 'vehicle',
    });
    expect(vehicleInputsOf(session(), undefined, NOW)).toEqual({});
  });
});
