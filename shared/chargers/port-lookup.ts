/** Finding a port by its numeric ID (spec §2.3 `Port.id`), with its charger, for a caller's scope; and the ports' location items. */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { BoundedMap } from '../bounded-map';
import { batchPut, createDocumentClient, createEntities, TABLE_KEYS, type Db, type DbConfig } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import { canAccess, type AccessScope } from '../organizations/access-scope';
import { PortNotFoundError } from './errors';
import type { ChargerItem, StoredPortItem } from './items';

/** Where a port is (spec §2.3 `Port.id` → its charger and OCPP connectorId/evseId); never changes. */
export interface PortLocation {
  chargerId: number;
  portNumber: number;
}

/** Locations found so far, per data layer (a process may open several tables). */
const locations = new WeakMap<Db, BoundedMap<number, PortLocation>>();
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
    cache = new BoundedMap(MAX_CACHED_LOCATIONS);
    locations.set(db, cache);
  }
  const cached = cache.get(portId);
  if (cached) return cached;
  const { data: found } = await db.portLocation.get({ portId }).go();
  if (!found) return undefined;
  const location = { chargerId: found.chargerId, portNumber: found.portNumber };
  cache.set(portId, location);
  return location;
}

/**
 * The port with this ID and its charger, as the caller may see them (a port of another
 * organization or site is not found, like an unknown one). The port's session comes without its
 * readings (`./port-readings.ts` joins them).
 * Requests: 2 strongly consistent GetItems (port, charger), +1 GetItem (the port's location) the
 * first time this instance looks the port up.
 * @throws PortNotFoundError
 */
export async function visiblePort(
  db: Db,
  scope: AccessScope,
  portId: number,
): Promise<{ port: StoredPortItem; charger: ChargerItem }> {
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

/** The by-ID index keys (`gsi2`) a port carried before it was found through its location item. */
const RETIRED_PORT_INDEX = TABLE_KEYS.gsis.find((index) => index.indexName === 'gsi2')!;

/**
 * Brings the ports of a table stored before ports left the by-ID index (`gsi2`) up to date: writes
 * each port's location item (`portLocation`; without it the port is not found by ID) and removes
 * the port's `gsi2` keys, which would otherwise copy every rewrite of the port (each reading, each
 * status) into that index at 1 WRU (docs/cost-and-scale.md). Idempotent: a location never changes, and a
 * port without the keys is left as it is.
 * Requests: a paged Scan of the ports, one BatchWriteItem per 25 ports, one UpdateItem per port
 * still holding the keys.
 * @param config the table (and endpoint) to bring up to date
 * @returns how many ports were found, and how many had their `gsi2` keys removed
 * @throws BatchIncompleteError when location writes stay unprocessed through every retry
 */
export async function backfillPortLocations(config: DbConfig): Promise<{ ports: number; indexKeysRemoved: number }> {
  // One client for ElectroDB and for the raw updates (ElectroDB writes only the model's attributes).
  const client = createDocumentClient(config);
  const db = createEntities(client, config.tableName);
  let indexKeysRemoved = 0;
  try {
    // `includeKeys`: the stored attributes the model no longer names (the old index keys) come too.
    const { data: ports } = await db.port.scan.go({ pages: 'all', data: 'includeKeys' });
    await batchPut(
      db.portLocation,
      ports.map(({ portId, chargerId, portNumber }) => ({ portId, chargerId, portNumber })),
    );
    const indexed = ports.filter((port) => RETIRED_PORT_INDEX.partitionKey in port);
    for (const port of indexed) {
      const stored = port as unknown as Record<string, unknown>;
      const removed = await client
        .send(
          new UpdateCommand({
            TableName: config.tableName,
            Key: {
              [TABLE_KEYS.partitionKey]: stored[TABLE_KEYS.partitionKey],
              [TABLE_KEYS.sortKey]: stored[TABLE_KEYS.sortKey],
            },
            UpdateExpression: 'REMOVE #indexPk, #indexSk',
            ConditionExpression: 'attribute_exists(#pk)', // never recreate a port deleted meanwhile
            ExpressionAttributeNames: {
              '#indexPk': RETIRED_PORT_INDEX.partitionKey,
              '#indexSk': RETIRED_PORT_INDEX.sortKey,
              '#pk': TABLE_KEYS.partitionKey,
            },
          }),
        )
        .then(
          () => true,
          (error: unknown) => {
            if (!isConditionalCheckFailure(error)) throw error;
            return false; // deleted meanwhile
          },
        );
      if (removed) indexKeysRemoved++;
    }
    return { ports: ports.length, indexKeysRemoved };
  } finally {
    client.destroy();
  }
}
