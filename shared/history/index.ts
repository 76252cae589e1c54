/**
 * The face of `shared/history/` (session records, charger health, errors, the message log): what
 * the adapters (`shared/api`, `shared/ocpp`, `lambdas/`, `lib/`, `bin/`) import of it, and only
 * through here (`.dependency-cruiser.cjs`, docs/architecture.md "Domain folders"). Tests may import
 * the modules.
 *
 * @module
 */
export { recordChargerError, statusErrorReport, type ErrorReport } from './charger-errors';
export { chargerHealthReport, type ChargerHealthReport } from './charger-health';
export { listChargerErrors, type ChargerErrorReport } from './error-list';
export { RequestInFlightError } from './errors';
export { listOcppMessages, type LoggedFrame, type OcppMessage } from './message-list';
export { withRequestLease } from './request-lease';
export { roundToMinorUnit, type EnergyCost } from './session-cost';
export type { ChargingSession } from './session-views';
export { listChargingSessions } from './sessions';
export { recordConnectionChange } from './status-events';
export {
  CRITICAL_SECURITY_EVENTS,
  listSecurityEvents,
  recordSecurityEvent,
  type SecurityEvent,
  type SecurityEventInput,
} from './security-events';
