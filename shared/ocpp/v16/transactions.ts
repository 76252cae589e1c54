/**
 * OCPP 1.6 Core profile, transactions: StartTransaction (§4.8), MeterValues (§4.7),
 * StopTransaction (§4.10). The transactionId is our integer session ID.
 */
import { ocpp16 } from '../handler';
import type * as Ocpp16 from '../types/v16';
import { authorizeIdTag } from '../../charging/authorization';
import { endReservation } from '../../charging/remote-control';
import { summarizeMeterValues, toUtc, type MeterValue } from '../../charging/meter-values';
import { applyMeterSnapshot, endSession, startSession } from '../../charging/sessions';
import { recordSessionReadings } from '../../history/readings';

/** OCPP 1.6 meter values in version-neutral form (values are decimal strings in 1.6). */
export function fromOcpp16MeterValues(meterValues: Ocpp16.MeterValuesRequest['meterValue'], fallbackTime: string): MeterValue[] {
  return meterValues.map((meterValue) => ({
    timestamp: toUtc(meterValue.timestamp, fallbackTime),
    samples: meterValue.sampledValue
      .filter((s) => s.format !== 'SignedData')
      .map((s) => ({
        measurand: s.measurand ?? 'Energy.Active.Import.Register',
        value: Number(s.value),
        unit: s.unit,
        phase: s.phase,
        location: s.location,
        context: s.context,
      })),
  }));
}

/** OCPP 1.6 StartTransaction, MeterValues and StopTransaction handlers. */
export const transactions = [
  ocpp16('StartTransaction', async ({ db, connection, messageId, receivedAt }, payload) => {
    const { status, accessId } = await authorizeIdTag(db, connection.organizationId, payload.idTag);
    const started = await startSession(db, connection, {
      portNumber: payload.connectorId,
      startTime: toUtc(payload.timestamp, receivedAt),
      idTag: payload.idTag,
      meterStartWh: payload.meterStart,
      messageId,
      reservationId: payload.reservationId,
      accessId,
    });
    // §5.13: a transaction started on the reservation ends it.
    if (payload.reservationId !== undefined) await endReservation(db, connection.organizationId, payload.reservationId, 'Used', connection.chargerId);
    return { transactionId: started.sessionId, idTagInfo: { status } };
  }),

  ocpp16('MeterValues', async ({ db, connection, receivedAt }, payload) => {
    // connectorId 0 is the charger's main meter: no session to update.
    if (payload.connectorId === 0) return {};
    const meterValues = fromOcpp16MeterValues(payload.meterValue, receivedAt);
    const snapshot = summarizeMeterValues(meterValues);
    const transactionKey = payload.transactionId === undefined ? undefined : String(payload.transactionId);
    const sessionId = await applyMeterSnapshot(db, connection, payload.connectorId, snapshot, transactionKey);
    await recordSessionReadings(db, connection.chargerId, sessionId, meterValues);
    return {};
  }),

  ocpp16('StopTransaction', async ({ db, connection, receivedAt }, payload) => {
    const transactionKey = String(payload.transactionId);
    const snapshot = payload.transactionData ? summarizeMeterValues(fromOcpp16MeterValues(payload.transactionData, receivedAt)) : undefined;
    await recordSessionReadings(db, connection.chargerId, payload.transactionId, fromOcpp16MeterValues(payload.transactionData ?? [], receivedAt));
    await endSession(db, connection, transactionKey, {
      endTime: toUtc(payload.timestamp, receivedAt),
      meterStopWh: payload.meterStop,
      reason: payload.reason ?? 'Local',
      snapshot,
    });
    if (payload.idTag === undefined) return {};
    return { idTagInfo: { status: (await authorizeIdTag(db, connection.organizationId, payload.idTag)).status } };
  }),
];
