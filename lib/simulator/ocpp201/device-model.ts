/**
 * The OCPP 2.0.1 device model of the simulated charging station (part 2 appendix 3
 * "Standardized Components/Variables") and the GetVariables / SetVariables (B06, B05) and
 * GetBaseReport (B07) commands. Components and variables are matched case-insensitively; the
 * instance is ignored. Variables have an Actual attribute, some also MinSet/MaxSet (read-only
 * bounds); `OCPPCommCtrlr.WebSocketPingInterval` answers RebootRequired when set.
 *
 * GetBaseReport is Accepted, then the report follows in NotifyReport pages of
 * {@link REPORT_ITEMS_PER_PAGE} variables (every page but the last with `tbc`): ConfigurationInventory
 * the writable variables, FullInventory all, SummaryInventory the availability variables.
 *
 * SmartChargingCtrlr: `Enabled`/`Available` (false with `--no-smart-charging`), `RateUnit`
 * (`A`, `W` or `A,W`), `ProfileStackLevel`, `PeriodsPerSchedule`, and `Entries` (profiles installed).
 *
 * @module
 */
import { SEND_LOCAL_LIST_MAX_LENGTH } from '../local-list';
import type * as V201 from '../../../shared/ocpp/types/v201';
import { ocppPasswordSchema } from '../../../shared/chargers/password-schema';
import { isoNow, mapNonEmpty, type StationApi } from '../protocol';
import { MEASURANDS, type Commands } from './messages';

/** A device-model variable. */
interface Variable {
  readonly readonly: boolean;
  /** Set only, never read (GetVariables: Rejected), like `SecurityCtrlr.BasicAuthPassword`. */
  readonly writeOnly?: boolean;
  get(): string;
  /** Applies a new value; false when the value is invalid. */
  set?(value: string): boolean;
  /** Its data type as reported (VariableCharacteristics); default `string`. */
  readonly dataType?: V201.DataEnumType;
  /** Read-only MinSet/MaxSet attributes, when it has them. */
  readonly bounds?: { MinSet: string; MaxSet: string };
  /** A change applies after a reboot: SetVariables answers RebootRequired. */
  readonly rebootRequired?: boolean;
}

/** Variables per NotifyReport page: a report of the whole model takes several pages. */
export const REPORT_ITEMS_PER_PAGE = 4;

const flag = (get: () => boolean, set?: (value: boolean) => void): Variable => ({
  readonly: set === undefined,
  dataType: 'boolean',
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
  dataType: 'integer',
  bounds: { MinSet: String(min), MaxSet: '86400' },
  get: () => String(get()),
  set: (value) => {
    const parsed = Number(value);
    if (!/^\d+$/.test(value.trim()) || parsed < min) return false;
    apply(parsed);
    return true;
  },
});

/** AuthCtrlr's variables: authorization, and the local list's use offline and before asking the CSMS. */
const authController = (station: StationApi): Record<string, Variable> => ({
  Enabled: flag(() => true),
  AuthorizeRemoteStart: flag(() => true),
  LocalAuthorizeOffline: flag(
    () => station.localAuthorizeOffline,
    (v) => (station.localAuthorizeOffline = v),
  ),
  LocalPreAuthorize: flag(
    () => station.localPreAuthorize,
    (v) => (station.localPreAuthorize = v),
  ),
});

/** Components and their variables, wired to the station. */
function deviceModel(station: StationApi): Record<string, Record<string, Variable>> {
  const { smartCharging } = station;
  let pingInterval = 0;
  return {
    AuthCtrlr: authController(station),
    ChargingStation: {
      AvailabilityState: readOnly(() => 'Available'),
      Available: flag(() => true),
    },
    OCPPCommCtrlr: {
      HeartbeatInterval: seconds(
        () => station.heartbeatIntervalSeconds,
        (s) => station.setHeartbeatInterval(s),
        0,
      ),
      WebSocketPingInterval: {
        ...seconds(
          () => pingInterval,
          (s) => (pingInterval = s),
          0,
        ),
        rebootRequired: true,
      },
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
    LocalAuthListCtrlr: {
      Enabled: flag(() => true),
      Available: flag(() => true),
      Entries: readOnly(() => station.localList.size),
      ItemsPerMessage: readOnly(() => SEND_LOCAL_LIST_MAX_LENGTH),
      BytesPerMessage: readOnly(() => 30_000),
    },
    SecurityCtrlr: {
      // A01: 16-40 characters of passwordString; the station reconnects with it after the reply.
      BasicAuthPassword: {
        readonly: false,
        writeOnly: true,
        get: () => '',
        set: (value) => {
          if (!ocppPasswordSchema.safeParse(value).success) return false;
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
          if (found.variable.writeOnly) return { ...echo(item), attributeStatus: 'Rejected' };
          const type = item.attributeType ?? 'Actual';
          const value = type === 'Actual' ? found.variable.get() : found.variable.bounds?.[type as 'MinSet'];
          if (value === undefined) return { ...echo(item), attributeStatus: 'NotSupportedAttributeType' };
          return { ...echo(item), attributeStatus: 'Accepted', attributeValue: value };
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
          const status = variable.rebootRequired ? 'RebootRequired' : 'Accepted';
          return { ...echo(item), attributeStatus: accepted ? status : 'Rejected' };
        }),
      }),
      refuse: (req) => ({ setVariableResult: mapNonEmpty(req.setVariableData, refused) }),
    },

    GetBaseReport: {
      answer: (req) => {
        const data = reportData(components, req.reportBase);
        if (!data.length) return { status: 'EmptyResultSet' };
        station.afterReply(`report ${req.requestId} (${req.reportBase})`, () =>
          sendReport(station, req.requestId, data),
        );
        return { status: 'Accepted' };
      },
      refuse: () => ({ status: 'Rejected' }),
    },
  };
}

/** The variables a report base holds, as ReportData. */
function reportData(
  components: Record<string, Record<string, Variable>>,
  base: V201.ReportBaseEnumType,
): V201.ReportDataType[] {
  const summary = new Set(['available', 'availabilitystate', 'enabled']);
  return Object.entries(components).flatMap(([component, variables]) =>
    Object.entries(variables)
      .filter(([name, v]) =>
        base === 'FullInventory'
          ? true
          : base === 'ConfigurationInventory'
            ? !v.readonly
            : summary.has(name.toLowerCase()),
      )
      .map(([name, v]): V201.ReportDataType => {
        const mutability = v.readonly ? 'ReadOnly' : 'ReadWrite';
        const actual: V201.VariableAttributeType = { type: 'Actual', value: v.get(), mutability };
        const bounds: V201.VariableAttributeType[] = v.bounds
          ? [
              { type: 'MinSet', value: v.bounds.MinSet, mutability: 'ReadOnly' },
              { type: 'MaxSet', value: v.bounds.MaxSet, mutability: 'ReadOnly' },
            ]
          : [];
        return {
          component: { name: component },
          variable: { name },
          variableAttribute: [actual, ...bounds] as V201.ReportDataType['variableAttribute'],
          variableCharacteristics: { dataType: v.dataType ?? 'string', supportsMonitoring: false },
        };
      }),
  );
}

/** Sends a report in NotifyReport pages of {@link REPORT_ITEMS_PER_PAGE}, `tbc` on all but the last. */
async function sendReport(station: StationApi, requestId: number, data: V201.ReportDataType[]): Promise<void> {
  const generatedAt = isoNow();
  const pages = Math.ceil(data.length / REPORT_ITEMS_PER_PAGE);
  for (let seqNo = 0; seqNo < pages; seqNo++) {
    const [first, ...rest] = data.slice(seqNo * REPORT_ITEMS_PER_PAGE, (seqNo + 1) * REPORT_ITEMS_PER_PAGE);
    const page: V201.NotifyReportRequest = {
      requestId,
      generatedAt,
      seqNo,
      tbc: seqNo < pages - 1,
      reportData: [first!, ...rest],
    };
    await station.call('NotifyReport', page);
  }
}
