/**
 * Vehicles predicted to miss their departure (spec §2.6, §4.2): with the allocated power held until
 * departure, and the battery's taper above 80 % SoC (`./taper.ts`), what reaches the vehicle.
 *
 * @module
 */
import { batteryCapacityWh } from './needs';
import type { WorkPort } from './ports';
import { deliveredWithin } from './taper';
import { floorWatts } from './units';
import type { DepartureSource, LateVehicle } from './types';

/**
 * Shortfall, Wh, below which a vehicle is not called late: the departure stage asks 1 W above the
 * exact requirement, but a float's noise must not list a vehicle that will make it.
 */
export const LATE_TOLERANCE_WH = 1;

/** What reaches a vehicle by its departure: energy, Wh, and SoC, % (when its need is SoC-based). */
export type Delivered = { readonly energyWh: number; readonly socPercent?: number };

function late(p: WorkPort, reaches: (p: WorkPort) => Delivered): LateVehicle | undefined {
  const { departure, need, session } = p;
  // An estimated departure is a guess, not a commitment: a vehicle is late only for a departure it or the fleet told.
  if (!departure || departure.source === 'estimate' || !need || need.energyWh <= LATE_TOLERANCE_WH) return undefined;
  const delivered = reaches(p);
  if (delivered.energyWh >= need.energyWh - LATE_TOLERANCE_WH) return undefined;
  const soc = session.socPercent;
  const capacityWh = need.soc?.capacityWh ?? batteryCapacityWh(session);
  const targetSoc =
    departure.targetSoc ?? (soc === undefined ? undefined : Math.min(100, soc + (need.energyWh / capacityWh) * 100));
  const expected =
    delivered.socPercent ?? (soc === undefined ? undefined : soc + (delivered.energyWh / capacityWh) * 100);
  return {
    portId: p.portId,
    sessionId: session.sessionId,
    ...(session.vehicleId !== undefined && { vehicleId: session.vehicleId }),
    departureTime: departure.time,
    departureSource: departure.source as DepartureSource,
    ...(targetSoc !== undefined && { targetSoc: Math.round(targetSoc * 10) / 10 }),
    ...(expected !== undefined && { expectedSocAtDeparture: Math.floor(expected * 10) / 10 }),
    energyNeededWh: Math.ceil(need.energyWh),
    expectedEnergyWh: Math.floor(delivered.energyWh),
  };
}

/**
 * What the greedy allocation's limit as sent (whole watts; 0 while `waiting` or `released`; a past
 * departure counts as now) delivers by departure, held until then.
 */
export function heldLimitDelivers(now: number): (p: WorkPort) => Delivered {
  return (p) => {
    const leftS = Math.max(0, (p.departure!.time - now) / 1000);
    const held = p.state === 'waiting' || p.state === 'released' ? 0 : floorWatts(p.limitW);
    return deliveredWithin(p.need!, held, leftS);
  };
}

/**
 * The vehicles with a departure and a known need that would reach it short of their target, by
 * departure time, then portId.
 * @param ports the work ports after every stage
 * @param expected what reaches a vehicle by its departure: the greedy limit held
 *   ({@link heldLimitDelivers}) or the plan's energy (`./allocate.ts`)
 */
export function lateVehicles(ports: readonly WorkPort[], expected: (p: WorkPort) => Delivered): LateVehicle[] {
  return ports
    .map((p) => late(p, expected))
    .filter((v) => v !== undefined)
    .sort((a, b) => a.departureTime - b.departureTime || a.portId - b.portId);
}
