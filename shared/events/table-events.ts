/**
 * The non-alert events of a batch of the table's changes (docs/webhooks.md,
 * "Events"), read from the stream's new and old images, with no read of the table:
 *
 * - `session.started`: a `chargingSession` inserted in progress, or a transactionId used again by a
 *   new session (2.0.1: the item is replaced, its `sessionId` changes). The ended session moved to
 *   `<transactionId>#<sessionId>` is inserted `Completed` and yields nothing.
 * - `session.ended`: a session's `status` goes from `InProgress` to `Completed` (its stop, or its
 *   end as `Superseded`; `shared/charging/session-end.ts`). The stored end of a superseded session
 *   finished later by its own stop changes no status and yields nothing.
 * - `charger.connected`: the charger's `connectionStatus` becomes `Connected`, or it stays
 *   connected on a new `currentConnectionId` (a reconnection before the old `$disconnect`).
 * - `charger.disconnected`: its `connectionStatus` goes from `Connected` to `Disconnected`.
 * - `charger.status_changed`: a port's `ocppStatus` (StatusNotification, OCPP 1.6 §4.9; 2.0.1
 *   StatusNotification G01 / TransactionEvent) or the charger's own connectorId-0 status
 *   (`chargerOcppStatus`, 1.6 only) changes its `status` or `errorCode`; the same status repeated
 *   with a later timestamp yields nothing.
 * - `command.completed`: a `chargerOperation` leaves `pending` for a final status (`completed`,
 *   `failed`, `partial`; docs/charger-operations.md).
 *
 * Every other write of these items (meter values, heartbeats, command lanes, a session's readings)
 * yields nothing, so an event is one real change. An event's `id` is a hash of its type, the item's
 * keys and the changed value's own time: a stream batch delivered again yields the same ids.
 */
import { createHash } from 'node:crypto';
import { entityOf, numberOf, type TableChange } from '../db/table-changes';
import type { OperationItem } from '../charger-operations/results';
import { toChargerOperation } from '../charger-operations/view';
import type { EventType, NotificationEvent } from './types';

/** The entities whose changes can yield events; the stream filter passes only these. */
export const NOTIFYING_ENTITIES = ['chargingSession', 'charger', 'port', 'chargerOperation'] as const;

type Image = Record<string, unknown>;

/** An OCPP status as the API shows it (spec §2.3 `ocppStatus`). */
export interface OcppStatusView {
  status: string;
  errorCode: string | null;
  vendorErrorCode: string | null;
  info: string | null;
  /** ISO 8601 UTC, as the charger reported it (its clock corrected, `shared/charging/charger-time.ts`). */
  timestamp: string;
}

/**
 * A session event's `data`: the fields of `GET /api/charging-sessions`'s item the session item
 * holds (same names), its references as `{ id }` only, plus `status` and `stopReason`
 * (kWh, %; times ISO 8601 UTC).
 */
export interface SessionEventData {
  id: number;
  status: 'InProgress' | 'Completed';
  startTime: string;
  /** Null while in progress. */
  endTime: string | null;
  /** Set when the session ended (null when no register was known). */
  energyDeliveredKwh: number | null;
  socStartPercent: number | null;
  socEndPercent: number | null;
  /** OCPP stop reason (`Local`, `Remote`, `EVDisconnected`, …, or ours: `Superseded`); null while in progress. */
  stopReason: string | null;
  ocppIdTag: string | null;
  /** As the API: the number when the transactionId is one (1.6, and numeric 2.0.1 IDs), else null. */
  ocppTransactionId: number | null;
  site: { id: number };
  charger: { id: number };
  port: { id: number; portNumber: number };
  vehicle: { id: number } | null;
}

/** A connection event's `data`: the charger and its `connectionStatus` as `GET /api/chargers` shows them. */
export interface ConnectionEventData {
  charger: { id: number; ocppId: string | null; name: string | null };
  site: { id: number };
  connectionStatus: { status: string; timestamp: string };
  /** The connection's OCPP-J subprotocol (`ocpp1.6`, `ocpp2.0.1`); null once disconnected. */
  ocppProtocol: string | null;
}

/**
 * A status event's `data`: whose status changed (the port, or null for the charger's own
 * connectorId-0 status), the new and the previous status. The port item carries no `ocppId` and
 * no site: `charger.ocppId` and `site` are null for a port's change.
 */
export interface StatusEventData {
  charger: { id: number; ocppId: string | null };
  site: { id: number } | null;
  port: { id: number; portNumber: number } | null;
  ocppStatus: OcppStatusView;
  previousOcppStatus: OcppStatusView | null;
}

const stringOf = (value: unknown) => (typeof value === 'string' ? value : undefined);
const imageOf = (value: unknown) => (value && typeof value === 'object' ? (value as Image) : undefined);

/** The stable id of an event: `evt_` and 32 hex digits of SHA-256 over its type, keys and time. */
function eventId(type: EventType, parts: readonly unknown[]): string {
  return `evt_${createHash('sha256')
    .update(JSON.stringify([type, ...parts]))
    .digest('hex')
    .slice(0, 32)}`;
}

function eventOf(
  type: EventType,
  keys: readonly unknown[],
  timestamp: string,
  organizationId: number,
  siteId: number | undefined,
  data: object,
): NotificationEvent {
  return {
    id: eventId(type, [...keys, timestamp]),
    type,
    timestamp,
    organizationId,
    ...(siteId !== undefined ? { siteId } : {}),
    data: data as Record<string, unknown>,
  };
}

/** The session's event data from its image (the transactionId is stored as `transactionKey`). */
function sessionData(image: Image): SessionEventData {
  const transactionId = stringOf(image.transactionKey) ?? '';
  const vehicleId = numberOf(image.vehicleId);
  return {
    id: numberOf(image.sessionId) ?? 0,
    status: image.status === 'Completed' ? 'Completed' : 'InProgress',
    startTime: stringOf(image.startTime) ?? '',
    endTime: stringOf(image.endTime) ?? null,
    energyDeliveredKwh: numberOf(image.energyDeliveredKwh) ?? null,
    socStartPercent: numberOf(image.socStartPercent) ?? null,
    socEndPercent: numberOf(image.socEndPercent) ?? null,
    stopReason: stringOf(image.stopReason) ?? null,
    ocppIdTag: stringOf(image.idTag) ?? null,
    ocppTransactionId: /^[0-9]{1,15}$/.test(transactionId) ? Number(transactionId) : null,
    site: { id: numberOf(image.siteId) ?? 0 },
    charger: { id: numberOf(image.chargerId) ?? 0 },
    port: { id: numberOf(image.portId) ?? 0, portNumber: numberOf(image.portNumber) ?? 0 },
    vehicle: vehicleId !== undefined ? { id: vehicleId } : null,
  };
}

function sessionEvents(change: TableChange): NotificationEvent[] {
  const after = change.newImage;
  if (!after) return [];
  const before = change.oldImage;
  const organizationId = numberOf(after.organizationId);
  const sessionId = numberOf(after.sessionId);
  if (organizationId === undefined || sessionId === undefined) return [];
  const data = sessionData(after);
  const newSession = !before || numberOf(before.sessionId) !== sessionId;
  if (newSession && after.status === 'InProgress') {
    return [eventOf('session.started', [sessionId], data.startTime, organizationId, data.site.id, data)];
  }
  if (!newSession && before?.status === 'InProgress' && after.status === 'Completed') {
    const at = data.endTime ?? stringOf(after.updatedAt) ?? data.startTime;
    return [eventOf('session.ended', [sessionId], at, organizationId, data.site.id, data)];
  }
  return [];
}

function connectionEvents(change: TableChange): NotificationEvent[] {
  const after = change.newImage;
  if (!after) return [];
  const before = change.oldImage ?? {};
  const now = imageOf(after.connectionStatus);
  const then = imageOf(before.connectionStatus);
  const chargerId = numberOf(after.chargerId);
  const organizationId = numberOf(after.organizationId);
  const at = stringOf(now?.timestamp);
  if (chargerId === undefined || organizationId === undefined || !now || at === undefined) return [];
  const connected =
    now.status === 'Connected' &&
    (then?.status !== 'Connected' || before.currentConnectionId !== after.currentConnectionId);
  const disconnected = now.status === 'Disconnected' && then?.status === 'Connected';
  if (!connected && !disconnected) return [];
  const siteId = numberOf(after.siteId);
  const data: ConnectionEventData = {
    charger: { id: chargerId, ocppId: stringOf(after.ocppId) ?? null, name: stringOf(after.name) ?? null },
    site: { id: siteId ?? 0 },
    connectionStatus: { status: String(now.status), timestamp: at },
    ocppProtocol: connected ? (stringOf(after.ocppProtocol) ?? null) : null,
  };
  const type = connected ? 'charger.connected' : 'charger.disconnected';
  return [eventOf(type, [chargerId, stringOf(after.currentConnectionId) ?? null], at, organizationId, siteId, data)];
}

function statusView(value: unknown): OcppStatusView | undefined {
  const image = imageOf(value);
  const status = stringOf(image?.status);
  const timestamp = stringOf(image?.timestamp);
  if (!image || status === undefined || timestamp === undefined) return undefined;
  return {
    status,
    errorCode: stringOf(image.errorCode) ?? null,
    vendorErrorCode: stringOf(image.vendorErrorCode) ?? null,
    info: stringOf(image.info) ?? null,
    timestamp,
  };
}

/** The status of `field` changed (its status or its error code), with its new and previous views. */
function statusChange(before: Image, after: Image, field: string) {
  const now = statusView(after[field]);
  const then = statusView(before[field]);
  if (!now || (then && then.status === now.status && then.errorCode === now.errorCode)) return undefined;
  return { now, then };
}

function statusEvents(change: TableChange, entity: 'port' | 'charger'): NotificationEvent[] {
  const after = change.newImage;
  if (!after) return [];
  const changed = statusChange(change.oldImage ?? {}, after, entity === 'port' ? 'ocppStatus' : 'chargerOcppStatus');
  const chargerId = numberOf(after.chargerId);
  const organizationId = numberOf(after.organizationId);
  if (!changed || chargerId === undefined || organizationId === undefined) return [];
  const portNumber = entity === 'port' ? (numberOf(after.portNumber) ?? 0) : 0;
  const siteId = entity === 'charger' ? numberOf(after.siteId) : undefined;
  const data: StatusEventData = {
    charger: { id: chargerId, ocppId: entity === 'charger' ? (stringOf(after.ocppId) ?? null) : null },
    site: siteId !== undefined ? { id: siteId } : null,
    port: entity === 'port' ? { id: numberOf(after.portId) ?? 0, portNumber } : null,
    ocppStatus: changed.now,
    previousOcppStatus: changed.then ?? null,
  };
  const keys = [chargerId, portNumber, changed.now.status, changed.now.errorCode];
  return [eventOf('charger.status_changed', keys, changed.now.timestamp, organizationId, siteId, data)];
}

const FINAL_OPERATION_STATUSES = new Set(['completed', 'failed', 'partial']);

function operationEvents(change: TableChange): NotificationEvent[] {
  const after = change.newImage;
  if (!after || !FINAL_OPERATION_STATUSES.has(String(after.status))) return [];
  if (change.oldImage && FINAL_OPERATION_STATUSES.has(String(change.oldImage.status))) return [];
  const operationId = stringOf(after.operationId);
  const organizationId = numberOf(after.organizationId);
  if (operationId === undefined || organizationId === undefined) return [];
  const data = toChargerOperation(after as unknown as OperationItem);
  const at = data.completedAt ?? data.updatedAt;
  return [eventOf('command.completed', [operationId], at, organizationId, data.siteId ?? undefined, data)];
}

/**
 * The session, charger and command events of `changes`, in the order of the
 * changes: one event per real change. Pure: reads nothing, throws nothing on an image it does
 * not know (it yields no event). The alert events are `alertEventsOf`'s (`shared/alerts/events.ts`).
 * @param changes the table's changes as `tableChangesOf` reads them (new and old images)
 * @returns the events, each with a stable `id` (the same for the same change delivered again)
 */
export function tableEventsOf(changes: readonly TableChange[]): NotificationEvent[] {
  return changes.flatMap((change) => {
    switch (entityOf(change)) {
      case 'chargingSession':
        return sessionEvents(change);
      case 'charger':
        return [...connectionEvents(change), ...statusEvents(change, 'charger')];
      case 'port':
        return statusEvents(change, 'port');
      case 'chargerOperation':
        return operationEvents(change);
      default:
        return [];
    }
  });
}
