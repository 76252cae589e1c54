/**
 * Remote control of ports through commands to their chargers (spec §4.3 reservations, §4.4 remote
 * start and stop): which port and charger, whether the key may reach them, and what the charger's
 * answer means. How a command reaches a charger is not this module's business: it asks a
 * {@link RemoteControlCommands} (the OCPP command path implements it; the Lambda wires it in).
 *
 * Charger refusals are statuses in a 200 body (spec §7). An answer "cannot do that" (OCPP
 * CALLERROR `NotImplemented` / `NotSupported`) is `Rejected`; any other failure is the command
 * path's error (502).
 */
import type { Db } from '../db';
import { allocateIds } from '../db';
import { canAccess, type AccessScope } from '../organizations/access-scope';
import { ChargerNotFoundError, PortNotFoundError } from '../chargers/errors';
import { locatePort, type PortLocation } from '../chargers/port-lookup';
import { NoSessionInProgressError, ReservationIdTakenError, UnsupportedByChargerError } from './errors';
import { isConditionalCheckFailure } from '../db/conditions';
import { logger } from '../logger';
import type { IdTokenType, RemoteControlCommandCatalog, RemoteControlCommands, ReserveNowStatus } from './commands';
import type { CommandableCharger, SendOptions } from '../charger-commands';

/** idTag sent with a remote start that names none (spec §4.4 makes `idTag` optional). */
const SERVER_ID_TAG = 'CSMS-REMOTE';

/**
 * A port the key may reach, with its charger.
 * @throws PortNotFoundError when it does not exist or belongs to another organization or site
 */
async function reachPort(db: Db, commands: RemoteControlCommands, scope: AccessScope, portId: number, fresh = false) {
  const location = await locatePort(db, portId);
  const charger = location && (await commands.find(location.chargerId, fresh));
  if (!location || !charger || !canAccess(scope, charger.organizationId, charger.siteId)) {
    throw new PortNotFoundError(portId);
  }
  return { location, charger };
}

/** Sends a command whose "cannot do that" answer means `Rejected`; any other failure is thrown. */
async function sendOrReject<K extends Exclude<keyof RemoteControlCommandCatalog, 'ReservationSupport'>>(
  commands: RemoteControlCommands,
  chargerId: number,
  name: K,
  input: RemoteControlCommandCatalog[K]['input'],
  options?: SendOptions,
): Promise<RemoteControlCommandCatalog[K]['result'] | 'Rejected'> {
  const answer = await commands.send(chargerId, name, input, options);
  if (answer.ok) return answer.result;
  if (answer.unsupported) return 'Rejected';
  throw answer.error;
}

/**
 * Whether a charger supports reservations: stored, or asked (and stored) the first time it is
 * needed after a boot. A charger that cannot answer the question is assumed to support them
 * (ReserveNow's own answer then decides).
 */
async function supportsReservations(
  db: Db,
  commands: RemoteControlCommands,
  charger: CommandableCharger,
): Promise<boolean> {
  if (charger.reservationSupport) return charger.reservationSupport === 'supported';
  const answer = await commands.send(charger.chargerId, 'ReservationSupport', undefined);
  const supported = answer.ok ? answer.result : !answer.unsupported;
  if (answer.ok || answer.unsupported) {
    await db.charger
      .patch({ chargerId: charger.chargerId })
      .set({ reservationSupport: supported ? 'supported' : 'unsupported' })
      .go();
  }
  return supported;
}

/** `POST /api/ocpp/reservations` body (spec §2.5, §4.3). */
export interface ReservationRequest {
  portId: number;
  /** ISO 8601 with offset, in the future. */
  expiryDate: string;
  idTag: string;
  reservationId: number;
  parentIdTag?: string;
  idTokenType?: IdTokenType;
}

/**
 * Spec §4.3: reserves a port. The reservationId is claimed for the organization first (a reused
 * one is 409, and stays claimed only when the charger accepts); a charger known not to support
 * reservations answers `Rejected` without being asked.
 * @throws PortNotFoundError; UnsupportedByChargerError (`parentIdTag` for a charger whose version takes none);
 *   ReservationIdTakenError; the command path's errors (not connected, timeout, charger error)
 */
export async function reservePort(
  db: Db,
  commands: RemoteControlCommands,
  scope: AccessScope,
  request: ReservationRequest,
): Promise<ReserveNowStatus> {
  const { location, charger } = await reachPort(db, commands, scope, request.portId, true);
  const { connection } = charger;
  if (!connection) throw commands.notConnected(charger.chargerId);
  if (request.parentIdTag !== undefined && !connection.takes.parentIdTag) {
    throw new UnsupportedByChargerError(
      'parentIdTag',
      charger.chargerId,
      connection.protocol,
      'parentIdTag is only supported for OCPP 1.6 chargers',
    );
  }
  const now = new Date().toISOString();
  const key = { organizationId: scope.organizationId, reservationId: request.reservationId };
  try {
    await db.reservation
      .create({
        ...key,
        chargerId: charger.chargerId,
        portId: request.portId,
        portNumber: location.portNumber,
        idTag: request.idTag,
        parentIdTag: request.parentIdTag,
        idTokenType: connection.takes.idTokenType ? (request.idTokenType ?? 'Central') : undefined,
        expiryDate: new Date(request.expiryDate).toISOString(),
        status: 'Requested',
        createdAt: now,
        updatedAt: now,
        expiresAt: Math.floor(Date.parse(request.expiryDate) / 1000) + 30 * 86_400,
      })
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    throw new ReservationIdTakenError(request.reservationId);
  }
  let status: ReserveNowStatus = 'Rejected';
  try {
    if (await supportsReservations(db, commands, charger)) {
      status = await sendOrReject(commands, charger.chargerId, 'ReserveNow', {
        ...request,
        portNumber: location.portNumber,
      });
    }
  } finally {
    if (status === 'Accepted') {
      await db.reservation.patch(key).set({ status: 'Active', updatedAt: new Date().toISOString() }).go();
    } else await db.reservation.delete(key).go();
  }
  return status;
}

/**
 * `POST /api/ocpp/reservations/cancel`: CancelReservation to the charger, even for a reservation
 * we do not know (the charger may hold it). An accepted cancellation ends our record.
 * @throws ChargerNotFoundError; the command path's errors
 */
export async function cancelPortReservation(
  db: Db,
  commands: RemoteControlCommands,
  scope: AccessScope,
  request: { chargerId: number; reservationId: number },
): Promise<'Accepted' | 'Rejected'> {
  const charger = await commands.find(request.chargerId);
  if (!charger || !canAccess(scope, charger.organizationId, charger.siteId)) {
    throw new ChargerNotFoundError(request.chargerId);
  }
  const status = await sendOrReject(commands, charger.chargerId, 'CancelReservation', {
    reservationId: request.reservationId,
  });
  if (status === 'Accepted') {
    await endReservation(db, scope.organizationId, request.reservationId, 'Cancelled', charger.chargerId);
  }
  return status;
}

/**
 * Ends an active reservation (cancelled, used by a session, expired or removed by the charger).
 * Unknown, already ended, or another charger's reservations are left alone. Requests: 1 UpdateItem.
 */
export async function endReservation(
  db: Db,
  organizationId: number,
  reservationId: number,
  status: 'Cancelled' | 'Used' | 'Expired' | 'Removed',
  chargerId: number,
): Promise<void> {
  try {
    await db.reservation
      .patch({ organizationId, reservationId })
      .set({ status, updatedAt: new Date().toISOString() })
      .where((attr, { eq }) => `${eq(attr.status, 'Active')} AND ${eq(attr.chargerId, chargerId)}`)
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/** Whether a stored reservation is active at `now` (spec §3.4: until expiryDate or cancellation). */
export function isReservationActive(reservation: { status: string; expiryDate: string }, now = Date.now()): boolean {
  return reservation.status === 'Active' && Date.parse(reservation.expiryDate) > now;
}

/** Remote start IDs taken from the counter per instance, a block at a time. */
const REMOTE_START_ID_BLOCK = 100;
const remoteStartIds = new WeakMap<Db, Promise<{ next: number; end: number }>>();

/**
 * A new remote start ID: unique, from the `remoteStart` counter in blocks of
 * {@link REMOTE_START_ID_BLOCK} (one UpdateItem per block per instance), so IDs from different
 * instances interleave and a stopped instance leaves a gap.
 */
async function nextRemoteStartId(db: Db): Promise<number> {
  for (;;) {
    let pending = remoteStartIds.get(db);
    if (!pending) {
      const allocating = allocateIds(db, 'remoteStart', REMOTE_START_ID_BLOCK).then((first) => ({
        next: first,
        end: first + REMOTE_START_ID_BLOCK,
      }));
      allocating.catch(() => remoteStartIds.get(db) === allocating && remoteStartIds.delete(db));
      pending = allocating;
      remoteStartIds.set(db, pending);
    }
    const block = await pending;
    if (block.next < block.end) return block.next++;
    if (remoteStartIds.get(db) === pending) remoteStartIds.delete(db);
  }
}

/** `POST /api/ocpp/remote-start` body (spec §4.4). */
export interface RemoteStartRequest {
  portId: number;
  idTag?: string;
  idTokenType?: IdTokenType;
}

/**
 * Spec §4.4: RemoteStartTransaction (1.6) / RequestStartTransaction (2.0.1). The remote start gets
 * an ID (2.0.1 `remoteStartId`); it is noted on the port in the transaction that puts the command
 * on the charger's lane (so it is stored before the charger hears of it, and never for a command
 * that is not sent), so that the session that follows links back to it even when the charger
 * starts before its answer is read. Requests with a warm instance: that TransactWriteItems and the
 * command path's reads; an answer other than Accepted, or a failure of `options.before`, clears the
 * note (+1).
 * @param options.before the caller's work that must succeed before the charger is sent anything
 *   (the HTTP API's rate-limit count)
 * @returns the charger's status and the remote start's ID
 */
export async function remoteStartPort(
  db: Db,
  commands: RemoteControlCommands,
  scope: AccessScope,
  request: RemoteStartRequest,
  options: { before?: Promise<unknown> } = {},
): Promise<{ status: 'Accepted' | 'Rejected'; remoteStartId: number }> {
  const { location, charger } = await reachPort(db, commands, scope, request.portId);
  if (!charger.connection) throw commands.notConnected(charger.chargerId);
  const remoteStartId = await nextRemoteStartId(db);
  const idTag = request.idTag ?? SERVER_ID_TAG;
  const portKey = { chargerId: charger.chargerId, portNumber: location.portNumber };
  const pendingRemoteStart = { remoteStartId, idTag, requestedAt: new Date().toISOString() };
  let status: 'Accepted' | 'Rejected' = 'Rejected';
  try {
    status = await sendOrReject(
      commands,
      charger.chargerId,
      'RemoteStart',
      { portNumber: location.portNumber, idTag, idTokenType: request.idTokenType, remoteStartId },
      { before: options.before, with: ({ port }) => [port.patch(portKey).set({ pendingRemoteStart }).commit()] },
    );
  } finally {
    if (status !== 'Accepted') await clearPendingRemoteStart(db, portKey, remoteStartId);
  }
  return { status, remoteStartId };
}

/** Removes a port's pending remote start if it is still that one. */
async function clearPendingRemoteStart(db: Db, portKey: PortLocation, remoteStartId: number): Promise<void> {
  await db.port
    .update(portKey)
    .remove(['pendingRemoteStart'])
    .where(({ pendingRemoteStart }, { eq }) => eq(pendingRemoteStart.remoteStartId, remoteStartId))
    .go()
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) {
        logger.warn('could not clear a pending remote start', { error: String(error) });
      }
    });
}

/**
 * `POST /api/ocpp/remote-stop`: stops the session in progress on a port (RemoteStopTransaction /
 * RequestStopTransaction with its transactionId). The port is read strongly consistent (1 GetItem).
 * @param request.sessionId when given, the session that must be in progress (guards against stopping a newer one)
 * @param options.before the caller's work that must succeed before the charger is sent anything (the rate-limit count)
 * @throws NoSessionInProgressError when no session, or not that session, is in progress on the port
 */
export async function remoteStopPort(
  db: Db,
  commands: RemoteControlCommands,
  scope: AccessScope,
  request: { portId: number; sessionId?: number },
  options: { before?: Promise<unknown> } = {},
): Promise<'Accepted' | 'Rejected'> {
  const { location, charger } = await reachPort(db, commands, scope, request.portId);
  const { data: port } = await db.port.get(location).go({ consistent: true });
  const session = port?.currentChargingSession;
  if (!session) {
    throw new NoSessionInProgressError(request.portId);
  }
  if (request.sessionId !== undefined && request.sessionId !== session.sessionId) {
    throw new NoSessionInProgressError(request.portId, { sessionId: request.sessionId, current: session.sessionId });
  }
  return sendOrReject(
    commands,
    charger.chargerId,
    'RemoteStop',
    { ocppTransactionId: session.ocppTransactionId },
    options,
  );
}
