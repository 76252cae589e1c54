/**
 * What makes a site allocate again (spec §2.6): the table changes that matter, read from the
 * table's change stream (DynamoDB Streams, new and old images), coalesced per site.
 *
 * - a session starts or ends (`chargingSession` inserted, or its `status` changes);
 * - a site limit is set, replaced or deleted (`sitePowerLimit`);
 * - a site's tariff is set, replaced or removed (`siteTariff`): the planner prices energy with it;
 * - a port's charging override or driver's estimate is set, changed or removed
 *   (`port.chargingOverride`, `port.driverEstimate`);
 * - a station reports or clears an external limit on an EVSE or on itself
 *   (`externalChargingLimit` of a port or charger), or a vehicle reports its needs
 *   (`currentChargingSession.evChargingNeeds`);
 * - a charger connects, reconnects, disconnects or boots (`charger.currentConnectionId`,
 *   `lastBootAt`): its profiles must be sent again, or it no longer counts as controlled;
 * - a vehicle's departure plan changes (`departurePlan`): every scheduled site of the organization;
 * - a vehicle's readings (`portReadings`) bring its first SoC, show its battery learnt, or fall
 *   behind its plan (`reading-triggers.ts`: at most once per such event, not once per meter value);
 * - a vehicle's telematics reading or set capacity changes (`vehicle`, `reading-triggers.ts`): the
 *   site where it charges.
 *
 * Everything else (statuses, API keys…) is ignored. The trigger never runs inside a charger's
 * message: it reads the stream after the MeterValues was answered.
 */
import { entityOf, numberOf, type TableChange } from '../db/table-changes';

/** The entities whose changes can matter; the stream filter passes only these. */
export const TRIGGERING_ENTITIES = [
  'chargingSession',
  'sitePowerLimit',
  'siteTariff',
  'port',
  'charger',
  'departurePlan',
  'portReadings',
  'vehicle',
] as const;

/** The sites to allocate again, and the organizations whose scheduled sites to allocate again. */
export interface Reallocations {
  siteIds: Set<number>;
  organizationIds: Set<number>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type Image = Record<string, unknown>;
const needsOf = (image: Image) => (image.currentChargingSession as Image | undefined)?.evChargingNeeds;

/**
 * The site of a port change that matters: its override, its driver's estimate, its external limit or its vehicle's needs
 * changed (each carries the port's site, which the port item itself does not).
 */
function portSite(before: Image, after: Image): number | undefined {
  const changed = (['chargingOverride', 'driverEstimate', 'externalChargingLimit'] as const)
    .filter((field) => !same(before[field], after[field]))
    .map((field) => after[field] ?? before[field]);
  if (!same(needsOf(before), needsOf(after))) changed.push(needsOf(after) ?? needsOf(before));
  const sites = changed.map((value) => numberOf((value as { siteId?: unknown } | undefined)?.siteId));
  return sites.find((siteId) => siteId !== undefined);
}

/** The site a change concerns, when it matters; undefined when it does not. */
function siteOf(change: TableChange): number | undefined {
  const before = change.oldImage ?? {};
  const after = change.newImage ?? {};
  const image = change.newImage ?? change.oldImage ?? {};
  switch (entityOf(change)) {
    case 'chargingSession':
      return change.eventName === 'INSERT' || before.status !== after.status ? numberOf(image.siteId) : undefined;
    case 'sitePowerLimit':
    case 'siteTariff':
      return numberOf(image.siteId);
    case 'port':
      return portSite(before, after);
    case 'charger':
      return before.currentConnectionId !== after.currentConnectionId ||
        before.lastBootAt !== after.lastBootAt ||
        !same(before.externalChargingLimit, after.externalChargingLimit)
        ? numberOf(image.siteId)
        : undefined;
    default:
      return undefined;
  }
}

/**
 * The reallocations a batch of table changes calls for: each site once, whatever the number of its
 * changes (a burst of 50 changes of one site is one request).
 */
export function reallocationsOf(changes: readonly TableChange[]): Reallocations {
  const result: Reallocations = { siteIds: new Set(), organizationIds: new Set() };
  for (const change of changes) {
    const image = change.newImage ?? change.oldImage ?? {};
    if (entityOf(change) === 'departurePlan') {
      const organizationId = numberOf(image.organizationId);
      if (organizationId !== undefined) result.organizationIds.add(organizationId);
      continue;
    }
    const siteId = siteOf(change);
    if (siteId !== undefined) result.siteIds.add(siteId);
  }
  return result;
}
