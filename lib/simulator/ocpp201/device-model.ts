/**
 * The OCPP 2.0.1 device model of the simulated charging station (part 2 appendix 3
 * "Standardized Components/Variables", Actual attribute only) and the GetVariables / SetVariables
 * commands (B06, B05). Components and variables are matched case-insensitively; the instance is
 * ignored.
 *
 * SmartChargingCtrlr: `Enabled`/`Available` (false with `--no-smart-charging`), `RateUnit`
 * (`A`, `W` or `A,W`), `ProfileStackLevel`, `PeriodsPerSchedule`, and `Entries` (profiles installed).
 *
 * @module
 */
import type * as V201 from '../../../shared/ocpp/types/v201';
import { mapNonEmpty, type StationApi } from '../protocol';
import { MEASURANDS, type Commands } from './messages';

/** A device-model variable. */
interface Variable {
  readonly readonly: boolean;
  /** Set only, never read (GetVariables: Rejected), like `SecurityCtrlr.BasicAuthPassword`. */
  readonly writeOnly?: boolean;
  get(): string;
  /** Applies a new value; false when the value is invalid. */
  set?(value: string): boolean;
}

const flag = (get: () => boolean, set?: (value: boolean) => void): Variable => ({
  readonly: set === undefined,
  get: () => String(get()),
  ...(set && {
    set: (value: string): boolean => {
      if (value !== 'true' && value !== 'false') return false;
      set(value === 'true');
      return true;
    },
  }),
});

const text = (value: string, readonly = false): Variable => {
  let current = value;
  const set = (next: string): boolean => {
    current = next;
    return true;
  };
  return { readonly, get: () => current, ...(readonly ? {} : { set }) };
};

const readOnly = (get: () => string | number): Variable => ({ readonly: true, get: () => String(get()) });

const seconds = (get: () => number, apply: (value: number) => void, min: number): Variable => ({
  readonly: false,
  get: () => String(get()),
  set: (value) => {
    const parsed = Number(value);
    if (!/^\d+$/.test(value.trim()) || parsed < min) return false;
    apply(parsed);
    return true;
  },
});

/** Components and their variables, wired to the station. */
function deviceModel(station: StationApi): Record<string, Record<string, Variable>> {
  const { smartCharging } = station;
  return {
    AuthCtrlr: { Enabled: flag(() => true), AuthorizeRemoteStart: flag(() => true) },
    OCPPCommCtrlr: {
      HeartbeatInterval: seconds(
        () => station.heartbeatIntervalSeconds,
        (s) => station.setHeartbeatInterval(s),
        0,
      ),
    },
    ReservationCtrlr: {
      Enabled: flag(
        () => station.reservationEnabled,
        (value) => (station.reservationEnabled = value),
      ),
      Available: flag(() => station.reservationEnabled),
    },
    SampledDataCtrlr: {
      Enabled: flag(() => true),
      TxUpdatedInterval: seconds(
        () => station.meterIntervalSeconds,
        (s) => station.setMeterInterval(s),
        1,
      ),
      TxUpdatedMeasurands: text(MEASURANDS),
      TxEndedMeasurands: text(MEASURANDS),
    },
    SmartChargingCtrlr: {
      Enabled: flag(() => smartCharging.enabled),
      Available: flag(() => smartCharging.enabled),
      RateUnit: readOnly(() => smartCharging.rateUnits.join(',')),
      ProfileStackLevel: readOnly(() => smartCharging.maxStackLevel),
      PeriodsPerSchedule: readOnly(() => smartCharging.maxPeriods),
      Entries: readOnly(() => station.chargePoint.profiles.count),
    },
    LocalAuthListCtrlr: { Enabled: flag(() => true), Available: flag(() => true) },
    SecurityCtrlr: {
      // A01: 16-40 characters of passwordString; the station reconnects with it after the reply.
      BasicAuthPassword: {
        readonly: false,
        writeOnly: true,
        get: () => '',
        set: (value) => {
          if (!/^[A-Za-z0-9*\-_=:+|@.]{16,40}$/.test(value)) return false;
          station.changePassword(value);
          return true;
        },
      },
    },
    TxCtrlr: { TxStartPoint: text('Authorized'), TxStopPoint: text('Authorized') },
  };
}

type Lookup = { status: 'UnknownComponent' | 'UnknownVariable' } | { variable: Variable };
type Item = { component: V201.ComponentType; variable: V201.VariableType; attributeType?: V201.AttributeEnumType };

const findIgnoringCase = <T>(record: Record<string, T>, name: string): T | undefined =>
  Object.entries(record).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

/** GetVariables and SetVariables over the device model. */
export function deviceModelCommands(station: StationApi): Commands {
  const components = deviceModel(station);
  const lookup = (item: Item): Lookup => {
    const component = findIgnoringCase(components, item.component.name);
    if (!component) return { status: 'UnknownComponent' };
    const variable = findIgnoringCase(component, item.variable.name);
    return variable ? { variable } : { status: 'UnknownVariable' };
  };
  const echo = (item: Item) => ({
    component: item.component,
    variable: item.variable,
    ...(item.attributeType ? { attributeType: item.attributeType } : {}),
  });
  const refused = (item: Item) => ({
    component: item.component,
    variable: item.variable,
    attributeStatus: 'Rejected' as const,
  });

  return {
    GetVariables: {
      answer: (req) => ({
        getVariableResult: mapNonEmpty(req.getVariableData, (item) => {
          const found = lookup(item);
          if ('status' in found) return { ...echo(item), attributeStatus: found.status };
          if (item.attributeType && item.attributeType !== 'Actual')
            return { ...echo(item), attributeStatus: 'NotSupportedAttributeType' };
          if (found.variable.writeOnly) return { ...echo(item), attributeStatus: 'Rejected' };
          return { ...echo(item), attributeStatus: 'Accepted', attributeValue: found.variable.get() };
        }),
      }),
      refuse: (req) => ({ getVariableResult: mapNonEmpty(req.getVariableData, refused) }),
    },

    SetVariables: {
      answer: (req) => ({
        setVariableResult: mapNonEmpty(req.setVariableData, (item) => {
          const found = lookup(item);
          if ('status' in found) return { ...echo(item), attributeStatus: found.status };
          if (item.attributeType && item.attributeType !== 'Actual')
            return { ...echo(item), attributeStatus: 'NotSupportedAttributeType' };
          const { variable } = found;
          const accepted = !variable.readonly && variable.set !== undefined && variable.set(item.attributeValue);
          return { ...echo(item), attributeStatus: accepted ? 'Accepted' : 'Rejected' };
        }),
      }),
      refuse: (req) => ({ setVariableResult: mapNonEmpty(req.setVariableData, refused) }),
    },
  };
}
