/**
 * The commands of chargers' configuration (OCPP 1.6 GetConfiguration/ChangeConfiguration, 2.0.1
 * the device model: GetBaseReport, GetVariables, SetVariables), with their version-neutral inputs
 * and results. The OCPP command path implements them (`CONFIGURATION_COMMANDS` in
 * `shared/ocpp/commands`).
 */
import type { ChargerCommands, VersionInputs } from '../charger-commands';

/**
 * A configuration setting of a charger: an OCPP 1.6 configuration key (`name` alone, §9), or an
 * OCPP 2.0.1 variable of a component of the device model (`component`, `name` the variable's
 * name, `instance` the variable's instance, `attributeType`: part 2 §1.2 "Device model").
 */
export interface SettingRef {
  /** 2.0.1 only: the component, with its instance and EVSE (and connector) when it has them. */
  component?: { name: string; instance?: string; evse?: { id: number; connectorId?: number } };
  /** 1.6 the key; 2.0.1 the variable's name. At most 50 characters (CiString50 / identifierString). */
  name: string;
  /** 2.0.1 only: the variable's instance. */
  instance?: string;
  /** 2.0.1 only: which attribute (default `Actual`). */
  attributeType?: 'Actual' | 'Target' | 'MinSet' | 'MaxSet';
}

/** A setting to change: its new value (1.6 at most 500 characters, 2.0.1 at most 1000). */
export interface SettingChange extends SettingRef {
  value: string;
}

/** A charger's answer about one setting it was asked to read (1.6 GetConfiguration, 2.0.1 GetVariables). */
export interface SettingReading extends SettingRef {
  /**
   * 1.6: `Accepted` (in `configurationKey`) or `UnknownKey` (in `unknownKey`); 2.0.1 the
   * GetVariableResult's `attributeStatus`.
   */
  status: 'Accepted' | 'UnknownKey' | 'Rejected' | 'UnknownComponent' | 'UnknownVariable' | 'NotSupportedAttributeType';
  value?: string;
  /** 1.6 only: the key is read-only, as the charger says. */
  readonly?: boolean;
  /** 2.0.1 `attributeStatusInfo.reasonCode`, when given. */
  statusInfo?: string;
}

/** A charger's answer about one setting it was asked to change (1.6 ChangeConfiguration, 2.0.1 SetVariables). */
export interface SettingChangeAnswer extends SettingRef {
  status:
    | 'Accepted'
    | 'Rejected'
    | 'RebootRequired'
    | 'NotSupported'
    | 'UnknownComponent'
    | 'UnknownVariable'
    | 'NotSupportedAttributeType';
  /** 2.0.1 `attributeStatusInfo.reasonCode`, when given. */
  statusInfo?: string;
}

/** The 2.0.1 report bases (GetBaseReport `reportBase`, B07). */
export type ReportBase = 'ConfigurationInventory' | 'FullInventory' | 'SummaryInventory';

/**
 * A charger's answer to "send your whole configuration": OCPP 1.6 in the answer itself (every key
 * of GetConfiguration without keys), OCPP 2.0.1 a status now and the report later, in NotifyReport
 * pages carrying the request's ID (GetBaseReport, B07).
 */
export type ConfigurationReadAnswer =
  | { kind: 'keys'; readings: SettingReading[] }
  | { kind: 'report'; status: 'Accepted' | 'Rejected' | 'NotSupported' | 'EmptyResultSet'; statusInfo?: string };

/** The commands of charger configuration. */
export interface ConfigurationCommandCatalog {
  /** The whole configuration: 1.6 GetConfiguration (no keys); 2.0.1 GetBaseReport (`requestId`, `reportBase`). */
  ReadConfiguration: { input: { requestId: number; reportBase: ReportBase }; result: ConfigurationReadAnswer };
  /** Some settings: 1.6 GetConfiguration (keys); 2.0.1 GetVariables. At least one. */
  GetSettings: { input: { settings: SettingRef[] }; result: SettingReading[] };
  /**
   * Changes settings: 2.0.1 SetVariables (all of them in one); 1.6 ChangeConfiguration, one key per
   * CALL, so a 1.6 caller sends one change at a time ({@link VersionInputs.settingsPerCall}).
   */
  ChangeSettings: { input: { settings: SettingChange[] }; result: SettingChangeAnswer[] };
  /**
   * The station's monitors, in NotifyMonitoringReport pages carrying `requestId` (2.0.1
   * GetMonitoringReport N02; 1.6 has none: NotSupported without a CALL).
   */
  ReadMonitors: {
    input: { requestId: number };
    result: { status: 'Accepted' | 'Rejected' | 'NotSupported' | 'EmptyResultSet'; statusInfo?: string };
  };
}

/** What charger configuration sends through (`configuration.ts`). */
export type ConfigurationCommands = ChargerCommands<ConfigurationCommandCatalog>;
