/**
 * Charging sessions (OCPP transactions), version-neutral: started by 1.6 StartTransaction or 2.0.1
 * TransactionEvent Started, fed by meter values, ended by 1.6 StopTransaction or 2.0.1
 * TransactionEvent Ended.
 *
 * A session is a `chargingSession` item (kept after it ends) plus, while it runs, a snapshot on its
 * port (`currentChargingSession`) that the charger read shows (spec §2.3). Energy is stored as the
 * meter register; `energyDeliveredKwh = (register − meterStart) / 1000`. Writes are idempotent so a
 * retransmitted CALL never double-counts: the register is absolute, a 1.6 StartTransaction is
 * recognised by its messageId, a 2.0.1 transaction by its transactionId.
 */
import type { EntityItem } from 'electrodb';
import type { Db } from '../db';
import { allocateIds } from '../db';
import type { ChargerConnection } from './charger-connection';
import { isConditionalCheckFailure } from '../db/conditions';
import { ensurePort } from './ports';
import type { AccessIdItem } from '../access/access-ids';
import { getVehicle, toEmbeddedVehicle } from '../access/vehicles';
import { energyDeliveredKwh, type MeterSnapshot } from './meter-values';
import type { PortItem } from '../chargers/items';
import { prepareSessionEnd, startedSessionRecord } from '../history/session-records';

/** What starts a session. */
export interface SessionStart {
  portNumber: number;
  /** ISO 8601 UTC start time (the charger's). */
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

/** How long an accepted remote start waits for its 1.6 StartTransaction to link it: 10 minutes. */
const REMOTE_START_LINK_MS = 10 * 60_000;

/** The remote start a new session answers: named by the charger (2.0.1), or pending on the port for the same idTag (1.6). */
function linkedRemoteStart(port: PortItem, start: SessionStart, now: number): number | undefined {
  if (start.remoteStartId !== undefined) return start.remoteStartId;
  const pending = port.pendingRemoteStart;
  if (!pending || pending.idTag !== start.idTag) return undefined;
  return now - Date.parse(pending.requestedAt) <= REMOTE_START_LINK_MS ? pending.remoteStartId : undefined;
}

/** A started (or recognised as already started) session. */
export interface StartedSession {
  sessionId: number;
  /** OCPP transactionId as a string (1.6: `String(sessionId)`). */
  transactionKey: string;
  /** True when this start had been handled before (a retransmission). */
  duplicate: boolean;
}

type CurrentSession = NonNullable<PortItem['currentChargingSession']>;

/** The readings of a snapshot as port-snapshot fields. */
function readingFields(snapshot: MeterSnapshot | undefined): Partial<CurrentSession> {
  if (!snapshot) return {};
  return {
    ...(snapshot.energyRegisterWh ? { energyRegisterWh: snapshot.energyRegisterWh.value } : {}),
    ...(snapshot.powerKw ? { powerKw: snapshot.powerKw } : {}),
    ...(snapshot.currentA ? { currentA: snapshot.currentA } : {}),
    ...(snapshot.voltage ? { voltage: snapshot.voltage } : {}),
    ...(snapshot.socPercent ? { socPercent: snapshot.socPercent, socStartPercent: snapshot.socPercent.value } : {}),
  };
}

/**
 * Starts a session on a port. A different session still open on that port (its stop was lost,
 * e.g. the charger rebooted) is ended first with reason `Superseded`.
 * Requests: 1 GetItem (port), 1 UpdateItem (ID), 1 TransactWriteItems (session + port); +1 GetItem
 * (vehicle) when the tag's access ID has one.
 */
export async function startSession(db: Db, connection: ChargerConnection, start: SessionStart): Promise<StartedSession> {
  for (let attempt = 0; ; attempt++) {
    const port = await ensurePort(db, connection, start.portNumber);
    const current = port.currentChargingSession;
    if (current && start.messageId && current.startMessageId === start.messageId) {
      return { sessionId: current.sessionId, transactionKey: current.transactionKey, duplicate: true };
    }
    if (current && start.transactionId !== undefined && current.transactionKey === start.transactionId) {
      return { sessionId: current.sessionId, transactionKey: current.transactionKey, duplicate: true };
    }
    // Before superseding another session, make sure this start is not a retransmission of an
    // earlier (maybe ended) transaction; on an idle port the transaction's conditional create below
    // tells instead, which saves a read on the common path.
    if (current && start.transactionId !== undefined) {
      const existing = await findDuplicateStart(db, connection.chargerId, start.transactionId);
      if (existing) return existing;
    }
    if (current) await endSession(db, connection, current.transactionKey, { endTime: start.startTime, reason: 'Superseded' });

    const [sessionId, who] = await Promise.all([allocateIds(db, 'chargingSession'), whoIsCharging(db, start.accessId)]);
    const transactionKey = start.transactionId ?? String(sessionId);
    const remoteStartId = linkedRemoteStart(port, start, Date.now());
    const consumesPendingRemoteStart = remoteStartId !== undefined && port.pendingRemoteStart?.remoteStartId === remoteStartId;
    const portKey = { chargerId: connection.chargerId, portNumber: port.portNumber };
    const readings = readingFields(start.snapshot);
    const meterStartWh = start.meterStartWh ?? start.snapshot?.energyRegisterWh?.value;
    const snapshot: CurrentSession = {
      sessionId,
      transactionKey,
      startTime: start.startTime,
      ...(start.idTag !== undefined ? { idTag: start.idTag } : {}),
      ...(meterStartWh !== undefined ? { meterStartWh } : {}),
      ...(start.messageId ? { startMessageId: start.messageId } : {}),
      ...(remoteStartId !== undefined ? { remoteStartId } : {}),
      ...who,
      ...readings,
    };
    const result = await db.service.transaction
      .write(({ chargingSession, port: portEntity, sessionRecord }) => [
        startedSessionRecord(sessionRecord, { ...connection, portId: port.portId, portNumber: port.portNumber }, snapshot),
        chargingSession
          .create({
            chargerId: connection.chargerId,
            transactionKey,
            sessionId,
            organizationId: connection.organizationId,
            siteId: connection.siteId,
            portId: port.portId,
            portNumber: port.portNumber,
            ocppProtocol: connection.protocol,
            startTime: start.startTime,
            idTag: start.idTag,
            meterStartWh: snapshot.meterStartWh ?? 0,
            socStartPercent: snapshot.socStartPercent,
            remoteStartId,
            reservationId: start.reservationId,
            accessIdId: start.accessId?.accessIdId,
            vehicleId: who.vehicle?.id,
            customerName: who.customerName,
            status: 'InProgress',
            updatedAt: new Date().toISOString(),
          })
          .commit(),
        (consumesPendingRemoteStart
          ? portEntity.patch(portKey).set({ currentChargingSession: snapshot }).remove(['pendingRemoteStart'])
          : portEntity.patch(portKey).set({ currentChargingSession: snapshot })
        )
          .where(({ currentChargingSession }, { notExists }) => notExists(currentChargingSession))
          .commit(),
      ])
      .go();
    if (!result.canceled) return { sessionId, transactionKey, duplicate: false };
    if (start.transactionId !== undefined) {
      const existing = await findDuplicateStart(db, connection.chargerId, start.transactionId);
      if (existing) return existing;
    }
    // Another frame changed the port meanwhile: look again.
    if (attempt >= 2) throw new Error(`could not start a session on charger ${connection.chargerId} port ${start.portNumber}`);
  }
}

/**
 * Spec §2.3 `vehicle`, `rfid` and `customer` of a session from the idTag's access ID: the vehicle
 * of a Vehicle access ID, or of the vehicle an RFID card is attached to; `rfid` for RFID cards.
 */
async function whoIsCharging(db: Db, accessId: AccessIdItem | undefined): Promise<Pick<CurrentSession, 'vehicle' | 'rfid' | 'customerName'>> {
  if (!accessId) return {};
  const vehicle = accessId.vehicleId === undefined ? undefined : await getVehicle(db, accessId.organizationId, accessId.vehicleId);
  const embedded = vehicle ? toEmbeddedVehicle(vehicle) : undefined;
  return {
    ...(embedded ? { vehicle: Object.fromEntries(Object.entries(embedded).filter(([, v]) => v !== null)) as CurrentSession['vehicle'] } : {}),
    ...(accessId.type === 'RFID' ? { rfid: { id: accessId.accessIdId, name: accessId.name } } : {}),
    ...(accessId.customerName ? { customerName: accessId.customerName } : {}),
  };
}

/** The session of a transaction that exists already, as a duplicate start; undefined when it does not. */
async function findDuplicateStart(db: Db, chargerId: number, transactionKey: string): Promise<StartedSession | undefined> {
  const existing = await getSession(db, chargerId, transactionKey);
  return existing ? { sessionId: existing.sessionId, transactionKey: existing.transactionKey, duplicate: true } : undefined;
}

/** A stored charging session. */
export type SessionItem = EntityItem<Db['chargingSession']>;

/** A session by charger and OCPP transactionId (one strongly consistent GetItem). */
export async function getSession(db: Db, chargerId: number, transactionKey: string) {
  const { data } = await db.chargingSession.get({ chargerId, transactionKey }).go({ consistent: true });
  return data ?? undefined;
}

/**
 * Applies readings to the session in progress on a port: latest readings, the energy register,
 * the SoC at start (first SoC seen). With `transactionKey`, only when that transaction is the
 * port's current one. Returns the session's ID (from the same UpdateItem), or undefined when no
 * (matching) session is in progress or there was nothing to apply.
 * Requests: 1 UpdateItem.
 */
export async function applyMeterSnapshot(
  db: Db,
  connection: ChargerConnection,
  portNumber: number,
  snapshot: MeterSnapshot,
  transactionKey?: string,
): Promise<number | undefined> {
  const fields = readingFields(snapshot);
  const { socStartPercent, ...latest } = fields;
  if (Object.keys(fields).length === 0) return undefined;
  try {
    const { data } = await db.port
      .update({ chargerId: connection.chargerId, portNumber })
      .data((attributes, op) => {
        const session = attributes.currentChargingSession;
        for (const [key, value] of Object.entries(latest)) op.set(session[key as keyof typeof latest], value as never);
        if (socStartPercent !== undefined) op.ifNotExists(session.socStartPercent, socStartPercent);
        if (latest.energyRegisterWh !== undefined) op.ifNotExists(session.meterStartWh, latest.energyRegisterWh);
      })
      .where(({ currentChargingSession }, { exists, eq }) =>
        transactionKey === undefined ? exists(currentChargingSession) : eq(currentChargingSession.transactionKey, transactionKey),
      )
      .go({ response: 'all_new' });
    return data.currentChargingSession?.sessionId;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/** How a session ends. */
export interface SessionEnd {
  /** ISO 8601 UTC. */
  endTime: string;
  /** Final register, Wh (1.6 meterStop); else the last register seen. */
  meterStopWh?: number;
  /** OCPP stop reason (1.6 Reason, 2.0.1 ReasonEnumType), or `Superseded`. */
  reason?: string;
  snapshot?: MeterSnapshot;
}

/**
 * Ends a session: the session item becomes Completed with its final energy and SoC, and the port
 * no longer shows it. Ending an ended or unknown session changes nothing.
 * Requests: 1 GetItem (session, unless the caller read it: `known`), 1 GetItem (port),
 * 1 TransactWriteItems.
 * @returns the session's ID, or undefined when the transaction is unknown
 */
export async function endSession(
  db: Db,
  connection: ChargerConnection,
  transactionKey: string,
  end: SessionEnd,
  known?: SessionItem,
): Promise<number | undefined> {
  const session = known ?? (await getSession(db, connection.chargerId, transactionKey));
  if (!session) return undefined;
  if (session.status === 'Completed') return session.sessionId;
  const { data: port } = await db.port.get({ chargerId: connection.chargerId, portNumber: session.portNumber }).go({ consistent: true });
  const current = port?.currentChargingSession?.transactionKey === transactionKey ? port.currentChargingSession : undefined;
  const meterStopWh = end.meterStopWh ?? end.snapshot?.energyRegisterWh?.value ?? current?.energyRegisterWh;
  const socEndPercent = end.snapshot?.socPercent?.value ?? current?.socPercent?.value;
  const socStartPercent = current?.socStartPercent ?? session.socStartPercent ?? end.snapshot?.socPercent?.value;
  const meterStartWh = current?.meterStartWh ?? session.meterStartWh;
  const energyDelivered = meterStopWh === undefined ? undefined : energyDeliveredKwh({ energyRegisterWh: meterStopWh, meterStartWh });
  const now = new Date().toISOString();
  const history = await prepareSessionEnd(db, { ...session, ...connection, current, endTime: end.endTime, meterStartWh, meterStopWh, energyDeliveredKwh: energyDelivered, socStartPercent, socEndPercent, stopReason: end.reason });
  await db.service.transaction
    .write(({ chargingSession, port: portEntity, sessionRecord }) => [
      history.write(sessionRecord),
      chargingSession
        .patch({ chargerId: connection.chargerId, transactionKey })
        .set({
          status: 'Completed',
          endTime: end.endTime,
          meterStartWh,
          updatedAt: now,
          ...(meterStopWh !== undefined ? { meterStopWh } : {}),
          ...(energyDelivered !== undefined ? { energyDeliveredKwh: energyDelivered } : {}),
          ...(socStartPercent !== undefined ? { socStartPercent } : {}),
          ...(socEndPercent !== undefined ? { socEndPercent } : {}),
          ...(end.reason ? { stopReason: end.reason } : {}),
        })
        .where(({ status }, { eq }) => eq(status, 'InProgress'))
        .commit(),
      ...(current
        ? [
            portEntity
              .update({ chargerId: connection.chargerId, portNumber: session.portNumber })
              .remove(['currentChargingSession'])
              .where(({ currentChargingSession }, { eq }) => eq(currentChargingSession.transactionKey, transactionKey))
              .commit(),
          ]
        : []),
    ])
    .go();
  // A cancelled transaction means a concurrent end got there first: the outcome is the same.
  await history.recordHistory();
  return session.sessionId;
}

export { energyDeliveredKwh };
