/**
 * OCPP 1.6 configuration keys (§9 "Standard Configuration Key Names & Values") and the
 * GetConfiguration / ChangeConfiguration commands (§5.8, §5.3).
 *
 * The SmartCharging keys (§9.4) are present only when smart charging is enabled; then
 * `SupportedFeatureProfiles` lists `SmartCharging`, and `ChargingScheduleAllowedChargingRateUnit`
 * says which unit the CSMS should use (`Current`, `Power` or `Current,Power`). A change of
 * `WebSocketPingInterval` is answered RebootRequired; read-only keys are Rejected, unknown ones
 * NotSupported.
 *
 * @module
 */
import { LOCAL_LIST_MAX_LENGTH, SEND_LOCAL_LIST_MAX_LENGTH } from '../local-list';
import type { StationApi } from '../protocol';
import { MEASURANDS, type Commands } from './messages';

/** A configuration key. */
interface ConfigurationKey {
  readonly readonly: boolean;
  get(): string;
  /** Applies a new value; false when the value is invalid. */
  set?(value: string): boolean;
  /** A change applies after a reboot: ChangeConfiguration answers RebootRequired. */
  rebootRequired?: boolean;
}

/** All feature profiles, in the order `SupportedFeatureProfiles` lists them. */
const FEATURE_PROFILES = [
  'Core',
  'FirmwareManagement',
  'LocalAuthListManagement',
  'Reservation',
  'SmartCharging',
  'RemoteTrigger',
];

/** 1.6 names of the rate units. */
const RATE_UNIT_NAMES = { A: 'Current', W: 'Power' } as const;

const constant = (value: string, readonly = true): ConfigurationKey => {
  let current = value;
  const set = (next: string): boolean => {
    current = next;
    return true;
  };
  return { readonly, get: () => current, ...(readonly ? {} : { set }) };
};

const numeric = (
  get: () => number,
  apply: (value: number) => void,
  valid: (value: number) => boolean,
): ConfigurationKey => ({
  readonly: false,
  get: () => String(get()),
  set: (value) => {
    const parsed = Number(value);
    if (value.trim() === '' || !Number.isFinite(parsed) || !valid(parsed)) return false;
    apply(parsed);
    return true;
  },
});

const boolean = (get: () => boolean, apply: (value: boolean) => void): ConfigurationKey => ({
  readonly: false,
  get: () => String(get()),
  set: (value) => {
    if (!['true', 'false'].includes(value.toLowerCase())) return false;
    apply(value.toLowerCase() === 'true');
    return true;
  },
});

/** Core keys (§9.1), with the intervals and the local list's use wired to the station. */
function coreKeys(station: StationApi): [string, ConfigurationKey][] {
  const profiles = (): string =>
    FEATURE_PROFILES.filter(
      (p) =>
        (p !== 'Reservation' || station.reservationEnabled) && (p !== 'SmartCharging' || station.smartCharging.enabled),
    ).join(',');
  return [
    ['AuthorizeRemoteTxRequests', constant('true', false)],
    ['ClockAlignedDataInterval', constant('0', false)],
    ['ConnectionTimeOut', constant('60', false)],
    ['GetConfigurationMaxKeys', constant('50')],
    [
      'HeartbeatInterval',
      numeric(
        () => station.heartbeatIntervalSeconds,
        (s) => station.setHeartbeatInterval(s),
        (s) => Number.isInteger(s) && s >= 0,
      ),
    ],
    [
      'LocalAuthorizeOffline',
      boolean(
        () => station.localAuthorizeOffline,
        (v) => (station.localAuthorizeOffline = v),
      ),
    ],
    [
      'LocalPreAuthorize',
      boolean(
        () => station.localPreAuthorize,
        (v) => (station.localPreAuthorize = v),
      ),
    ],
    ['MeterValuesAlignedData', constant('', false)],
    ['MeterValuesSampledData', constant(MEASURANDS, false)],
    [
      'MeterValueSampleInterval',
      numeric(
        () => station.meterIntervalSeconds,
        (s) => station.setMeterInterval(s),
        (s) => s > 0,
      ),
    ],
    ['NumberOfConnectors', { readonly: true, get: () => String(station.chargePoint.connectors.length) }],
    ['ResetRetries', constant('1', false)],
    ['StopTransactionOnEVSideDisconnect', constant('true', false)],
    ['StopTransactionOnInvalidId', constant('true', false)],
    ['StopTxnAlignedData', constant('', false)],
    ['StopTxnSampledData', constant('Energy.Active.Import.Register', false)],
    ['SupportedFeatureProfiles', { readonly: true, get: profiles }],
    ['TransactionMessageAttempts', constant('3', false)],
    ['TransactionMessageRetryInterval', constant('60', false)],
    ['UnlockConnectorOnEVSideDisconnect', constant('true', false)],
    ['WebSocketPingInterval', { ...constant('0', false), rebootRequired: true }],
  ];
}

/** Local Auth List (§9.2), Reservation (§9.3) and SmartCharging (§9.4, when enabled) keys. */
function profileKeys(station: StationApi): [string, ConfigurationKey][] {
  const { smartCharging } = station;
  const smart: [string, ConfigurationKey][] = [
    ['ChargeProfileMaxStackLevel', constant(String(smartCharging.maxStackLevel))],
    [
      'ChargingScheduleAllowedChargingRateUnit',
      constant(smartCharging.rateUnits.map((unit) => RATE_UNIT_NAMES[unit]).join(',')),
    ],
    ['ChargingScheduleMaxPeriods', constant(String(smartCharging.maxPeriods))],
    ['MaxChargingProfilesInstalled', constant(String(smartCharging.maxProfiles))],
  ];
  return [
    ['LocalAuthListEnabled', constant('true', false)],
    ['LocalAuthListMaxLength', constant(String(LOCAL_LIST_MAX_LENGTH))],
    ['SendLocalListMaxLength', constant(String(SEND_LOCAL_LIST_MAX_LENGTH))],
    ...(smartCharging.enabled ? smart : []),
    ['SupportedFeatureProfilesMaxLength', constant('6')],
    ['ReserveConnectorZeroSupported', { readonly: true, get: () => String(station.reservationEnabled) }],
  ];
}

/** The write-only key of the Basic-auth password (1.6 security whitepaper): not listed by GetConfiguration. */
const AUTHORIZATION_KEY = 'AuthorizationKey';

/**
 * ChangeConfiguration `AuthorizationKey`: the password's bytes in hexadecimal, 16–20 bytes of
 * printable ASCII (security whitepaper); Accepted, and the station reconnects with it after the reply.
 */
function changeAuthorizationKey(station: StationApi, value: string): { status: 'Accepted' | 'Rejected' } {
  if (!/^([0-9a-fA-F]{2}){16,20}$/.test(value)) return { status: 'Rejected' };
  const password = Buffer.from(value, 'hex').toString('latin1');
  if (!/^[\x21-\x7e]+$/.test(password)) return { status: 'Rejected' };
  station.changePassword(password);
  return { status: 'Accepted' };
}

/** GetConfiguration and ChangeConfiguration over the charge point's keys (names matched case-insensitively). */
export function configurationCommands(station: StationApi): Commands {
  const configuration = new Map<string, ConfigurationKey>([...coreKeys(station), ...profileKeys(station)]);
  const findKey = (key: string): [string, ConfigurationKey] | undefined =>
    [...configuration.entries()].find(([name]) => name.toLowerCase() === key.toLowerCase());

  return {
    GetConfiguration: {
      answer: (req) => {
        const known = req.key?.length ? req.key.map((key) => findKey(key) ?? key) : [...configuration.entries()];
        const configurationKey = known
          .filter((entry): entry is [string, ConfigurationKey] => typeof entry !== 'string')
          .map(([key, entry]) => ({ key, readonly: entry.readonly, value: entry.get() }));
        const unknownKey = known.filter((entry): entry is string => typeof entry === 'string');
        return { configurationKey, ...(unknownKey.length ? { unknownKey } : {}) };
      },
      refuse: (req) => (req.key?.length ? { unknownKey: req.key } : { configurationKey: [] }),
    },

    ChangeConfiguration: {
      answer: (req) => {
        if (req.key.toLowerCase() === AUTHORIZATION_KEY.toLowerCase())
          return changeAuthorizationKey(station, req.value);
        const found = findKey(req.key);
        if (!found) return { status: 'NotSupported' };
        const [, entry] = found;
        if (entry.readonly || !entry.set) return { status: 'Rejected' };
        if (!entry.set(req.value)) return { status: 'Rejected' };
        return { status: entry.rebootRequired ? 'RebootRequired' : 'Accepted' };
      },
      refuse: () => ({ status: 'Rejected' }),
    },
  };
}
