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
import type { LateVehicle } from './types';

/**
 * Shortfall, Wh, below which a vehicle is not called late: the departure stage asks 1 W above the
 * exact requirement, but a float's noise must not list a vehicle that will make it.
 */
export const LATE_TOLERANCE_WH = 1;

function late(p: WorkPort, now: number): LateVehicle | undefined {
  const { departure, need, session } = p;
  if (!departure || !need || need.energyWh <= LATE_TOLERANCE_WH) return undefined;
  const leftS = Math.max(0, (departure.time - now) / 1000);
  const delivered = deliveredWithin(need, p.state === 'waiting' ? 0 : floorWatts(p.limitW), leftS);
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
    departureSource: departure.source,
    ...(targetSoc !== undefined && { targetSoc: Math.round(targetSoc * 10) / 10 }),
    ...(expected !== undefined && { expectedSocAtDeparture: Math.floor(expected * 10) / 10 }),
    energyNeededWh: Math.ceil(need.energyWh),
    expectedEnergyWh: Math.floor(delivered.energyWh),
  };
}

/**
 * The vehicles with a departure and a known need that would reach it short of their target at
 * their allocated limit as sent (whole watts; 0 while `waiting`; a past departure counts as now),
 * by departure time, then
 * portId.
 * @param ports the work ports after every stage
 * @param now ms since epoch
 */
export function lateVehicles(ports: readonly WorkPort[], now: number): LateVehicle[] {
  return ports
    .map((p) => late(p, now))
    .filter((v) => v !== undefined)
    .sort((a, b) => a.departureTime - b.departureTime || a.portId - b.portId);
}
