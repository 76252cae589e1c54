/**
 * Configuration commands: OCPP 1.6 Core §5.8 GetConfiguration and §5.3 ChangeConfiguration (keys,
 * §9); OCPP 2.0.1 functional block B, B07 GetBaseReport (the report follows in NotifyReport
 * pages), B06 GetVariables and B05 SetVariables (variables of the device model's components), and
 * N02 GetMonitoringReport (the station's monitors follow in NotifyMonitoringReport pages; 2.0.1 only).
 */
import type {
  ConfigurationCommandCatalog,
  ConfigurationReadAnswer,
  SettingChangeAnswer,
  SettingReading,
  SettingRef,
} from '../../charger-configuration';
import type { CommandSet } from './charger-commands';
import type * as Ocpp201 from '../types/v201';
import { defineCommand, defineCommand201 } from './command';
import * as V16 from '../validators/v16';
import * as V201 from '../validators/v201';

/** A setting as a 2.0.1 component and variable (and attribute type when not the default `Actual`). */
function componentVariable(setting: SettingRef) {
  const { component, name, instance, attributeType } = setting;
  return {
    component: {
      name: component?.name ?? '',
      ...(component?.instance !== undefined ? { instance: component.instance } : {}),
      ...(component?.evse ? { evse: component.evse } : {}),
    },
    variable: { name, ...(instance !== undefined ? { instance } : {}) },
    ...(attributeType !== undefined ? { attributeType } : {}),
  };
}

/** A 2.0.1 result's component and variable as a setting. */
function settingOf(result: {
  component: Ocpp201.ComponentType;
  variable: Ocpp201.VariableType;
  attributeType?: Ocpp201.AttributeEnumType;
}): SettingRef {
  const { component, variable, attributeType } = result;
  return {
    component: {
      name: component.name,
      ...(component.instance !== undefined ? { instance: component.instance } : {}),
      ...(component.evse
        ? {
            evse: {
              id: component.evse.id,
              ...(component.evse.connectorId !== undefined ? { connectorId: component.evse.connectorId } : {}),
            },
          }
        : {}),
    },
    name: variable.name,
    ...(variable.instance !== undefined ? { instance: variable.instance } : {}),
    attributeType: attributeType ?? 'Actual',
  };
}

/** A 1.6 GetConfiguration answer as readings: its known keys, then its unknown ones. */
function readingsOf16(response: {
  configurationKey?: { key: string; readonly: boolean; value?: string }[];
  unknownKey?: string[];
}): SettingReading[] {
  return [
    ...(response.configurationKey ?? []).map(
      (k): SettingReading => ({
        name: k.key,
        status: 'Accepted',
        readonly: k.readonly,
        ...(k.value !== undefined ? { value: k.value } : {}),
      }),
    ),
    ...(response.unknownKey ?? []).map((key): SettingReading => ({ name: key, status: 'UnknownKey' })),
  ];
}

/** The whole configuration: 1.6 GetConfiguration without keys; 2.0.1 GetBaseReport. */
export const readConfiguration = defineCommand<
  { requestId: number; reportBase: Ocpp201.ReportBaseEnumType },
  ConfigurationReadAnswer,
  'GetConfiguration',
  'GetBaseReport'
>({
  name: 'ReadConfiguration',
  'ocpp1.6': {
    call: V16.GetConfiguration,
    request: () => ({}),
    result: (response) => ({ kind: 'keys', readings: readingsOf16(response) }),
  },
  'ocpp2.0.1': {
    call: V201.GetBaseReport,
    request: ({ requestId, reportBase }) => ({ requestId, reportBase }),
    result: (response) => ({
      kind: 'report',
      status: response.status,
      ...(response.statusInfo ? { statusInfo: response.statusInfo.reasonCode } : {}),
    }),
  },
});

/** Some settings: 1.6 GetConfiguration with their keys; 2.0.1 GetVariables. */
export const getSettings = defineCommand<
  { settings: SettingRef[] },
  SettingReading[],
  'GetConfiguration',
  'GetVariables'
>({
  name: 'GetSettings',
  'ocpp1.6': {
    call: V16.GetConfiguration,
    request: ({ settings }) => ({ key: settings.map((s) => s.name) }),
    result: readingsOf16,
  },
  'ocpp2.0.1': {
    call: V201.GetVariables,
    request: ({ settings }) => {
      const [first, ...rest] = settings.map(componentVariable);
      return { getVariableData: [first!, ...rest] };
    },
    result: (response) =>
      response.getVariableResult.map(
        (r): SettingReading => ({
          ...settingOf(r),
          status: r.attributeStatus,
          ...(r.attributeValue !== undefined ? { value: r.attributeValue } : {}),
          ...(r.attributeStatusInfo ? { statusInfo: r.attributeStatusInfo.reasonCode } : {}),
        }),
      ),
  },
});

/** Changes settings: 1.6 ChangeConfiguration of the first (and only) one; 2.0.1 SetVariables of all. */
export const changeSettings = defineCommand<
  { settings: (SettingRef & { value: string })[] },
  SettingChangeAnswer[],
  'ChangeConfiguration',
  'SetVariables'
>({
  name: 'ChangeSettings',
  'ocpp1.6': {
    call: V16.ChangeConfiguration,
    request: ({ settings: [setting] }) => ({ key: setting!.name, value: setting!.value }),
    // The one key sent; its name as sent (the answer does not repeat it).
    result: (response) => [{ name: '', status: response.status }],
  },
  'ocpp2.0.1': {
    call: V201.SetVariables,
    request: ({ settings }) => {
      const [first, ...rest] = settings.map((s) => ({ ...componentVariable(s), attributeValue: s.value }));
      return { setVariableData: [first!, ...rest] };
    },
    result: (response) =>
      response.setVariableResult.map(
        (r): SettingChangeAnswer => ({
          ...settingOf(r),
          status: r.attributeStatus,
          ...(r.attributeStatusInfo ? { statusInfo: r.attributeStatusInfo.reasonCode } : {}),
        }),
      ),
  },
});

/** GetMonitoringReport (N02) without criteria or components: every monitor, in pages carrying `requestId`. */
export const readMonitors = defineCommand201<
  ConfigurationCommandCatalog['ReadMonitors']['input'],
  ConfigurationCommandCatalog['ReadMonitors']['result'],
  'GetMonitoringReport'
>({
  name: 'ReadMonitors',
  'ocpp2.0.1': {
    call: V201.GetMonitoringReport,
    request: ({ requestId }) => ({ requestId }),
    result: (response) => ({
      status: response.status,
      ...(response.statusInfo ? { statusInfo: response.statusInfo.reasonCode } : {}),
    }),
  },
});

/** The OCPP declaration of each configuration command: what the configuration routes wire into `ocppChargerCommands`. */
export const CONFIGURATION_COMMANDS: CommandSet<ConfigurationCommandCatalog> = {
  ReadConfiguration: readConfiguration,
  GetSettings: getSettings,
  ChangeSettings: changeSettings,
  ReadMonitors: readMonitors,
};
