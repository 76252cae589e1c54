/**
 * The face of `shared/access/` (access IDs (RFID cards, vehicles' IDs), vehicles, customers, the
 * access-ID batch): what the adapters (`shared/api`, `shared/ocpp`, `lambdas/`, `lib/`, `bin/`)
 * import of it, and only through here (`.dependency-cruiser.cjs`, docs/architecture.md "Domain
 * folders"). Tests may import the modules.
 *
 * @module
 */
export { createAccessId, listAccessIds, patchAccessId, readAccessId } from './access-ids';
export { upsertAccessIdBatch } from './batch';
export { learnBatteries } from './battery-learning';
export { ACCESS_ID_TYPES, type AccessIdType, idTagOfToken } from './id-tags';
export { MAX_ACCESS_IDS_PER_VEHICLE_REQUEST } from './items';
export { createVehicle, setTelematics, updateVehicle } from './vehicle-writes';
export { listVehicles, readVehicle } from './vehicles';
export {
  MAX_BATTERY_CAPACITY_KWH,
  MAX_CLOCK_SKEW_MS,
  MAX_STATE_BATCH_VEHICLES,
  pushVehicleState,
  pushVehicleStateBatch,
  type VehicleStateBatchEntry,
  type VehicleStateBatchResult,
  type VehicleStateInput,
  type VehicleStateResult,
} from './vehicle-state';
export type { VehicleTelematics } from './views';
