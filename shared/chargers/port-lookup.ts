/** Finding a port by its numeric ID (spec §2.3 `Port.id`), with its charger, for a caller's scope; and the ports' location items. */
import { batchPut, type Db } from '../db';
import { canAccess, type AccessScope } from '../organizations/access-scope';
import { PortNotFoundError } from './errors';
import type { ChargerItem, PortItem } from './items';

/** Where a port is (spec §2.3 `Port.id` → its charger and OCPP connectorId/evseId); never changes. */
export interface PortLocation {
  chargerId: number;
  portNumber: number;
}

/** Locations found so far, per data layer (a process may open several tables). */
const locations = new WeakMap<Db, Map<number, PortLocation>>();
/** Locations kept per data layer; the oldest is forgotten beyond it. */
const MAX_CACHED_LOCATIONS = 10_000;

/**
 * Where the port with this ID is, cached per instance (ports never move): 1 GetItem of its
 * `portLocation` the first time, none after.
 * @returns undefined for an unknown port (not cached: it may be created later)
 */
export async function locatePort(db: Db, portId: number): Promise<PortLocation | undefined> {
  let cache = locations.get(db);
  if (!cache) {
    cache = new Map();
    locations.set(db, cache);
  }
  const cached = cache.get(portId);
  if (cached) return cached;
  const { data: found } = await db.portLocation.get({ portId }).go();
  if (!found) return undefined;
  const location = { chargerId: found.chargerId, portNumber: found.portNumber };
  cache.set(portId, location);
  if (cache.size > MAX_CACHED_LOCATIONS) cache.delete(cache.keys().next().value!);
  return location;
}

/**
 * The port with this ID and its charger, as the caller may see them (a port of another
 * organization or site is not found, like an unknown one).
 * Requests: 2 strongly consistent GetItems (port, charger), +1 GetItem (the port's location) the
 * first time this instance looks the port up.
 * @throws PortNotFoundError
 */
export async function visiblePort(
  db: Db,
  scope: AccessScope,
  portId: number,
): Promise<{ port: PortItem; charger: ChargerItem }> {
  const found = await locatePort(db, portId);
  if (!found) throw new PortNotFoundError(portId);
  const [{ data: port }, { data: charger }] = await Promise.all([
    db.port.get({ chargerId: found.chargerId, portNumber: found.portNumber }).go({ consistent: true }),
    db.charger.get({ chargerId: found.chargerId }).go({ consistent: true }),
  ]);
  if (!port || !charger || !canAccess(scope, charger.organizationId, charger.siteId))
    throw new PortNotFoundError(portId);
  return { port, charger };
}

/**
 * Writes the location item of every port (`portLocation`), for tables whose ports were stored
 * before ports had one (they are then not found by ID). Idempotent: a location never changes.
 * Requests: a paged Scan of the ports, one BatchWriteItem per 25 ports.
 * @returns the number of ports whose location was written
 * @throws BatchIncompleteError when writes stay unprocessed through every retry
 */
export async function backfillPortLocations(db: Db): Promise<number> {
  const { data: ports } = await db.port.scan.go({ pages: 'all' });
  await batchPut(
    db.portLocation,
    ports.map(({ portId, chargerId, portNumber }) => ({ portId, chargerId, portNumber })),
  );
  return ports.length;
}
