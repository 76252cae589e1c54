/**
 * `PUT /api/access-ids/batch` (spec §4.1): creates or updates up to 1000 access IDs, in batches of
 * reads and writes rather than one request per item.
 *
 * Rules: (1) an item whose normalised ocppIdTag exists updates it, else it is created; (2–4) see
 * `./vehicles.ts`; (5) nothing is deleted; (6) a failing item never stops the others. Decided
 * here: a tag given twice in one batch (after normalisation) is an error for the later items; an
 * item cannot change an existing access ID's type; an item whose data equals what is stored
 * reports `updated` without a write.
 *
 * Requests for 1000 new access IDs with 200 vehicles and 50 customers: BatchGetItems of the tags,
 * vehicle names and customers (100 keys each), the ID blocks, transactions of up to 30 new
 * vehicles with their markers, BatchWriteItems of 25 for customers and access IDs. Every batch read
 * and write is completed (unprocessed items are sent again), so no stored access ID is ever
 * overwritten from a partial read.
 */
import { allocateIds, batchGet, batchPut, transact, type Db } from '../../db';
import { findOrCreateCustomers } from '../customers';
import { customerKey, touchVehicle, vehicleNameKey, type AccessIdItem, type VehicleItem } from '../items';
import { toAccessId, type BatchResult } from '../access-ids';
import { BatchResults, checkEntries, keepTypes, type BatchEntry, type BatchWork } from './plan';
import { resolveVehicles, vehicleGroups, type ResolvedVehicle } from './vehicles';

export type { BatchEntry, BatchItemInput } from './plan';

/**
 * Applies a batch.
 * @param entries the request's items, each validated by the caller (an invalid one carries its message)
 * @returns one result per item, in request order
 */
export async function upsertAccessIdBatch(
  db: Db,
  organizationId: number,
  entries: readonly BatchEntry[],
): Promise<BatchResult[]> {
  const results = new BatchResults(entries.length);
  const checked = checkEntries(entries, results);
  const stored = checked.length
    ? await batchGet(
        db.accessId,
        checked.map((w) => ({ organizationId, ocppIdTag: w.tag })),
        true,
      )
    : [];
  const existing = new Map(stored.map((a) => [a.ocppIdTag, a]));
  const valid = keepTypes(checked, existing, results);
  const [customers, vehicles] = await Promise.all([
    findOrCreateCustomers(
      db,
      organizationId,
      valid.flatMap((w) => (w.item.customer ? [w.item.customer.name] : [])),
    ),
    resolveVehicles(db, organizationId, vehicleGroups(valid)),
  ]);
  const ready = valid.filter((w) => {
    const vehicle = vehicleOf(w, vehicles);
    if (vehicle && 'error' in vehicle) results.fail(w.index, w.tag, vehicle.error);
    return !(vehicle && 'error' in vehicle);
  });
  const items = await buildItems(db, organizationId, ready, existing, vehicles, customers);
  await writeItems(db, organizationId, items, existing);
  const vehicleById = new Map(
    [...vehicles.values()].flatMap((v) => ('vehicle' in v ? [[v.vehicle.vehicleId, v.vehicle] as const] : [])),
  );
  for (const w of ready) {
    const item = items.get(w.tag)!;
    const vehicle = item.vehicleId === undefined ? undefined : vehicleById.get(item.vehicleId);
    results.results[w.index] = {
      ocppIdTag: w.tag,
      outcome: existing.has(w.tag) ? 'updated' : 'created',
      accessId: toAccessId(item, vehicle, true),
    };
  }
  return results.results;
}

/** The resolved vehicle of a Vehicle item. */
function vehicleOf(w: BatchWork, vehicles: Map<string, ResolvedVehicle>): ResolvedVehicle | undefined {
  return w.item.type === 'Vehicle' ? vehicles.get(vehicleNameKey(w.item.name)) : undefined;
}

/** The access ID item each ready item leads to (new IDs in one block), by tag. */
async function buildItems(
  db: Db,
  organizationId: number,
  ready: BatchWork[],
  existing: Map<string, AccessIdItem>,
  vehicles: Map<string, ResolvedVehicle>,
  customers: Map<string, string>,
): Promise<Map<string, AccessIdItem>> {
  const creating = ready.filter((w) => !existing.has(w.tag));
  const firstId = creating.length ? await allocateIds(db, 'accessId', creating.length) : 0;
  const ids = new Map(creating.map((w, i) => [w.tag, firstId + i]));
  const now = new Date().toISOString();
  return new Map(
    ready.map((w) => {
      const current = existing.get(w.tag);
      const resolved = vehicleOf(w, vehicles);
      const vehicle = resolved && 'vehicle' in resolved ? resolved.vehicle : undefined;
      const status = w.item.authorizationStatus ?? current?.authorizationStatus ?? 'Authorized';
      const statusChanged = current !== undefined && current.authorizationStatus !== status;
      const customerName = w.item.customer ? customers.get(customerKey(w.item.customer.name)) : current?.customerName;
      const item: AccessIdItem = {
        organizationId,
        ocppIdTag: w.tag,
        accessIdId: current?.accessIdId ?? ids.get(w.tag)!,
        type: w.item.type,
        name: w.item.name,
        authorizationStatus: status,
        authorizedAt: !current || (statusChanged && status === 'Authorized') ? now : current.authorizedAt,
        revokedAt: status === 'Revoked' ? (statusChanged || !current ? now : current.revokedAt) : undefined,
        vehicleId: vehicle?.vehicleId ?? current?.vehicleId,
        customerName,
        createdAt: current?.createdAt ?? now,
        updatedAt: now,
      };
      return [w.tag, current && unchanged(current, item, vehicle) ? current : item];
    }),
  );
}

/** Whether an item would store what is stored already. */
function unchanged(current: AccessIdItem, next: AccessIdItem, vehicle: VehicleItem | undefined): boolean {
  return (
    current.name === next.name &&
    current.authorizationStatus === next.authorizationStatus &&
    (vehicle === undefined || current.vehicleId === vehicle.vehicleId) &&
    current.customerName === next.customerName
  );
}

/**
 * Writes the changed items (BatchWriteItems of 25) and takes moved tags off their previous
 * vehicles (one tag, one vehicle).
 */
async function writeItems(
  db: Db,
  organizationId: number,
  items: Map<string, AccessIdItem>,
  existing: Map<string, AccessIdItem>,
): Promise<void> {
  const changed = [...items.values()].filter((item) => existing.get(item.ocppIdTag) !== item);
  if (changed.length) await batchPut(db.accessId, changed);
  const moved = changed.filter((item) => {
    const before = existing.get(item.ocppIdTag)?.vehicleId;
    return before !== undefined && before !== item.vehicleId;
  });
  await Promise.all(
    moved.map((item) =>
      transact(db, (e) => ({
        vehicle: touchVehicle(e, organizationId, existing.get(item.ocppIdTag)!.vehicleId!)
          .delete({ accessIdTags: [item.ocppIdTag] })
          .commit(),
      })),
    ),
  );
}
