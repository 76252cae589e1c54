/**
 * Smart charging (spec §2.6 site power limits, §4.2 departures): the pure allocation of a site's
 * power to its ports, when to send the resulting charging profiles, and the site's tariff as the
 * planner prices energy with it. No I/O.
 *
 * @module
 */
export { allocateSite } from './allocate';
export { DEPARTURE_MARGIN } from './departures';
export { AllocationInputError } from './errors';
export {
  ACCEPTANCE_HEADROOM,
  ACCEPTANCE_MARGIN,
  ACCEPTANCE_THRESHOLD,
  acceptanceCapW,
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
  PROFILE_CHANGE_ABSOLUTE,
  PROFILE_CHANGE_FRACTION,
  profileChangeNeeded,
  profilesToSend,
  type PortLimit,
  type PortProfileState,
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
export { ceilAmps, floorAmps, floorWatts, siteUnit, wattsPerAmp } from './units';
