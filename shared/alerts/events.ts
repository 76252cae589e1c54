/**
 * The `alert.raised`, `alert.updated` and `alert.cleared` events of a batch of the table's changes
 * (issue 27 item 4): an alert inserted is raised, one whose `endTimestamp` was set is cleared, one
 * whose type-specific object changed is updated. Muted alerts yield no event.
 *
 * Seam: the alert engine (`shared/alerts/`) fills this in; until then no alert event is produced.
 */
import type { Db } from '../db';
import type { TableChange } from '../db/table-changes';
import type { NotificationEvent } from '../events/types';

/**
 * The alert events of `changes`, oldest first, each carrying the alert as `GET /api/alerts` lists it.
 * @param db to read the names the alert's view shows
 */
export async function alertEventsOf(_db: Db, _changes: readonly TableChange[]): Promise<NotificationEvent[]> {
  return [];
}
