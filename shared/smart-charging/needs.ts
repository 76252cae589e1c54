/**
 * What each plugged-in vehicle needs and can take (spec §2.6, §4.2; ISO 15118 NotifyEVChargingNeeds):
 * its minimum power, its cap, its departure and the energy it still needs.
 *
 * @module
 */
import { DEFAULT_TARGET_SOC } from '../departures/rules';
import { taperFactor, type ChargeNeed } from './taper';
import type { CapacitySource, DepartureSource, EstimateSource, SessionDemand } from './types';
import { wattsPerAmp } from './units';

/** Spec §2.6 minimum on a DCFC port, W. */
export const DCFC_MINIMUM_W = 5000;
/** Spec §2.6 minimum on a Level 2 port, A per phase (8 A × voltageV × phases W). */
export const LEVEL2_MINIMUM_A = 8;
/** Battery capacity assumed when neither known nor estimable from the session, Wh (a mid-size delivery van). */
export const DEFAULT_BATTERY_CAPACITY_WH = 80_000;
/** SoC rise, percentage points, from which the session's energy estimates the battery's capacity. */
export const CAPACITY_ESTIMATE_MIN_SOC_RISE = 5;
/** A vehicle drawing less than this share of the limit in force is capped near its draw. */
export const ACCEPTANCE_THRESHOLD = 0.9;
/** Acceptance cap: this factor times the measured draw, plus {@link ACCEPTANCE_MARGIN}. */
export const ACCEPTANCE_HEADROOM = 1.2;
/** Acceptance cap's fixed margin by charger type: 1 kW on DCFC; on Level 2, 1 A per phase (× voltageV × phases W). */
export const ACCEPTANCE_MARGIN = { DCFC: { value: 1000, unit: 'W' }, 'Level 2': { value: 1, unit: 'A' } } as const;

/** Power (W) of `value` in `unit` on a port. */
function portWatts(session: SessionDemand, value: number, unit: 'W' | 'A'): number {
  return unit === 'W' ? value : value * wattsPerAmp(session);
}

/**
 * The most a port can use now, W, and what binds: the port's maximum, what the vehicle accepts
 * (ISO 15118 `evNeeds.maxPowerW`), its external limit (NotifyChargingLimit on the EVSE), and the
 * acceptance cap ({@link acceptanceCapW}). Never below 0; `reason` is `external` when the external
 * limit binds, else `capped`.
 */
export function portCapW(session: SessionDemand): { capW: number; reason: 'capped' | 'external' } {
  const hard = Math.min(session.maxPowerW, session.evNeeds?.maxPowerW ?? Infinity);
  const external = session.externalLimit?.limitW ?? Infinity;
  const accept = acceptanceCapW(session) ?? Infinity;
  const capW = Math.max(0, Math.min(hard, external, accept));
  return { capW, reason: external <= Math.min(hard, accept) ? 'external' : 'capped' };
}

/**
 * Spec §2.6 minimum of a vehicle, W: 8 A × voltageV × phases on Level 2, 5 kW on DCFC, or the
 * vehicle's own ISO 15118 `evNeeds.minPowerW` when higher; never above the port's maximum, what the
 * vehicle accepts (`evNeeds.maxPowerW`) or its external limit.
 */
export function minimumPowerW(session: SessionDemand): number {
  const base = session.chargerType === 'DCFC' ? DCFC_MINIMUM_W : LEVEL2_MINIMUM_A * wattsPerAmp(session);
  const wanted = Math.max(base, session.evNeeds?.minPowerW ?? 0);
  const hard = Math.min(
    session.maxPowerW,
    session.evNeeds?.maxPowerW ?? Infinity,
    session.externalLimit?.limitW ?? Infinity,
  );
  return Math.max(0, Math.min(wanted, hard));
}

/**
 * The acceptance cap, W, or undefined: when the vehicle drew clearly less than the limit in force
 * (`measuredPowerW` < {@link ACCEPTANCE_THRESHOLD} × `previousLimitW`), it is capped at
 * `max(minimum, 1.2 × measuredPowerW + margin)` (margin: {@link ACCEPTANCE_MARGIN}) so that the rest
 * goes to others. A vehicle that then draws up to that cap (≥ 90 % of it) is uncapped at the next
 * allocation; one that keeps drawing the same stays capped (1 / 1.2 < 90 %), so it does not oscillate.
 */
export function acceptanceCapW(session: SessionDemand): number | undefined {
  const { measuredPowerW: measured, previousLimitW: previous } = session;
  if (measured === undefined || previous === undefined || !(measured < ACCEPTANCE_THRESHOLD * previous))
    return undefined;
  const margin = ACCEPTANCE_MARGIN[session.chargerType];
  return Math.max(
    minimumPowerW(session),
    ACCEPTANCE_HEADROOM * measured + portWatts(session, margin.value, margin.unit),
  );
}

/** A vehicle's departure as the allocation uses it. */
export interface ResolvedDeparture {
  /** ms since epoch. */
  readonly time: number;
  /** `estimate`: `SessionDemand.estimate`'s (a driver's, a forecast's or the default). */
  readonly source: DepartureSource | 'estimate';
  /** %, from the API departure (spec §4.2); absent for a vehicle's own (ISO 15118) departure. */
  readonly targetSoc?: number;
}

/**
 * The departure that counts: the API's (spec §4.2) when there is one, else the vehicle's own ISO
 * 15118 `evNeeds.departureTime` (source `vehicle`), else the estimate's (`SessionDemand.estimate`),
 * else none.
 */
export function resolveDeparture(session: SessionDemand): ResolvedDeparture | undefined {
  if (session.departure) return { time: session.departure.time, source: 'api', targetSoc: session.departure.targetSoc };
  const time = session.evNeeds?.departureTime;
  if (time !== undefined) return { time, source: 'vehicle' };
  return session.estimate ? { time: session.estimate.departureTime, source: 'estimate' } : undefined;
}

/**
 * The battery's usable capacity, Wh, and where it came from: `batteryCapacityWh` when known (its
 * source, by trust: set through the API, the vehicle's ISO 15118 needs, telematics, learnt from its
 * past sessions); else, once the SoC rose by at least {@link CAPACITY_ESTIMATE_MIN_SOC_RISE} points
 * in this session, energyDeliveredWh / ((socPercent − socStartPercent) / 100) (`session`); else
 * {@link DEFAULT_BATTERY_CAPACITY_WH} (`default`).
 */
export function batteryCapacityOf(session: SessionDemand): { wh: number; source: CapacitySource } {
  if (session.batteryCapacityWh !== undefined)
    return { wh: session.batteryCapacityWh, source: session.batteryCapacitySource ?? 'vehicle' };
  const { socPercent: soc, socStartPercent: start, energyDeliveredWh: delivered } = session;
  if (soc !== undefined && start !== undefined && soc - start >= CAPACITY_ESTIMATE_MIN_SOC_RISE && delivered > 0) {
    return { wh: delivered / ((soc - start) / 100), source: 'session' };
  }
  return { wh: DEFAULT_BATTERY_CAPACITY_WH, source: 'default' };
}

/** The battery's usable capacity, Wh ({@link batteryCapacityOf}). */
export function batteryCapacityWh(session: SessionDemand): number {
  return batteryCapacityOf(session).wh;
}

/**
 * Whether the vehicle's need is known (told by the vehicle or the fleet) rather than estimated: an
 * ISO 15118 energy request; a SoC target with the battery's capacity given or learnt from the
 * session (not the default); an estimate's energy from the fleet or the vehicle. Without it the
 * allocation gives the vehicle at least what earliest-departure-first gives it. A driver's energy
 * is planned with but not known: drivers ask for more than they take (88 % of Caltech's, by 6.1 kWh
 * at the median), and taken as known it left the vehicles without the EDF floor while the plan
 * poured power into requests that would never be drawn (October 2019 at 20 kW: 66.6 % of the
 * energy against EDF's 73.5 % given the same estimates; with the floor 72.9 %).
 */
export function needKnown(session: SessionDemand): boolean {
  if (session.evNeeds?.energyAmountWh !== undefined) return true;
  if (session.socPercent !== undefined) return batteryCapacityOf(session).source !== 'default';
  return session.estimate?.energyWh !== undefined && knownSource(session.estimate.energySource);
}

/** Whether a source tells the need (the vehicle, the fleet) rather than estimates it (the driver, history, defaults). */
export function knownSource(source: EstimateSource | undefined): boolean {
  return source === 'vehicle' || source === 'fleet';
}

/**
 * The vehicle's acceptance below the taper, W: the port's cap, or, when the vehicle draws less
 * than it is allowed and its SoC is known, its measured draw divided by the taper factor at that SoC.
 */
function maxAcceptW(session: SessionDemand, capW: number): number {
  const inferred =
    acceptanceCapW(session) !== undefined && session.socPercent !== undefined && session.measuredPowerW! > 0;
  return inferred ? Math.min(capW, session.measuredPowerW! / taperFactor(session.socPercent!)) : capW;
}

/**
 * Energy the vehicle still needs for its departure, or undefined when unknown (then it has no
 * laxity and only shares):
 * - the vehicle's ISO 15118 `energyAmountWh` minus the energy delivered since it asked, for a departure of source
 *   `vehicle` (and for an API departure when the SoC is unknown);
 * - else (targetSoc − socPercent) / 100 × {@link batteryCapacityWh}, the target being the API
 *   departure's, or 90 % (the API's default) for a vehicle departure without an energy request;
 * - else, without a SoC, the estimate's energy (`SessionDemand.estimate`) minus what it got.
 * @param capW the port's cap ({@link portCapW}), W
 */
export function chargeNeed(session: SessionDemand, departure: ResolvedDeparture, capW: number): ChargeNeed | undefined {
  const maxW = Math.max(maxAcceptW(session, capW), Number.MIN_VALUE);
  const requested = session.evNeeds?.energyAmountWh;
  const soc = session.socPercent;
  const useRequest = requested !== undefined && (departure.source === 'vehicle' || soc === undefined);
  if (useRequest) {
    const deliveredSince = session.energyDeliveredWh - (session.evNeeds?.deliveredAtRequestWh ?? 0);
    return { energyWh: Math.max(0, requested - deliveredSince), maxAcceptW: maxW };
  }
  if (soc === undefined) {
    const estimated = session.estimate?.energyWh;
    if (estimated === undefined) return undefined;
    return { energyWh: Math.max(0, estimated - session.energyDeliveredWh), maxAcceptW: maxW };
  }
  const target = Math.max(soc, departure.targetSoc ?? DEFAULT_TARGET_SOC);
  const capacityWh = batteryCapacityWh(session);
  const energyWh = ((target - soc) / 100) * capacityWh;
  return { energyWh, maxAcceptW: maxW, soc: { fromPercent: soc, toPercent: target, capacityWh } };
}
