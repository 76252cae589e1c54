/**
 * Everything one allocation of a site reads, in a few requests: the site, its limits and previous
 * allocation (three reads in parallel on the site's partition), its chargers and ports with the
 * sessions in progress (one Query of the organization's chargers), and the departure plans of the
 * vehicles charging there (one BatchGetItem).
 */
import type { EntityItem } from 'electrodb';
import type { Db } from '../db';
import type { ChargerItem, PortItem, SiteItem } from '../chargers/items';
import { selectChargers } from '../chargers/port-readings';
import { readPlans } from '../departures/store';
import { isPast, ownerKey } from '../departures/rules';
import type { SitePowerLimitItem } from './limits';

/** A stored allocation. */
export type SiteAllocationItem = EntityItem<Db['siteAllocation']>;

/** A vehicle's next departure from the departure-times API (spec §4.2). */
export interface NextDeparture {
  /** ISO 8601 UTC. */
  departureTime: string;
  /** %. */
  targetSoc: number;
}

/** What one allocation of a site knows. */
export interface SiteSnapshot {
  site: SiteItem;
  limits: { cost?: SitePowerLimitItem; capacity?: SitePowerLimitItem };
  previous?: SiteAllocationItem;
  /** The site's chargers, by ID. */
  chargers: Map<number, ChargerItem>;
  /** The site's ports, by port ID. */
  ports: PortItem[];
  /** The next future departure of each vehicle charging on the site, by vehicle ID. */
  departures: Map<number, NextDeparture>;
}

/**
 * Reads a site for an allocation.
 * Requests: 1 GetItem (site) + 1 Query (limits) + 1 GetItem (previous allocation), in parallel;
 * 1 Query of the organization's chargers and ports (paged past 1 MB); 1 BatchGetItem of the
 * readings of the site's ports charging (per 100); 1 BatchGetItem of plans.
 * @param now epoch ms: departures not after it are past
 * @returns undefined when the site does not exist
 */
export async function readSiteSnapshot(db: Db, siteId: number, now: number): Promise<SiteSnapshot | undefined> {
  const [{ data: site }, { data: limitItems }, { data: previous }] = await Promise.all([
    db.site.get({ siteId }).go({ consistent: true }),
    db.sitePowerLimit.query.primary({ siteId }).go({ consistent: true }),
    db.siteAllocation.get({ siteId }).go({ consistent: true }),
  ]);
  if (!site) return undefined;
  const { data } = await db.service.collections
    .organizationView({ organizationId: site.organizationId })
    .go({ pages: 'all' });
  const selected = await selectChargers(db, data, (c) => c.siteId === siteId);
  const chargers = new Map(selected.chargers.map((c) => [c.chargerId, c]));
  const { ports } = selected;
  const limits = Object.fromEntries(limitItems.map((item) => [item.type, item]));
  return {
    site,
    limits,
    previous: previous ?? undefined,
    chargers,
    ports,
    departures: await nextDepartures(db, site.organizationId, ports, now),
  };
}

/** The next future departure of every vehicle charging on these ports (one BatchGetItem of plans). */
async function nextDepartures(
  db: Db,
  organizationId: number,
  ports: PortItem[],
  now: number,
): Promise<Map<number, NextDeparture>> {
  const vehicleIds = [
    ...new Set(ports.flatMap((p) => (p.currentChargingSession?.vehicle ? [p.currentChargingSession.vehicle.id] : []))),
  ];
  const departures = new Map<number, NextDeparture>();
  if (vehicleIds.length === 0) return departures;
  const plans = await readPlans(
    db,
    organizationId,
    vehicleIds.map((vehicleId) => ({ vehicleId })),
  );
  for (const vehicleId of vehicleIds) {
    const next = (plans.get(ownerKey({ vehicleId }))?.departures ?? [])
      .filter((d) => !isPast(d.departureTime, now))
      .sort((a, b) => Date.parse(a.departureTime) - Date.parse(b.departureTime))[0];
    if (next) departures.set(vehicleId, { departureTime: next.departureTime, targetSoc: next.targetSoc });
  }
  return departures;
}
