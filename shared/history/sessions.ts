/**
 * `GET /api/charging-sessions` (reference notes, "Charging sessions"): the caller's sessions,
 * newest first (`session-query.ts` for the order and the indexes), completed ones unless
 * `includeInProgressSessions`, 100 per page, with their 15-minute intervals and their energy by
 * time-of-use period when asked.
 *
 * DynamoDB requests per page: the plan's reads (`session-plan.ts`), one Query per partition (more
 * when a partition's filter keeps few sessions of a DynamoDB page), then 1 BatchGetItem of the
 * chargers, 1 of the ports, 1 of the customers named, 1 of the sites and 1 of their tariffs
 * (time-of-use only, in parallel), and one Query of readings per session in progress (+1 GetItem:
 * its port's readings item, which holds the open slot), or per session with `includeIntervals` or
 * `includeTouEnergy`. With `includeIntervals`, the key's lease adds 1 PutItem and 1 DeleteItem.
 */
import type { Db } from '../db';
import { batchGet } from '../db';
import { paginate, type Page } from '../db/pagination';
import type { AccessScope } from '../organizations/access-scope';
import { customerKey } from '../access/items';
import { InvalidHistoryInputError } from './errors';
import { readSessionReadings } from './readings';
import type { SeriesReading } from './series';
import { planSessionQuery, type SessionFilters } from './session-plan';
import { positionOf, readSessionPage } from './session-query';
import { decodePosition, encodePosition } from './pages';
import type { SessionRecordItem } from './session-records';
import { toChargingSession, type ChargingSession, type SessionContext } from './session-views';

export type { ChargingSession } from './session-views';
export type { SessionFilters } from './session-plan';

/** Sessions per page. */
const SESSION_PAGE_SIZE = 100;

/** The list's filters, what to include, and the cursor. */
export interface SessionListRequest extends SessionFilters {
  includeIntervals?: boolean;
  includeTouEnergy?: boolean;
  nextPageCursor?: string;
}

/**
 * One page of the caller's sessions.
 * @throws InvalidHistoryInputError for a range whose end is not after its start, or a bad cursor
 */
export async function listChargingSessions(
  db: Db,
  scope: AccessScope,
  request: SessionListRequest,
  nowMs = Date.now(),
): Promise<Page<ChargingSession>> {
  const { nextPageCursor, ...query } = request;
  const plan = await planSessionQuery(db, scope, request);
  const page = await paginate(
    { list: 'chargingSessions', organizationId: scope.organizationId, query: { ...query } },
    nextPageCursor,
    SESSION_PAGE_SIZE,
    async (inner, limit) => {
      const after = inner === null ? undefined : decodePosition(inner);
      if (inner !== null && !after) throw new InvalidHistoryInputError('nextPageCursor', 'not a cursor of this list');
      if (!plan) return { items: [] as SessionRecordItem[], cursor: null };
      const { items, hasMore } = await readSessionPage(db, plan, after, limit);
      const last = items[items.length - 1];
      return { items, cursor: hasMore && last ? encodePosition(positionOf(last, plan.order)) : null };
    },
  );
  const contexts = await contextsOf(db, page.data, request);
  return {
    data: page.data.map((record, i) => toChargingSession(record, contexts[i]!, request, nowMs)),
    pagination: page.pagination,
  };
}

/**
 * The readings of a session record: its slots, and for a session in progress the open slot its
 * port's readings item holds (+1 GetItem).
 */
function recordReadings(db: Db, record: SessionRecordItem): Promise<SeriesReading[]> {
  const { chargerId, portNumber, sessionId } = record;
  const running = record.status === 'InProgress' ? { port: { chargerId, portNumber } } : undefined;
  return readSessionReadings(db, chargerId, sessionId, running);
}

/** What each record's view needs, read together for the page. */
async function contextsOf(
  db: Db,
  records: SessionRecordItem[],
  request: SessionListRequest,
): Promise<SessionContext[]> {
  const distinct = <T>(values: T[]) => [...new Map(values.map((v) => [JSON.stringify(v), v])).values()];
  const customerKeys = distinct(
    records.flatMap((r) =>
      r.customerName ? [{ organizationId: r.organizationId, nameKey: customerKey(r.customerName) }] : [],
    ),
  );
  const needsReadings = (r: SessionRecordItem) =>
    r.status === 'InProgress' || request.includeIntervals || request.includeTouEnergy;
  const siteKeys = request.includeTouEnergy ? distinct(records.map((r) => ({ siteId: r.siteId }))) : [];
  const [chargers, ports, customers, sites, tariffs, readings] = await Promise.all([
    batchGet(db.charger, distinct(records.map((r) => ({ chargerId: r.chargerId })))),
    batchGet(db.port, distinct(records.map((r) => ({ chargerId: r.chargerId, portNumber: r.portNumber })))),
    customerKeys.length ? batchGet(db.customer, customerKeys) : [],
    siteKeys.length ? batchGet(db.site, siteKeys) : [],
    siteKeys.length ? batchGet(db.siteTariff, siteKeys) : [],
    Promise.all(records.map((r) => (needsReadings(r) ? recordReadings(db, r) : undefined))),
  ]);
  return records.map((r, i) => ({
    charger: chargers.find((c) => c.chargerId === r.chargerId),
    port: ports.find((p) => p.chargerId === r.chargerId && p.portNumber === r.portNumber),
    customerId: r.customerName
      ? customers.find((c) => c.nameKey === customerKey(r.customerName!))?.customerId
      : undefined,
    site: sites.find((s) => s.siteId === r.siteId),
    tariff: tariffs.find((t) => t.siteId === r.siteId),
    readings: readings[i],
  }));
}
