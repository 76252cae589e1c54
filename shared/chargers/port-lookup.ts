/** Finding a port by its numeric ID (spec §2.3 `Port.id`), with its charger, for a caller's scope; and the ports' location items. */
import { batchPut, type Db } from '../db';
import { canAccess, type AccessScope } from '../organizations/access-scope';
import { PortNotFoundError } from './errors';
import type { ChargerItem, PortItem } from './items';

/**
 * The port with this ID and its charger, as the caller may see them (a port of another
 * organization or site is not found, like an unknown one).
 * Requests: 1 GetItem (the port's location) + 2 strongly consistent GetItems (port, charger).
 * @throws PortNotFoundError
 */
export async function visiblePort(
  db: Db,
  scope: AccessScope,
  portId: number,
): Promise<{ port: PortItem; charger: ChargerItem }> {
  const { data: found } = await db.portLocation.get({ portId }).go();
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
