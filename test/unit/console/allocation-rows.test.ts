/** The allocation table's rows in words (lib/console/src/allocation-rows.ts). */
import { describe, expect, it } from 'vitest';
import { allocationRows, siteNames, vehicleName } from '../../../lib/console/src/allocation-rows';
import { axisTopKw, siteMaximumKw } from '../../../lib/console/src/power-data';
import { formatDateTime } from '../../../lib/console/src/format';
import type { PowerAllocation, SiteWithChargers } from '../../../lib/console/src/types';

type Port = PowerAllocation['data']['ports'][number];
const CHICAGO = 'America/Chicago';
/** 2026-01-02 at `hm` in Chicago (UTC−6 in January). */
const iso = (hm: string) => new Date(`2026-01-02T${hm}:00-06:00`).toISOString();
const NOW = Date.parse(iso('07:00'));

function port(portId: number, fields: Partial<Port> = {}): Port {
  return {
    portId,
    chargerId: 1,
    sessionId: 100 + portId,
    limit: 11_000,
    limitW: 11_000,
    reason: 'planned',
    plannedPeriods: [{ startTime: iso('07:00'), limit: 11_000, limitW: 11_000 }],
    profileStatus: 'Accepted',
    sentAt: null,
    profileDrift: null,
    externalLimitW: null,
    externalLimitSource: null,
    vehicleId: null,
    socPercent: null,
    socSource: null,
    batteryCapacityWh: null,
    batteryCapacitySource: null,
    targetSoc: null,
    energyNeededWh: null,
    eta: null,
    departureTime: null,
    departureSource: null,
    energySource: null,
    evChargingSchedule: null,
    ...fields,
  };
}

const site = {
  chargers: [
    {
      name: 'Bay',
      ports: [
        { id: 1, portNumber: 1, currentChargingSession: { vehicle: { id: 3, name: 'Demo Van 3', vin: null } } },
        { id: 2, portNumber: 2, currentChargingSession: { vehicle: { id: 7, name: null, vin: 'VIN7' } } },
      ],
    },
  ],
} as unknown as SiteWithChargers;

describe('allocationRows', () => {
  const names = siteNames(site);

  it('names the vehicle as the rest of the console does, and the port', () => {
    expect(vehicleName(names, 3)).toBe('Demo Van 3');
    expect(vehicleName(names, 7)).toBe('VIN7');
    expect(vehicleName(names, 9)).toBe('Vehicle 9');
    expect(vehicleName(names, null)).toBe('—');
    expect(names.port.get(2)).toBe('Bay · port 2');
  });

  it('says SoC, target, departure and ETA by the site clock, and an on-time vehicle as such', () => {
    const onTime = port(1, {
      vehicleId: 3,
      socPercent: 40,
      targetSoc: 90,
      energyNeededWh: 40_000,
      eta: iso('09:30'),
      departureTime: iso('11:12'),
      departureSource: 'api',
    });
    const [row] = allocationRows({ ports: [onTime], lateVehicles: [] }, names, NOW, CHICAGO);
    expect(row).toEqual({
      portId: 1,
      port: 'Bay · port 1',
      vehicle: 'Demo Van 3',
      soc: '40 %',
      target: '90 %',
      departure: '11:12 (the departure times)',
      eta: '09:30',
      late: false,
      why: 'The optimum of the plan over the hours ahead; on time: 90 % by 09:30.',
    });
  });

  it('names where each departure and estimated need came from', () => {
    const source = (
      departureSource: 'vehicle' | 'driver' | 'history' | 'default',
      energySource: 'driver' | 'history' | null,
    ) => port(1, { departureTime: iso('11:12'), departureSource, energySource });
    const rows = allocationRows(
      {
        ports: [
          source('vehicle', null),
          source('driver', 'driver'),
          source('history', 'history'),
          source('default', null),
        ],
        lateVehicles: [],
      },
      names,
      NOW,
      CHICAGO,
    );
    expect(rows.map((row) => row.departure)).toEqual([
      '11:12 (the vehicle)',
      '11:12 (the driver)',
      '11:12 (forecast)',
      '11:12 (default stay)',
    ]);
    expect(rows[1]!.why).toMatch(/Its need is the driver's estimate\.$/);
    expect(rows[2]!.why).toMatch(/Its need is forecast from its past sessions\.$/);
    expect(rows[0]!.why).not.toMatch(/Its need/);
  });

  it("names a SoC from the vehicle's telematics", () => {
    const told = port(1, { vehicleId: 3, socPercent: 40, socSource: 'telematics', batteryCapacityWh: 60_000 });
    const fromCharger = port(2, { vehicleId: 3, socPercent: 41, socSource: 'charger' });
    const rows = allocationRows({ ports: [told, fromCharger], lateVehicles: [] }, names, NOW, CHICAGO);
    expect(rows.map((row) => row.soc)).toEqual(['40 % (telematics)', '41 %']);
  });

  it('says why a vehicle waits, and that a late one reaches its target after its departure', () => {
    const later = port(2, {
      vehicleId: 7,
      limit: 0,
      limitW: 0,
      energyNeededWh: 20_000,
      targetSoc: 80,
      eta: iso('10:00'),
      departureTime: iso('11:12'),
      plannedPeriods: [
        { startTime: iso('07:00'), limit: 0, limitW: 0 },
        { startTime: iso('08:15'), limit: 11_000, limitW: 11_000 },
      ],
    });
    const starved = port(1, {
      vehicleId: 3,
      limit: 0,
      limitW: 0,
      energyNeededWh: 30_000,
      targetSoc: 90,
      eta: iso('13:40'),
      departureTime: iso('09:12'),
      plannedPeriods: [{ startTime: iso('07:00'), limit: 0, limitW: 0 }],
    });
    const waiting = port(3, { reason: 'waiting', limit: 0, limitW: 0 });
    const lateVehicles = [{ sessionId: 101 }] as PowerAllocation['data']['lateVehicles'];
    const rows = allocationRows({ ports: [later, starved, waiting], lateVehicles }, names, NOW, CHICAGO);
    expect(rows.map((row) => row.why)).toEqual([
      'Waits until 08:15: the plan charges it then (cheaper or within the limits) rather than now; on time: 80 % by 10:00.',
      'Waits: the limits leave nothing for it before its departure (vehicles leaving earlier go first); late: reaches 90 % at 13:40, after its departure.',
      'Waits: the capacity limit cannot fit its minimum now; vehicles leaving earlier go first; no departure known.',
    ]);
    expect(rows.map((row) => row.late)).toEqual([false, true, false]);
  });
});

describe('the power chart axis', () => {
  it("stops at the site's maximum or its highest limit, whichever is higher, with headroom", () => {
    // A reading beyond what the chargers can draw (the demo's 1,586 kW on a 786 kW site) is cut off.
    expect(axisTopKw(1586, 786, [60])).toBeCloseTo(786 * 1.15);
    expect(axisTopKw(1586, 786, [1000])).toBeCloseTo(1000 * 1.15);
    expect(axisTopKw(50, 786, [60])).toBeCloseTo(50 * 1.15);
    expect(axisTopKw(1586, null, [60])).toBeCloseTo(1586 * 1.15);
    expect(axisTopKw(0, 786, [])).toBe(1);
  });

  it("sums the site's ports' maxima; null when none is known", () => {
    const chargers = [
      { ports: [{ maximumPowerKw: 150 }, { maximumPowerKw: null }] },
      { ports: [{ maximumPowerKw: 11.5 }] },
    ] as unknown as SiteWithChargers['chargers'];
    expect(siteMaximumKw(chargers)).toBe(161.5);
    expect(siteMaximumKw([{ ports: [{ maximumPowerKw: null }] }] as unknown as SiteWithChargers['chargers'])).toBe(
      null,
    );
  });
});

describe('formatDateTime', () => {
  it("says a time in the site's zone with the zone's name", () => {
    expect(formatDateTime('2026-01-02T13:12:09.000Z', CHICAGO)).toMatch(/7:12:09.*CST$/);
    expect(formatDateTime('not a date', CHICAGO)).toBe('not a date');
  });

  it("says a time that belongs to no site in the browser's zone, named too; an unknown zone is the browser's", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const inBrowser = formatDateTime('2026-01-02T13:12:09.000Z', zone);
    expect(formatDateTime('2026-01-02T13:12:09.000Z')).toBe(inBrowser);
    expect(formatDateTime('2026-01-02T13:12:09.000Z', 'Mars/Olympus_Mons')).toBe(inBrowser);
    expect(inBrowser).toMatch(/\d:\d\d:\d\d.* \S+$/);
  });
});
