/**
 * Polling for new alerts (docs/alerts.md, "Polling"): `GET /api/alerts?pollCursor=…` answers the
 * alerts raised since the poll that gave the cursor, oldest first (by `startTimestamp`, then the
 * index's order), {@link ALERT_PAGE_SIZE} at most, with the next poll's cursor: a poller that
 * always passes the cursor it was given sees every alert exactly once.
 *
 * Why a cursor rather than the poller's own clock: an alert's `startTimestamp` is taken when it is
 * written, a few milliseconds before the write lands, and the organization index (gsi1) follows
 * the table within a fraction of a second. So a poll lists only alerts raised at least
 * {@link POLL_SETTLE_MS} before it (by then written and indexed), and its cursor holds where it
 * stopped: after the last alert it listed when the page was full, else after that bound. A
 * request carries no state on the server; the cursor is bound to the organization and the filters
 * (another filter with it is a 400 naming `pollCursor`).
 *
 * DynamoDB requests: 1 Query of gsi1 (from the cursor up; the filters are a filter expression, so
 * it reads on until {@link ALERT_PAGE_SIZE} + 1 match or the index ends).
 */
import { createConversions } from 'electrodb';
import type { Db } from '../db';
import { decodeCursor, encodeCursor, type CursorBinding } from '../db/pagination';
import { InvalidError } from '../errors';
import type { AccessScope } from '../organizations/access-scope';
import {
  ALERT_PAGE_SIZE,
  alertConditions,
  alertFilterOf,
  type AlertFilter,
  type AlertItem,
  type AlertListQuery,
} from './list';
import { alertView } from './store';
import type { Alert } from './types';

/**
 * How long after its `startTimestamp` an alert is surely listed, ms: written (the timestamp is
 * taken right before the write) and in the organization index (DynamoDB: "within a fraction of a
 * second" normally). A poll lists alerts raised up to this long before it.
 */
export const POLL_SETTLE_MS = 5_000;

/** Where a poll starts: strictly after time `t`, or after alert `i` (raised at `t`) in the index's order. */
interface Position {
  /** ISO 8601 UTC. */
  t: string;
  /** An alert's ID, in decimal (the cursor's values are strings). */
  i?: string;
}

/** A poll's answer: `pagination.hasNextPage` says more alerts are already due (poll again at once). */
export interface AlertPoll {
  data: Alert[];
  pagination: { hasNextPage: boolean; nextPageCursor: null; pollCursor: string };
}

/** An ISO 8601 date-time with an offset (`2026-11-01T00:00:00Z`, `…+02:00`), as the API's times. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

const invalid = (problem: string) => new InvalidError('pollCursor', problem);

/** What a poll cursor is bound to: the organization and the filters. */
function bindingOf(organizationId: number, filter: AlertFilter): CursorBinding {
  return { list: 'alertPoll', organizationId, query: { ...filter } };
}

/**
 * The position a request's `pollCursor` names: a time to start after, or a cursor of ours.
 * @throws InvalidError (`pollCursor`) for anything else, or a cursor of another organization or filters
 */
function positionOf(pollCursor: string, binding: CursorBinding): Position {
  if (INSTANT.test(pollCursor) && !Number.isNaN(Date.parse(pollCursor)))
    return { t: new Date(pollCursor).toISOString() };
  let inner: string;
  try {
    inner = decodeCursor(binding, pollCursor);
  } catch (error) {
    if (error instanceof InvalidError) throw invalid(error.problem ?? 'not a poll cursor of this list');
    throw error;
  }
  const { t, i } = JSON.parse(Buffer.from(inner, 'base64url').toString('utf8')) as Partial<Position>;
  if (typeof t !== 'string' || !INSTANT.test(t) || (i !== undefined && !/^[1-9]\d{0,15}$/.test(i)))
    throw invalid('not a poll cursor returned by this API');
  return { t, ...(i === undefined ? {} : { i }) };
}

const encodePosition = (binding: CursorBinding, position: Position) =>
  encodeCursor(binding, Buffer.from(JSON.stringify(position)).toString('base64url'));

/** Up to `limit` + 1 alerts after `position`, raised at `until` or before, oldest first. */
async function alertsAfter(
  db: Db,
  organizationId: number,
  filter: AlertFilter,
  position: Position,
  until: string,
  limit: number,
): Promise<AlertItem[]> {
  const byOrganization = db.alert.query.byOrganization({ organizationId });
  const { t, i } = position;
  // After an alert: from its key in this organization's index (built here, never taken from the
  // request); after a time: the key range from it (which also holds alerts raised at `t` itself,
  // a longer sort key, so the filter keeps those out).
  const cursor =
    i === undefined
      ? undefined
      : createConversions(db.alert).byAccessPattern.byOrganization.fromComposite.toCursor({
          organizationId,
          startTimestamp: t,
          alertId: Number(i),
        });
  const range = cursor ? byOrganization : byOrganization.gt({ startTimestamp: t });
  const { data } = await range
    .where(alertConditions({ ...filter, after: cursor ? undefined : t }))
    .where((a, { lte }) => lte(a.startTimestamp, until))
    .go({ count: limit + 1, order: 'asc', ...(cursor ? { cursor } : {}) });
  return data as AlertItem[];
}

/**
 * One poll (`GET /api/alerts?pollCursor=…`): the alerts after the cursor's position raised up to
 * {@link POLL_SETTLE_MS} ago, oldest first, and the next poll's cursor. Filters as the list's
 * (`includeMuted`, `types`, …; a site-scoped key sees its site only), judged when polled.
 * @param now epoch ms
 * @throws InvalidError (`pollCursor`): not a time with an offset nor a cursor of ours, bound to
 *   another organization or other filters, or given with `startTimestampAfter` or `nextPageCursor`
 */
export async function pollAlerts(
  db: Db,
  scope: AccessScope,
  request: AlertListQuery & { pollCursor: string },
  now = Date.now(),
): Promise<AlertPoll> {
  if (request.startTimestampAfter !== undefined || request.nextPageCursor !== undefined)
    throw invalid('not with startTimestampAfter or nextPageCursor: a poll goes on from its cursor');
  const filter = alertFilterOf(scope, request);
  const binding = bindingOf(scope.organizationId, filter);
  const position = positionOf(request.pollCursor, binding);
  const until = new Date(now - POLL_SETTLE_MS).toISOString();
  const items = await alertsAfter(db, scope.organizationId, filter, position, until, ALERT_PAGE_SIZE);
  const page = items.slice(0, ALERT_PAGE_SIZE);
  const full = items.length > ALERT_PAGE_SIZE;
  const last = page.at(-1);
  // A full page goes on after its last alert; otherwise every alert up to `until` was listed.
  const next: Position = full
    ? { t: last!.startTimestamp, i: String(last!.alertId) }
    : until > position.t
      ? { t: until }
      : position;
  return {
    data: page.map(alertView),
    pagination: { hasNextPage: full, nextPageCursor: null, pollCursor: encodePosition(binding, next) },
  };
}
