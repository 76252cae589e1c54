/**
 * What the allocation takes from a session's vehicle (docs/vehicle-state.md): its SoC, the
 * freshest of the charger's reading and its telematics reading, and its usable battery capacity,
 * by trust. Pure: the vehicles are read with the site (`./site-snapshot.ts`), and each session's
 * demand is built with them once (`./demand.ts`).
 *
 * Decided here:
 * - **SoC**: the charger's meter value (or, without one, the vehicle's ISO 15118 needs), unless the
 *   vehicle's telematics reading is newer; a telematics reading older than
 *   {@link TELEMATICS_MAX_AGE_MS} is ignored (a plugged-in vehicle's SoC moves every minute).
 * - **Capacity**, by trust: set on the vehicle through the API (`api`), the vehicle's own ISO 15118
 *   `EVEnergyCapacity` (`vehicle`), its latest telematics reading's (`telematics`, whatever its
 *   age: a battery's size does not move while it charges), learnt from its past sessions
 *   (`learned`); else the planner's own estimate from this session's SoC rise, else its default
 *   (`shared/smart-charging/needs.ts` `batteryCapacityOf`).
 *
 * @module
 */
import type { VehicleItem } from '../access/items';
import type { PortItem } from '../chargers/items';
import type { KnownCapacitySource, SessionDemand, SocSource } from '../smart-charging';

/** A telematics SoC older than this is ignored while the vehicle is plugged in, ms (30 min). */
export const TELEMATICS_MAX_AGE_MS = 30 * 60_000;

type Session = NonNullable<PortItem['currentChargingSession']>;

/** A SoC with its source and time (ms since epoch; undefined: unknown, counts as oldest). */
interface SocReading {
  percent: number;
  source: SocSource;
  at?: number;
}

/**
 * The vehicle's telematics SoC when it is no older than {@link TELEMATICS_MAX_AGE_MS} at `now` (the
 * planner ignores an older one, and so does the trigger that judges a vehicle's new state).
 * @param now ms since epoch
 * @returns the SoC, %, and its time, ms since epoch; undefined without a SoC, without a time, or when stale
 */
export function freshTelematicsSoc(
  vehicle: VehicleItem | undefined,
  now: number,
): { percent: number; at: number } | undefined {
  const at = vehicle?.telematicsReadAt === undefined ? Number.NaN : Date.parse(vehicle.telematicsReadAt);
  const percent = vehicle?.telematicsSocPercent;
  return percent !== undefined && now - at <= TELEMATICS_MAX_AGE_MS ? { percent, at } : undefined;
}

/**
 * The session's SoC: the freshest of the charger's (or ISO 15118's) and the vehicle's telematics
 * reading (one older than {@link TELEMATICS_MAX_AGE_MS} is ignored).
 * @param now ms since epoch
 */
export function socOf(session: Session, vehicle: VehicleItem | undefined, now: number): SocReading | undefined {
  const charger: SocReading | undefined = session.socPercent
    ? { percent: session.socPercent.value, source: 'charger', at: Date.parse(session.socPercent.timestamp) }
    : session.evChargingNeeds?.socPercent !== undefined
      ? { percent: session.evChargingNeeds.socPercent, source: 'vehicle' }
      : undefined;
  const fresh = freshTelematicsSoc(vehicle, now);
  if (!fresh) return charger;
  const telematics: SocReading = { percent: fresh.percent, source: 'telematics', at: fresh.at };
  return charger?.at !== undefined && charger.at >= fresh.at ? charger : telematics;
}

/** The usable capacity known for a vehicle, Wh, by trust (see the module), with its source. */
export function knownCapacityOf(
  vehicle: VehicleItem | undefined,
  evCapacityWh: number | undefined,
): { wh: number; source: KnownCapacitySource } | undefined {
  const kwh = (value: number | undefined, source: KnownCapacitySource) =>
    value !== undefined && value > 0 ? { wh: value * 1000, source } : undefined;
  return (
    kwh(vehicle?.batteryCapacityKwh, 'api') ??
    (evCapacityWh !== undefined && evCapacityWh > 0 ? { wh: evCapacityWh, source: 'vehicle' as const } : undefined) ??
    kwh(vehicle?.telematicsBatteryCapacityKwh, 'telematics') ??
    kwh(vehicle?.learnedBatteryCapacityKwh, 'learned')
  );
}

/** The fields of a session's demand that its vehicle decides: its SoC and usable capacity, each with its source. */
export type VehicleInputs = Pick<
  SessionDemand,
  'socPercent' | 'socSource' | 'batteryCapacityWh' | 'batteryCapacitySource'
>;

/**
 * A session's SoC (%) and usable capacity (Wh), each with its source (see the module): the fields
 * its demand takes, built into it once (`./demand.ts`); none when unknown.
 * @param vehicle the session's vehicle, if identified and stored
 * @param now ms since epoch
 */
export function vehicleInputsOf(session: Session, vehicle: VehicleItem | undefined, now: number): VehicleInputs {
  const soc = socOf(session, vehicle, now);
  const capacity = knownCapacityOf(vehicle, session.evChargingNeeds?.evEnergyCapacityWh);
  return {
    ...(soc ? { socPercent: soc.percent, socSource: soc.source } : {}),
    ...(capacity ? { batteryCapacityWh: capacity.wh, batteryCapacitySource: capacity.source } : {}),
  };
}
