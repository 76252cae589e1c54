/**
 * OCPP 1.6 Core profile, transactions: StartTransaction (§4.8), MeterValues (§4.7),
 * StopTransaction (§4.10). The transactionId is our integer session ID.
 */
import { ocpp16 } from '../handler';
import * as V16 from '../validators/v16';
import type * as Ocpp16 from '../types/v16';
import {
  authorizeIdTag,
  chargerTime,
  endTransaction,
  getSession,
  recordTransactionReadings,
  startTransaction,
  transactionReadings,
} from '../../charging';
import { boundedReading, type MeterValue } from '../../metering';

/** An OCPP 1.6 decimal value (`"1253.5"`, `"-0.04"`, `"1e3"`); NaN for anything else (`""`, `"0x10"`, `"abc"`). */
function parseDecimal(text: string): number {
  return /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * OCPP 1.6 meter values in version-neutral form (values are decimal strings in 1.6; signed data
 * is skipped). Timestamps follow `chargerTime`.
 * @param receivedAt when the frame arrived (ISO 8601 UTC)
 */
export function fromOcpp16MeterValues(
  meterValues: Ocpp16.MeterValuesRequest['meterValue'],
  receivedAt: string,
  ocppId?: string,
): MeterValue[] {
  return meterValues.map((meterValue) => ({
    timestamp: chargerTime(meterValue.timestamp, receivedAt, ocppId),
    samples: meterValue.sampledValue
      .filter((s) => s.format !== 'SignedData')
      .map((s) => ({
        measurand: s.measurand ?? 'Energy.Active.Import.Register',
        value: parseDecimal(s.value),
        unit: s.unit,
        phase: s.phase,
        location: s.location,
        context: s.context,
      })),
  }));
}

/** OCPP 1.6 StartTransaction, MeterValues and StopTransaction handlers: payloads mapped to `shared/charging/transactions.ts`. */
export const transactions = [
  ocpp16(V16.StartTransaction, async ({ db, connection, messageId, receivedAt }, payload) => {
    const { status, accessId } = await authorizeIdTag(db, connection, payload.idTag);
    const started = await startTransaction(db, connection, {
      portNumber: payload.connectorId,
      startTime: chargerTime(payload.timestamp, receivedAt, connection.ocppId),
      idTag: payload.idTag,
      meterStartWh: boundedReading('energyRegisterWh', payload.meterStart, connection.ocppId),
      messageId,
      reservationId: payload.reservationId,
      accessId,
    });
    return { transactionId: started.sessionId, idTagInfo: { status } };
  }),

  ocpp16(V16.MeterValues, async ({ db, connection, receivedAt }, payload) => {
    const meterValues = fromOcpp16MeterValues(payload.meterValue, receivedAt, connection.ocppId);
    const ocppTransactionId = payload.transactionId === undefined ? undefined : String(payload.transactionId);
    await recordTransactionReadings(
      db,
      connection,
      payload.connectorId,
      transactionReadings(meterValues, connection.ocppId),
      { ocppTransactionId },
    );
    return {};
  }),

  ocpp16(V16.StopTransaction, async ({ db, connection, receivedAt }, payload) => {
    const ocppTransactionId = String(payload.transactionId);
    const meterValues = fromOcpp16MeterValues(payload.transactionData ?? [], receivedAt, connection.ocppId);
    // The tag is authorized while its session is still on the port (a remote-started tag is
    // Accepted for as long as its session runs).
    const [known, authorization] = await Promise.all([
      getSession(db, connection.chargerId, ocppTransactionId),
      payload.idTag === undefined ? undefined : authorizeIdTag(db, connection, payload.idTag),
    ]);
    await endTransaction(
      db,
      connection,
      ocppTransactionId,
      {
        endTime: chargerTime(payload.timestamp, receivedAt, connection.ocppId),
        meterStopWh: boundedReading('energyRegisterWh', payload.meterStop, connection.ocppId),
        reason: payload.reason ?? 'Local',
      },
      payload.transactionData ? transactionReadings(meterValues, connection.ocppId) : undefined,
      known,
    );
    return authorization ? { idTagInfo: { status: authorization.status } } : {};
  }),
];
