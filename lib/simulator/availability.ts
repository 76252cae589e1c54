/**
 * What a connector can do now, from the charge point model alone: whether a session may start on
 * it and which status it shows when idle. Pure functions, shared by the station and its flows.
 *
 * @module
 */
import type { ChargePoint, ConnectorStatus } from './charge-point';

/**
 * Why `idTag` cannot start a session on the connector now, or undefined if it can: unknown
 * connector, a session already there, charge point or connector inoperative, a status other than
 * Available/Reserved, or a reservation for another idTag.
 */
export function startRefusal(cp: ChargePoint, connectorId: number, idTag: string): string | undefined {
  if (!cp.hasConnector(connectorId)) return `unknown connector ${connectorId}`;
  const connector = cp.connector(connectorId);
  if (connector.session) return `connector ${connectorId} already has a session`;
  if (!cp.operative || !connector.operative) return `connector ${connectorId} is unavailable`;
  if (connector.status !== 'Available' && connector.status !== 'Reserved')
    return `connector ${connectorId} is ${connector.status}`;
  const reservation = cp.reservationOn(connectorId);
  if (reservation && reservation.idTag !== idTag) {
    return `connector ${connectorId} is reserved for another idTag (reservation ${reservation.reservationId})`;
  }
  return undefined;
}

/** Status of a connector without a session: Unavailable, Reserved or Available. */
export function idleStatus(cp: ChargePoint, connectorId: number): ConnectorStatus {
  if (!cp.operative || !cp.connector(connectorId).operative) return 'Unavailable';
  return cp.reservationOn(connectorId) ? 'Reserved' : 'Available';
}

/** What {@link changeAvailability} reports back. */
export interface AvailabilityHooks {
  /** The charge point as a whole changed (1.6 StatusNotification of connector 0, after the reply). */
  chargePointChanged(): void;
  /** A connector changed and shows its idle status now (StatusNotification after the reply). */
  connectorChanged(connectorId: number): void;
}

/**
 * ChangeAvailability (1.6 §5.2, 2.0.1 G03) of a connector, or of the whole charge point when
 * `connectorId` is undefined: Rejected for an unknown connector; a connector in use (session,
 * Preparing, Finishing) changes once its session ends (G03.FR.05) and the answer is Scheduled;
 * else Accepted.
 */
export function changeAvailability(
  cp: ChargePoint,
  connectorId: number | undefined,
  operative: boolean,
  hooks: AvailabilityHooks,
): 'Accepted' | 'Rejected' | 'Scheduled' {
  if (connectorId !== undefined && !cp.hasConnector(connectorId)) return 'Rejected';
  if (connectorId === undefined && cp.operative !== operative) {
    cp.operative = operative;
    hooks.chargePointChanged();
  }
  let scheduled = false;
  for (const connector of connectorId === undefined ? cp.connectors : [cp.connector(connectorId)]) {
    if (connector.session || connector.status === 'Preparing' || connector.status === 'Finishing') {
      connector.scheduledOperative = operative;
      scheduled = true;
      continue;
    }
    connector.operative = operative;
    hooks.connectorChanged(connector.id);
  }
  return scheduled ? 'Scheduled' : 'Accepted';
}
