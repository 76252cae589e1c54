/**
 * The charger history's stored form, and the only place that knows it: the domain writes and reads
 * {@link HistoryEvent}s with named fields; each is stored in the `chargerHistory` item of its day
 * (`shared/db/entities/history.ts`) as a map with one-letter attribute names, because an item holds
 * up to 2,000 events and every byte of them is paid for on each append (write units) and each
 * health read (read units). The stored names are unchanged, so items written before read the same.
 */
import type { EntityItem } from 'electrodb';
import type { Db } from '../db';

/** One history event as stored (`k`, `t`, `n`, … : see {@link toStoredEvent}). */
export type StoredHistoryEvent = NonNullable<EntityItem<Db['chargerHistory']>['events']>[number];

/** What a history event records. */
export type HistoryEventKind = 'status' | 'connected' | 'disconnected' | 'session' | 'error';

/**
 * One event of a charger's history: a port status change (`status`), a connection or disconnection
 * (`connected`, `disconnected`), a session that ended (`session`) or an error report (`error`).
 */
export interface HistoryEvent {
  kind: HistoryEventKind;
  /** When it happened, epoch ms (a session: its end). */
  at: number;
  /** The port's number (`status`, `session`, `error`; 0 for an error of the whole charger). */
  portNumber?: number;
  /** The OCPP status (`status`), or the error's category (`error`). */
  status?: string;
  /**
   * The status before (`status`), or whether the charger was connected before (`connected`,
   * `disconnected`: `Connected` or `Disconnected`).
   */
  previous?: string;
  /** The session's ID (`session`), or the error's ID (`error`). */
  id?: number;
  /** The session's start and end, epoch ms (`session`). */
  sessionStart?: number;
  sessionEnd?: number;
  /** The session failed to start (`session`). */
  failedToStart?: boolean;
  /** The session ended early (`session`). */
  endedEarly?: boolean;
}

/**
 * A history event in its stored form: `k` kind, `t` at, `n` portNumber, `s` status, `p` previous,
 * `i` id, `a`/`b` sessionStart/sessionEnd, `f` failedToStart, `x` endedEarly; absent fields are
 * left out (ElectroDB refuses undefined values).
 * @param event the event, named fields
 * @returns the map appended to the day's `events` list
 */
export function toStoredEvent(event: HistoryEvent): StoredHistoryEvent {
  const stored: StoredHistoryEvent = {
    k: event.kind,
    t: event.at,
    n: event.portNumber,
    s: event.status,
    p: event.previous,
    i: event.id,
    a: event.sessionStart,
    b: event.sessionEnd,
    f: event.failedToStart,
    x: event.endedEarly,
  };
  return Object.fromEntries(Object.entries(stored).filter(([, value]) => value !== undefined)) as StoredHistoryEvent;
}

/**
 * A stored history event with named fields (the inverse of {@link toStoredEvent}).
 * @param stored a map of a `chargerHistory` item's `events`
 * @returns the event; fields absent from the stored map are absent
 */
export function fromStoredEvent(stored: StoredHistoryEvent): HistoryEvent {
  const event: HistoryEvent = {
    kind: stored.k as HistoryEventKind,
    at: stored.t,
    portNumber: stored.n,
    status: stored.s,
    previous: stored.p,
    id: stored.i,
    sessionStart: stored.a,
    sessionEnd: stored.b,
    failedToStart: stored.f,
    endedEarly: stored.x,
  };
  return Object.fromEntries(Object.entries(event).filter(([, value]) => value !== undefined)) as HistoryEvent;
}
