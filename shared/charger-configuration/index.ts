/**
 * The face of `shared/charger-configuration/` (chargers' configuration (1.6 keys, the 2.0.1 device
 * model) and the commands it sends): what the adapters (`shared/api`, `shared/ocpp`, `lambdas/`,
 * `lib/`, `bin/`) import of it, and only through here (`.dependency-cruiser.cjs`,
 * docs/architecture.md "Domain folders"). Tests may import the modules.
 *
 * @module
 */
export type {
  ConfigurationCommandCatalog,
  ConfigurationReadAnswer,
  SettingChange,
  SettingChangeAnswer,
  SettingReading,
  SettingRef,
} from './commands';
export { changeChargerConfiguration, refreshChargerConfiguration, type ConfigurationChangeItem } from './configuration';
export { isMonitorAlert, type MonitorEvent, recordMonitorEvents } from './monitor-events';
export {
  type ChargerMonitorsView,
  type MonitoringReportPage,
  readChargerMonitors,
  recordMonitoringReportPage,
  refreshChargerMonitors,
  type MonitorsRefresh,
  type ReportedMonitor,
} from './monitoring-report';
export { DeviceModelComponent, DeviceModelVariable, ocppText } from './schemas';
export { recordReportPage } from './store';
export { readChargerConfiguration } from './view';
