/**
 * Smart charging (spec §2.6 site power limits, §4.2 departures): the pure allocation of a site's
 * power to its ports, when to send the resulting charging profiles, and the site's tariff as the
 * planner prices energy with it. No I/O.
 *
 * @module
 */
export { allocateSite, needMet, SOLVE_BUDGET_MS, type AllocationOptions } from './allocate';
export { DEMAND_INTERVAL_MS } from './demand-model';
export { DEFAULT_DWELL_MS, MAX_HORIZON_MS, MIN_FIRST_SLOT_MS, plannedDeparture, SLOT_MS } from './horizon';
export { SolveError, type PlanSolver } from './linear-program';
export { MAX_NEED_WH, WEIGHTS } from './planner';
export {
  IDLE_AFTER_MS,
  IDLE_DRAW_FRACTION,
  NEED_MET_WH,
  nextReleaseState,
  PROBE_INTERVAL_MS,
  PROBE_WINDOW_MS,
  releaseDeadline,
} from './release';
export { DEPARTURE_MARGIN } from './departures';
export {
  drawObserved,
  driverErrorsMs,
  estimateFrom,
  HISTORY_MS,
  quantiles,
  similarSessions,
  type PastSession,
  type SessionFacts,
} from './estimates';
export { AllocationInputError } from './errors';
export {
  ACCEPTANCE_HEADROOM,
  ACCEPTANCE_MARGIN,
  ACCEPTANCE_THRESHOLD,
  acceptanceCapW,
  batteryCapacityOf,
  batteryCapacityWh,
  CAPACITY_ESTIMATE_MIN_SOC_RISE,
  chargeNeed,
  DCFC_MINIMUM_W,
  DEFAULT_BATTERY_CAPACITY_WH,
  LEVEL2_MINIMUM_A,
  minimumPowerW,
  portCapW,
  resolveDeparture,
  type ResolvedDeparture,
} from './needs';
export { activeOverrideW } from './ports';
export {
  direction,
  limitAt,
  NEAR_WINDOW_MS,
  PROFILE_CHANGE_ABSOLUTE,
  PROFILE_CHANGE_FRACTION,
  profileChangeNeeded,
  profilesToSend,
  type LimitSchedule,
  type PortLimit,
  type PortProfileState,
  type ProfileSend,
  type ScheduledLimit,
} from './profiles';
export {
  energyPriceAt,
  minutesOfDay,
  tariffPeriodBoundaries,
  type SiteTariff,
  type TariffEnergyPrice,
} from './tariff';
export { deliveredWithin, requiredPowerW, secondsToDeliver, taperFactor, type ChargeNeed } from './taper';
export type * from './types';
export { CHARGER_TYPES, KNOWN_CAPACITY_SOURCES } from './types';
export { ceilAmps, floorAmps, floorWatts, siteUnit, wattsPerAmp } from './units';
