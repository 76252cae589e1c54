/**
 * OCPP 2.0.1 adapter of the simulator: provisioning (B), authorization (C), transactions (E),
 * remote control (F), availability (G), reservation (H), smart charging (K) and local
 * authorization list (D) messages a charging station sends and answers.
 *
 * Every EVSE has exactly one connector (connectorId 1). Payload types are the ones generated from
 * the official 2.0.1 JSON schemas (`shared/ocpp/types/v201`, type-only import); ocpp-rpc's strict
 * mode enforces the same schemas at runtime on every CALL and CALLRESULT.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import type * as V201 from '../../shared/ocpp/types/v201';
import type { ConnectorStatus, MeterSample, Session } from './charge-point';
import {
  isoNow,
  mapNonEmpty,
  measurements,
  type AuthorizationResult,
  type Command,
  type CommandTable,
  type ProtocolAdapter,
  type StartRequest,
  type StationApi,
  type StopReason,
} from './protocol';

type Request<A extends V201.Action> = V201.Actions[A]['request'];
type Response<A extends V201.Action> = V201.Actions[A]['response'];
/** The commands this adapter answers, typed by action. */
type Commands = { [A in V201.Action]?: Command<Request<A>, Response<A>> };
type ConnectorStatus201 = V201.StatusNotificationRequest['connectorStatus'];
type ReadingContext = NonNullable<V201.SampledValueType['context']>;
type TriggerReason = V201.TransactionEventRequest['triggerReason'];
type StoppedReason = NonNullable<V201.TransactionEventRequest['transactionInfo']['stoppedReason']>;
type BootReason = V201.BootNotificationRequest['reason'];

/** A device-model variable (OCPP 2.0.1 part 2, appendix 3 "Standardized Components/Variables"). */
interface Variable {
  readonly readonly: boolean;
  get(): string;
  /** Applies a new value; false when the value is invalid. */
  set?(value: string): boolean;
}

/** Per-transaction state the protocol needs: the sequence number and the idToken used. */
interface TransactionState {
  seqNo: number;
  readonly idToken: V201.IdTokenType;
}

/** Maps the model's status onto 2.0.1 ConnectorStatusEnumType. */
function connectorStatus(status: ConnectorStatus): ConnectorStatus201 {
  switch (status) {
    case 'Preparing':
    case 'Charging':
    case 'Finishing':
      return 'Occupied';
    default:
      return status;
  }
}

/** Maps a neutral stop reason to TransactionEvent `triggerReason` and `stoppedReason` (E06, E07…). */
const STOP_REASONS: Record<StopReason, [TriggerReason, StoppedReason]> = {
  Local: ['StopAuthorized', 'Local'],
  Remote: ['RemoteStop', 'Remote'],
  DeAuthorized: ['Deauthorized', 'DeAuthorized'],
  HardReset: ['ResetCommand', 'ImmediateReset'],
  SoftReset: ['ResetCommand', 'ImmediateReset'],
  UnlockCommand: ['UnlockCommand', 'Other'],
  Other: ['AbnormalCondition', 'Other'],
};

const MEASURANDS = 'Energy.Active.Import.Register,Power.Active.Import,Current.Import,Voltage,SoC';

/** Converts a sample to a 2.0.1 MeterValueType (values are numbers, units in `unitOfMeasure`). */
function meterValue(sample: MeterSample, context: ReadingContext, registerOnly = false): V201.MeterValueType {
  return {
    timestamp: isoNow(sample.timestamp),
    sampledValue: mapNonEmpty(measurements(sample, registerOnly), (m) => ({
      value: m.value,
      context,
      measurand: m.measurand,
      ...(m.phase ? { phase: m.phase } : {}),
      location: m.location,
      unitOfMeasure: { unit: m.unit },
    })),
  };
}

/** The IdTokenType presented: ISO14443 (an RFID card) unless a remote start named another type. */
function idTokenOf(request: StartRequest): V201.IdTokenType {
  // A remote start's type has been validated against IdTokenEnumType by strict mode.
  return { idToken: request.idTag, type: (request.idTokenType ?? 'ISO14443') as V201.IdTokenEnumType };
}

const isIdle = (session: Session | undefined): boolean => session === undefined;

/**
 * Creates the OCPP 2.0.1 adapter.
 *
 * Session flow: StatusNotification Occupied → Authorize → TransactionEvent Started (triggerReason
 * Authorized, or RemoteStart with `remoteStartId`; seqNo 0; a UUID transactionId) →
 * TransactionEvent Updated every interval (MeterValuePeriodic) → TransactionEvent Ended →
 * StatusNotification Available.
 */
export function createOcpp201Adapter(station: StationApi): ProtocolAdapter {
  const cp = station.chargePoint;
  const call = <A extends V201.Action>(action: A, payload: Request<A>): Promise<Response<A>> =>
    station.call(action, payload) as Promise<Response<A>>;
  const lastSentStatus = new Map<number, ConnectorStatus201>();
  const transactions = new Map<number, TransactionState>();
  let localListVersion = 0;

  const flag = (get: () => boolean, set?: (value: boolean) => void): Variable => ({
    readonly: set === undefined,
    get: () => String(get()),
    set: set && ((value) => (value === 'true' || value === 'false' ? (set(value === 'true'), true) : false)),
  });
  const text = (value: string, readonly = false): Variable => {
    let current = value;
    return { readonly, get: () => current, set: readonly ? undefined : (v) => ((current = v), true) };
  };
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
  const components: Record<string, Record<string, Variable>> = {
    AuthCtrlr: { Enabled: flag(() => true), AuthorizeRemoteStart: flag(() => true) },
    OCPPCommCtrlr: {
      HeartbeatInterval: seconds(() => station.heartbeatIntervalSeconds, (s) => station.setHeartbeatInterval(s), 0),
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
      TxUpdatedInterval: seconds(() => station.meterIntervalSeconds, (s) => station.setMeterInterval(s), 1),
      TxUpdatedMeasurands: text(MEASURANDS),
      TxEndedMeasurands: text(MEASURANDS),
    },
    SmartChargingCtrlr: { Enabled: flag(() => true), Available: flag(() => true) },
    LocalAuthListCtrlr: { Enabled: flag(() => true), Available: flag(() => true) },
    TxCtrlr: { TxStartPoint: text('Authorized'), TxStopPoint: text('Authorized') },
  };
  const findIgnoringCase = <T>(record: Record<string, T>, name: string): T | undefined =>
    Object.entries(record).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
  type Lookup = { status: 'UnknownComponent' | 'UnknownVariable' } | { variable: Variable };
  const lookup = (item: { component: V201.ComponentType; variable: V201.VariableType }): Lookup => {
    const component = findIgnoringCase(components, item.component.name);
    if (!component) return { status: 'UnknownComponent' };
    const variable = findIgnoringCase(component, item.variable.name);
    return variable ? { variable } : { status: 'UnknownVariable' };
  };

  const statusNotification = async (evseId: number, force: boolean): Promise<void> => {
    const status = connectorStatus(cp.connector(evseId).status);
    if (!force && lastSentStatus.get(evseId) === status) return;
    lastSentStatus.set(evseId, status);
    await call('StatusNotification', { timestamp: isoNow(), connectorStatus: status, evseId, connectorId: 1 });
  };

  const allStatuses = async (): Promise<void> => {
    for (const connector of cp.connectors) await statusNotification(connector.id, true);
  };

  const bootNotification = async (reason: BootReason): Promise<number> => {
    const { info } = station;
    for (;;) {
      const response = await call('BootNotification', {
        reason,
        chargingStation: {
          model: info.model,
          vendorName: info.vendor,
          serialNumber: info.serialNumber,
          firmwareVersion: info.firmwareVersion,
        },
      });
      if (response.status === 'Accepted') return response.interval;
      const retry = response.interval > 0 ? response.interval : 10;
      station.log('warn', `BootNotification ${response.status}: retrying in ${retry} s`);
      await station.sleep(retry);
    }
  };

  const transactionEvent = async (
    evseId: number,
    session: Session,
    eventType: 'Updated' | 'Ended',
    triggerReason: TriggerReason,
    sample: MeterSample,
    context: ReadingContext,
    extra: { stoppedReason?: StoppedReason } = {},
  ): Promise<unknown> => {
    const state = transactions.get(evseId);
    if (!state || typeof session.transactionId !== 'string') throw new Error(`no transaction on EVSE ${evseId}`);
    state.seqNo += 1;
    return call('TransactionEvent', {
      eventType,
      timestamp: isoNow(sample.timestamp),
      triggerReason,
      seqNo: state.seqNo,
      transactionInfo: {
        transactionId: session.transactionId,
        chargingState: eventType === 'Ended' ? 'EVConnected' : 'Charging',
        ...(extra.stoppedReason ? { stoppedReason: extra.stoppedReason } : {}),
      },
      ...(triggerReason === 'StopAuthorized' ? { idToken: state.idToken } : {}),
      meterValue: [meterValue(sample, context)],
    });
  };

  const connectorOf = (evse: { id: number } | undefined): number | undefined => (evse && evse.id !== 0 ? evse.id : undefined);

  const limitOf = (profile: V201.ChargingProfileType): number | undefined => {
    const schedule = profile.chargingSchedule[0];
    const period = schedule?.chargingSchedulePeriod[0];
    return schedule && period ? cp.limitToWatts(period.limit, schedule.chargingRateUnit, period.numberPhases) : undefined;
  };

  const commands: Commands = {
    RequestStartTransaction: {
      answer: (req) => {
        const evseId = req.evseId ?? station.defaultConnectorId;
        const refusal = station.cannotStart(evseId, req.idToken.idToken);
        if (refusal) {
          station.log('warn', `RequestStartTransaction rejected: ${refusal}`);
          return { status: 'Rejected' };
        }
        if (req.chargingProfile) station.setPowerLimit(evseId, limitOf(req.chargingProfile));
        station.afterReply(`remote start on EVSE ${evseId}`, () =>
          station.startSession(evseId, {
            idTag: req.idToken.idToken,
            idTokenType: req.idToken.type,
            trigger: 'Remote',
            remoteStartId: req.remoteStartId,
          }),
        );
        return { status: 'Accepted' };
      },
      refuse: () => ({ status: 'Rejected' }),
    },

    RequestStopTransaction: {
      answer: (req) => ({ status: station.remoteStop(req.transactionId) }),
      refuse: () => ({ status: 'Rejected' }),
    },

    ReserveNow: {
      answer: (req) => ({
        status: station.reserve({
          reservationId: req.id,
          ...(req.evseId ? { connectorId: req.evseId } : {}),
          idTag: req.idToken.idToken,
          expiresAt: new Date(req.expiryDateTime),
        }),
      }),
      refuse: () => ({ status: 'Rejected' }),
    },

    CancelReservation: {
      answer: (req) => ({ status: station.cancelReservation(req.reservationId) ? 'Accepted' : 'Rejected' }),
      refuse: () => ({ status: 'Rejected' }),
    },

    GetVariables: {
      answer: (req) => ({
        getVariableResult: mapNonEmpty(req.getVariableData, (item) => {
          const echo = { component: item.component, variable: item.variable, ...(item.attributeType ? { attributeType: item.attributeType } : {}) };
          const found = lookup(item);
          if ('status' in found) return { ...echo, attributeStatus: found.status };
          if (item.attributeType && item.attributeType !== 'Actual') return { ...echo, attributeStatus: 'NotSupportedAttributeType' };
          return { ...echo, attributeStatus: 'Accepted', attributeValue: found.variable.get() };
        }),
      }),
      refuse: (req) => ({
        getVariableResult: mapNonEmpty(req.getVariableData, (item) => ({ component: item.component, variable: item.variable, attributeStatus: 'Rejected' })),
      }),
    },

    SetVariables: {
      answer: (req) => ({
        setVariableResult: mapNonEmpty(req.setVariableData, (item) => {
          const echo = { component: item.component, variable: item.variable, ...(item.attributeType ? { attributeType: item.attributeType } : {}) };
          const found = lookup(item);
          if ('status' in found) return { ...echo, attributeStatus: found.status };
          if (item.attributeType && item.attributeType !== 'Actual') return { ...echo, attributeStatus: 'NotSupportedAttributeType' };
          const { variable } = found;
          const accepted = !variable.readonly && variable.set !== undefined && variable.set(item.attributeValue);
          return { ...echo, attributeStatus: accepted ? 'Accepted' : 'Rejected' };
        }),
      }),
      refuse: (req) => ({
        setVariableResult: mapNonEmpty(req.setVariableData, (item) => ({ component: item.component, variable: item.variable, attributeStatus: 'Rejected' })),
      }),
    },

    TriggerMessage: {
      answer: (req) => {
        const evseId = connectorOf(req.evse);
        if (evseId !== undefined && !cp.hasConnector(evseId)) return { status: 'Rejected' };
        const targets = evseId === undefined ? cp.connectors.map((c) => c.id) : [evseId];
        const charging = targets.filter((id) => cp.connector(id).session?.state === 'charging');
        let send: (() => Promise<unknown>) | undefined;
        switch (req.requestedMessage) {
          case 'BootNotification':
            send = () => bootNotification('Triggered');
            break;
          case 'Heartbeat':
            send = () => call('Heartbeat', {});
            break;
          case 'StatusNotification':
            send = () => (evseId === undefined ? allStatuses() : statusNotification(evseId, true));
            break;
          case 'FirmwareStatusNotification':
            send = () => call('FirmwareStatusNotification', { status: 'Idle' });
            break;
          case 'LogStatusNotification':
            send = () => call('LogStatusNotification', { status: 'Idle' });
            break;
          case 'MeterValues':
            send = async () => {
              for (const id of targets) {
                const sample = station.sample(id);
                await call('MeterValues', { evseId: id, meterValue: [meterValue(sample, 'Trigger', isIdle(cp.connector(id).session))] });
              }
            };
            break;
          case 'TransactionEvent':
            if (evseId !== undefined && charging.length === 0) return { status: 'Rejected' };
            send = async () => {
              for (const id of charging) {
                const session = cp.connector(id).session;
                if (session) await transactionEvent(id, session, 'Updated', 'Trigger', station.sample(id), 'Trigger');
              }
            };
            break;
          default:
            return { status: 'NotImplemented' };
        }
        station.afterReply(`triggered ${req.requestedMessage}`, send);
        return { status: 'Accepted' };
      },
      refuse: () => ({ status: 'Rejected' }),
    },

    Reset: {
      answer: (req) => {
        if (req.evseId !== undefined && !cp.hasConnector(req.evseId)) return { status: 'Rejected' };
        const now = station.reset('HardReset', { whenIdle: req.type === 'OnIdle' });
        return { status: now ? 'Accepted' : 'Scheduled' };
      },
      refuse: () => ({ status: 'Rejected' }),
    },

    ChangeAvailability: {
      answer: (req) => ({
        status: station.changeAvailability(connectorOf(req.evse), req.operationalStatus === 'Operative'),
      }),
      refuse: () => ({ status: 'Rejected' }),
    },

    SetChargingProfile: {
      answer: (req) => {
        if (req.evseId !== 0 && !cp.hasConnector(req.evseId)) return { status: 'Rejected' };
        station.setPowerLimit(req.evseId === 0 ? undefined : req.evseId, limitOf(req.chargingProfile));
        return { status: 'Accepted' };
      },
      refuse: () => ({ status: 'Rejected' }),
    },

    ClearChargingProfile: {
      answer: (req) => {
        const evseId = req.chargingProfileCriteria?.evseId;
        station.setPowerLimit(evseId ? evseId : undefined, undefined);
        return { status: 'Accepted' };
      },
      refuse: () => ({ status: 'Unknown' }),
    },

    UnlockConnector: {
      answer: (req) => {
        if (!cp.hasConnector(req.evseId) || req.connectorId !== 1) return { status: 'UnknownConnector' };
        if (cp.connector(req.evseId).session) return { status: 'OngoingAuthorizedTransaction' };
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
      answer: () => ({ versionNumber: localListVersion }),
      refuse: () => ({ versionNumber: 0 }),
    },

    SendLocalList: {
      answer: (req) => {
        localListVersion = req.versionNumber;
        return { status: 'Accepted' };
      },
      refuse: () => ({ status: 'Failed' }),
    },
  };

  return {
    protocol: 'ocpp2.0.1',
    commands: commands as CommandTable,
    bootNotification,
    allStatuses,
    // EVSE 0 (the whole station) has no StatusNotification in 2.0.1.
    statusChanged: async (evseId) => (evseId === 0 ? undefined : statusNotification(evseId, false)),
    heartbeat: async () => void (await call('Heartbeat', {})),

    authorize: async (request: StartRequest): Promise<AuthorizationResult> => {
      const response = await call('Authorize', { idToken: idTokenOf(request) });
      return { accepted: response.idTokenInfo.status === 'Accepted', status: response.idTokenInfo.status };
    },

    startTransaction: async (evseId: number, session: Session, request: StartRequest): Promise<AuthorizationResult> => {
      const idToken = idTokenOf(request);
      const transactionId = randomUUID();
      session.transactionId = transactionId;
      transactions.set(evseId, { seqNo: 0, idToken });
      const response = await call('TransactionEvent', {
        eventType: 'Started',
        timestamp: isoNow(session.startedAt),
        triggerReason: request.trigger === 'Remote' ? 'RemoteStart' : 'Authorized',
        seqNo: 0,
        transactionInfo: {
          transactionId,
          chargingState: 'Charging',
          ...(session.remoteStartId === undefined ? {} : { remoteStartId: session.remoteStartId }),
        },
        evse: { id: evseId, connectorId: 1 },
        idToken,
        meterValue: [meterValue(session.lastSample, 'Transaction.Begin', true)],
        ...(session.reservationId === undefined ? {} : { reservationId: session.reservationId }),
      });
      const status = response.idTokenInfo?.status ?? 'Accepted';
      return { accepted: status === 'Accepted', status };
    },

    meterValues: async (evseId: number, session: Session, sample: MeterSample) => {
      await transactionEvent(evseId, session, 'Updated', 'MeterValuePeriodic', sample, 'Sample.Periodic');
    },

    stopTransaction: async (evseId: number, session: Session, sample: MeterSample, reason: StopReason) => {
      const [triggerReason, stoppedReason] = STOP_REASONS[reason];
      try {
        await transactionEvent(evseId, session, 'Ended', triggerReason, sample, 'Transaction.End', { stoppedReason });
      } finally {
        transactions.delete(evseId);
      }
    },

    reservationExpired: async (reservation) => {
      await call('ReservationStatusUpdate', { reservationId: reservation.reservationId, reservationUpdateStatus: 'Expired' });
    },
  };
}
