/**
 * The face of `shared/departures/` (departure times and their synchronisation): what the adapters
 * (`shared/api`, `shared/ocpp`, `lambdas/`, `lib/`, `bin/`) import of it, and only through here
 * (`.dependency-cruiser.cjs`, docs/architecture.md "Domain folders"). Tests may import the modules.
 *
 * @module
 */
export {
  DEFAULT_TARGET_SOC,
  MAX_BATCH_VEHICLES,
  MAX_DEPARTURE_NAME_LENGTH,
  MAX_DEPARTURES_PER_VEHICLE,
  MAX_VIN_LENGTH,
  type DepartureBatchEntry,
  type DepartureBatchResult,
  type DepartureTimeResult,
  type UpcomingDepartureTime,
} from './rules';
export { listUpcomingDepartures, syncDepartureBatch, syncVehicleDepartures } from './sync';
