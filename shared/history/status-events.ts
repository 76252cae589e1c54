/**
 * What the charging context reports to the chargers' history (`history-log.ts`): a port's status
 * changing, and a charger connecting or disconnecting. Each is one UpdateItem, best effort.
 */
import type { Db } from '../db';
import { appendHistoryEvent, type HistoryOwner } from './history-log';

/** A port status as the port stores it. */
interface StatusReport {
  status: string;
  /** ISO 8601 UTC (the charger's clock). */
  timestamp: string;
}

/**
 * Records a port's new status with the status it replaces (so the status before any stored change
 * is known). A report that does not change the status (a repeat, a retransmission) writes nothing.
 * Requests: 0 or 1 UpdateItem.
 * @param previous the port's status before this report, if it had one
 */
export async function recordPortStatusChange(
  db: Db,
  owner: HistoryOwner,
  portNumber: number,
  status: StatusReport,
  previous: StatusReport | undefined,
): Promise<void> {
  if (previous?.status === status.status) return;
  const at = Date.parse(status.timestamp);
  if (!Number.isFinite(at)) return;
  await appendHistoryEvent(db, owner, {
    kind: 'status',
    at,
    portNumber,
    status: status.status,
    ...(previous ? { previous: previous.status } : {}),
  });
}

/**
 * Records a charger's connection or disconnection (server time). A connection records whether
 * another connection of the charger was open (a takeover: it stayed online).
 * Requests: 1 UpdateItem.
 * @param at ISO 8601 UTC
 */
export async function recordConnectionChange(
  db: Db,
  owner: HistoryOwner,
  change: 'connected' | 'disconnected',
  at: string,
  wasConnected = change === 'disconnected',
): Promise<void> {
  await appendHistoryEvent(db, owner, {
    kind: change,
    at: Date.parse(at),
    previous: wasConnected ? 'Connected' : 'Disconnected',
  });
}
