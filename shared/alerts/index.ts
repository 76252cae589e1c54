/**
 * The face of `shared/alerts/` (alerts: the store, settings, the stream-raised rules, the sweep,
 * the alert events): what the adapters (`shared/api`, `shared/ocpp`, `lambdas/`, `lib/`, `bin/`)
 * import of it, and only through here (`.dependency-cruiser.cjs`, docs/architecture.md "Domain
 * folders"). Tests may import the modules.
 *
 * @module
 */
export { alertEventsOf } from './events';
export { acknowledgeAlert, listAlerts, readAlert } from './list';
export { pollAlerts } from './poll';
export { ALERT_SETTINGS_BOUNDS, alertSettings, updateAlertSettings, type AlertSettings } from './settings';
export { PROBE_DEADLINE_MS, sweepAlerts, type SweepCounts } from './sweep';
export { ALERT_TRIGGERING_ENTITIES, applyAlertRules } from './triggers';
export {
  ALERT_SEVERITIES,
  ALERT_SEVERITY,
  ALERT_TYPES,
  type Alert,
  type AlertSeverity,
  type AlertType,
} from './types';
