/**
 * When a charger last talked on its connection (`offlineCharger`): `$default`
 * writes `lastMessageAt` on the **connection** item (not the charger: the charger is in smart
 * charging's stream filter, and a write per message would cost an index copy), at most once per
 * {@link LAST_MESSAGE_INTERVAL_MS} per connection and Lambda instance. The alert sweep reads it
 * (`shared/alerts/sweep.ts`) and takes `connectedAt` for a connection without one.
 *
 * Cost (docs/cost-and-scale.md): one UpdateItem of an item in no index (1 WRU, $0.625 per million)
 * at most every 5 minutes while the charger talks: at most 8,640 a month, $0.0054 per
 * charger-month; an idle charger (a Heartbeat every 540 s) writes on about one Heartbeat in two.
 */
import type { Db } from '../db';
import { BoundedMap } from '../bounded-map';
import { isConditionalCheckFailure } from '../db/conditions';

/**
 * Longest time between two `lastMessageAt` writes of a talking connection: 5 minutes. The
 * offline threshold's lowest setting equals it (`shared/alerts/settings.ts`), so a charger that
 * talks is never taken as silent from a stale time alone (and the probe comes before any alert).
 */
export const LAST_MESSAGE_INTERVAL_MS = 5 * 60_000;

/**
 * The interval in force: {@link LAST_MESSAGE_INTERVAL_MS}, or `LAST_MESSAGE_INTERVAL_MS` (ms) from
 * the environment (tests that must see the write without waiting 5 minutes).
 */
export function lastMessageIntervalMs(): number {
  const configured = Number(process.env.LAST_MESSAGE_INTERVAL_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : LAST_MESSAGE_INTERVAL_MS;
}

/**
 * Stores `at` as the connection's `lastMessageAt` (1 UpdateItem, conditional on the connection
 * item existing: a closed connection is not written back). Nothing happens for a connection
 * that is gone.
 * @param at ISO 8601 UTC
 */
export async function recordLastMessage(db: Db, connectionId: string, at: string): Promise<void> {
  try {
    await db.connection.patch({ connectionId }).set({ lastMessageAt: at }).go({ response: 'none' });
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/**
 * A Lambda instance's memory of the `lastMessageAt` it wrote per connection, so that a talking
 * connection is written at most once per {@link LAST_MESSAGE_INTERVAL_MS} (bounded: a forgotten
 * connection is written once more, which is harmless).
 */
export class LastMessageRecorder {
  private readonly written: BoundedMap<string, number>;

  /**
   * @param capacity connections remembered
   * @param intervalMs least time between two writes of a connection @default {@link lastMessageIntervalMs}
   */
  constructor(
    capacity = 10_000,
    private readonly intervalMs?: number,
  ) {
    this.written = new BoundedMap(capacity);
  }

  /**
   * Records a frame received on a connection at `at` when its last write (or its connection's
   * start) is at least the interval ago: 1 UpdateItem then, else nothing.
   * @param connectedAt ISO 8601 UTC, the connection's start (taken as the first time heard)
   * @param at ISO 8601 UTC, when the frame was received
   * @returns whether it wrote
   */
  async received(db: Db, connectionId: string, connectedAt: string, at: string): Promise<boolean> {
    const atMs = Date.parse(at);
    const last = this.written.get(connectionId) ?? Date.parse(connectedAt);
    if (atMs - last < (this.intervalMs ?? lastMessageIntervalMs())) return false;
    this.written.set(connectionId, atMs);
    await recordLastMessage(db, connectionId, at);
    return true;
  }

  /** Forgets a connection (on `$disconnect`, or when it is superseded). */
  forget(connectionId: string): void {
    this.written.delete(connectionId);
  }
}
