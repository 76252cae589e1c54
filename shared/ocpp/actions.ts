/**
 * The names of every OCPP action (CALL) of both versions, for what takes an action name from a
 * person (`GET /api/ocpp-messages?messageType=…`). Checked at compile time against the actions of
 * the generated schema types, so a list that misses one or names an unknown one does not build.
 */
import type * as Ocpp16 from './types/v16';
import type * as Ocpp201 from './types/v201';

/** OCPP 1.6-J actions (with the security extension). */
export const OCPP16_ACTIONS = [
  'Authorize', 'BootNotification', 'CancelReservation', 'CertificateSigned', 'ChangeAvailability',
  'ChangeConfiguration', 'ClearCache', 'ClearChargingProfile', 'DataTransfer', 'DeleteCertificate',
  'DiagnosticsStatusNotification', 'ExtendedTriggerMessage', 'FirmwareStatusNotification', 'GetCompositeSchedule',
  'GetConfiguration', 'GetDiagnostics', 'GetInstalledCertificateIds', 'GetLocalListVersion', 'GetLog', 'Heartbeat',
  'InstallCertificate', 'LogStatusNotification', 'MeterValues', 'RemoteStartTransaction', 'RemoteStopTransaction',
  'ReserveNow', 'Reset', 'SecurityEventNotification', 'SendLocalList', 'SetChargingProfile', 'SignCertificate',
  'SignedFirmwareStatusNotification', 'SignedUpdateFirmware', 'StartTransaction', 'StatusNotification',
  'StopTransaction', 'TriggerMessage', 'UnlockConnector', 'UpdateFirmware',
] as const satisfies readonly Ocpp16.Action[];

/** OCPP 2.0.1 actions. */
export const OCPP201_ACTIONS = [
  'Authorize', 'BootNotification', 'CancelReservation', 'CertificateSigned', 'ChangeAvailability', 'ClearCache',
  'ClearChargingProfile', 'ClearDisplayMessage', 'ClearVariableMonitoring', 'ClearedChargingLimit', 'CostUpdated',
  'CustomerInformation', 'DataTransfer', 'DeleteCertificate', 'FirmwareStatusNotification', 'Get15118EVCertificate',
  'GetBaseReport', 'GetCertificateStatus', 'GetChargingProfiles', 'GetCompositeSchedule', 'GetDisplayMessages',
  'GetInstalledCertificateIds', 'GetLocalListVersion', 'GetLog', 'GetMonitoringReport', 'GetReport',
  'GetTransactionStatus', 'GetVariables', 'Heartbeat', 'InstallCertificate', 'LogStatusNotification', 'MeterValues',
  'NotifyChargingLimit', 'NotifyCustomerInformation', 'NotifyDisplayMessages', 'NotifyEVChargingNeeds',
  'NotifyEVChargingSchedule', 'NotifyEvent', 'NotifyMonitoringReport', 'NotifyReport', 'PublishFirmware',
  'PublishFirmwareStatusNotification', 'ReportChargingProfiles', 'RequestStartTransaction', 'RequestStopTransaction',
  'ReservationStatusUpdate', 'ReserveNow', 'Reset', 'SecurityEventNotification', 'SendLocalList',
  'SetChargingProfile', 'SetDisplayMessage', 'SetMonitoringBase', 'SetMonitoringLevel', 'SetNetworkProfile',
  'SetVariableMonitoring', 'SetVariables', 'SignCertificate', 'StatusNotification', 'TransactionEvent',
  'TriggerMessage', 'UnlockConnector', 'UnpublishFirmware', 'UpdateFirmware',
] as const satisfies readonly Ocpp201.Action[];

type Missing = Exclude<Ocpp16.Action, (typeof OCPP16_ACTIONS)[number]> | Exclude<Ocpp201.Action, (typeof OCPP201_ACTIONS)[number]>;
/** Compile-time check: no action is missing from the lists. */
export const EVERY_ACTION_LISTED: [Missing] extends [never] ? true : Missing = true;

/** Every action name of either version, sorted. */
export const OCPP_ACTIONS: readonly string[] = [...new Set<string>([...OCPP16_ACTIONS, ...OCPP201_ACTIONS])].sort();
