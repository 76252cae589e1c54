/**
 * Everything one allocation of a site reads, in a few requests: the site, its limits, tariff and
 * previous allocation (one Query of the site's partition), its chargers and ports with the
 * sessions in progress (one Query of the organization's chargers), the readings of the ports
 * charging (one BatchGetItem per 100), and the departure plans and the items of the vehicles
 * charging there (one BatchGetItem each, alongside; none without identified vehicles).
 */
import type { EntityItem } from 'electrodb';
import { batchGet, queryPartition, type Db } from '../db';
import type { VehicleItem } from '../access/items';
import type { ChargerItem, PortItem, SiteItem } from '../chargers/items';
import { selectChargers } from '../chargers/port-readings';
import { readPlans } from '../departures/store';
import { isPast, ownerKey } from '../departures/rules';
import type { SiteTariff } from '../smart-charging/tariff';
import type { SitePowerLimitItem } from './limits';
import { toSiteTariff } from './tariff-item';

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
  /** The site's tariff, in the site's time zone; absent when it has none. */
  tariff?: SiteTariff;
  previous?: SiteAllocationItem;
  /** The site's chargers, by ID. */
  chargers: Map<number, ChargerItem>;
  /** The site's ports, by port ID. */
  ports: PortItem[];
  /** The next future departure of each vehicle charging on the site, by vehicle ID. */
  departures: Map<number, NextDeparture>;
  /** The vehicles charging on the site (their set capacity and telematics state), by vehicle ID. */
  vehicles: Map<number, VehicleItem>;
}

/**
 * Reads a site for an allocation.
 * Requests: 1 Query of the site's partition (the site, its limits, tariff, allocation state and
 * previous allocation; strongly consistent); 1 Query of the organization's chargers and ports
 * (paged past 1 MB); 1 BatchGetItem of the readings of the site's ports charging (per 100);
 * 1 BatchGetItem of plans and 1 of vehicles, alongside.
 * @param now epoch ms: departures not after it are past
 * @returns undefined when the site does not exist
 */
export async function readSiteSnapshot(db: Db, siteId: number, now: number): Promise<SiteSnapshot | undefined> {
  const Items = await queryPartition(db, db.site.get({ siteId }));
  const own = { ignoreOwnership: false };
  const [site] = db.site.parse({ Items }, own).data;
  const limitItems = db.sitePowerLimit.parse({ Items }, own).data;
  const [tariff] = db.siteTariff.parse({ Items }, own).data;
  const [previous] = db.siteAllocation.parse({ Items }, own).data;
  if (!site) return undefined;
  const { data } = await db.service.collections
    .organizationView({ organizationId: site.organizationId })
    .go({ pages: 'all' });
  const selected = await selectChargers(db, data, (c) => c.siteId === siteId);
  const chargers = new Map(selected.chargers.map((c) => [c.chargerId, c]));
  const { ports } = selected;
  const limits = Object.fromEntries(limitItems.map((item) => [item.type, item]));
  const [departures, vehicles] = await Promise.all([
    nextDepartures(db, site.organizationId, ports, now),
    chargingVehicles(db, site.organizationId, ports),
  ]);
  return {
    site,
    limits,
    ...(tariff ? { tariff: toSiteTariff(tariff, site.timezone) } : {}),
    previous,
    chargers,
    ports,
    departures,
    vehicles,
  };
}

/** The IDs of the vehicles charging on these ports. */
function vehicleIdsOf(ports: PortItem[]): number[] {
  return [
    ...new Set(ports.flatMap((p) => (p.currentChargingSession?.vehicle ? [p.currentChargingSession.vehicle.id] : []))),
  ];
}

/** The vehicles charging on these ports, by ID (one BatchGetItem per 100, none without vehicles). */
async function chargingVehicles(db: Db, organizationId: number, ports: PortItem[]): Promise<Map<number, VehicleItem>> {
  const ids = vehicleIdsOf(ports);
  if (ids.length === 0) return new Map();
  const items = await batchGet(
    db.vehicle,
    ids.map((vehicleId) => ({ organizationId, vehicleId })),
  );
  return new Map(items.map((v) => [v.vehicleId, v]));
}

/** The next future departure of every vehicle charging on these ports (one BatchGetItem of plans). */
async function nextDepartures(
  db: Db,
  organizationId: number,
  ports: PortItem[],
  now: number,
): Promise<Map<number, NextDeparture>> {
  const vehicleIds = vehicleIdsOf(ports);
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
