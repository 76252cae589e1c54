/**
 * OCPP 2.0.1 messages the simulated charging station sends (BootNotification, StatusNotification,
 * TransactionEvent), the payload types of the adapter, and the context every functional block of
 * the adapter receives.
 *
 * Every EVSE has exactly one connector (connectorId 1). Payload types are the ones generated from
 * the official 2.0.1 JSON schemas (`shared/ocpp/types/v201`, type-only import); ocpp-rpc's strict
 * mode enforces the same schemas at runtime on every CALL and CALLRESULT.
 *
 * @module
 */
import type * as V201 from '../../../shared/ocpp/types/v201';
import type { ConnectorStatus, MeterSample, Session } from '../charge-point';
import {
  bootUntilAccepted,
  isoNow,
  mapNonEmpty,
  measurements,
  type AdapterContext,
  type Command,
  type StartRequest,
  type StationApi,
} from '../protocol';

/** Request payload of a 2.0.1 action. */
export type Request<A extends V201.Action> = V201.Actions[A]['request'];
/** Response payload of a 2.0.1 action. */
export type Response<A extends V201.Action> = V201.Actions[A]['response'];
/** Commands answered by one functional block, typed by action. */
export type Commands = { [A in V201.Action]?: Command<Request<A>, Response<A>> };
/** `context` of a sampled value. */
export type ReadingContext = NonNullable<V201.SampledValueType['context']>;
/** TransactionEvent `triggerReason`. */
export type TriggerReason = V201.TransactionEventRequest['triggerReason'];
/** TransactionEvent `stoppedReason`. */
export type StoppedReason = NonNullable<V201.TransactionEventRequest['transactionInfo']['stoppedReason']>;
type ConnectorStatus201 = V201.StatusNotificationRequest['connectorStatus'];
type BootReason = V201.BootNotificationRequest['reason'];

/** Measurands of TransactionEvent meter values (SampledDataCtrlr.TxUpdatedMeasurands). */
export const MEASURANDS = 'Energy.Active.Import.Register,Power.Active.Import,Current.Import,Voltage,SoC';

/** Per-transaction state the protocol needs: the sequence number and the idToken used. */
export interface TransactionState {
  /** `seqNo` of the last TransactionEvent sent (Started is 0). */
  seqNo: number;
  /** The idToken that started it (repeated in Ended with StopAuthorized). */
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

/** Converts a sample to a 2.0.1 MeterValueType (values are numbers, units in `unitOfMeasure`). */
export function meterValue(sample: MeterSample, context: ReadingContext, registerOnly = false): V201.MeterValueType {
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
export function idTokenOf(request: StartRequest): V201.IdTokenType {
  // A remote start's type has been validated against IdTokenEnumType by strict mode.
  return { idToken: request.idTag, type: (request.idTokenType ?? 'ISO14443') as V201.IdTokenEnumType };
}

/** A TransactionEvent Updated or Ended of a running transaction. */
export interface TransactionUpdate {
  /** `eventType`. */
  readonly eventType: 'Updated' | 'Ended';
  /** `triggerReason` (E02, E06…). */
  readonly triggerReason: TriggerReason;
  /** The reading sent as `meterValue`. */
  readonly sample: MeterSample;
  /** `context` of its sampled values. */
  readonly context: ReadingContext;
  /** `transactionInfo.stoppedReason` (Ended only). */
  readonly stoppedReason?: StoppedReason;
}

/** The messages of {@link createMessages}. */
export interface Messages201 {
  /** Sends a typed CALL. */
  call<A extends V201.Action>(action: A, payload: Request<A>): Promise<Response<A>>;
  /** StatusNotification of an EVSE, unless its mapped status was sent already (`force`: always). */
  statusNotification(evseId: number, force: boolean): Promise<void>;
  /** StatusNotification for EVSEs 1..N. */
  allStatuses(): Promise<void>;
  /** BootNotification, retried after the returned `interval` until Accepted; returns the heartbeat interval, s. */
  bootNotification(reason: BootReason): Promise<number>;
  /** TransactionEvent Updated/Ended with the next seqNo. @throws Error when no transaction runs on the EVSE */
  transactionEvent(evseId: number, session: Session, update: TransactionUpdate): Promise<unknown>;
  /** Transactions in progress by EVSE. */
  readonly transactions: Map<number, TransactionState>;
}

/** What every functional block of the 2.0.1 adapter works with. */
export type Context201 = AdapterContext<Messages201>;

/** Creates the outgoing messages of a 2.0.1 charging station. */
export function createMessages(station: StationApi): Messages201 {
  const cp = station.chargePoint;
  const call = <A extends V201.Action>(action: A, payload: Request<A>): Promise<Response<A>> =>
    station.call(action, payload) as Promise<Response<A>>;
  const lastSentStatus = new Map<number, ConnectorStatus201>();
  const transactions = new Map<number, TransactionState>();

  const statusNotification = async (evseId: number, force: boolean): Promise<void> => {
    const status = connectorStatus(cp.connector(evseId).status);
    if (!force && lastSentStatus.get(evseId) === status) return;
    lastSentStatus.set(evseId, status);
    await call('StatusNotification', { timestamp: isoNow(), connectorStatus: status, evseId, connectorId: 1 });
  };

  const bootNotification = (reason: BootReason): Promise<number> => {
    const { info } = station;
    return bootUntilAccepted(station, () =>
      call('BootNotification', {
        reason,
        chargingStation: {
          model: info.model,
          vendorName: info.vendor,
          serialNumber: info.serialNumber,
          firmwareVersion: info.firmwareVersion,
        },
      }),
    );
  };

  const transactionEvent = async (evseId: number, session: Session, update: TransactionUpdate): Promise<unknown> => {
    const state = transactions.get(evseId);
    if (!state || typeof session.transactionId !== 'string') throw new Error(`no transaction on EVSE ${evseId}`);
    state.seqNo += 1;
    return call('TransactionEvent', {
      eventType: update.eventType,
      timestamp: isoNow(update.sample.timestamp),
      triggerReason: update.triggerReason,
      seqNo: state.seqNo,
      transactionInfo: {
        transactionId: session.transactionId,
        chargingState: update.eventType === 'Ended' ? 'EVConnected' : 'Charging',
        ...(update.stoppedReason ? { stoppedReason: update.stoppedReason } : {}),
      },
      ...(update.triggerReason === 'StopAuthorized' ? { idToken: state.idToken } : {}),
      meterValue: [meterValue(update.sample, update.context)],
    });
  };

  const allStatuses = async (): Promise<void> => {
    for (const connector of cp.connectors) await statusNotification(connector.id, true);
  };

  return { call, statusNotification, allStatuses, bootNotification, transactionEvent, transactions };
}
