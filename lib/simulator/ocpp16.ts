/**
 * OCPP 1.6-J adapter of the simulator: the Core, Reservation, SmartCharging, RemoteTrigger,
 * LocalAuthListManagement and FirmwareManagement messages a charge point sends and answers.
 *
 * Payload types are the ones generated from the official 1.6 JSON schemas
 * (`shared/ocpp/types/v16`, type-only import); ocpp-rpc's strict mode enforces the same schemas at
 * runtime on every CALL and CALLRESULT, in both directions.
 *
 * @module
 */
import type * as V16 from '../../shared/ocpp/types/v16';
import type { ConnectorStatus, MeterSample, Session } from './charge-point';
import {
  isoNow,
  measurements,
  type AuthorizationResult,
  type Command,
  type CommandTable,
  type ProtocolAdapter,
  type StationApi,
  type StartRequest,
  type StopReason,
} from './protocol';

type Request<A extends V16.Action> = V16.Actions[A]['request'];
type Response<A extends V16.Action> = V16.Actions[A]['response'];
/** The commands this adapter answers, typed by action. */
type Commands = { [A in V16.Action]?: Command<Request<A>, Response<A>> };
type MeterValue = V16.MeterValuesRequest['meterValue'][number];
type ReadingContext = NonNullable<MeterValue['sampledValue'][number]['context']>;
type TriggerableMessage = V16.TriggerMessageRequest['requestedMessage'];

/** A configuration key (OCPP 1.6 §9 "Standard Configuration Key Names & Values"). */
interface ConfigurationKey {
  readonly readonly: boolean;
  get(): string;
  /** Applies a new value; false when the value is invalid. */
  set?(value: string): boolean;
}

/** All feature profiles; Reservation is dropped with `--no-reservation`. */
const FEATURE_PROFILES = ['Core', 'FirmwareManagement', 'LocalAuthListManagement', 'Reservation', 'SmartCharging', 'RemoteTrigger'];

const MEASURANDS = 'Energy.Active.Import.Register,Power.Active.Import,Current.Import,Voltage,SoC';

/** The integer transaction id the CSMS assigned in the StartTransaction answer. */
function transactionIdOf(session: Session): number {
  if (typeof session.transactionId !== 'number') throw new Error('the transaction has no id from the CSMS yet');
  return session.transactionId;
}

/** Converts a sample to a 1.6 MeterValue (values are decimal strings). */
function meterValue(sample: MeterSample, context: ReadingContext, registerOnly = false): MeterValue {
  return {
    timestamp: isoNow(sample.timestamp),
    sampledValue: measurements(sample, registerOnly).map((m) => ({
      value: String(m.value),
      context,
      measurand: m.measurand,
      ...(m.phase ? { phase: m.phase } : {}),
      location: m.location,
      unit: m.unit,
    })),
  };
}

/**
 * Creates the OCPP 1.6 adapter.
 *
 * Session flow: StatusNotification Preparing → Authorize → StartTransaction (transactionId from
 * the reply) → StatusNotification Charging → MeterValues every interval → StopTransaction (with
 * the last sample as `transactionData`) → StatusNotification Finishing → Available.
 */
export function createOcpp16Adapter(station: StationApi): ProtocolAdapter {
  const cp = station.chargePoint;
  let localListVersion = 0;

  const configuration = new Map<string, ConfigurationKey>();
  const constant = (value: string, readonly = true): ConfigurationKey => {
    let current = value;
    return { readonly, get: () => current, set: readonly ? undefined : (v) => ((current = v), true) };
  };
  const number = (get: () => number, apply: (value: number) => void, valid: (value: number) => boolean): ConfigurationKey => ({
    readonly: false,
    get: () => String(get()),
    set: (value) => {
      const parsed = Number(value);
      if (value.trim() === '' || !Number.isFinite(parsed) || !valid(parsed)) return false;
      apply(parsed);
      return true;
    },
  });
  const define = (key: string, entry: ConfigurationKey): void => void configuration.set(key, entry);
  define('AuthorizeRemoteTxRequests', constant('true', false));
  define('ClockAlignedDataInterval', constant('0', false));
  define('ConnectionTimeOut', constant('60', false));
  define('GetConfigurationMaxKeys', constant('50'));
  define(
    'HeartbeatInterval',
    number(() => station.heartbeatIntervalSeconds, (s) => station.setHeartbeatInterval(s), (s) => Number.isInteger(s) && s >= 0),
  );
  define('LocalAuthorizeOffline', constant('false', false));
  define('LocalPreAuthorize', constant('false', false));
  define('MeterValuesAlignedData', constant('', false));
  define('MeterValuesSampledData', constant(MEASURANDS, false));
  define('MeterValueSampleInterval', number(() => station.meterIntervalSeconds, (s) => station.setMeterInterval(s), (s) => s > 0));
  define('NumberOfConnectors', { readonly: true, get: () => String(cp.connectors.length) });
  define('ResetRetries', constant('1', false));
  define('StopTransactionOnEVSideDisconnect', constant('true', false));
  define('StopTransactionOnInvalidId', constant('true', false));
  define('StopTxnAlignedData', constant('', false));
  define('StopTxnSampledData', constant('Energy.Active.Import.Register', false));
  define('SupportedFeatureProfiles', {
    readonly: true,
    get: () => FEATURE_PROFILES.filter((p) => p !== 'Reservation' || station.reservationEnabled).join(','),
  });
  define('TransactionMessageAttempts', constant('3', false));
  define('TransactionMessageRetryInterval', constant('60', false));
  define('UnlockConnectorOnEVSideDisconnect', constant('true', false));
  define('LocalAuthListEnabled', constant('true', false));
  define('LocalAuthListMaxLength', constant('100'));
  define('SendLocalListMaxLength', constant('100'));
  define('ChargeProfileMaxStackLevel', constant('10'));
  define('ChargingScheduleAllowedChargingRateUnit', constant('Current,Power'));
  define('ChargingScheduleMaxPeriods', constant('24'));
  define('MaxChargingProfilesInstalled', constant('10'));
  define('SupportedFeatureProfilesMaxLength', constant('6'));
  define('ReserveConnectorZeroSupported', { readonly: true, get: () => String(station.reservationEnabled) });
  const findKey = (key: string): [string, ConfigurationKey] | undefined =>
    [...configuration.entries()].find(([name]) => name.toLowerCase() === key.toLowerCase());

  const call = <A extends V16.Action>(action: A, payload: Request<A>): Promise<Response<A>> =>
    station.call(action, payload) as Promise<Response<A>>;

  const statusNotification = (connectorId: number): Promise<unknown> => {
    const status: ConnectorStatus =
      connectorId === 0 ? (cp.operative ? 'Available' : 'Unavailable') : cp.connector(connectorId).status;
    return call('StatusNotification', { connectorId, errorCode: 'NoError', status, timestamp: isoNow() });
  };

  const allStatuses = async (): Promise<void> => {
    for (let connectorId = 0; connectorId <= cp.connectors.length; connectorId++) await statusNotification(connectorId);
  };

  const sendMeterValues = async (connectorId: number, context: ReadingContext): Promise<void> => {
    const session = cp.connector(connectorId).session;
    const sample = station.sample(connectorId);
    const transactionId = typeof session?.transactionId === 'number' ? session.transactionId : undefined;
    await call('MeterValues', {
      connectorId,
      ...(transactionId === undefined ? {} : { transactionId }),
      meterValue: [meterValue(sample, context, session === undefined)],
    });
  };

  const bootNotification = async (): Promise<number> => {
    const { info } = station;
    for (;;) {
      const conf = await call('BootNotification', {
        chargePointVendor: info.vendor,
        chargePointModel: info.model,
        chargePointSerialNumber: info.serialNumber,
        firmwareVersion: info.firmwareVersion,
      });
      if (conf.status === 'Accepted') return conf.interval;
      const retry = conf.interval > 0 ? conf.interval : 10;
      station.log('warn', `BootNotification ${conf.status}: retrying in ${retry} s`);
      await station.sleep(retry);
    }
  };

  const commands: Commands = {
    RemoteStartTransaction: {
      answer: (req) => {
        const connectorId = req.connectorId ?? station.defaultConnectorId;
        const refusal = station.cannotStart(connectorId, req.idTag);
        if (refusal) {
          station.log('warn', `RemoteStartTransaction rejected: ${refusal}`);
          return { status: 'Rejected' };
        }
        const period = req.chargingProfile?.chargingSchedule.chargingSchedulePeriod[0];
        if (req.chargingProfile && period) {
          const unit = req.chargingProfile.chargingSchedule.chargingRateUnit;
          station.setPowerLimit(connectorId, cp.limitToWatts(period.limit, unit, period.numberPhases));
        }
        station.afterReply(`remote start on connector ${connectorId}`, () =>
          station.startSession(connectorId, { idTag: req.idTag, trigger: 'Remote' }),
        );
        return { status: 'Accepted' };
      },
      refuse: () => ({ status: 'Rejected' }),
    },

    RemoteStopTransaction: {
      answer: (req) => ({ status: station.remoteStop(req.transactionId) }),
      refuse: () => ({ status: 'Rejected' }),
    },

    ReserveNow: {
      answer: (req) => ({
        status: station.reserve({
          reservationId: req.reservationId,
          ...(req.connectorId === 0 ? {} : { connectorId: req.connectorId }),
          idTag: req.idTag,
          expiresAt: new Date(req.expiryDate),
        }),
      }),
      refuse: () => ({ status: 'Rejected' }),
    },

    CancelReservation: {
      answer: (req) => ({ status: station.cancelReservation(req.reservationId) ? 'Accepted' : 'Rejected' }),
      refuse: () => ({ status: 'Rejected' }),
    },

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
        const found = findKey(req.key);
        if (!found) return { status: 'NotSupported' };
        const [, entry] = found;
        if (entry.readonly || !entry.set) return { status: 'Rejected' };
        return { status: entry.set(req.value) ? 'Accepted' : 'Rejected' };
      },
      refuse: () => ({ status: 'Rejected' }),
    },

    TriggerMessage: {
      answer: (req) => {
        const { connectorId } = req;
        if (connectorId !== undefined && connectorId !== 0 && !cp.hasConnector(connectorId)) return { status: 'Rejected' };
        const targets = connectorId ? [connectorId] : cp.connectors.map((c) => c.id);
        const send: Record<TriggerableMessage, () => Promise<unknown>> = {
          BootNotification: () => bootNotification(),
          DiagnosticsStatusNotification: () => call('DiagnosticsStatusNotification', { status: 'Idle' }),
          FirmwareStatusNotification: () => call('FirmwareStatusNotification', { status: 'Idle' }),
          Heartbeat: () => call('Heartbeat', {}),
          MeterValues: async () => {
            for (const id of targets) await sendMeterValues(id, 'Trigger');
          },
          StatusNotification: () => (connectorId === undefined ? allStatuses() : statusNotification(connectorId)),
        };
        station.afterReply(`triggered ${req.requestedMessage}`, send[req.requestedMessage]);
        return { status: 'Accepted' };
      },
      refuse: () => ({ status: 'Rejected' }),
    },

    Reset: {
      answer: (req) => {
        station.reset(req.type === 'Hard' ? 'HardReset' : 'SoftReset');
        return { status: 'Accepted' };
      },
      refuse: () => ({ status: 'Rejected' }),
    },

    ChangeAvailability: {
      answer: (req) => ({
        status: station.changeAvailability(req.connectorId === 0 ? undefined : req.connectorId, req.type === 'Operative'),
      }),
      refuse: () => ({ status: 'Rejected' }),
    },

    SetChargingProfile: {
      answer: (req) => {
        if (req.connectorId !== 0 && !cp.hasConnector(req.connectorId)) return { status: 'Rejected' };
        const schedule = req.csChargingProfiles.chargingSchedule;
        const period = schedule.chargingSchedulePeriod[0];
        const limitW = period ? cp.limitToWatts(period.limit, schedule.chargingRateUnit, period.numberPhases) : undefined;
        station.setPowerLimit(req.connectorId === 0 ? undefined : req.connectorId, limitW);
        return { status: 'Accepted' };
      },
      refuse: () => ({ status: 'Rejected' }),
    },

    ClearChargingProfile: {
      answer: (req) => {
        station.setPowerLimit(req.connectorId ? req.connectorId : undefined, undefined);
        return { status: 'Accepted' };
      },
      refuse: () => ({ status: 'Unknown' }),
    },

    UnlockConnector: {
      answer: (req) => {
        if (!cp.hasConnector(req.connectorId)) return { status: 'NotSupported' };
        if (cp.connector(req.connectorId).session?.state === 'charging') {
          station.afterReply(`unlock of connector ${req.connectorId}`, () => station.stopSession(req.connectorId, 'UnlockCommand'));
        }
        return { status: 'Unlocked' };
      },
      refuse: () => ({ status: 'UnlockFailed' }),
    },

    ClearCache: {
      answer: () => ({ status: 'Accepted' }),
      refuse: () => ({ status: 'Rejected' }),
    },

    DataTransfer: {
      answer: () => ({ status: 'UnknownVendorId' }),
      refuse: () => ({ status: 'Rejected' }),
    },

    GetLocalListVersion: {
      answer: () => ({ listVersion: localListVersion }),
      // -1: "the Charge Point does not support Local Authorization Lists" (1.6 §5.10).
      refuse: () => ({ listVersion: -1 }),
    },

    SendLocalList: {
      answer: (req) => {
        localListVersion = req.listVersion;
        return { status: 'Accepted' };
      },
      refuse: () => ({ status: 'Failed' }),
    },

    UpdateFirmware: {
      // The response has no status; the simulator acknowledges and does not download anything.
      answer: () => ({}),
      refuse: () => ({}),
    },

    GetDiagnostics: {
      // No fileName: no diagnostics available.
      answer: () => ({}),
      refuse: () => ({}),
    },
  };

  return {
    protocol: 'ocpp1.6',
    commands: commands as CommandTable,
    bootNotification,
    allStatuses,
    statusChanged: async (connectorId) => void (await statusNotification(connectorId)),
    heartbeat: async () => void (await call('Heartbeat', {})),

    authorize: async (request: StartRequest): Promise<AuthorizationResult> => {
      const conf = await call('Authorize', { idTag: request.idTag });
      return { accepted: conf.idTagInfo.status === 'Accepted', status: conf.idTagInfo.status };
    },

    startTransaction: async (connectorId: number, session: Session): Promise<AuthorizationResult> => {
      const conf = await call('StartTransaction', {
        connectorId,
        idTag: session.idTag,
        meterStart: session.meterStartWh,
        ...(session.reservationId === undefined ? {} : { reservationId: session.reservationId }),
        timestamp: isoNow(session.startedAt),
      });
      session.transactionId = conf.transactionId;
      return { accepted: conf.idTagInfo.status === 'Accepted', status: conf.idTagInfo.status };
    },

    meterValues: async (connectorId: number, session: Session, sample: MeterSample) => {
      await call('MeterValues', {
        connectorId,
        transactionId: transactionIdOf(session),
        meterValue: [meterValue(sample, 'Sample.Periodic')],
      });
    },

    stopTransaction: async (_connectorId: number, session: Session, sample: MeterSample, reason: StopReason) => {
      await call('StopTransaction', {
        transactionId: transactionIdOf(session),
        // A remote stop has no idTag: the CSMS asked, not a user (1.6 §6.49).
        ...(reason === 'Remote' ? {} : { idTag: session.idTag }),
        meterStop: sample.energyWh,
        timestamp: isoNow(sample.timestamp),
        reason,
        transactionData: [meterValue(sample, 'Transaction.End')],
      });
    },

    // OCPP 1.6 has no message for an expired reservation: the connector just becomes Available.
    reservationExpired: async () => undefined,
  };
}
