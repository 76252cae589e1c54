/**
 * Superseded sessions: a new start on a port ends the session the port showed (`Superseded`), as
 * its stop was probably lost. Sometimes the charger proves that wrong: it carries on with the old
 * transaction and never uses the new one (seen with SAP's e-mobility charging stations simulator
 * after a remote start on a connector that was charging). A session is identified by its
 * transactionId, so (docs/ocpp.md, "Sessions"):
 * - readings or a stop for a superseded session update or end *that* session with the charger's
 *   values, and its energy is counted;
 * - when that report is timestamped after the session was superseded, and the session the port
 *   shows now never received a reading (and started before the report), that one is the stray:
 *   it is ended (`Superseded`, no energy) and, for readings, the reported session goes back on its
 *   port, so that a remote stop targets the transaction the charger reports on.
 * Late frames of a transaction lost in a reboot (timestamped before the new start) update their
 * session and leave the port alone.
 */
import type { Db } from '../db';
import { transact, type TransactionEntities } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import { logger } from '../logger';
import type { ChargerConnection } from './charger-connection';
import {
  endingOf,
  prepareSessionEnd,
  recordReinstated,
  recordStrayEnded,
  SESSION_END_FIELDS,
} from '../history/session-records';
import type { MeterSnapshot } from '../metering/meter-values';
import type { EnergyCost } from '../history/session-cost';
import { finalValues } from '../metering/final-values';
import { endReadings, getPortWithReadings, splitSession } from '../chargers/port-readings';
import {
  isStray,
  latestReadingTime,
  portSnapshotOf,
  readingFields,
  SUPERSEDED,
  type CurrentSession,
  type SessionItem,
} from './session-items';

/** The writes that end a port's stray session at `at` (no energy) and change what the port shows. */
function endStray(
  e: TransactionEntities,
  connection: ChargerConnection,
  portNumber: number,
  stray: CurrentSession,
  at: string,
  next?: CurrentSession,
) {
  const portKey = { chargerId: connection.chargerId, portNumber };
  const restored = next && splitSession(portKey, next);
  const meterStartWh = stray.meterStartWh ?? stray.energyRegisterWh ?? 0;
  return {
    stray: e.chargingSession
      .patch({ chargerId: connection.chargerId, ocppTransactionId: stray.ocppTransactionId })
      .set({
        status: 'Completed',
        endTime: at,
        meterStartWh,
        meterStopWh: meterStartWh,
        energyDeliveredKwh: 0,
        stopReason: SUPERSEDED,
        portSnapshot: stray,
        updatedAt: new Date().toISOString(),
      })
      .where(({ status }, { eq }) => eq(status, 'InProgress'))
      .commit(),
    port: (restored
      ? e.port.patch(portKey).set({ currentChargingSession: restored.stored })
      : e.port.patch(portKey).remove(['currentChargingSession'])
    )
      .where(({ currentChargingSession }, { eq }) =>
        eq(currentChargingSession.ocppTransactionId, stray.ocppTransactionId),
      )
      .commit(),
    readings: restored
      ? e.portReadings.put({ ...restored.readings, siteId: connection.siteId }).commit()
      : endReadings(e, portKey, at),
  };
}

/** The port's session with its readings, strongly consistent (2 GetItems in parallel). */
async function currentOnPort(db: Db, connection: ChargerConnection, portNumber: number) {
  const port = await getPortWithReadings(db, { chargerId: connection.chargerId, portNumber }, { consistent: true });
  return port?.currentChargingSession;
}

/**
 * Ends a superseded session with the charger's final values (its stop arrived after all); the
 * port's session is ended too when the stop proves it stray. Requests: 2 GetItems (port, readings,
 * in parallel), what `prepareSessionEnd` reads (1 Query of the readings and 1 strongly consistent
 * GetItem of the site's tariff, in parallel, +1 GetItem of the site's time zone on a cold
 * instance, +1 GetItem of the vehicle's departure plan for a fault or EV-disconnected stop of a
 * known vehicle), 1 TransactWriteItems, +2 UpdateItems (the stray session's record) when the port's
 * session is stray, then 1 UpdateItem appending its end to the charger history (best effort). Its
 * energy cost is stored as its end's (`prepareSessionEnd`).
 * @returns the session's ID and energy cost
 */
export async function finishSupersededSession(
  db: Db,
  connection: ChargerConnection,
  session: SessionItem,
  end: { endTime: string; meterStopWh?: number; reason?: string; snapshot?: MeterSnapshot },
): Promise<{ sessionId: number; energyCost?: EnergyCost }> {
  const current = await currentOnPort(db, connection, session.portNumber);
  const stray =
    current && current.ocppTransactionId !== session.ocppTransactionId && isStray(current, end.endTime)
      ? current
      : undefined;
  const values = finalValues(
    {
      meterStartWh: session.meterStartWh,
      registerWh: session.meterStopWh,
      socStartPercent: session.socStartPercent,
      socPercent: session.socEndPercent,
    },
    end,
  );
  const history = await prepareSessionEnd(db, endingOf(session, end, values, undefined));
  await transact(db, (e) => ({
    record: history.write(e),
    session: e.chargingSession
      .patch({ chargerId: connection.chargerId, ocppTransactionId: session.ocppTransactionId })
      .set({
        endTime: end.endTime,
        stopReason: end.reason ?? 'Local',
        updatedAt: new Date().toISOString(),
        ...values,
        ...(history.energyCost ? { energyCost: history.energyCost } : {}),
      })
      .remove(['portSnapshot'])
      .where(({ stopReason }, { eq }) => eq(stopReason, SUPERSEDED))
      .commit(),
    ...(stray ? endStray(e, connection, session.portNumber, stray, end.endTime) : {}),
  }));
  // The charger history kept the event written when the session was superseded; the later event
  // for the same session is the one health reads (its real end, failedToStart, endedEarly).
  await history.recordHistory();
  if (stray) await recordStrayEnded(db, connection, stray, end.endTime);
  logger.warn('stop of a superseded transaction', {
    ocppId: connection.ocppId,
    transactionId: session.ocppTransactionId,
    strayTransactionId: stray?.ocppTransactionId,
  });
  return { sessionId: session.sessionId, ...(history.energyCost ? { energyCost: history.energyCost } : {}) };
}

/**
 * Readings for a superseded session: it goes back on its port when they prove the port's session
 * stray (see the module comment), else its stored values take them (energy counted).
 * Requests: 2 GetItems (port and readings, in parallel), then 1 UpdateItem; or, to put it back,
 * 1 TransactWriteItems and 2 UpdateItems (its record), +2 UpdateItems (the stray session's record)
 * when the port had a session.
 */
export async function applyToSupersededSession(
  db: Db,
  connection: ChargerConnection,
  session: SessionItem,
  snapshot: MeterSnapshot,
): Promise<void> {
  const at = latestReadingTime(snapshot);
  if (at === undefined) return;
  const current = await currentOnPort(db, connection, session.portNumber);
  const afterSupersede = Date.parse(at) > Date.parse(session.endTime ?? session.startTime);
  if (afterSupersede && (!current || isStray(current, at))) {
    await reinstate(db, connection, session, snapshot, at, current);
    return;
  }
  const values = finalValues(
    { meterStartWh: session.meterStartWh, socStartPercent: session.socStartPercent },
    { meterStopWh: snapshot.energyRegisterWh?.value ?? session.meterStopWh, snapshot },
  );
  await db.chargingSession
    .patch({ chargerId: connection.chargerId, ocppTransactionId: session.ocppTransactionId })
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where(({ stopReason }, { eq }) => eq(stopReason, SUPERSEDED))
    .go()
    .catch((error: unknown) => {
      // Finished or put back meanwhile by another frame: these readings are outdated.
      if (!isConditionalCheckFailure(error)) throw error;
    });
}

/** Puts a superseded session back on its port with new readings, ending the port's stray session. */
async function reinstate(
  db: Db,
  connection: ChargerConnection,
  session: SessionItem,
  snapshot: MeterSnapshot,
  at: string,
  stray: CurrentSession | undefined,
): Promise<void> {
  const previous = portSnapshotOf(session);
  const { socStartPercent, ...latest } = readingFields(snapshot);
  const restored: CurrentSession = {
    ...previous,
    ...(session.meterStopWh !== undefined ? { energyRegisterWh: session.meterStopWh } : {}),
    ...latest,
    ...(previous.socStartPercent === undefined && socStartPercent !== undefined ? { socStartPercent } : {}),
    readingAt: at,
  };
  const portKey = { chargerId: connection.chargerId, portNumber: session.portNumber };
  const onPort = splitSession(portKey, restored);
  await transact(db, (e) => ({
    session: e.chargingSession
      .patch({ chargerId: connection.chargerId, ocppTransactionId: session.ocppTransactionId })
      .set({ status: 'InProgress', updatedAt: new Date().toISOString() })
      .remove([...SESSION_END_FIELDS, 'portSnapshot'])
      .where(({ stopReason }, { eq }) => eq(stopReason, SUPERSEDED))
      .commit(),
    ...(stray
      ? endStray(e, connection, session.portNumber, stray, at, restored)
      : {
          port: e.port
            .patch(portKey)
            .set({ currentChargingSession: onPort.stored })
            .where(({ currentChargingSession }, { notExists }) => notExists(currentChargingSession))
            .commit(),
          readings: e.portReadings.put({ ...onPort.readings, siteId: connection.siteId }).commit(),
        }),
  }));
  await recordReinstated(db, connection, session.sessionId);
  if (stray) await recordStrayEnded(db, connection, stray, at);
  logger.warn('superseded transaction reported again: back on its port', {
    ocppId: connection.ocppId,
    transactionId: session.ocppTransactionId,
    strayTransactionId: stray?.ocppTransactionId,
  });
}
