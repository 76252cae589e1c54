/**
 * Where a charger can be reached, as this instance last saw it.
 *
 * A charger's organization and site never change, and its connection changes only on
 * `$connect`/`$disconnect`. So a connected charger is kept in a per-instance cache, and the cache
 * is never trusted blindly: the write that claims the charger's lane for a command is conditional
 * on the cached connection still being the charger's current one (`lane.ts`), and a failed
 * condition reads the charger again. A charger not connected is never cached (a "not connected"
 * answer always comes from a read).
 */
import type { ChargerRecord } from '../../charger-commands';
import type { Db } from '../../db';
import type { OcppProtocol } from '../../db/entities/common';
import { ChargerNotConnectedError } from './errors';

/** A charger a command can be sent to. */
export interface CommandTarget {
  chargerId: number;
  protocol: OcppProtocol;
  connectionId: string;
}

/** What the command path knows of a charger. */
export interface ChargerSnapshot {
  chargerId: number;
  organizationId: number;
  siteId: number;
  /** Its connection, when connected. */
  connection?: { connectionId: string; protocol: OcppProtocol };
  /** Whether it supports reservations, when known. */
  reservationSupport?: 'supported' | 'unsupported';
}

const CAPACITY = 10_000;
const caches = new WeakMap<Db, Map<number, ChargerSnapshot>>();

function cacheOf(db: Db): Map<number, ChargerSnapshot> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

function remember(db: Db, snapshot: ChargerSnapshot): void {
  const cache = cacheOf(db);
  cache.delete(snapshot.chargerId);
  cache.set(snapshot.chargerId, snapshot);
  if (cache.size > CAPACITY) cache.delete(cache.keys().next().value!);
}

/** The snapshot of a charger item. */
export function snapshotOf(charger: ChargerRecord): ChargerSnapshot {
  const connected =
    charger.connectionStatus?.status === 'Connected' && charger.currentConnectionId && charger.ocppProtocol;
  return {
    chargerId: charger.chargerId,
    organizationId: charger.organizationId,
    siteId: charger.siteId,
    ...(connected
      ? { connection: { connectionId: charger.currentConnectionId!, protocol: charger.ocppProtocol! } }
      : {}),
    ...(charger.reservationSupport ? { reservationSupport: charger.reservationSupport } : {}),
  };
}

/**
 * A charger as the command path knows it: a cached connected snapshot, else one strongly
 * consistent GetItem (cached when connected, forgotten when not).
 * @param fresh read it even when cached
 * @returns undefined when there is no such charger
 */
export async function findCharger(db: Db, chargerId: number, fresh = false): Promise<ChargerSnapshot | undefined> {
  const cached = fresh ? undefined : cacheOf(db).get(chargerId);
  if (cached) return cached;
  const { data } = await db.charger.get({ chargerId }).go({ consistent: true });
  if (!data) return undefined;
  const snapshot = snapshotOf(data);
  if (snapshot.connection) remember(db, snapshot);
  else cacheOf(db).delete(chargerId);
  return snapshot;
}

/**
 * A charger as the caller has just read its item (no read here), when that item says it is
 * connected; undefined otherwise, and the caller reads it ({@link findCharger}): a "not connected"
 * answer always comes from a strongly consistent read, and the caller's item may come of an
 * eventually consistent index. Never cached, so it cannot overwrite a fresher entry; the lane
 * claim verifies its connection as it does a cached one's.
 */
export function connectedSnapshot(charger: ChargerRecord): ChargerSnapshot | undefined {
  const snapshot = snapshotOf(charger);
  return snapshot.connection ? snapshot : undefined;
}

/**
 * Where a snapshot's charger is connected.
 * @throws ChargerNotConnectedError when it has no connection
 */
export function targetOf(snapshot: ChargerSnapshot): CommandTarget {
  if (!snapshot.connection) throw new ChargerNotConnectedError(snapshot.chargerId);
  return { chargerId: snapshot.chargerId, ...snapshot.connection };
}

/** Notes the connection a command found the charger on (after a stale cached one). */
export function rememberTarget(db: Db, target: CommandTarget): void {
  const cached = cacheOf(db).get(target.chargerId);
  if (cached) remember(db, { ...cached, connection: { connectionId: target.connectionId, protocol: target.protocol } });
}

/** Forgets a charger found not connected. */
export function forgetTarget(db: Db, chargerId: number): void {
  cacheOf(db).delete(chargerId);
}
