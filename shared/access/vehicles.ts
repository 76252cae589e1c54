/**
 * Vehicle reads (spec §2.2, §4.6): one vehicle, a page of them, and lookups by ID and VIN. A
 * vehicle's access IDs are kept as the set of their normalised tags (`accessIdTags`) and read back
 * with one BatchGetItem. Writes are in `./vehicle-writes.ts`.
 */
import { createConversions } from 'electrodb';
import { batchGet, type Db } from '../db';
import { exactPage, paginate, PAGE_SIZE, type Page } from '../db/pagination';
import { VehicleNotFoundError } from './errors';
import { VEHICLE_CONSTRAINTS, normalizeVin, type VehicleItem } from './items';
import { toVehicle, type Vehicle } from './views';

export { VEHICLE_CONSTRAINTS, normalizeVin, vehicleNameKey, type VehicleItem } from './items';
export { toEmbeddedVehicle, type Vehicle } from './views';

/** A vehicle of an organization by ID (one GetItem); undefined when unknown there. */
export async function getVehicle(
  db: Db,
  organizationId: number,
  vehicleId: number,
  consistent = false,
): Promise<VehicleItem | undefined> {
  const { data } = await db.vehicle.get({ organizationId, vehicleId }).go({ consistent });
  return data ?? undefined;
}

/**
 * The IDs of the organization's vehicles with these VINs (case-insensitive), by normalized VIN
 * ({@link normalizeVin}); a VIN no vehicle has is absent. Their markers are read in 1 BatchGetItem
 * per 100 VINs (none for no VIN), one VIN as many.
 */
export async function vehicleIdsByVin(
  db: Db,
  organizationId: number,
  vins: readonly string[],
): Promise<Map<string, number>> {
  if (!vins.length) return new Map();
  const constraint = VEHICLE_CONSTRAINTS.vin(organizationId);
  const markers = await batchGet(
    db.uniqueValue,
    vins.map((vin) => ({ constraint, value: normalizeVin(vin) })),
  );
  return new Map(markers.map((marker) => [marker.value, marker.targetId]));
}

/**
 * Spec §2.2 shapes of stored vehicles, their access IDs read with one BatchGetItem per 100 tags
 * (a tag named by two vehicles, from older data, is read once and shown only on its own vehicle).
 */
export async function toVehicles(db: Db, items: VehicleItem[]): Promise<Vehicle[]> {
  const keys = items.flatMap((v) =>
    [...(v.accessIdTags ?? [])].map((ocppIdTag) => ({ organizationId: v.organizationId, ocppIdTag })),
  );
  const accessIds = keys.length ? await batchGet(db.accessId, keys) : [];
  const byTag = new Map(accessIds.map((a) => [a.ocppIdTag, a]));
  return items.map((item) => toVehicle(item, byTag));
}

/**
 * `GET /api/vehicles/{id}`.
 * @throws VehicleNotFoundError when the vehicle is not in the organization
 */
export async function readVehicle(db: Db, organizationId: number, vehicleId: number): Promise<Vehicle> {
  const item = await getVehicle(db, organizationId, vehicleId, true);
  if (!item) throw new VehicleNotFoundError(vehicleId);
  return (await toVehicles(db, [item]))[0]!;
}

/** `GET /api/vehicles`: one page (by ID) of the organization's vehicles. */
export async function listVehicles(db: Db, organizationId: number, cursor: string | undefined): Promise<Page<Vehicle>> {
  const page = await paginate({ list: 'vehicles', organizationId }, cursor, PAGE_SIZE, async (inner, limit) => {
    const { data } = await db.vehicle.query.primary({ organizationId }).go({ cursor: inner, limit: limit + 1 });
    return exactPage(data, limit, (last) =>
      createConversions(db.vehicle).byAccessPattern.primary.fromComposite.toCursor(last),
    );
  });
  return { data: await toVehicles(db, page.data), pagination: page.pagination };
}
