/**
 * How a charging session ends: 1.6 StopTransaction, 2.0.1 TransactionEvent Ended, or a new start
 * on its port (`Superseded`). A session is identified by its transactionId: the stop of a
 * superseded session still ends *that* session with the charger's values
 * (`./superseded.ts`).
 */
import type { Db } from '../db';
import { transact } from '../db';
import type { ChargerConnection } from './charger-connection';
import type { MeterSnapshot } from '../metering/meter-values';
import { finalValues } from '../metering/final-values';
import { getSession, isSuperseded, SUPERSEDED, type CurrentSession, type SessionItem } from './session-items';
import { finishSupersededSession } from './superseded';
import { endReadings, readPortAndReadings } from '../chargers/port-readings';
import { endingOf, prepareSessionEnd } from '../history/session-records';
import type { EnergyCost } from '../history/session-cost';

/** How a session ends. */
export interface SessionEnd {
  /** ISO 8601 UTC (the charger's time, see `chargerTime`). */
  endTime: string;
  /** Final register, Wh (1.6 meterStop); else the last register seen. */
  meterStopWh?: number;
  /** OCPP stop reason (1.6 Reason, 2.0.1 ReasonEnumType), or `Superseded`. */
  reason?: string;
  snapshot?: MeterSnapshot;
}

/** A session that ended, with its energy cost under its site's tariff (none without one). */
export interface EndedSession {
  sessionId: number;
  energyCost?: EnergyCost;
}

/** What an ended session answers of its stored item. */
const endedOf = (session: SessionItem): EndedSession => ({
  sessionId: session.sessionId,
  ...(session.energyCost ? { energyCost: session.energyCost } : {}),
});

/**
 * Ends a session: the session item becomes Completed with its final energy and SoC, and the port
 * no longer shows it. Ending an ended or unknown session changes nothing, except a superseded
 * one, which takes the charger's final values (`finishSupersededSession`). A session ended as
 * `Superseded` keeps its port snapshot, to be put back if the charger reports on it again. The
 * record keeps the driver's estimate for the session, if one was entered (the forecast learns from it).
 * The session's history record is completed, and the open slot of its readings moved to its time
 * series, in the same transaction (`prepareSessionEnd`).
 * Requests: 1 GetItem (session, unless the caller read it: `known`), 2 GetItems (port and its
 * readings, in parallel), what `prepareSessionEnd` reads (1 Query of the readings and 1 strongly
 * consistent GetItem of the site's tariff, in parallel, +1 GetItem of the site's time zone on a
 * cold instance, +1 GetItem of the vehicle's departure plan for a fault or EV-disconnected stop of
 * a known vehicle), 1 TransactWriteItems, 1 UpdateItem (charger history). The session and its
 * record store its energy cost under the site's tariff (`prepareSessionEnd`).
 * @returns the session's ID and cost (an ended one's as stored), or undefined when the transaction is unknown
 */
export async function endSession(
  db: Db,
  connection: ChargerConnection,
  ocppTransactionId: string,
  end: SessionEnd,
  known?: SessionItem,
): Promise<EndedSession | undefined> {
  const session = known ?? (await getSession(db, connection.chargerId, ocppTransactionId));
  if (!session) return undefined;
  if (isSuperseded(session) && end.reason !== SUPERSEDED) return finishSupersededSession(db, connection, session, end);
  if (session.status === 'Completed') return endedOf(session);
  const portKey = { chargerId: connection.chargerId, portNumber: session.portNumber };
  const { port, openSlot } = await readPortAndReadings(db, portKey, { consistent: true });
  const current: CurrentSession | undefined =
    port?.currentChargingSession?.ocppTransactionId === ocppTransactionId ? port.currentChargingSession : undefined;
  const values = finalValues(
    {
      meterStartWh: current?.meterStartWh ?? session.meterStartWh,
      registerWh: current?.energyRegisterWh,
      socStartPercent: current?.socStartPercent ?? session.socStartPercent,
      socPercent: current?.socPercent?.value,
    },
    end,
  );
  const superseded = end.reason === SUPERSEDED && current !== undefined;
  const estimate = port?.driverEstimate?.sessionId === session.sessionId ? port.driverEstimate : undefined;
  const driver = estimate && {
    ...(estimate.departureTime !== undefined ? { departureTime: estimate.departureTime } : {}),
    ...(estimate.energyKwh !== undefined ? { energyKwh: estimate.energyKwh } : {}),
  };
  const history = await prepareSessionEnd(db, endingOf(session, end, values, current, current && openSlot, driver));
  const outcome = await transact(db, (e) => ({
    record: history.write(e),
    session: e.chargingSession
      .patch({ chargerId: connection.chargerId, ocppTransactionId })
      .set({
        status: 'Completed',
        endTime: end.endTime,
        updatedAt: new Date().toISOString(),
        ...values,
        ...(history.energyCost ? { energyCost: history.energyCost } : {}),
        ...(end.reason ? { stopReason: end.reason } : {}),
        ...(superseded ? { portSnapshot: current } : {}),
      })
      .where(({ status }, { eq }) => eq(status, 'InProgress'))
      .commit(),
    ...(current && {
      port: e.port
        .update(portKey)
        .remove(['currentChargingSession'])
        .where(({ currentChargingSession }, { eq }) => eq(currentChargingSession.ocppTransactionId, ocppTransactionId))
        .commit(),
      readings: endReadings(e, portKey, end.endTime),
    }),
  }));
  // A failed condition means a concurrent end got there first: the outcome is the same.
  if (outcome.ok) await history.recordHistory();
  return { sessionId: session.sessionId, ...(history.energyCost ? { energyCost: history.energyCost } : {}) };
}
