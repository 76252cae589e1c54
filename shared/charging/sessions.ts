/**
 * Charging sessions (OCPP transactions), version-neutral: started by 1.6 StartTransaction or 2.0.1
 * TransactionEvent Started, fed by meter values (`./session-readings.ts`), ended by 1.6
 * StopTransaction or 2.0.1 TransactionEvent Ended (`./session-end.ts`).
 *
 * A session is a `chargingSession` item (kept after it ends) plus, while it runs, a snapshot on its
 * port (`currentChargingSession`) that the charger read shows (spec §2.3). Energy is stored as the
 * meter register; `energyDeliveredKwh = (register − meterStart) / 1000`. Writes are idempotent so a
 * retransmitted CALL never double-counts: the register is absolute, a 1.6 StartTransaction is
 * recognised by its messageId, a 2.0.1 Started by its transactionId and start time. A 2.0.1
 * transactionId used again after its transaction ended (stations that count from 1 after a reset)
 * starts a new session; the ended one moves to `<transactionId>#<sessionId>`.
 */
import type { Db } from '../db';
import { allocateIds, transact } from '../db';
import type { ChargerConnection } from './charger-connection';
import { logger } from '../logger';
import { ensurePort } from './ports';
import type { AccessIdItem } from '../access/access-ids';
import { getVehicle, toEmbeddedVehicle } from '../access/vehicles';
import type { MeterSnapshot } from '../metering/meter-values';
import type { StoredPortItem } from '../chargers/items';
import { splitSession } from '../chargers/port-readings';
import { pendingRemoteStartFor } from './authorization';
import { endSession } from './session-end';
import { startedSessionRecord } from '../history/session-records';
import { getSession, readingFields, SUPERSEDED, type CurrentSession, type SessionItem } from './session-items';

export { endSession, type EndedSession, type SessionEnd } from './session-end';
export { getSession, storableId, type SessionItem } from './session-items';

/** What starts a session. */
export interface SessionStart {
  portNumber: number;
  /** ISO 8601 UTC start time (the charger's, see `chargerTime`). */
  startTime: string;
  idTag?: string;
  /** Energy register at start, Wh; undefined when the charger did not send it (the first register seen is used). */
  meterStartWh?: number;
  /** 2.0.1: the charger's transactionId. 1.6: omitted, we allocate the integer transactionId. */
  transactionId?: string;
  /** 1.6: the StartTransaction's messageId, to recognise a retransmission. */
  messageId?: string;
  /** Readings sent with the start. */
  snapshot?: MeterSnapshot;
  /** 2.0.1 `transactionInfo.remoteStartId`; 1.6 links a pending remote start by port and idTag. */
  remoteStartId?: number;
  /** The reservation the session uses (1.6 StartTransaction / 2.0.1 TransactionEvent `reservationId`). */
  reservationId?: number;
  /** The access ID of the idTag, when known: the session shows its vehicle, RFID card and customer. */
  accessId?: AccessIdItem;
}

/** The remote start a new session answers: named by the charger (2.0.1), or pending on the port for the same idTag (1.6). */
function linkedRemoteStart(port: StoredPortItem, start: SessionStart, now: number): number | undefined {
  return start.remoteStartId ?? pendingRemoteStartFor(port, start.idTag, now);
}

/** A started (or recognised as already started) session. */
export interface StartedSession {
  sessionId: number;
  /** OCPP transactionId as a string (1.6: `String(sessionId)`). */
  ocppTransactionId: string;
  /** True when this start had been handled before (a retransmission). */
  duplicate: boolean;
}

/** Whether a stored session is the one this start started (a retransmission): in progress, or started at the same time. */
function isRetransmission(session: SessionItem, start: SessionStart): boolean {
  return session.status === 'InProgress' || session.startTime === start.startTime;
}

const duplicateOf = (session: { sessionId: number; ocppTransactionId: string }): StartedSession => ({
  sessionId: session.sessionId,
  ocppTransactionId: session.ocppTransactionId,
  duplicate: true,
});

/**
 * Starts a session on a port. A different session still open on that port (its stop was lost,
 * e.g. the charger rebooted) is ended first with reason `Superseded`. A 2.0.1 transactionId whose
 * session ended starts a new session (logged).
 * Requests: 1 GetItem (port), 1 UpdateItem (ID), 1 TransactWriteItems (session + port); +1 GetItem
 * (vehicle) when the tag's access ID has one.
 * @throws PortNumberError for a connector/EVSE number that cannot be a port (nothing is stored)
 */
export async function startSession(
  db: Db,
  connection: ChargerConnection,
  start: SessionStart,
): Promise<StartedSession> {
  // The ended session of the same transactionId, once read (on an idle port the conditional create
  // tells whether there is one, which saves a read on the common path).
  let earlier: SessionItem | undefined;
  for (let attempt = 0; ; attempt++) {
    const port = await ensurePort(db, connection, start.portNumber);
    const current = port.currentChargingSession;
    if (current && start.messageId && current.startMessageId === start.messageId) return duplicateOf(current);
    if (current && start.transactionId !== undefined && current.ocppTransactionId === start.transactionId) {
      return duplicateOf(current);
    }
    if (current && start.transactionId !== undefined && !earlier) {
      earlier = await getSession(db, connection.chargerId, start.transactionId);
      if (earlier && isRetransmission(earlier, start)) return duplicateOf(earlier);
    }
    if (current) {
      await endSession(db, connection, current.ocppTransactionId, { endTime: start.startTime, reason: SUPERSEDED });
    }
    const started = await createSession(db, connection, port, start, earlier);
    if (started) return started;
    if (start.transactionId !== undefined) {
      earlier = await getSession(db, connection.chargerId, start.transactionId);
      if (earlier && isRetransmission(earlier, start)) return duplicateOf(earlier);
    }
    // Another frame changed the port meanwhile: look again.
    if (attempt >= 2) {
      throw new Error(`could not start a session on charger ${connection.chargerId} port ${start.portNumber}`);
    }
  }
}

/**
 * Writes a new session and its port snapshot, if the port still shows none; a session `earlier`
 * of the same transactionId (ended) moves to `<transactionId>#<sessionId>` in the same transaction.
 * @returns the session, or undefined when a condition failed (the port or the transactionId changed)
 */
async function createSession(
  db: Db,
  connection: ChargerConnection,
  port: StoredPortItem,
  start: SessionStart,
  earlier: SessionItem | undefined,
): Promise<StartedSession | undefined> {
  const [sessionId, who] = await Promise.all([allocateIds(db, 'chargingSession'), whoIsCharging(db, start.accessId)]);
  const ocppTransactionId = start.transactionId ?? String(sessionId);
  const remoteStartId = linkedRemoteStart(port, start, Date.now());
  const consumesPendingRemoteStart =
    remoteStartId !== undefined && port.pendingRemoteStart?.remoteStartId === remoteStartId;
  const portKey = { chargerId: connection.chargerId, portNumber: port.portNumber };
  const meterStartWh = start.meterStartWh ?? start.snapshot?.energyRegisterWh?.value;
  // A 2.0.1 station need not repeat the remote start's idToken in its TransactionEvents (F01).
  const idTag = start.idTag ?? (consumesPendingRemoteStart ? port.pendingRemoteStart?.idTag : undefined);
  const snapshot: CurrentSession = {
    sessionId,
    ocppTransactionId,
    startTime: start.startTime,
    ...(idTag !== undefined ? { idTag } : {}),
    ...(meterStartWh !== undefined ? { meterStartWh } : {}),
    ...(start.messageId ? { startMessageId: start.messageId } : {}),
    ...(remoteStartId !== undefined ? { remoteStartId } : {}),
    ...who,
    ...readingFields(start.snapshot),
  };
  const item = sessionItem(connection, port, start, snapshot, who.vehicle?.id);
  const { stored, readings } = splitSession(portKey, snapshot);
  const outcome = await transact(db, (e) => ({
    archived:
      earlier &&
      e.chargingSession.create({ ...earlier, ocppTransactionId: `${ocppTransactionId}#${earlier.sessionId}` }).commit(),
    session: earlier
      ? e.chargingSession
          .put(item)
          .where(({ sessionId: id }, { eq }) => eq(id, earlier.sessionId))
          .commit()
      : e.chargingSession.create(item).commit(),
    record: startedSessionRecord(e, { ...connection, portId: port.portId, portNumber: port.portNumber }, snapshot),
    port: (consumesPendingRemoteStart
      ? e.port.patch(portKey).set({ currentChargingSession: stored }).remove(['pendingRemoteStart'])
      : e.port.patch(portKey).set({ currentChargingSession: stored })
    )
      .where(({ currentChargingSession }, { notExists }) => notExists(currentChargingSession))
      .commit(),
    readings: e.portReadings.put({ ...readings, siteId: connection.siteId }).commit(),
  }));
  if (!outcome.ok) return undefined;
  if (earlier) {
    logger.warn('transactionId used again after its transaction ended: new session', {
      ocppId: connection.ocppId,
      transactionId: ocppTransactionId,
      endedSessionId: earlier.sessionId,
      sessionId,
    });
  }
  return { sessionId, ocppTransactionId, duplicate: false };
}

/** The `chargingSession` item of a new session whose port snapshot is `snapshot`. */
function sessionItem(
  connection: ChargerConnection,
  port: StoredPortItem,
  start: SessionStart,
  snapshot: CurrentSession,
  vehicleId: number | undefined,
) {
  return {
    chargerId: connection.chargerId,
    ocppTransactionId: snapshot.ocppTransactionId,
    sessionId: snapshot.sessionId,
    organizationId: connection.organizationId,
    siteId: connection.siteId,
    portId: port.portId,
    portNumber: port.portNumber,
    ocppProtocol: connection.protocol,
    startTime: start.startTime,
    idTag: snapshot.idTag,
    meterStartWh: snapshot.meterStartWh ?? 0,
    socStartPercent: snapshot.socStartPercent,
    remoteStartId: snapshot.remoteStartId,
    reservationId: start.reservationId,
    accessIdId: start.accessId?.accessIdId,
    vehicleId,
    customerName: snapshot.customerName,
    status: 'InProgress' as const,
    updatedAt: new Date().toISOString(),
  };
}

/**
 * Spec §2.3 `vehicle`, `rfid` and `customer` of a session from the idTag's access ID: the vehicle
 * of a Vehicle access ID, or of the vehicle an RFID card or contract is attached to; `rfid` for
 * what a driver presents: RFID cards, and eMAID contracts (Plug & Charge), whose `{ id, name }`
 * the spec's shape carries as well (docs/api.md, "Charging sessions").
 */
async function whoIsCharging(
  db: Db,
  accessId: AccessIdItem | undefined,
): Promise<Pick<CurrentSession, 'vehicle' | 'rfid' | 'customerName'>> {
  if (!accessId) return {};
  const vehicle =
    accessId.vehicleId === undefined ? undefined : await getVehicle(db, accessId.organizationId, accessId.vehicleId);
  const embedded = vehicle ? toEmbeddedVehicle(vehicle) : undefined;
  return {
    ...(embedded
      ? {
          vehicle: Object.fromEntries(
            Object.entries(embedded).filter(([, v]) => v !== null),
          ) as CurrentSession['vehicle'],
        }
      : {}),
    ...(accessId.type === 'Vehicle' ? {} : { rfid: { id: accessId.accessIdId, name: accessId.name } }),
    ...(accessId.customerName ? { customerName: accessId.customerName } : {}),
  };
}
