/**
 * A charger's settings as this product keeps them (OCPP 1.6 configuration keys, §9; OCPP 2.0.1
 * device model, part 2 §1.2 and appendix 3), which of them the product relies on (guarded), and
 * the pure rules that merge a charger's answers into them. No I/O.
 */
import type { SettingRef } from './commands';

/** A 1.6 configuration key as the charger reported it (GetConfiguration `configurationKey`). */
export interface StoredKey {
  key: string;
  /** Read-only, as the charger says. */
  readonly: boolean;
  /** Absent when the charger did not give it (a write-only key such as AuthorizationKey). */
  value?: string;
  /** A change was answered `RebootRequired`: `value` takes effect after the charger's next reboot. */
  rebootRequired?: boolean;
}

/** A 2.0.1 component as the device model names it. */
export interface ComponentRef {
  name: string;
  instance?: string;
  evse?: { id: number; connectorId?: number };
}

/** One attribute of a 2.0.1 variable (VariableAttributeType). */
export interface StoredAttribute {
  /** `Actual` when the charger did not say. */
  type: 'Actual' | 'Target' | 'MinSet' | 'MaxSet';
  value?: string;
  mutability?: 'ReadOnly' | 'WriteOnly' | 'ReadWrite';
  persistent?: boolean;
  constant?: boolean;
  /** A change was answered `RebootRequired`: `value` takes effect after the charger's next reboot. */
  rebootRequired?: boolean;
}

/** A 2.0.1 variable of the device model, as the report (ReportDataType) gave it. */
export interface StoredVariable {
  component: ComponentRef;
  variable: { name: string; instance?: string };
  attributes: StoredAttribute[];
  /** VariableCharacteristicsType as reported: unit, dataType, limits, valuesList, supportsMonitoring. */
  characteristics?: {
    unit?: string;
    dataType: string;
    minLimit?: number;
    maxLimit?: number;
    valuesList?: string;
    supportsMonitoring: boolean;
  };
}

/** The settings of one charger: 1.6 keys (and keys it said it does not know), or 2.0.1 variables. */
export interface StoredSettings {
  keys?: StoredKey[];
  unknownKeys?: string[];
  variables?: StoredVariable[];
  /** Variables of a device model too large to store (beyond 350 kB gzipped) left out at its end. */
  omittedVariables?: number;
}

/** A setting the product relies on, and why. */
export interface GuardedSetting {
  /** 2.0.1 component (absent for a 1.6 key). */
  component?: string;
  /** 1.6 key or 2.0.1 variable name. */
  name: string;
  /** What the product relies on; shown with the setting and in the refusal. */
  reliance: string;
  /**
   * A credential of the charger's connection: never changed through the configuration API (the
   * product must know the password before the charger uses it; the charger credentials operation
   * does that), even with `force`.
   */
  credential?: boolean;
}

const HEARTBEAT =
  'the product answers BootNotification with a 540 s heartbeat interval, chosen so that API Gateway (which closes ' +
  'a WebSocket idle for 10 minutes) keeps the connection with a minute to spare at the lowest message cost';
const METER_INTERVAL =
  "a session's 15-minute readings series, the charger health's power and smart charging's view of each session " +
  'come from the meter values this interval paces: longer leaves them stale, shorter multiplies messages and cost';
const SMART_CHARGING =
  'smart charging reads it to decide whether the charger takes charging profiles, in which unit and how many ' +
  'periods (learnt after each boot)';
const RESERVATIONS = 'remote control reads it to decide whether the charger takes reservations';
const CREDENTIAL =
  "the charger's Basic Auth password: the product must know it before the charger uses it, so it is set only by " +
  'the charger credentials operation, which keeps the old password until the charger has confirmed the new one';

/** The settings this product relies on (its own heartbeat and meter intervals, smart charging, credentials). */
export const GUARDED_SETTINGS: readonly GuardedSetting[] = [
  // OCPP 1.6 keys (§9).
  { name: 'HeartbeatInterval', reliance: HEARTBEAT },
  { name: 'MeterValueSampleInterval', reliance: METER_INTERVAL },
  { name: 'SupportedFeatureProfiles', reliance: `${SMART_CHARGING}; ${RESERVATIONS}` },
  { name: 'ChargingScheduleAllowedChargingRateUnit', reliance: SMART_CHARGING },
  { name: 'ChargingScheduleMaxPeriods', reliance: SMART_CHARGING },
  { name: 'AuthorizationKey', reliance: CREDENTIAL, credential: true },
  { name: 'SecurityProfile', reliance: CREDENTIAL, credential: true },
  // OCPP 2.0.1 variables (appendix 3).
  { component: 'OCPPCommCtrlr', name: 'HeartbeatInterval', reliance: HEARTBEAT },
  { component: 'SampledDataCtrlr', name: 'TxUpdatedInterval', reliance: METER_INTERVAL },
  { component: 'SmartChargingCtrlr', name: 'Enabled', reliance: SMART_CHARGING },
  { component: 'SmartChargingCtrlr', name: 'Available', reliance: SMART_CHARGING },
  { component: 'SmartChargingCtrlr', name: 'RateUnit', reliance: SMART_CHARGING },
  { component: 'SmartChargingCtrlr', name: 'PeriodsPerSchedule', reliance: SMART_CHARGING },
  { component: 'ReservationCtrlr', name: 'Enabled', reliance: RESERVATIONS },
  { component: 'ReservationCtrlr', name: 'Available', reliance: RESERVATIONS },
  { component: 'SecurityCtrlr', name: 'BasicAuthPassword', reliance: CREDENTIAL, credential: true },
  { component: 'SecurityCtrlr', name: 'SecurityProfile', reliance: CREDENTIAL, credential: true },
];

/**
 * The guard of a setting, if the product relies on it: 1.6 keys and 2.0.1 component and variable
 * names are compared case-insensitively (both versions say names are case-insensitive).
 * @param setting a 1.6 key (no component) or a 2.0.1 variable
 */
export function guardOf(setting: { component?: { name: string }; name: string }): GuardedSetting | undefined {
  const component = setting.component?.name.toLowerCase();
  const name = setting.name.toLowerCase();
  return GUARDED_SETTINGS.find((g) => g.component?.toLowerCase() === component && g.name.toLowerCase() === name);
}

/**
 * A setting's identity, to match a charger's answers to what was asked and to find a stored
 * setting: names and instances case-insensitive, a 2.0.1 attribute type `Actual` when absent.
 * @returns a string equal for the same setting
 */
export function settingIdentity(setting: SettingRef): string {
  const { component, name, instance, attributeType } = setting;
  return JSON.stringify([
    component?.name.toLowerCase() ?? null,
    component?.instance?.toLowerCase() ?? null,
    component?.evse?.id ?? null,
    component?.evse?.connectorId ?? null,
    name.toLowerCase(),
    instance?.toLowerCase() ?? null,
    component ? (attributeType ?? 'Actual') : null,
  ]);
}

/** A stored variable's identity without its attribute type (the variable, not one of its attributes). */
function variableIdentity(v: StoredVariable): string {
  return settingIdentity({ component: v.component, name: v.variable.name, instance: v.variable.instance });
}

/** An identity without the attribute type. */
function variableIdentityOf(setting: SettingRef): string {
  return settingIdentity({ ...setting, attributeType: undefined });
}

/**
 * Settings with the variables of a targeted report (2.0.1 GetReport, B08) merged in: a reported
 * variable replaces the stored one of the same component and variable (names and instances, EVSE),
 * the others stay, a new one is added at the end. Pure.
 * @param settings the stored settings (not modified)
 */
export function mergeVariables(settings: StoredSettings, reported: readonly StoredVariable[]): StoredSettings {
  const byIdentity = new Map(reported.map((v) => [variableIdentity(v), v]));
  const variables = (settings.variables ?? []).map((v) => {
    const update = byIdentity.get(variableIdentity(v));
    if (update) byIdentity.delete(variableIdentity(v));
    return update ?? v;
  });
  return { ...settings, variables: [...variables, ...byIdentity.values()] };
}

/** What a merge changes of one setting: its value as read or set, and whether it waits for a reboot. */
export interface SettingUpdate extends SettingRef {
  value?: string;
  /** 1.6: read-only, as the charger says (a reading). */
  readonly?: boolean;
  /** The change was answered `RebootRequired`. */
  rebootRequired?: boolean;
}

/**
 * Settings with updates merged in (a GetConfiguration of some keys, GetVariables results, accepted
 * changes): a known key or attribute takes the new value (and `rebootRequired` as given, else
 * none), an unknown one is added. A 1.6 key read again leaves the unknown keys.
 * @param settings the stored settings (not modified)
 * @returns new settings
 */
export function mergeSettings(settings: StoredSettings, updates: readonly SettingUpdate[]): StoredSettings {
  const keys = [...(settings.keys ?? [])];
  const variables = (settings.variables ?? []).map((v) => ({ ...v, attributes: [...v.attributes] }));
  let unknownKeys = settings.unknownKeys;
  for (const update of updates) {
    const reboot = update.rebootRequired ? { rebootRequired: true } : {};
    const value = update.value !== undefined ? { value: update.value } : {};
    if (!update.component) {
      const index = keys.findIndex((k) => k.key.toLowerCase() === update.name.toLowerCase());
      const { rebootRequired: _, ...previous } = keys[index] ?? { key: update.name, readonly: false };
      const next = {
        ...previous,
        ...value,
        ...reboot,
        ...(update.readonly !== undefined ? { readonly: update.readonly } : {}),
      };
      if (index >= 0) keys[index] = next;
      else keys.push(next);
      unknownKeys = unknownKeys?.filter((k) => k.toLowerCase() !== update.name.toLowerCase());
      continue;
    }
    const identity = variableIdentityOf(update);
    let variable = variables.find((v) => variableIdentity(v) === identity);
    if (!variable) {
      variable = {
        component: update.component,
        variable: { name: update.name, ...(update.instance !== undefined ? { instance: update.instance } : {}) },
        attributes: [],
      };
      variables.push(variable);
    }
    const type = update.attributeType ?? 'Actual';
    const index = variable.attributes.findIndex((a) => a.type === type);
    const { rebootRequired: _, ...previous } = variable.attributes[index] ?? { type };
    const next = { ...previous, ...value, ...reboot };
    if (index >= 0) variable.attributes[index] = next;
    else variable.attributes.push(next);
  }
  return {
    ...(settings.keys || keys.length ? { keys } : {}),
    ...(unknownKeys?.length ? { unknownKeys } : {}),
    ...(settings.variables || variables.length ? { variables } : {}),
  };
}

/** A report page's `reportData` entry (OCPP 2.0.1 ReportDataType, `customData` left out) as a stored variable. */
export function storedVariable(data: {
  component: ComponentRef & { customData?: unknown; evse?: { id: number; connectorId?: number; customData?: unknown } };
  variable: { name: string; instance?: string; customData?: unknown };
  variableAttribute: readonly (Omit<StoredAttribute, 'type' | 'rebootRequired'> & {
    type?: StoredAttribute['type'];
    customData?: unknown;
  })[];
  variableCharacteristics?: StoredVariable['characteristics'] & { customData?: unknown };
}): StoredVariable {
  const { evse, customData: _c, ...component } = data.component;
  const { customData: _v, ...variable } = data.variable;
  const characteristics = data.variableCharacteristics && withoutCustomData(data.variableCharacteristics);
  return {
    component: {
      ...component,
      ...(evse
        ? { evse: { id: evse.id, ...(evse.connectorId !== undefined ? { connectorId: evse.connectorId } : {}) } }
        : {}),
    },
    variable,
    attributes: data.variableAttribute.map((a) => ({ ...withoutCustomData(a), type: a.type ?? 'Actual' })),
    ...(characteristics ? { characteristics } : {}),
  };
}

function withoutCustomData<T extends { customData?: unknown }>(value: T): Omit<T, 'customData'> {
  const { customData: _, ...rest } = value;
  return rest;
}
