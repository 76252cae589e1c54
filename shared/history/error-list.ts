/**
 * `GET /api/errors` (reference notes, "Alerts, errors, OCPP messages"): the caller's charger error
 * reports (`charger-errors.ts`), newest first by the charger's timestamp, 100 per page, within
 * [`afterTimestamp`, `beforeTimestamp`), of the chargers (`chargerIds`) or sites (`siteIds`)
 * named. Each filter is a key: the charger, site or organization index, with the time range as
 * the sort-key condition.
 *
 * DynamoDB requests per page: 1 BatchGetItem of the sites or chargers named, one Query per
 * partition, then 1 BatchGetItem of the page's chargers and 1 of its ports.
 */
import type { EntityItem } from 'electrodb';
import type { Db } from '../db';
import { batchGet } from '../db';
import { paginate, type Page } from '../db/pagination';
import type { AccessScope } from '../organizations/access-scope';
import { portName } from '../chargers/items';
import { InvalidHistoryInputError } from './errors';
import { decodePosition, encodePosition, mergePage, type Position } from './pages';
import { visibleChargers, visibleSites } from './scope';

/** Error reports per page. */
const ERROR_PAGE_SIZE = 100;

type ChargerErrorItem = EntityItem<Db['chargerError']>;

/** The filters of the error list (times ISO 8601 UTC). */
export interface ErrorListRequest {
  /** `timestamp` ≥ this. */
  afterTimestamp?: string;
  /** `timestamp` < this. */
  beforeTimestamp?: string;
  siteIds?: number[];
  chargerIds?: number[];
  nextPageCursor?: string;
}

/** One error report. */
export interface ChargerErrorReport {
  id: number;
  timestamp: string;
  ocppErrorCode: string;
  vendorErrorCode: string | null;
  ocppInfo: string | null;
  ocppStatus: string;
  errorCategory: 'endedCharging' | 'preventedCharging' | 'other';
  chargingSession: { id: number } | null;
  site: { id: number; name: string };
  charger: { id: number; name: string };
  /** Null for an error of the charger as a whole. */
  port: { id: number; name: string; portNumber: number } | null;
  organization: { id: number; name: string };
}

type Partition =
  | { index: 'byOrganization'; organizationId: number }
  | { index: 'bySite'; siteId: number }
  | { index: 'byCharger'; chargerId: number };

/** The partitions to read: the chargers named, else the sites (a site key: its own), else the organization. */
async function partitionsOf(db: Db, scope: AccessScope, request: ErrorListRequest): Promise<Partition[]> {
  const sites = await visibleSites(db, scope, request.siteIds);
  if (sites?.length === 0) return [];
  if (request.chargerIds) {
    const chargers = await visibleChargers(db, scope, request.chargerIds, sites);
    return chargers.map((c) => ({ index: 'byCharger', chargerId: c.chargerId }));
  }
  if (sites) return sites.map((siteId) => ({ index: 'bySite', siteId }));
  return [{ index: 'byOrganization', organizationId: scope.organizationId }];
}

const position = (e: ChargerErrorItem): Position => ({ time: e.timestamp, id: String(e.errorId) });

/** Up to `count` reports of a partition, newest first, from `after` (inclusive) to the range's start. */
async function readPartition(
  db: Db,
  partition: Partition,
  request: ErrorListRequest,
  after: Position | undefined,
  count: number,
) {
  const { index, ...key } = partition;
  const query = (db.chargerError.query as unknown as Record<Partition['index'], (key: object) => any>)[index](key);
  const lower = { timestamp: request.afterTimestamp ?? '0000' };
  const upper = after
    ? { timestamp: after.time, errorId: Number(after.id) }
    : { timestamp: request.beforeTimestamp ?? '9999' };
  const { data } = (await query.between(lower, upper).go({ order: 'desc', count })) as { data: ChargerErrorItem[] };
  return data;
}

/**
 * One page of the caller's error reports.
 * @throws InvalidHistoryInputError naming `beforeTimestamp` (not after `afterTimestamp`) or a bad cursor
 */
export async function listChargerErrors(
  db: Db,
  scope: AccessScope,
  request: ErrorListRequest,
): Promise<Page<ChargerErrorReport>> {
  const { nextPageCursor, ...query } = request;
  if (query.afterTimestamp && query.beforeTimestamp && query.beforeTimestamp <= query.afterTimestamp) {
    throw new InvalidHistoryInputError('beforeTimestamp', 'must be after afterTimestamp');
  }
  const partitions = await partitionsOf(db, scope, query);
  const page = await paginate(
    { list: 'errors', organizationId: scope.organizationId, query },
    nextPageCursor,
    ERROR_PAGE_SIZE,
    async (inner, limit) => {
      const after = inner === null ? undefined : decodePosition(inner);
      if (inner !== null && !after) throw new InvalidHistoryInputError('nextPageCursor', 'not a cursor of this list');
      const parts = await Promise.all(partitions.map((p) => readPartition(db, p, query, after, limit + 2)));
      const { items, hasMore } = mergePage(parts, position, after, limit);
      const last = items[items.length - 1];
      return { items, cursor: hasMore && last ? encodePosition(position(last)) : null };
    },
  );
  return { data: await views(db, page.data), pagination: page.pagination };
}

/** The reports with the names of their chargers, sites and ports (2 BatchGetItems). */
async function views(db: Db, items: ChargerErrorItem[]): Promise<ChargerErrorReport[]> {
  const [chargers, ports] = await Promise.all([
    batchGet(
      db.charger,
      items.map((e) => ({ chargerId: e.chargerId })),
    ),
    batchGet(
      db.port,
      items.filter((e) => e.portNumber > 0).map((e) => ({ chargerId: e.chargerId, portNumber: e.portNumber })),
    ),
  ]);
  return items.map((e) => {
    const charger = chargers.find((c) => c.chargerId === e.chargerId);
    const port = ports.find((p) => p.chargerId === e.chargerId && p.portNumber === e.portNumber);
    return {
      id: e.errorId,
      timestamp: e.timestamp,
      ocppErrorCode: e.ocppErrorCode,
      vendorErrorCode: e.vendorErrorCode ?? null,
      ocppInfo: e.ocppInfo ?? null,
      ocppStatus: e.ocppStatus,
      errorCategory: e.errorCategory,
      chargingSession: e.sessionId === undefined ? null : { id: e.sessionId },
      site: { id: e.siteId, name: charger?.siteName ?? '' },
      charger: { id: e.chargerId, name: charger?.name ?? '' },
      port:
        e.portNumber > 0
          ? { id: port?.portId ?? e.portId ?? 0, name: port?.name ?? portName(e.portNumber), portNumber: e.portNumber }
          : null,
      organization: { id: e.organizationId, name: charger?.organizationName ?? '' },
    };
  });
}
