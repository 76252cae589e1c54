/**
 * OCPP 1.6-J messages the simulated charge point sends outside transactions (BootNotification,
 * StatusNotification, MeterValues, Heartbeat), the payload types of the adapter, and the context
 * every functional block of the adapter receives.
 *
 * Payload types are the ones generated from the official 1.6 JSON schemas
 * (`shared/ocpp/types/v16`, type-only import); ocpp-rpc's strict mode enforces the same schemas at
 * runtime on every CALL and CALLRESULT, in both directions.
 *
 * @module
 */
import type * as V16 from '../../../shared/ocpp/types/v16';
import type { ConnectorStatus, MeterSample } from '../charge-point';
import {
  bootUntilAccepted,
  isoNow,
  measurements,
  type AdapterContext,
  type Command,
  type StationApi,
} from '../protocol';

/** Request payload of a 1.6 action. */
export type Request<A extends V16.Action> = V16.Actions[A]['request'];
/** Response payload of a 1.6 action. */
export type Response<A extends V16.Action> = V16.Actions[A]['response'];
/** Commands answered by one functional block, typed by action. */
export type Commands = { [A in V16.Action]?: Command<Request<A>, Response<A>> };
/** A 1.6 MeterValue. */
export type MeterValue = V16.MeterValuesRequest['meterValue'][number];
/** `context` of a sampled value. */
export type ReadingContext = NonNullable<MeterValue['sampledValue'][number]['context']>;

/** Measurands in every periodic meter value (MeterValuesSampledData). */
export const MEASURANDS = 'Energy.Active.Import.Register,Power.Active.Import,Current.Import,Voltage,SoC';

/** Converts a sample to a 1.6 MeterValue (values are decimal strings). */
export function meterValue(sample: MeterSample, context: ReadingContext, registerOnly = false): MeterValue {
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

/** The messages of {@link createMessages}. */
export interface Messages16 {
  /** Sends a typed CALL. */
  call<A extends V16.Action>(action: A, payload: Request<A>): Promise<Response<A>>;
  /** StatusNotification of a connector (0: the charge point as a whole). */
  statusNotification(connectorId: number): Promise<unknown>;
  /** StatusNotification for connectors 0..N. */
  allStatuses(): Promise<void>;
  /** MeterValues of a connector now (with its transactionId while charging; just the register when idle). */
  sendMeterValues(connectorId: number, context: ReadingContext): Promise<void>;
  /** BootNotification, retried after the returned `interval` until Accepted; returns the heartbeat interval, s. */
  bootNotification(): Promise<number>;
}

/** What every functional block of the 1.6 adapter works with. */
export type Context16 = AdapterContext<Messages16>;

/** Creates the outgoing messages of a 1.6 charge point. */
export function createMessages(station: StationApi): Messages16 {
  const cp = station.chargePoint;
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

  const bootNotification = (): Promise<number> => {
    const { info } = station;
    return bootUntilAccepted(station, () =>
      call('BootNotification', {
        chargePointVendor: info.vendor,
        chargePointModel: info.model,
        chargePointSerialNumber: info.serialNumber,
        firmwareVersion: info.firmwareVersion,
      }),
    );
  };

  return { call, statusNotification, allStatuses, sendMeterValues, bootNotification };
}
