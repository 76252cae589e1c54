/**
 * The face of `shared/maintenance-windows/` (maintenance windows of chargers and ports): what the
 * adapters (`shared/api`, `shared/ocpp`, `lambdas/`, `lib/`, `bin/`) import of it, and only through
 * here (`.dependency-cruiser.cjs`, docs/architecture.md "Domain folders"). Tests may import the
 * modules.
 *
 * @module
 */
export {
  createMaintenanceWindow,
  deleteMaintenanceWindow,
  listMaintenanceWindows,
  MAX_COMMENT_LENGTH,
  readMaintenanceWindow,
  updateMaintenanceWindow,
  type MaintenanceWindow,
} from './windows';
