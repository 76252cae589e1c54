/**
 * OCPP 2.0.1 functional block E, Transactions: TransactionEvent (E01–E15) Started / Updated /
 * Ended. The transactionId is the charger's string; a retransmitted event is harmless (Started is
 * recognised by its transactionId, readings are absolute). An Updated or Ended for a transaction
 * whose Started never arrived starts it first (the charger was offline, E04 / E12).
 */
import { ocpp201 } from '../handler';
import type * as Ocpp201 from '../types/v201';
import { authorizeIdTag } from '../../charging/authorization';
import { endReservation } from '../../charging/remote-control';
import { summarizeMeterValues, toUtc, type MeterValue } from '../../charging/meter-values';
import { applyMeterSnapshot, endSession, getSession, startSession } from '../../charging/sessions';
import { recordSessionReadings } from '../../history/readings';
import { OcppCallError } from '../errors';

/** OCPP 2.0.1 meter values in version-neutral form (unitOfMeasure with its multiplier). */
export function fromOcpp201MeterValues(meterValues: Ocpp201.MeterValueType[] | undefined, fallbackTime: string): MeterValue[] {
  return (meterValues ?? []).map((meterValue) => ({
    timestamp: toUtc(meterValue.timestamp, fallbackTime),
    samples: meterValue.sampledValue.map((s) => ({
      measurand: s.measurand ?? 'Energy.Active.Import.Register',
      value: s.value,
      unit: s.unitOfMeasure?.unit,
      multiplier: s.unitOfMeasure?.multiplier,
      phase: s.phase,
      location: s.location,
      context: s.context,
    })),
  }));
}

/** OCPP 2.0.1 TransactionEvent handler. */
export const transactions = [
  ocpp201('TransactionEvent', async ({ db, connection, receivedAt }, payload) => {
    const { transactionId } = payload.transactionInfo;
    const timestamp = toUtc(payload.timestamp, receivedAt);
    const meterValues = fromOcpp201MeterValues(payload.meterValue, receivedAt);
    const snapshot = summarizeMeterValues(meterValues);
    const authorization = payload.idToken ? await authorizeIdTag(db, connection.organizationId, payload.idToken.idToken) : undefined;
    const idTokenInfo = authorization ? { idTokenInfo: { status: authorization.status } } : {};

    const known = payload.eventType === 'Started' ? undefined : await getSession(db, connection.chargerId, transactionId);
    let sessionId = known?.sessionId;
    if (!known) {
      if (!payload.evse) throw new OcppCallError('OccurrenceConstraintViolation', 'evse is required in the first TransactionEvent of a transaction (E01.FR.16)');
      ({ sessionId } = await startSession(db, connection, {
        portNumber: payload.evse.id,
        startTime: timestamp,
        idTag: payload.idToken?.idToken,
        transactionId,
        snapshot,
        remoteStartId: payload.transactionInfo.remoteStartId,
        reservationId: payload.reservationId,
        accessId: authorization?.accessId,
      }));
    } else if (payload.eventType === 'Updated') {
      await applyMeterSnapshot(db, connection, known.portNumber, snapshot, transactionId);
    }
    await recordSessionReadings(db, connection.chargerId, sessionId, meterValues);
    // H01.FR.21: a transaction on the reservation ends it.
    if (payload.reservationId !== undefined) await endReservation(db, connection.organizationId, payload.reservationId, 'Used', connection.chargerId);
    if (payload.eventType === 'Ended') {
      await endSession(db, connection, transactionId, {
        endTime: timestamp,
        reason: payload.transactionInfo.stoppedReason ?? 'Local',
        snapshot,
      }, known);
    }
    return idTokenInfo;
  }),
];
