/**
 * Remote control of ports through OCPP commands (spec §4.3 reservations, §4.4 remote start and
 * stop): which port and charger, whether the key may reach them, and what the charger's answer
 * means. The CALLs themselves are the commands of `shared/ocpp/commands`.
 *
 * Charger refusals are statuses in a 200 body (spec §7). A CALLERROR `NotImplemented` or
 * `NotSupported` means the charger cannot do it: `Rejected`. Any other CALLERROR is a 502 naming
 * the charger's error code.
 */
import type { Db } from '../db';
import { allocateIds } from '../db';
import { type ApiPrincipal } from '../api/auth';
import { canAccess } from '../organizations/access-scope';
import { BadRequestError, ChargerErrorResponse, ConflictError, NotFoundError } from '../api/errors';
import { commandTarget, runCommand, type Command, type CommandOptions, type CommandTarget } from '../ocpp/commands/command';
import { cancelReservation, reservationSupport, reserveNow, type IdTokenType, type ReserveNowStatus } from '../ocpp/commands/reservation';
import { remoteStart, remoteStop } from '../ocpp/commands/remote-transactions';
import { isConditionalCheckFailure } from '../db/conditions';
import type { ChargerItem, PortItem } from '../chargers/items';
import { logger } from '../logger';

/** idTag sent with a remote start that names none (spec §4.4 makes `idTag` optional). */
export const SERVER_ID_TAG = 'CSMS-REMOTE';

/** CALLERROR codes that mean "this charger cannot do that": answered as `Rejected`. */
const UNSUPPORTED_CODES = new Set(['NotImplemented', 'NotSupported']);

/** A port the key may reach, with its charger. */
interface PortWithCharger {
  port: PortItem;
  charger: ChargerItem;
}

/**
 * Finds a port by its numeric ID for a key (1 Query on gsi2, then the port and its charger: 2 GetItems in parallel).
 * @throws NotFoundError (404) when it does not exist or belongs to another organization or site
 */
async function resolvePort(db: Db, principal: ApiPrincipal, portId: number): Promise<PortWithCharger> {
  const { data } = await db.port.query.byId({ portId }).go();
  const found = data[0];
  // The GSI read is eventually consistent: read the port itself (with its session) and its charger at once.
  const [{ data: charger }, { data: port }] = found
    ? await Promise.all([
        db.charger.get({ chargerId: found.chargerId }).go(),
        db.port.get({ chargerId: found.chargerId, portNumber: found.portNumber }).go({ consistent: true }),
      ])
    : [{ data: null }, { data: null }];
  if (!port || !charger || !canAccess(principal, charger.organizationId, charger.siteId)) throw new NotFoundError(`Port ${portId} not found`);
  return { port, charger };
}

/**
 * Runs a command whose CALLERRORs NotImplemented/NotSupported mean `Rejected`.
 * @throws ChargerErrorResponse (502) for any other CALLERROR
 */
async function runOrReject<Input, Result extends string>(
  db: Db,
  target: CommandTarget,
  command: Command<Input, Result>,
  input: Input,
  options: CommandOptions,
): Promise<Result | 'Rejected'> {
  const outcome = await runCommand(db, target, command, input, options);
  if (outcome.ok) return outcome.result;
  if (UNSUPPORTED_CODES.has(outcome.errorCode)) return 'Rejected';
  throw new ChargerErrorResponse(target.chargerId, command[target.protocol].action, `CALLERROR ${outcome.errorCode}${outcome.errorDescription ? `: ${outcome.errorDescription}` : ''}`);
}

/**
 * Whether a charger supports reservations: stored, or asked (and stored) the first time it is
 * needed after a boot. A charger that cannot answer the question is assumed to support them
 * (ReserveNow's own answer then decides).
 */
async function supportsReservations(db: Db, charger: ChargerItem, target: CommandTarget, options: CommandOptions): Promise<boolean> {
  if (charger.reservationSupport) return charger.reservationSupport === 'supported';
  const outcome = await runCommand(db, target, reservationSupport, undefined, options);
  const supported = outcome.ok ? outcome.result : !UNSUPPORTED_CODES.has(outcome.errorCode);
  if (outcome.ok || UNSUPPORTED_CODES.has(outcome.errorCode)) {
    await db.charger.patch({ chargerId: charger.chargerId }).set({ reservationSupport: supported ? 'supported' : 'unsupported' }).go();
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
 * @throws NotFoundError (404) unknown port; BadRequestError (400) `parentIdTag` for a 2.0.1 charger;
 *   ConflictError (409) reservationId in use; ChargerNotConnectedError (409); ChargerTimeoutError (504);
 *   ChargerErrorResponse (502)
 */
export async function reservePort(db: Db, principal: ApiPrincipal, request: ReservationRequest, options: CommandOptions = {}): Promise<ReserveNowStatus> {
  const { port, charger } = await resolvePort(db, principal, request.portId);
  const target = commandTarget(charger);
  if (request.parentIdTag !== undefined && target.protocol !== 'ocpp1.6') {
    throw new BadRequestError('parentIdTag is only supported for OCPP 1.6 chargers', [{ path: 'body.parentIdTag', message: `charger ${charger.chargerId} speaks ${target.protocol}` }]);
  }
  const now = new Date().toISOString();
  const key = { organizationId: principal.organizationId, reservationId: request.reservationId };
  try {
    await db.reservation
      .create({
        ...key,
        chargerId: charger.chargerId,
        portId: port.portId,
        portNumber: port.portNumber,
        idTag: request.idTag,
        parentIdTag: request.parentIdTag,
        idTokenType: target.protocol === 'ocpp2.0.1' ? (request.idTokenType ?? 'Central') : undefined,
        expiryDate: new Date(request.expiryDate).toISOString(),
        status: 'Requested',
        createdAt: now,
        updatedAt: now,
        expiresAt: Math.floor(Date.parse(request.expiryDate) / 1000) + 30 * 86_400,
      })
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    throw new ConflictError(`reservationId ${request.reservationId} is already used in this organization`, [{ path: 'body.reservationId', message: 'already used' }]);
  }
  let status: ReserveNowStatus = 'Rejected';
  try {
    if (await supportsReservations(db, charger, target, options)) {
      status = await runOrReject(db, target, reserveNow, { ...request, portNumber: port.portNumber }, options);
    }
  } finally {
    if (status === 'Accepted') await db.reservation.patch(key).set({ status: 'Active', updatedAt: new Date().toISOString() }).go();
    else await db.reservation.delete(key).go();
  }
  return status;
}

/**
 * `POST /api/ocpp/reservations/cancel`: CancelReservation to the charger, even for a reservation
 * we do not know (the charger may hold it). An accepted cancellation ends our record.
 * @throws NotFoundError (404) unknown charger; ChargerNotConnectedError (409); ChargerTimeoutError (504); ChargerErrorResponse (502)
 */
export async function cancelPortReservation(
  db: Db,
  principal: ApiPrincipal,
  request: { chargerId: number; reservationId: number },
  options: CommandOptions = {},
): Promise<'Accepted' | 'Rejected'> {
  const { data: charger } = await db.charger.get({ chargerId: request.chargerId }).go();
  if (!charger || !canAccess(principal, charger.organizationId, charger.siteId)) throw new NotFoundError(`Charger ${request.chargerId} not found`);
  const status = await runOrReject(db, commandTarget(charger), cancelReservation, { reservationId: request.reservationId }, options);
  if (status === 'Accepted') await endReservation(db, principal.organizationId, request.reservationId, 'Cancelled', charger.chargerId);
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

/** `POST /api/ocpp/remote-start` body (spec §4.4). */
export interface RemoteStartRequest {
  portId: number;
  idTag?: string;
  idTokenType?: IdTokenType;
}

/**
 * Spec §4.4: RemoteStartTransaction (1.6) / RequestStartTransaction (2.0.1). The remote start gets
 * an ID (2.0.1 `remoteStartId`); it is noted on the port before the CALL so that the session that
 * follows links back to it even when the charger starts before its answer is read.
 * @returns the charger's status and the remote start's ID
 */
export async function remoteStartPort(
  db: Db,
  principal: ApiPrincipal,
  request: RemoteStartRequest,
  options: CommandOptions = {},
): Promise<{ status: 'Accepted' | 'Rejected'; remoteStartId: number }> {
  const [{ port, charger }, remoteStartId] = await Promise.all([resolvePort(db, principal, request.portId), allocateIds(db, 'remoteStart')]);
  const target = commandTarget(charger);
  const idTag = request.idTag ?? SERVER_ID_TAG;
  const portKey = { chargerId: charger.chargerId, portNumber: port.portNumber };
  await db.port.patch(portKey).set({ pendingRemoteStart: { remoteStartId, idTag, requestedAt: new Date().toISOString() } }).go();
  let status: 'Accepted' | 'Rejected' = 'Rejected';
  try {
    status = await runOrReject(db, target, remoteStart, { portNumber: port.portNumber, idTag, idTokenType: request.idTokenType, remoteStartId }, options);
  } finally {
    if (status !== 'Accepted') {
      await db.port
        .update(portKey)
        .remove(['pendingRemoteStart'])
        .where(({ pendingRemoteStart }, { eq }) => eq(pendingRemoteStart.remoteStartId, remoteStartId))
        .go()
        .catch((error: unknown) => {
          if (!isConditionalCheckFailure(error)) logger.warn('could not clear a pending remote start', { error: String(error) });
        });
    }
  }
  return { status, remoteStartId };
}

/**
 * `POST /api/ocpp/remote-stop`: stops the session in progress on a port (RemoteStopTransaction /
 * RequestStopTransaction with its transactionId).
 * @param request.sessionId when given, the session that must be in progress (guards against stopping a newer one)
 * @throws ConflictError (409) when no session, or not that session, is in progress on the port
 */
export async function remoteStopPort(
  db: Db,
  principal: ApiPrincipal,
  request: { portId: number; sessionId?: number },
  options: CommandOptions = {},
): Promise<'Accepted' | 'Rejected'> {
  const { port, charger } = await resolvePort(db, principal, request.portId);
  const session = port.currentChargingSession;
  if (!session) throw new ConflictError(`No charging session is in progress on port ${request.portId}`, [{ path: 'body.portId', message: 'no session in progress' }]);
  if (request.sessionId !== undefined && request.sessionId !== session.sessionId) {
    throw new ConflictError(`Session ${request.sessionId} is not in progress on port ${request.portId} (session ${session.sessionId} is)`, [
      { path: 'body.sessionId', message: 'not the session in progress' },
    ]);
  }
  return runOrReject(db, commandTarget(charger), remoteStop, { transactionKey: session.transactionKey }, options);
}
