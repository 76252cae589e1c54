/**
 * Stored charging sessions and the pieces every session module shares: reading a session by its
 * transactionId, the port's snapshot of a running session, and the values a session ends with.
 */
import type { EntityItem } from 'electrodb';
import type { Db } from '../db';
import type { CurrentSession } from '../chargers/port-readings';
import type { SessionReadings } from '../chargers/items';
import type { MeterSnapshot } from '../metering/meter-values';

/** A stored charging session. */
export type SessionItem = EntityItem<Db['chargingSession']>;

export type { CurrentSession } from '../chargers/port-readings';

/** The stop reason of a session a new start on its port replaced (its stop never arrived, or it was the stray one). */
export const SUPERSEDED = 'Superseded';

/** A session by charger and OCPP transactionId (one strongly consistent GetItem). */
export async function getSession(
  db: Db,
  chargerId: number,
  ocppTransactionId: string,
): Promise<SessionItem | undefined> {
  const { data } = await db.chargingSession.get({ chargerId, ocppTransactionId }).go({ consistent: true });
  return data ?? undefined;
}

/** Whether a session was ended by a new start on its port rather than by its own stop. */
export function isSuperseded(session: SessionItem): boolean {
  return session.status === 'Completed' && session.stopReason === SUPERSEDED;
}

/**
 * A charger's numeric ID (reservationId, remoteStartId) as stored: undefined when it is not a
 * safe integer, since no ID we issue or store can be one (and DynamoDB cannot store 1e300).
 */
export function storableId(id: number | undefined): number | undefined {
  return id !== undefined && Number.isSafeInteger(id) ? id : undefined;
}

/** The readings of a snapshot as the fields of a port's `portReadings` item (SoC also as the SoC at start). */
export function readingFields(snapshot: MeterSnapshot | undefined): Partial<SessionReadings> {
  if (!snapshot) return {};
  return {
    ...(snapshot.energyRegisterWh ? { energyRegisterWh: snapshot.energyRegisterWh.value } : {}),
    ...(snapshot.powerKw ? { powerKw: snapshot.powerKw } : {}),
    ...(snapshot.currentA ? { currentA: snapshot.currentA } : {}),
    ...(snapshot.voltage ? { voltage: snapshot.voltage } : {}),
    ...(snapshot.socPercent ? { socPercent: snapshot.socPercent, socStartPercent: snapshot.socPercent.value } : {}),
  };
}

/** The time of the latest reading of a snapshot (ISO 8601 UTC), undefined when it has none. */
export function latestReadingTime(snapshot: MeterSnapshot): string | undefined {
  const times = Object.values(snapshot).map((reading) => reading.timestamp);
  return times.length ? times.reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a)) : undefined;
}

/**
 * Whether the session a port shows is a stray one that a report of another transaction at `at`
 * disproves: it never received a reading and started before `at`.
 */
export function isStray(current: CurrentSession, at: string): boolean {
  return current.readingAt === undefined && Date.parse(current.startTime) < Date.parse(at);
}

/**
 * The port snapshot of a session item: the one stored when it was superseded, else rebuilt from
 * the item (sessions superseded before snapshots were kept).
 */
export function portSnapshotOf(session: SessionItem): CurrentSession {
  if (session.portSnapshot) return session.portSnapshot as CurrentSession;
  return {
    sessionId: session.sessionId,
    ocppTransactionId: session.ocppTransactionId,
    startTime: session.startTime,
    meterStartWh: session.meterStartWh,
    ...(session.idTag !== undefined ? { idTag: session.idTag } : {}),
    ...(session.meterStopWh !== undefined ? { energyRegisterWh: session.meterStopWh } : {}),
    ...(session.socStartPercent !== undefined ? { socStartPercent: session.socStartPercent } : {}),
    ...(session.remoteStartId !== undefined ? { remoteStartId: session.remoteStartId } : {}),
    ...(session.customerName !== undefined ? { customerName: session.customerName } : {}),
  };
}
