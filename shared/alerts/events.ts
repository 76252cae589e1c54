/**
 * The `alert.raised`, `alert.updated` and `alert.cleared` events of a batch of the table's changes
 * (docs/alerts.md, "Events"), pure (no reads: an alert stores the names it shows):
 *
 * - an alert inserted → `alert.raised`;
 * - an alert whose `endTimestamp` was set → `alert.cleared` (raised and cleared in one change:
 *   `alert.raised`, then `alert.cleared`);
 * - an active alert whose `details` changed → `alert.updated`;
 * - a muted alert (raised during a maintenance window) → nothing, ever;
 * - anything else (other entities, a removed alert, `recipientIds` noted) → nothing.
 *
 * Each event's `id` is stable for one change, so a redelivered stream record yields the same ID:
 * `evt_<alertId>_raised`, `evt_<alertId>_updated_<updatedAt as epoch ms>`, `evt_<alertId>_cleared`.
 * Its `timestamp` is when the change happened (the alert's `startTimestamp`, `updatedAt` or
 * `endTimestamp`); `data` is the alert as `GET /api/alerts` lists it.
 */
import type { Db } from '../db';
import { entityOf, type TableChange } from '../db/table-changes';
import type { EventType, NotificationEvent } from '../events/types';
import { alertView, type AlertItem } from './store';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** One event of an alert's change. */
function eventOf(alert: AlertItem, type: EventType, id: string, timestamp: string): NotificationEvent {
  return {
    id: `evt_${alert.alertId}_${id}`,
    type,
    timestamp,
    organizationId: alert.organizationId,
    siteId: alert.siteId,
    data: alertView(alert) as unknown as Record<string, unknown>,
  };
}

/** The events of one change (see the module). */
function eventsOfChange(change: TableChange): NotificationEvent[] {
  if (entityOf(change) !== 'alert' || !change.newImage) return [];
  const alert = change.newImage as unknown as AlertItem;
  if (alert.muted) return [];
  const before = change.eventName === 'INSERT' ? undefined : (change.oldImage as unknown as AlertItem | undefined);
  const events: NotificationEvent[] = [];
  if (!before) events.push(eventOf(alert, 'alert.raised', 'raised', alert.startTimestamp));
  if (alert.endTimestamp !== undefined && before?.endTimestamp === undefined) {
    events.push(eventOf(alert, 'alert.cleared', 'cleared', alert.endTimestamp));
  } else if (before && alert.endTimestamp === undefined && !same(before.details, alert.details)) {
    events.push(eventOf(alert, 'alert.updated', `updated_${Date.parse(alert.updatedAt)}`, alert.updatedAt));
  }
  return events;
}

/**
 * The alert events of `changes`, in the changes' order, each carrying the alert as
 * `GET /api/alerts` lists it.
 * @param _db unused: the events read nothing (kept so the signature the webhooks call stays fixed)
 */
export async function alertEventsOf(_db: Db, changes: readonly TableChange[]): Promise<NotificationEvent[]> {
  return changes.flatMap(eventsOfChange);
}
