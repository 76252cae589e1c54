/**
 * The chargers' status and connection history: one item per charger per UTC day, in its site's
 * partition for that month (`chargerHistory` in `shared/db/entities/history.ts`), to which every
 * port status change, connection, disconnection, ended session and error report is appended with
 * one UpdateItem (in the compact form of `history-codec.ts`). The health report (`health.ts`) reads a site's items for its time range.
 *
 * Appends are idempotent where it matters: the reader merges events by what they say (a status
 * event by port, time and status; a session by its ID), so a retransmitted message appended twice
 * counts once. Writes are best effort: a failure is logged and never fails the OCPP message that
 * caused it (the port status or session itself is stored either way).
 */
import type { Db } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import { logger } from '../logger';
import { toStoredEvent, type HistoryEvent } from './history-codec';

/** The charger an event belongs to. */
export interface HistoryOwner {
  organizationId: number;
  siteId: number;
  chargerId: number;
}

/** Events an item holds before the next part of the same day is used. */
export const HISTORY_EVENTS_PER_PART = 2000;
/** Parts of a day before events are dropped (with an error log): 40 000 events per charger per day. */
const MAX_PARTS = 20;
/** How long history is kept: 400 days after its day (TTL). */
export const HISTORY_RETENTION_DAYS = 400;

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` (UTC) of an epoch ms. */
export function utcDay(ms: number): string {
  return new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Appends an event to its charger's item of the event's UTC day (1 UpdateItem; the next part
 * when an item is full, 1 more per full part). Never throws.
 */
export async function appendHistoryEvent(db: Db, owner: HistoryOwner, event: HistoryEvent): Promise<void> {
  const day = utcDay(event.at);
  const expiresAt = Math.floor((Date.parse(day) + (HISTORY_RETENTION_DAYS + 1) * DAY_MS) / 1000);
  try {
    for (let part = 0; part < MAX_PARTS; part++) {
      try {
        await db.chargerHistory
          .update({ siteId: owner.siteId, month: day.slice(0, 7), day, chargerId: owner.chargerId, part })
          .set({ organizationId: owner.organizationId, expiresAt })
          .append({ events: [toStoredEvent(event)] })
          .add({ count: 1 })
          .where(({ count }, { notExists, lt }) => `${notExists(count)} OR ${lt(count, HISTORY_EVENTS_PER_PART)}`)
          .go();
        return;
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    }
    logger.error('charger history full for the day; event dropped', { ...owner, day, kind: event.kind });
  } catch (error) {
    logger.error('could not store a charger history event', { ...owner, kind: event.kind, error: String(error) });
  }
}
