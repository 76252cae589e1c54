/**
 * Reservations of the simulated charge point (OCPP 1.6 §5.13 ReserveNow / §5.1 CancelReservation,
 * OCPP 2.0.1 H01–H04): whether a reservation is accepted, its expiry timer, and the connector
 * statuses it implies. Protocol-neutral: the station wires it to the adapter.
 *
 * @module
 */
import type { ChargePoint, ConnectorStatus, Reservation } from './charge-point';
import type { ReserveStatus, SimulatorLogEntry } from './protocol';

/** Longest delay `setTimeout` accepts, ms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What the reservation desk needs from the station. */
export interface ReservationHooks {
  /** Sets a status now and sends the StatusNotification after the current command's answer. */
  markStatus(connectorId: number, status: ConnectorStatus): void;
  /** Sets a status and sends the StatusNotification now. */
  setStatus(connectorId: number, status: ConnectorStatus): Promise<void>;
  /** Status of a connector without a session: Unavailable, Reserved or Available. */
  idleStatus(connectorId: number): ConnectorStatus;
  /** Reports an expiry to the CSMS (2.0.1 ReservationStatusUpdate; nothing in 1.6). */
  expired(reservation: Reservation): Promise<void>;
  /** Logs a line. */
  log(level: SimulatorLogEntry['level'], message: string): void;
}

/**
 * Why a reservation cannot be accepted now (the ReserveNow status), or undefined when it can.
 * A reservation for a connector needs it operative and idle (or held by the same reservation);
 * one for any connector (1.6 connectorId 0, 2.0.1 no evseId) needs some connector Available.
 */
export function reservationRefusal(
  cp: ChargePoint,
  reservation: Reservation,
  now = new Date(),
): ReserveStatus | undefined {
  if (!(reservation.expiresAt.getTime() > now.getTime())) return 'Rejected';
  const { connectorId } = reservation;
  if (connectorId === undefined) {
    if (cp.connectors.some((c) => !c.session && c.operative && c.status === 'Available')) return undefined;
    return cp.operative && cp.connectors.some((c) => c.operative) ? 'Occupied' : 'Unavailable';
  }
  if (!cp.hasConnector(connectorId)) return 'Rejected';
  const connector = cp.connector(connectorId);
  const held = cp.reservationOn(connectorId);
  if (held && held.reservationId !== reservation.reservationId) return 'Occupied';
  if (connector.status === 'Faulted') return 'Faulted';
  if (!cp.operative || !connector.operative) return 'Unavailable';
  if (connector.session || (connector.status !== 'Available' && connector.status !== 'Reserved')) return 'Occupied';
  return undefined;
}

/** Accepts, cancels, consumes and expires reservations; owns their timers. */
export class ReservationDesk {
  private readonly timers = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly cp: ChargePoint,
    private readonly hooks: ReservationHooks,
  ) {}

  /**
   * Reserves a connector (or any connector): Accepted, or the refusal of {@link reservationRefusal}.
   * A reservationId that exists already is replaced (1.6 §5.13, 2.0.1 H01.FR.02). Statuses are
   * sent after the reply.
   */
  reserve(reservation: Reservation): ReserveStatus {
    const refusal = reservationRefusal(this.cp, reservation);
    if (refusal) return refusal;
    const { connectorId } = reservation;
    const previous = this.cp.reservation(reservation.reservationId);
    if (previous) {
      this.forget(previous.reservationId);
      if (previous.connectorId !== undefined && previous.connectorId !== connectorId) {
        this.hooks.markStatus(previous.connectorId, 'Available');
      }
    }
    this.cp.addReservation(reservation);
    this.arm(reservation);
    if (connectorId !== undefined) this.hooks.markStatus(connectorId, 'Reserved');
    this.hooks.log(
      'info',
      `reservation ${reservation.reservationId} for ${reservation.idTag} until ${reservation.expiresAt.toISOString()}`,
    );
    return 'Accepted';
  }

  /** Cancels a reservation and frees its connector; false when it is unknown. */
  cancel(reservationId: number): boolean {
    const reservation = this.forget(reservationId);
    if (!reservation) return false;
    if (reservation.connectorId !== undefined) this.hooks.markStatus(reservation.connectorId, 'Available');
    this.hooks.log('info', `reservation ${reservationId} cancelled`);
    return true;
  }

  /** The reservation a session of `idTag` on the connector uses up (removed, no status change). */
  consume(connectorId: number, idTag: string): Reservation | undefined {
    const reservation = this.cp.matchingReservation(connectorId, idTag);
    if (reservation) this.forget(reservation.reservationId);
    return reservation;
  }

  /** Stops every expiry timer. */
  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** Removes a reservation and its timer, without status changes. */
  private forget(reservationId: number): Reservation | undefined {
    clearTimeout(this.timers.get(reservationId));
    this.timers.delete(reservationId);
    return this.cp.removeReservation(reservationId);
  }

  private arm(reservation: Reservation): void {
    const wait = Math.min(Math.max(0, reservation.expiresAt.getTime() - Date.now()), MAX_TIMER_MS);
    const timer = setTimeout(() => {
      this.timers.delete(reservation.reservationId);
      if (this.cp.reservation(reservation.reservationId) !== reservation) return;
      if (reservation.expiresAt.getTime() > Date.now()) return this.arm(reservation);
      void this.expire(reservation);
    }, wait);
    this.timers.set(reservation.reservationId, timer);
  }

  private async expire(reservation: Reservation): Promise<void> {
    this.cp.removeReservation(reservation.reservationId);
    this.hooks.log('info', `reservation ${reservation.reservationId} expired`);
    try {
      await this.hooks.expired(reservation);
      const { connectorId } = reservation;
      if (connectorId !== undefined && this.cp.connector(connectorId).status === 'Reserved') {
        await this.hooks.setStatus(connectorId, this.hooks.idleStatus(connectorId));
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.hooks.log('warn', `reporting the expiry of reservation ${reservation.reservationId} failed: ${message}`);
    }
  }
}
