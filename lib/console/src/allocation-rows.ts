/**
 * The allocation table of the site power page, row by row: each port's vehicle (its name from the
 * site's sessions in progress), SoC, target, departure and ETA, and why it has what it has in
 * words — including why a vehicle waits and whether it is late. Every time by the site's clock
 * (the table says which zone). Pure functions (unit-tested in Node).
 *
 * @module
 */
import { formatPercent } from './format';
import { type AllocationData, formatPlanTime, reasonWords } from './plan-data';
import type { SiteWithChargers } from './types';

/** One port of the allocation read. */
type AllocatedPort = AllocationData['ports'][number];

/** The names the site gives its ports and the vehicles charging there. */
export interface SiteNames {
  /** `Bay 1 · port 2`, by port ID. */
  port: Map<number, string>;
  /** The vehicle's name (else its VIN, else `Vehicle <id>`), by vehicle ID. */
  vehicle: Map<number, string>;
}

/** The port and vehicle names of `site` (none while it is unknown). */
export function siteNames(site: SiteWithChargers | undefined): SiteNames {
  const port = new Map<number, string>();
  const vehicle = new Map<number, string>();
  for (const charger of site?.chargers ?? []) {
    for (const p of charger.ports) {
      port.set(p.id, `${charger.name} · port ${p.portNumber}`);
      const v = p.currentChargingSession?.vehicle;
      if (v) vehicle.set(v.id, v.name ?? v.vin ?? `Vehicle ${v.id}`);
    }
  }
  return { port, vehicle };
}

/** A vehicle's name as the console says it: its name, `Vehicle 3` when not on the site, `—` for none. */
export function vehicleName(names: SiteNames, vehicleId: number | null): string {
  if (vehicleId === null) return '—';
  return names.vehicle.get(vehicleId) ?? `Vehicle ${vehicleId}`;
}

/** One row of the allocation table, every value in words. */
export interface AllocationRow {
  portId: number;
  port: string;
  vehicle: string;
  soc: string;
  target: string;
  /** Site time (`07:12`, `Tue 07:12`) and where it came from (`07:12 (the driver)`), `—` without a departure. */
  departure: string;
  /** Site time; `—` when reached or unknown. */
  eta: string;
  late: boolean;
  /** Why the port has its limit, and where its vehicle stands, in a sentence. */
  why: string;
}

const at = (iso: string | null, now: number, timeZone?: string) =>
  iso === null ? '—' : formatPlanTime(Date.parse(iso), now, timeZone);

/** When a port's plan first gives it power after `now` (ms), or null. */
function firstPowerAfter(port: AllocatedPort, now: number): number | null {
  for (const period of port.plannedPeriods ?? []) {
    const start = Date.parse(period.startTime);
    if (start > now && period.limitW > 0) return start;
  }
  return null;
}

/**
 * Why the port has what it has: a vehicle that gets nothing now says why it waits (the capacity
 * limit cannot fit its minimum; the plan charges it later, and when; nothing is left for it
 * before its departure; it is done); else the reason in words.
 */
function because(port: AllocatedPort, now: number, timeZone?: string): string {
  if (port.reason === 'waiting')
    return 'Waits: the capacity limit cannot fit its minimum now; vehicles leaving earlier go first';
  if (port.reason === 'released') return 'Done or not drawing: no power, offered its minimum every 30 minutes';
  if (port.limitW > 0 || port.reason !== 'planned') {
    const words = reasonWords(port.reason) ?? port.reason;
    return words.charAt(0).toUpperCase() + words.slice(1);
  }
  const from = firstPowerAfter(port, now);
  if (from !== null)
    return `Waits until ${formatPlanTime(from, now, timeZone)}: the plan charges it then (cheaper or within the limits) rather than now`;
  if (port.energyNeededWh === null || port.energyNeededWh <= 1) return 'Needs nothing more: no power planned';
  return 'Waits: the limits leave nothing for it before its departure (vehicles leaving earlier go first)';
}

/** Where a departure came from, in words (the allocation read's `departureSource`, docs/smart-charging.md). */
export function departureSourceWords(source: AllocatedPort['departureSource']): string | null {
  switch (source) {
    case 'api':
      return 'the departure times';
    case 'vehicle':
      return 'the vehicle';
    case 'driver':
      return 'the driver';
    case 'history':
      return 'forecast';
    case 'default':
      return 'default stay';
    default:
      return null;
  }
}

/** Where an estimated energy need came from, as a sentence (none when the vehicle tells it or it is unknown). */
function energyWords(source: AllocatedPort['energySource']): string {
  if (source === 'driver') return " Its need is the driver's estimate.";
  if (source === 'history') return ' Its need is forecast from its past sessions.';
  return '';
}

/** Where the vehicle stands: on time (and when it will be done), late (and when), or no departure. */
function standing(port: AllocatedPort, late: boolean, now: number, timeZone?: string): string {
  const target = port.targetSoc === null ? 'its target' : formatPercent(port.targetSoc);
  if (port.departureTime === null) return 'no departure known';
  if (port.eta === null) return port.energyNeededWh === null ? 'its need is unknown' : `${target} reached`;
  if (late) return `late: reaches ${target} at ${at(port.eta, now, timeZone)}, after its departure`;
  return `on time: ${target} by ${at(port.eta, now, timeZone)}`;
}

const sourceSuffix = (source: AllocatedPort['departureSource']) => {
  const words = departureSourceWords(source);
  return words === null ? '' : ` (${words})`;
};

/** The rows of the allocation's ports, in its order. */
export function allocationRows(
  allocation: Pick<AllocationData, 'ports' | 'lateVehicles'>,
  names: SiteNames,
  now: number,
  timeZone?: string,
): AllocationRow[] {
  const lateSessions = new Set(allocation.lateVehicles.map((late) => late.sessionId));
  return allocation.ports.map((port) => {
    const late = lateSessions.has(port.sessionId);
    return {
      portId: port.portId,
      port: names.port.get(port.portId) ?? `Port ${port.portId}`,
      vehicle: vehicleName(names, port.vehicleId),
      // A SoC from telematics says so (the charger's is the usual one): docs/vehicle-state.md.
      soc: `${formatPercent(port.socPercent)}${port.socSource === 'telematics' && port.socPercent !== null ? ' (telematics)' : ''}`,
      target: formatPercent(port.targetSoc),
      // Where the departure came from says so: the fleet's, the vehicle's, the driver's, a forecast, the default.
      departure: `${at(port.departureTime, now, timeZone)}${port.departureTime === null ? '' : sourceSuffix(port.departureSource)}`,
      eta: at(port.eta, now, timeZone),
      late,
      why: `${because(port, now, timeZone)}; ${standing(port, late, now, timeZone)}.${energyWords(port.energySource)}`,
    };
  });
}
