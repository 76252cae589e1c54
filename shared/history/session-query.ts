/**
 * How `GET /api/charging-sessions` finds its sessions without a Scan and without filtering an
 * organization's whole history: every filter narrows the key of an index of the session records
 * (`sessionRecord` in start order by organization, site and charger; `sessionRecordByEnd` in end
 * order by organization and site, and by customer; `shared/db/entities/history.ts`).
 *
 * - **Order**: newest first by `startTime`; by `endTime` when the query has an end-time filter
 *   (`endTimeAfter`/`endTimeBefore`), which the start-order indexes cannot bound.
 * - **Partitions** (one Query each, merged): chargers (`chargerIds[]`), else sites (`siteIds[]`, or
 *   a site-scoped key's site), else customers (`customerIds[]`/`customerNames[]`), else the
 *   organization. In end order, chargers are served by their sites' partitions and customers by
 *   the organization's. Filters not served by the partition are applied inside it.
 * - **Time range** as a key condition: `startTime` in [`startTimeAfter`, `startTimeBefore`) in
 *   start order; `endTime` in [max(`endTimeAfter`, `startTimeAfter`), `endTimeBefore`) in end order
 *   (a session ends after it starts), then `startTime` inside it.
 * - **Pages**: the cursor is the last session's (time, ID); each partition is read from there for
 *   one page plus one session, so `hasNextPage` is exact.
 */
import type { Db } from '../db';
import type { SessionRecordItem } from './session-records';
import { mergePage, type Position } from './pages';

/** The order of a list. */
export type SessionOrder = 'start' | 'end';

/** Index of a partition. */
export type SessionIndex =
  | 'byOrganization'
  | 'bySite'
  | 'byCharger'
  | 'byCustomer'
  | 'endedByOrganization'
  | 'endedBySite';

/** One partition to read. */
export interface SessionPartition {
  index: SessionIndex;
  /** The partition key value: organization, site, charger ID, or `<organization>:<customer key>`. */
  value: number | string;
}

/** Conditions applied inside a partition. */
export interface PartitionFilter {
  completedOnly: boolean;
  siteIds?: readonly number[];
  chargerIds?: readonly number[];
  customerIndexKeys?: readonly string[];
  /** The vehicle (`vehicle.id`) and access ID (`rfid.id`) the session charged with. */
  vehicleIds?: readonly number[];
  rfidIds?: readonly number[];
  /** Start-time bounds (end order only), ISO 8601 UTC: [after, before). */
  startTimeAfter?: string;
  startTimeBefore?: string;
}

/** A planned query: what to read and where to start. */
export interface SessionQueryPlan {
  order: SessionOrder;
  partitions: SessionPartition[];
  /** Sort-time bounds, ISO 8601 UTC: [lower, upper). */
  lower?: string;
  upper?: string;
  filter: PartitionFilter;
}

/** The indexes of the record's first item (`sessionRecord`); the others are its second's. */
const START_INDEXES: ReadonlySet<SessionIndex> = new Set(['byOrganization', 'bySite', 'byCharger']);

/** Below every time in a sort key. */
const LOWEST_TIME = '0000';
/** Above every time in a sort key, the open end of a session in progress included. */
const HIGHEST_TIME = '9999~';

/** The sort time of a record in an order. */
function sortTime(record: SessionRecordItem, order: SessionOrder): string {
  return order === 'start' ? record.startTime : record.endKey;
}

/** The position of a record in an order. */
export function positionOf(record: SessionRecordItem, order: SessionOrder): Position {
  return { time: sortTime(record, order), id: String(record.sessionId) };
}

/** The sort-key composite of a position (or of a bare time) for a partition's index. */
function sortComposite(index: SessionIndex, time: string, sessionId?: number): Record<string, string | number> {
  if (index === 'byCustomer') {
    return { customerStartKey: sessionId === undefined ? time : `${time}#${String(sessionId).padStart(12, '0')}` };
  }
  const timeAttribute = index === 'endedByOrganization' || index === 'endedBySite' ? 'endKey' : 'startTime';
  return sessionId === undefined ? { [timeAttribute]: time } : { [timeAttribute]: time, sessionId };
}

/** The partition key composite of a partition. */
function partitionComposite(partition: SessionPartition): Record<string, string | number> {
  switch (partition.index) {
    case 'byOrganization':
    case 'endedByOrganization':
      return { organizationId: partition.value };
    case 'bySite':
    case 'endedBySite':
      return { siteId: partition.value };
    case 'byCharger':
      return { chargerId: partition.value };
    case 'byCustomer':
      return { customerIndexKey: partition.value };
  }
}

/** `(a = x OR a = y …)` of ElectroDB's where operations. */
function anyOf(attribute: never, values: readonly (string | number)[], eq: (a: never, v: never) => string): string {
  return `(${values.map((v) => eq(attribute, v as never)).join(' OR ')})`;
}

/** Whether a partition filter has any condition. */
function hasConditions(filter: PartitionFilter): boolean {
  const { completedOnly, ...others } = filter;
  return completedOnly || Object.values(others).some((v) => v !== undefined);
}

/** The FilterExpression of a partition filter (see {@link hasConditions}). */
function whereOf(filter: PartitionFilter) {
  return (
    attr: Record<string, never> & { vehicle: { id: never }; rfid: { id: never } },
    op: { eq: (a: never, v: never) => string; gte: (a: never, v: never) => string; lt: (a: never, v: never) => string },
  ) => {
    const parts: string[] = [];
    if (filter.completedOnly) parts.push(op.eq(attr.status!, 'Completed' as never));
    if (filter.siteIds) parts.push(anyOf(attr.siteId!, filter.siteIds, op.eq));
    if (filter.chargerIds) parts.push(anyOf(attr.chargerId!, filter.chargerIds, op.eq));
    if (filter.customerIndexKeys) parts.push(anyOf(attr.customerIndexKey!, filter.customerIndexKeys, op.eq));
    if (filter.vehicleIds) parts.push(anyOf(attr.vehicle.id, filter.vehicleIds, op.eq));
    if (filter.rfidIds) parts.push(anyOf(attr.rfid.id, filter.rfidIds, op.eq));
    if (filter.startTimeAfter) parts.push(op.gte(attr.startTime!, filter.startTimeAfter as never));
    if (filter.startTimeBefore) parts.push(op.lt(attr.startTime!, filter.startTimeBefore as never));
    return parts.join(' AND ');
  };
}

/**
 * Reads up to `count` records of one partition, newest first, from `after` (inclusive: the merge
 * drops it) down to the plan's lower bound. ElectroDB pages until `count` records match.
 */
async function readPartition(
  db: Db,
  plan: SessionQueryPlan,
  partition: SessionPartition,
  after: Position | undefined,
  count: number,
): Promise<SessionRecordItem[]> {
  const entity = START_INDEXES.has(partition.index) ? db.sessionRecord : db.sessionRecordByEnd;
  const query = (entity.query as unknown as Record<SessionIndex, (key: object) => any>)[partition.index](
    partitionComposite(partition),
  );
  // Always BETWEEN: an open bound would read into other entities' keys in the same partition.
  const lower = sortComposite(partition.index, plan.lower ?? LOWEST_TIME);
  const upper = after
    ? sortComposite(partition.index, after.time, Number(after.id))
    : sortComposite(partition.index, plan.upper ?? HIGHEST_TIME);
  const ranged = query.between(lower, upper);
  const filtered = hasConditions(plan.filter) ? ranged.where(whereOf(plan.filter)) : ranged;
  const { data } = (await filtered.go({ order: 'desc', count })) as { data: SessionRecordItem[] };
  return data;
}

/**
 * One page of sessions: every partition read from the position, merged newest first.
 * @returns the page's records, and whether more follow
 */
export async function readSessionPage(
  db: Db,
  plan: SessionQueryPlan,
  after: Position | undefined,
  pageSize: number,
): Promise<{ items: SessionRecordItem[]; hasMore: boolean }> {
  // One more than a page, plus the previous page's last session that BETWEEN includes.
  const parts = await Promise.all(plan.partitions.map((p) => readPartition(db, plan, p, after, pageSize + 2)));
  return mergePage(parts, (r) => positionOf(r, plan.order), after, pageSize);
}
