/**
 * The alert store (docs/alerts.md): raise, update and clear alerts, one active
 * alert per episode.
 *
 * An episode is named by its key ({@link episodeKey}); while its alert is active a `uniqueValue`
 * marker (constraint `activeAlert:<organizationId>`, value the key) written in the same transaction
 * as the alert holds it, so two rule runs raising the same episode at the same moment raise it
 * once. Clearing ends the alert and releases the marker in one transaction; the next raise of the
 * key is a new episode. An alert raised while a maintenance window covers its charger (or its port)
 * is `muted`: shown, never delivered.
 *
 * DynamoDB requests: raise 1 Query (the organization's windows overlapping now, gsi1) + 1
 * UpdateItem (ID counter) + 1 TransactWriteItems (alert + marker), and when the episode is already
 * active 2 GetItems instead of the transaction's write; update and clear 2 GetItems (marker,
 * alert) + 1 UpdateItem or 1 TransactWriteItems; the active alerts of an organization 1 Query of the
 * sparse gsi2 index.
 */
import type { EntityItem } from 'electrodb';
import type { Db } from '../db';
import { allocateIds } from '../db/ids';
import { transact } from '../db/transactions';
import { claimUnique, releaseUnique } from '../db/unique';
import { windowsOverlapping } from '../maintenance-windows/windows';
import { portName } from '../chargers/items';
import { ALERT_SEVERITY, type Alert, type AlertType } from './types';

/** A stored alert. */
export type AlertItem = EntityItem<Db['alert']>;

/** Who and what an alert is about; the names are stored on the alert, so showing or sending it reads nothing. */
export interface AlertSubject {
  organizationId: number;
  siteId: number;
  siteName: string;
  chargerId: number;
  chargerName: string;
  /** The port concerned (OCPP connector/EVSE): its ID, its number on the charger, its name. */
  portId?: number;
  portNumber?: number;
  portName?: string;
  sessionId?: number;
  vehicleId?: number;
  vehicleName?: string;
}

/**
 * The subject of an alert about a charger, or one of its ports: the IDs and names its items hold
 * (a port without a name is named by its number, as everywhere).
 */
export function chargerSubject(
  charger: { organizationId: number; siteId: number; siteName: string; chargerId: number; name: string },
  port?: { portId: number; portNumber: number; name?: string },
): AlertSubject {
  return {
    organizationId: charger.organizationId,
    siteId: charger.siteId,
    siteName: charger.siteName,
    chargerId: charger.chargerId,
    chargerName: charger.name,
    ...(port
      ? { portId: port.portId, portNumber: port.portNumber, portName: port.name ?? portName(port.portNumber) }
      : {}),
  };
}

/** An alert to raise: its subject, type, episode and the type's own object. */
export interface RaiseAlert extends AlertSubject {
  type: AlertType;
  /** From {@link episodeKey}. */
  episodeKey: string;
  /** The type's object in the API's shape (`shared/alerts/types.ts`), e.g. `{ thresholdMinutes: 10 }`. */
  details: Record<string, unknown>;
  /**
   * ISO 8601 UTC: when the condition was first seen (the alert's `detectedTimestamp`); its
   * `startTimestamp` is when it is written, this or later.
   */
  at: string;
}

/** The uniqueness constraint of an organization's active episodes. */
const activeConstraint = (organizationId: number) => `activeAlert:${organizationId}`;

/**
 * The key of an episode: what one alert is about, e.g. `offlineCharger:charger:12`,
 * `lateCharging:session:55`, `chargerFaulted:port:7`.
 * @param scope what `id` identifies
 */
export function episodeKey(type: AlertType, scope: 'charger' | 'port' | 'session', id: number): string {
  return `${type}:${scope}:${id}`;
}

/**
 * Whether a maintenance window of the organization covers the subject's charger (a window of the
 * whole charger) or its port (that port's window) at `at` (docs/maintenance-windows.md).
 */
async function inMaintenance(db: Db, subject: AlertSubject, at: string): Promise<boolean> {
  const time = Date.parse(at);
  const windows = await windowsOverlapping(db, subject.organizationId, time, time + 1);
  return windows.some(
    (w) =>
      w.chargerId === subject.chargerId &&
      (w.portId === undefined || w.portId === subject.portId) &&
      Date.parse(w.startTimestamp) <= time &&
      time < Date.parse(w.endTimestamp),
  );
}

/**
 * Raises the episode's alert unless one is active. Its `startTimestamp` is taken when it is
 * written (on each attempt of the transaction, right before it is sent), never before `raise.at`:
 * a poller of `startTimestampAfter` sees an alert whose condition was seen before its previous
 * poll (the offline probe waits 20 s) but that was raised after it (docs/alerts.md, "Polling").
 * @param now the clock @default Date.now
 * @returns the alert, and `raised: true` when this call raised it (false: the episode's active
 *   alert, unchanged)
 * @throws BusyError when concurrent writes keep cancelling the transaction
 */
export async function raiseAlert(
  db: Db,
  raise: RaiseAlert,
  now: () => number = Date.now,
): Promise<{ alert: AlertItem; raised: boolean }> {
  const existing = await activeAlert(db, raise.organizationId, raise.episodeKey);
  if (existing) return { alert: existing, raised: false };
  const muted = await inMaintenance(db, raise, raise.at);
  const alertId = await allocateIds(db, 'alert');
  const { at, ...fields } = raise;
  let item: AlertItem | undefined;
  const outcome = await transact(db, (e) => {
    const raisedAt = new Date(Math.max(Date.parse(at), now())).toISOString();
    item = {
      ...fields,
      alertId,
      startTimestamp: raisedAt,
      detectedAt: at,
      muted,
      activeOrganizationId: raise.organizationId,
      createdAt: raisedAt,
      updatedAt: raisedAt,
    } as AlertItem;
    return {
      alert: e.alert.create(item).commit(),
      marker: claimUnique(e, activeConstraint(raise.organizationId), raise.episodeKey, alertId),
    };
  });
  if (outcome.ok && item) return { alert: item, raised: true };
  // Raised by another run meanwhile: that one is the episode's alert.
  const raced = await activeAlert(db, raise.organizationId, raise.episodeKey);
  if (!raced) throw new Error(`Alert episode ${raise.episodeKey} could not be raised (${outcome.failedLabels})`);
  return { alert: raced, raised: false };
}

/** The active alert of an episode, if any: 2 GetItems (the marker, then the alert). */
export async function activeAlert(db: Db, organizationId: number, key: string): Promise<AlertItem | undefined> {
  const { data: marker } = await db.uniqueValue.get({ constraint: activeConstraint(organizationId), value: key }).go();
  if (!marker) return undefined;
  const { data } = await db.alert.get({ alertId: marker.targetId }).go();
  return data && data.endTimestamp === undefined ? data : undefined;
}

/** The organization's active alerts, of one type or all: 1 Query (paged) of the sparse gsi2 index. */
export async function activeAlerts(db: Db, organizationId: number, type?: AlertType): Promise<AlertItem[]> {
  const { data } = await db.alert.query
    .activeByOrganization({ activeOrganizationId: organizationId, ...(type ? { type } : {}) })
    .go({ pages: 'all' });
  return data;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Replaces the `details` of an episode's active alert (a moved prediction).
 * @returns the alert as updated; undefined when no alert of the episode is active or nothing changed
 */
export async function updateAlert(
  db: Db,
  organizationId: number,
  key: string,
  details: Record<string, unknown>,
  at: string,
): Promise<AlertItem | undefined> {
  const alert = await activeAlert(db, organizationId, key);
  if (!alert || same(alert.details, details)) return undefined;
  const { data } = await db.alert
    .patch({ alertId: alert.alertId })
    .set({ details, updatedAt: at })
    .where(({ endTimestamp }, { notExists }) => notExists(endTimestamp))
    .go({ response: 'all_new' });
  return data as AlertItem;
}

/**
 * Ends an episode's active alert: `endTimestamp` set (`clearedAt`, or its `startTimestamp` when
 * that is later: an alert raised and cleared at once for a condition seen earlier), out of the
 * active index, marker released (1 TransactWriteItems).
 * @returns the alert as cleared; undefined when no alert of the episode is active
 */
export async function clearAlert(
  db: Db,
  organizationId: number,
  key: string,
  clearedAt: string,
): Promise<AlertItem | undefined> {
  const alert = await activeAlert(db, organizationId, key);
  if (!alert) return undefined;
  const at = clearedAt < alert.startTimestamp ? alert.startTimestamp : clearedAt;
  const outcome = await transact(db, (e) => ({
    alert: e.alert
      .patch({ alertId: alert.alertId })
      .set({ endTimestamp: at, updatedAt: at })
      .remove(['activeOrganizationId'])
      .where(({ endTimestamp }, { notExists }) => notExists(endTimestamp))
      .commit(),
    marker: releaseUnique(e, activeConstraint(organizationId), key, alert.alertId),
  }));
  if (!outcome.ok) return undefined;
  const { activeOrganizationId: _, ...cleared } = alert;
  return { ...cleared, endTimestamp: at, updatedAt: at } as AlertItem;
}

const ref = (id: number, name: string) => ({ id, name });

/**
 * The API's view of a stored alert (reference notes, "Alerts"): the type's object under its name,
 * the others null. Reads nothing.
 */
export function alertView(item: AlertItem): Alert {
  const details = (type: AlertType) => (item.type === type ? item.details : null);
  return {
    id: item.alertId,
    type: item.type,
    severity: ALERT_SEVERITY[item.type],
    startTimestamp: item.startTimestamp,
    detectedTimestamp: item.detectedAt ?? item.startTimestamp,
    endTimestamp: item.endTimestamp ?? null,
    muted: item.muted,
    acknowledgedAt: item.acknowledgedAt ?? null,
    acknowledgedBy: item.acknowledgedBy ?? null,
    lowBattery: details('lowBattery'),
    chargingCompleted: details('chargingCompleted'),
    chargingSessionError: details('chargingSessionError'),
    offlineCharger: details('offlineCharger'),
    lateCharging: details('lateCharging'),
    chargerFaulted: details('chargerFaulted'),
    profileDrift: details('profileDrift'),
    securityEvent: details('securityEvent'),
    certificateExpiring: details('certificateExpiring'),
    chargerMonitor: details('chargerMonitor'),
    chargingSession: item.sessionId === undefined ? null : { id: item.sessionId },
    vehicle: item.vehicleId === undefined ? null : ref(item.vehicleId, item.vehicleName ?? `Vehicle ${item.vehicleId}`),
    site: ref(item.siteId, item.siteName),
    charger: ref(item.chargerId, item.chargerName),
    port:
      item.portId === undefined ? null : ref(item.portId, item.portName ?? `Port ${item.portNumber ?? item.portId}`),
  };
}
