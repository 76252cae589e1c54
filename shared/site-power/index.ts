/**
 * The face of `shared/site-power/` (site limits, tariffs, overrides, station reports, the
 * allocation runs and their triggers, and the commands they send): what the adapters (`shared/api`,
 * `shared/ocpp`, `lambdas/`, `lib/`, `bin/`) import of it, and only through here
 * (`.dependency-cruiser.cjs`, docs/architecture.md "Domain folders"). Tests may import the modules.
 *
 * @module
 */
export { requestAllocation } from './allocation-state';
export { readPowerAllocation, type PowerAllocationView } from './allocation-view';
export { STACK_LEVEL, TX_DEFAULT_PROFILE_ID, txProfileId } from './commands';
export type {
  ChargingProfileInput,
  ChargingProfilesRequest,
  ChargingRateUnit,
  CompositeSchedule,
  CompositeScheduleAnswer,
  CompositeSchedulePeriod,
  CompositeScheduleRequest,
  SmartChargingCommandCatalog,
  SmartChargingSupport,
} from './commands';
export {
  CHARGING_RATE_UNITS,
  MAX_LIMIT_SCHEDULE_PERIODS,
  MAX_SITE_POWER_LIMIT,
  parseLimitPeriods,
  SITE_POWER_LIMIT_TYPES,
  sitePowerLimitInputSchema,
} from './limit-rules';
export {
  deleteSitePowerLimit,
  getSitePowerLimits,
  listSitePowerLimits,
  putSitePowerLimit,
  setSitePowerLimit,
  sitePowerLimitSchedules,
} from './limits';
export {
  deleteDriverEstimate,
  MAX_DEPARTURE_AHEAD_MS,
  MAX_DRIVER_ENERGY_KWH,
  setDriverEstimate,
  type DriverEstimate,
} from './driver-estimates';
export { deleteChargingOverride, setChargingOverride, type ChargingOverride } from './overrides';
export { PLANNER_FALLBACK_MESSAGE, runSiteAllocation, type RunOutcome } from './run';
export { scheduledSites } from './scheduled-sites';
export {
  clearExternalLimit,
  MAX_REPORTED_PROFILES,
  recordChargingProfilesReport,
  recordEvChargingNeeds,
  recordEvChargingSchedule,
  recordExternalLimit,
  type EvChargingNeedsReport,
  type LimitSchedule,
} from './station-reports';
export { DEMAND_BILLING_PERIOD, parseTariffPrice, siteTariffInputSchema } from './tariff-rules';
export {
  deleteTariff,
  getTariff,
  operatorSite,
  putSiteTariff,
  readSiteTariff,
  removeSiteTariff,
  setTariff,
  type SiteTariffView,
} from './tariffs';
export { reallocationsOf, TRIGGERING_ENTITIES } from './triggers';
export {
  BEHIND_DRAW_SHARE,
  BEHIND_SETTLE_MS,
  BEHIND_SUSTAIN_MS,
  triggeredSites,
  type ReadingEvent,
  type ReadingTrigger,
} from './reading-triggers';
