/**
 * Transactions as chargers report them, one service for both OCPP versions: OCPP 1.6
 * StartTransaction (§4.8), MeterValues (§4.7) and StopTransaction (§4.10); OCPP 2.0.1
 * TransactionEvent Started / Updated / Ended (E01–E15) and MeterValues (J01). The OCPP adapters
 * (`shared/ocpp/v16/transactions.ts`, `shared/ocpp/v201/transactions.ts`,
 * `shared/ocpp/v201/meter-values.ts`) map their payloads to these calls; the rules live here:
 * - a transaction on a reservation ends it (1.6 §5.13; 2.0.1 H01.FR.21);
 * - the readings sent with a start go to the new session's time series, and those sent with an
 *   end go to the session's slots before it ends (its end reads them);
 * - readings of a session in progress go to its port (`recordMeterValues`); port number 0 is the
 *   charger's main meter, whose readings update no session;
 * - a charger's numeric ID (reservationId, remoteStartId) that no ID of ours can be is dropped
 *   (`storableId`).
 */
import type { Db } from '../db';
import type { ChargerConnection } from './charger-connection';
import { summarizeMeterValues, type MeterSnapshot, type MeterValue } from '../metering/meter-values';
import { recordSessionReadings } from '../history/readings';
import { endReservation } from './remote-control';
import { recordMeterValues } from './session-readings';
import {
  endSession,
  type EndedSession,
  startSession,
  storableId,
  type SessionEnd,
  type SessionItem,
  type SessionStart,
  type StartedSession,
} from './sessions';

/** Meter values a charger sent in one message (version-neutral), with their summary. */
export interface TransactionReadings {
  meterValues: readonly MeterValue[];
  /** The latest reading of each kind (`summarizeMeterValues`). */
  snapshot: MeterSnapshot;
}

/**
 * The readings of meter values a charger sent: the values, and their summary, made once when first
 * read (readings out of bounds are clamped or dropped and logged then; main-meter readings, which
 * update no session, are never summarized).
 * @param ocppId the charger's OCPP identity, for the log
 */
export function transactionReadings(meterValues: MeterValue[], ocppId?: string): TransactionReadings {
  let snapshot: MeterSnapshot | undefined;
  return {
    meterValues,
    get snapshot() {
      snapshot ??= summarizeMeterValues(meterValues, ocppId);
      return snapshot;
    },
  };
}

/**
 * Ends the reservation a transaction used (1.6 §5.13, 2.0.1 H01.FR.21), when it names one.
 * Requests: none without a (storable) reservationId; else 1 UpdateItem (`endReservation`).
 * @param reservationId as the charger sent it
 */
export async function endUsedReservation(
  db: Db,
  connection: ChargerConnection,
  reservationId: number | undefined,
): Promise<void> {
  const id = storableId(reservationId);
  if (id !== undefined) await endReservation(db, connection.organizationId, id, 'Used', connection.chargerId);
}

/**
 * Starts a transaction (1.6 StartTransaction; 2.0.1 TransactionEvent Started, or the first event
 * that arrived of a transaction): starts its session (`startSession`: a retransmission is
 * recognised), puts the readings sent with it in the session's time series, and ends the
 * reservation it used.
 * Requests: what `startSession` needs, + `recordSessionReadings`, + `endUsedReservation`.
 * @param start the start; `reservationId` and `remoteStartId` as the charger sent them
 * @param readings the readings sent with the start, if any (their summary is the session's first)
 * @throws PortNumberError for a connector/EVSE number that cannot be a port (nothing is stored)
 */
export async function startTransaction(
  db: Db,
  connection: ChargerConnection,
  start: Omit<SessionStart, 'snapshot'>,
  readings?: TransactionReadings,
): Promise<StartedSession> {
  const started = await startSession(db, connection, {
    ...start,
    snapshot: readings?.snapshot,
    remoteStartId: storableId(start.remoteStartId),
    reservationId: storableId(start.reservationId),
  });
  await recordSessionReadings(db, connection.chargerId, started.sessionId, readings?.meterValues ?? []);
  await endUsedReservation(db, connection, start.reservationId);
  return started;
}

/**
 * Records readings of a transaction in progress on a port (1.6 MeterValues; 2.0.1 TransactionEvent
 * Updated and MeterValues): see `recordMeterValues`. Port 0 (the main meter) updates no session.
 * @param options.ocppTransactionId the transaction they report on, when they name one
 * @param options.known the session of that transaction, when the caller read it
 * @returns the session's ID, or undefined when no (matching) session took them
 * @throws PortNumberError for a negative port number (nothing is stored)
 */
export async function recordTransactionReadings(
  db: Db,
  connection: ChargerConnection,
  portNumber: number,
  readings: TransactionReadings,
  options: { ocppTransactionId?: string; known?: SessionItem } = {},
): Promise<number | undefined> {
  if (portNumber === 0) return undefined;
  return recordMeterValues(db, connection, portNumber, readings.meterValues, {
    snapshot: readings.snapshot,
    ...options,
  });
}

/**
 * Ends a transaction (1.6 StopTransaction; 2.0.1 TransactionEvent Ended): the readings sent with
 * the end go to the session's slots first (the end reads them), then the session ends
 * (`endSession`: an ended or unknown one changes nothing, a superseded one takes the final values).
 * Requests: `recordSessionReadings` (with `known`), + what `endSession` needs.
 * @param end the end, without its readings
 * @param readings the readings sent with the end, if any
 * @param known the transaction's session, when the caller read it; only then are the readings put
 *   in its slots (a session the caller has just started has them already)
 * @returns the ended session with its energy cost under the site's tariff, or undefined when the
 *   transaction is unknown
 */
export async function endTransaction(
  db: Db,
  connection: ChargerConnection,
  ocppTransactionId: string,
  end: Omit<SessionEnd, 'snapshot'>,
  readings: TransactionReadings | undefined,
  known: SessionItem | undefined,
): Promise<EndedSession | undefined> {
  await recordSessionReadings(db, connection.chargerId, known?.sessionId, readings?.meterValues ?? []);
  return endSession(db, connection, ocppTransactionId, { ...end, snapshot: readings?.snapshot }, known);
}
