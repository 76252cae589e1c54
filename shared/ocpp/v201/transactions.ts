/**
 * OCPP 2.0.1 functional block E, Transactions: TransactionEvent (E01–E15) Started / Updated /
 * Ended. The transactionId is the charger's string; a retransmitted event is harmless (Started is
 * recognised by its transactionId and time, readings are absolute). An Updated or Ended for a
 * transaction whose Started never arrived starts it first (the charger was offline, E04 / E12); a
 * Started for a transactionId whose transaction ended starts a new session (ids repeated after a
 * reset); an Updated or Ended of a superseded transaction updates or ends that one.
 */
import { ocpp201 } from '../handler';
import * as V201 from '../validators/v201';
import type * as Ocpp201 from '../types/v201';
import {
  authorizeIdTag,
  type ChargerConnection,
  chargerTime,
  endTransaction,
  endUsedReservation,
  type EndedSession,
  getSession,
  recordTransactionReadings,
  runningCost,
  startTransaction,
  transactionReadings,
  type TransactionReadings,
} from '../../charging';
import type { MeterValue } from '../../metering';
import { idTagOfToken } from '../../access';
import type { Db } from '../../db';
import { OcppCallError } from '../errors';
import { BoundedMap } from '../../bounded-map';
import { logger } from '../../logger';
import { roundToMinorUnit, type EnergyCost } from '../../history';

/**
 * OCPP 2.0.1 meter values in version-neutral form (unitOfMeasure with its multiplier). Timestamps
 * follow `chargerTime`.
 * @param receivedAt when the frame arrived (ISO 8601 UTC)
 */
export function fromOcpp201MeterValues(
  meterValues: Ocpp201.MeterValueType[] | undefined,
  receivedAt: string,
  ocppId?: string,
): MeterValue[] {
  return (meterValues ?? []).map((meterValue) => ({
    timestamp: chargerTime(meterValue.timestamp, receivedAt, ocppId),
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

/**
 * An Updated event that names its EVSE updates that port's session directly (1 UpdateItem, which
 * reads back the session's ID and holds the readings of its open slot): no lookup of the
 * transaction. False when the port's session is not that transaction (the caller then looks it
 * up: a superseded or unknown transaction).
 */
async function updateOnItsEvse(
  db: Db,
  connection: ChargerConnection,
  payload: Ocpp201.TransactionEventRequest,
  readings: TransactionReadings,
): Promise<boolean> {
  const evseId = payload.evse?.id ?? evseHints.get(hintKey(connection, payload.transactionInfo.transactionId));
  if (payload.eventType !== 'Updated' || evseId === undefined || evseId < 1) return false;
  const ocppTransactionId = payload.transactionInfo.transactionId;
  const sessionId = await recordTransactionReadings(db, connection, evseId, readings, { ocppTransactionId });
  return sessionId !== undefined;
}

/**
 * The EVSE of each transaction this process has seen (`chargerId/transactionId` → evseId): a hint
 * that spares an Updated without `evse` (only a transaction's first event must name it, E01.FR.16)
 * the session lookup. A wrong hint costs nothing but that lookup: the update is conditioned on the
 * transaction. Bounded: the oldest hints go first.
 */
const evseHints = new BoundedMap<string, number>(10_000);
const hintKey = (connection: ChargerConnection, transactionId: string) => `${connection.chargerId}/${transactionId}`;

function rememberEvse(connection: ChargerConnection, transactionId: string, evseId: number): void {
  evseHints.set(hintKey(connection, transactionId), evseId);
}

/**
 * The response's `totalCost` (I02, I03; `docs/tariffs.md`, "Cost of a session"), rounded to the
 * currency's minor unit: an Ended event's, the session's cost as stored when it ended; an Updated
 * event's that carries an energy register, the running cost (`runningCost`: at most every 5
 * minutes per transaction); none without a tariff, and none when the running cost cannot be read (logged: the
 * readings are stored, the event is answered).
 */
async function totalCostOf(
  db: Db,
  connection: ChargerConnection,
  payload: Ocpp201.TransactionEventRequest,
  readings: TransactionReadings,
  ended?: EndedSession,
): Promise<{ totalCost?: number }> {
  let cost: EnergyCost | undefined = ended?.energyCost;
  if (payload.eventType === 'Updated' && readings.snapshot.energyRegisterWh !== undefined) {
    cost = await runningCost(db, connection, payload.transactionInfo.transactionId).catch((error: unknown) => {
      logger.error('could not price a transaction in progress', { ocppId: connection.ocppId, error: String(error) });
      return undefined;
    });
  }
  return cost ? { totalCost: roundToMinorUnit(cost) } : {};
}

/** OCPP 2.0.1 TransactionEvent handler: the event mapped to `shared/charging/transactions.ts`. */
export const transactions = [
  ocpp201(V201.TransactionEvent, async ({ db, connection, receivedAt }, payload) => {
    const { transactionId } = payload.transactionInfo;
    const timestamp = chargerTime(payload.timestamp, receivedAt, connection.ocppId);
    const readings = transactionReadings(
      fromOcpp201MeterValues(payload.meterValue, receivedAt, connection.ocppId),
      connection.ocppId,
    );
    const authorization = payload.idToken
      ? await authorizeIdTag(db, connection, idTagOfToken(payload.idToken))
      : undefined;
    const idTokenInfo = authorization ? { idTokenInfo: { status: authorization.status } } : {};
    if (await updateOnItsEvse(db, connection, payload, readings)) {
      await endUsedReservation(db, connection, payload.reservationId);
      return { ...idTokenInfo, ...(await totalCostOf(db, connection, payload, readings)) };
    }

    const known =
      payload.eventType === 'Started' ? undefined : await getSession(db, connection.chargerId, transactionId);
    if (known) {
      rememberEvse(connection, transactionId, known.portNumber);
      if (payload.eventType === 'Updated') {
        await recordTransactionReadings(db, connection, known.portNumber, readings, {
          ocppTransactionId: transactionId,
          known,
        });
      }
      await endUsedReservation(db, connection, payload.reservationId);
    } else {
      if (!payload.evse)
        throw new OcppCallError(
          'OccurrenceConstraintViolation',
          'evse is required in the first TransactionEvent of a transaction (E01.FR.16)',
        );
      await startTransaction(
        db,
        connection,
        {
          portNumber: payload.evse.id,
          startTime: timestamp,
          idTag: payload.idToken ? idTagOfToken(payload.idToken) : undefined,
          transactionId,
          remoteStartId: payload.transactionInfo.remoteStartId,
          reservationId: payload.reservationId,
          accessId: authorization?.accessId,
        },
        readings,
      );
      rememberEvse(connection, transactionId, payload.evse.id);
    }
    let ended: EndedSession | undefined;
    if (payload.eventType === 'Ended') {
      evseHints.delete(hintKey(connection, transactionId));
      ended = await endTransaction(
        db,
        connection,
        transactionId,
        { endTime: timestamp, reason: payload.transactionInfo.stoppedReason ?? 'Local' },
        readings,
        known,
      );
    }
    return { ...idTokenInfo, ...(await totalCostOf(db, connection, payload, readings, ended)) };
  }),
];
