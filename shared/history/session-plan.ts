/**
 * Turns the filters of `GET /api/charging-sessions` into a query plan (`session-query.ts`): checks
 * the time ranges, resolves sites, chargers and customers within the caller's scope, and picks
 * the partitions and key range.
 */
import type { Db } from '../db';
import type { AccessScope } from '../organizations/access-scope';
import { InvalidHistoryInputError } from './errors';
import { customerIndexKeys, visibleChargers, visibleSites } from './scope';
import type { SessionPartition, SessionQueryPlan } from './session-query';

/** The filters of a session list (times ISO 8601 UTC; IDs numeric). */
export interface SessionFilters {
  /** `startTime` ≥ this. */
  startTimeAfter?: string;
  /** `startTime` < this. */
  startTimeBefore?: string;
  /** `endTime` ≥ this (a session in progress ends after any time). */
  endTimeAfter?: string;
  /** `endTime` < this (a session in progress never does). */
  endTimeBefore?: string;
  siteIds?: number[];
  chargerIds?: number[];
  customerIds?: number[];
  customerNames?: string[];
  /** Sessions of these vehicles (`vehicle.id`). */
  vehicleIds?: number[];
  /** Sessions authorized with these access IDs (`rfid.id`). */
  rfidIds?: number[];
  includeInProgressSessions?: boolean;
}

/**
 * Refuses a range whose end is not after its start.
 * @throws InvalidHistoryInputError naming the `…Before` field
 */
function checkRange(
  after: string | undefined,
  before: string | undefined,
  beforeField: string,
  afterField: string,
): void {
  if (after !== undefined && before !== undefined && before <= after) {
    throw new InvalidHistoryInputError(beforeField, `must be after ${afterField}`);
  }
}

/** The later of two optional ISO times. */
const later = (a?: string, b?: string) => (a === undefined ? b : b === undefined ? a : a > b ? a : b);

/**
 * The plan of a session list; undefined when the filters name only things the caller cannot see
 * (the answer is then an empty page). Reads: 1 BatchGetItem for `siteIds[]` (organization keys),
 * 1 for `chargerIds[]`, 1 Query per `customerIds[]` value.
 * @throws InvalidHistoryInputError for a range whose end is not after its start
 */
export async function planSessionQuery(
  db: Db,
  scope: AccessScope,
  filters: SessionFilters,
): Promise<SessionQueryPlan | undefined> {
  checkRange(filters.startTimeAfter, filters.startTimeBefore, 'startTimeBefore', 'startTimeAfter');
  checkRange(filters.endTimeAfter, filters.endTimeBefore, 'endTimeBefore', 'endTimeAfter');
  const order = filters.endTimeAfter !== undefined || filters.endTimeBefore !== undefined ? 'end' : 'start';
  const sites = await visibleSites(db, scope, filters.siteIds);
  if (sites?.length === 0) return undefined;
  const chargers = filters.chargerIds ? await visibleChargers(db, scope, filters.chargerIds, sites) : undefined;
  if (chargers?.length === 0) return undefined;
  const customers = await customerIndexKeys(db, scope, filters.customerIds, filters.customerNames);
  if (customers?.length === 0) return undefined;

  const completedOnly = !filters.includeInProgressSessions;
  const { organizationId } = scope;
  const carried = {
    ...(filters.vehicleIds?.length ? { vehicleIds: filters.vehicleIds } : {}),
    ...(filters.rfidIds?.length ? { rfidIds: filters.rfidIds } : {}),
  };
  if (order === 'start') {
    const partitions: SessionPartition[] = chargers
      ? chargers.map((c) => ({ index: 'byCharger', value: c.chargerId }))
      : sites
        ? sites.map((siteId) => ({ index: 'bySite', value: siteId }))
        : customers
          ? customers.map((key) => ({ index: 'byCustomer', value: key }))
          : [{ index: 'byOrganization', value: organizationId }];
    const byCustomer = partitions[0]!.index === 'byCustomer';
    return {
      order,
      partitions,
      lower: filters.startTimeAfter,
      upper: filters.startTimeBefore,
      filter: { completedOnly, ...(customers && !byCustomer ? { customerIndexKeys: customers } : {}), ...carried },
    };
  }
  const siteIds = chargers ? [...new Set(chargers.map((c) => c.siteId))] : sites;
  return {
    order,
    partitions: siteIds
      ? siteIds.map((siteId) => ({ index: 'endedBySite', value: siteId }))
      : [{ index: 'endedByOrganization', value: organizationId }],
    lower: later(filters.endTimeAfter, filters.startTimeAfter),
    upper: filters.endTimeBefore,
    filter: {
      completedOnly,
      ...(chargers ? { chargerIds: chargers.map((c) => c.chargerId) } : {}),
      ...(customers ? { customerIndexKeys: customers } : {}),
      ...(filters.startTimeAfter ? { startTimeAfter: filters.startTimeAfter } : {}),
      ...(filters.startTimeBefore ? { startTimeBefore: filters.startTimeBefore } : {}),
      ...carried,
    },
  };
}
