/**
 * The access-ID batch's vehicles (spec §4.1 rules 2–4): every `Vehicle` item is matched to the
 * organization's vehicle named like the item (case-insensitive), created when none exists; items
 * of one name share it and the first item's make/model/vin are used; a vehicle with telematics
 * keeps its VIN. New vehicles are created 30 per transaction with their name and VIN markers, so
 * two batches naming the same new vehicle end with one (the loser of the name marker links to it).
 */
import { allocateIds, batchGet, claimUnique, releaseUnique, transact, type Db } from '../../db';
import { logger } from '../../logger';
import { VEHICLE_CONSTRAINTS, normalizeVin, unchangedSince, vehicleNameKey, type VehicleItem } from '../items';
import type { BatchItemInput, BatchWork } from './plan';

/** Vehicles of the batch by name key: the first item's details and every tag that names it. */
export interface VehicleGroup {
  name: string;
  details: NonNullable<BatchItemInput['vehicle']>;
  tags: string[];
}

/** A group's vehicle, or why its items fail. */
export type ResolvedVehicle = { vehicle: VehicleItem } | { error: string };

/** New vehicles per transaction: each takes up to 3 items (vehicle, name and VIN markers). */
const NEW_VEHICLES_PER_TRANSACTION = 30;
/** Rounds of "create, then look again" before a contested name gives up. */
const ROUNDS = 5;

/** Groups the Vehicle items by vehicle name key. */
export function vehicleGroups(work: BatchWork[]): Map<string, VehicleGroup> {
  const groups = new Map<string, VehicleGroup>();
  for (const w of work) {
    if (w.item.type !== 'Vehicle') continue;
    const key = vehicleNameKey(w.item.name);
    const group = groups.get(key) ?? { name: w.item.name, details: w.item.vehicle ?? {}, tags: [] };
    group.tags.push(w.tag);
    groups.set(key, group);
  }
  return groups;
}

/**
 * Finds or creates the batch's vehicles by name and applies each group's details and tags.
 * @returns the vehicle (or an error) of every group, by name key
 */
export async function resolveVehicles(
  db: Db,
  organizationId: number,
  groups: Map<string, VehicleGroup>,
): Promise<Map<string, ResolvedVehicle>> {
  const resolved = new Map<string, ResolvedVehicle>();
  let pending = new Map(groups);
  for (let round = 0; pending.size > 0 && round < ROUNDS; round++) {
    const existing = await existingVehicles(db, organizationId, [...pending.keys()]);
    await Promise.all(
      [...existing].map(async ([key, vehicle]) => {
        const group = pending.get(key)!;
        resolved.set(
          key,
          vehicle
            ? await updateVehicleFromBatch(db, vehicle, group)
            : { error: `vehicle ${group.name} could not be read; retry` },
        );
      }),
    );
    const creating = [...pending].filter(([key]) => !existing.has(key));
    pending = await createVehicles(db, organizationId, creating, resolved);
  }
  for (const [key, group] of pending) resolved.set(key, { error: `vehicle ${group.name} could not be created; retry` });
  return resolved;
}

/** The stored vehicles of these name keys (one BatchGetItem of markers, one of vehicles); undefined = marker without vehicle. */
async function existingVehicles(
  db: Db,
  organizationId: number,
  keys: string[],
): Promise<Map<string, VehicleItem | undefined>> {
  const constraint = VEHICLE_CONSTRAINTS.name(organizationId);
  const markers = await batchGet(
    db.uniqueValue,
    keys.map((value) => ({ constraint, value })),
    true,
  );
  const vehicles = markers.length
    ? await batchGet(
        db.vehicle,
        markers.map((m) => ({ organizationId, vehicleId: m.targetId })),
        true,
      )
    : [];
  const byId = new Map(vehicles.map((v) => [v.vehicleId, v]));
  return new Map(markers.map((m) => [m.value, byId.get(m.targetId)]));
}

/**
 * Creates new vehicles with their markers. A taken name goes back for the next round (it is then
 * an existing vehicle); a taken VIN fails the group's items.
 * @returns the groups to look at again
 */
async function createVehicles(
  db: Db,
  organizationId: number,
  creating: [string, VehicleGroup][],
  resolved: Map<string, ResolvedVehicle>,
): Promise<Map<string, VehicleGroup>> {
  const again = new Map<string, VehicleGroup>();
  if (creating.length === 0) return again;
  const firstId = await allocateIds(db, 'vehicle', creating.length);
  const now = new Date().toISOString();
  for (let offset = 0; offset < creating.length; offset += NEW_VEHICLES_PER_TRANSACTION) {
    const chunk = creating.slice(offset, offset + NEW_VEHICLES_PER_TRANSACTION).map(([key, group], i) => {
      const vin = group.details.vin ? normalizeVin(group.details.vin) : undefined;
      const vehicle: VehicleItem = {
        organizationId,
        vehicleId: firstId + offset + i,
        name: group.name,
        make: group.details.make ?? undefined,
        model: group.details.model ?? undefined,
        vin,
        hasTelematics: false,
        accessIdTags: group.tags,
        version: 1,
        createdAt: now,
        updatedAt: now,
      };
      return { key, group, vehicle, vin };
    });
    const outcome = await transact(db, (e) =>
      Object.fromEntries(
        chunk.flatMap((c) => [
          [`name:${c.key}`, claimUnique(e, VEHICLE_CONSTRAINTS.name(organizationId), c.key, c.vehicle.vehicleId)],
          [
            `vin:${c.key}`,
            c.vin !== undefined && claimUnique(e, VEHICLE_CONSTRAINTS.vin(organizationId), c.vin, c.vehicle.vehicleId),
          ],
          [`vehicle:${c.key}`, e.vehicle.create(c.vehicle).commit()],
        ]),
      ),
    );
    for (const c of chunk) {
      if (outcome.ok) resolved.set(c.key, { vehicle: c.vehicle });
      else if (outcome.failed(`vin:${c.key}`) && !outcome.failed(`name:${c.key}`))
        resolved.set(c.key, { error: `vin ${c.vin} is already used by another vehicle` });
      else again.set(c.key, c.group);
    }
  }
  return again;
}

/** The changes a group makes to an existing vehicle: details that differ and tags it lacks. */
function groupChanges(vehicle: VehicleItem, group: VehicleGroup) {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const key of ['make', 'model'] as const) {
    const value = group.details[key];
    if (value === null && vehicle[key] !== undefined) remove.push(key);
    else if (value !== undefined && value !== null && value !== vehicle[key]) set[key] = value;
  }
  // Rule 4: a vehicle with telematics keeps its own VIN.
  const detailsVin = group.details.vin;
  const vin =
    vehicle.hasTelematics || detailsVin === undefined
      ? vehicle.vin
      : detailsVin === null
        ? undefined
        : normalizeVin(detailsVin);
  if (vin !== vehicle.vin) {
    if (vin) set.vin = vin;
    else remove.push('vin');
  }
  const have = new Set(vehicle.accessIdTags ?? []);
  return { set, remove, vin, addTags: group.tags.filter((t) => !have.has(t)) };
}

/** Applies a group's details and tags to an existing vehicle (only what differs), conditioned on its version. */
async function updateVehicleFromBatch(db: Db, vehicle: VehicleItem, group: VehicleGroup): Promise<ResolvedVehicle> {
  const { set, remove, vin, addTags } = groupChanges(vehicle, group);
  if (!Object.keys(set).length && !remove.length && !addTags.length) return { vehicle };
  set.updatedAt = new Date().toISOString();
  const { organizationId, vehicleId } = vehicle;
  const vins = VEHICLE_CONSTRAINTS.vin(organizationId);
  try {
    const outcome = await transact(db, (e) => {
      const update = e.vehicle
        .update({ organizationId, vehicleId })
        .set(set as never)
        .remove(remove as never)
        .add({ version: 1 });
      return {
        vehicle: (addTags.length ? update.add({ accessIdTags: addTags }) : update)
          .where(unchangedSince(vehicle, vin))
          .commit(),
        vin: vin !== vehicle.vin && vin !== undefined && claimUnique(e, vins, vin, vehicleId),
        oldVin: vin !== vehicle.vin && vehicle.vin !== undefined && releaseUnique(e, vins, vehicle.vin, vehicleId),
      };
    });
    if (outcome.failed('vin')) return { error: `vin ${vin} is already used by another vehicle` };
    if (!outcome.ok) return { error: `vehicle ${group.name} changed during the batch; retry this item` };
  } catch (error) {
    logger.error('batch vehicle update failed', { error: String(error) });
    return { error: `vehicle ${group.name} could not be updated; retry` };
  }
  return {
    vehicle: {
      ...vehicle,
      ...(set as Partial<VehicleItem>),
      ...Object.fromEntries(remove.map((k) => [k, undefined])),
      accessIdTags: [...(vehicle.accessIdTags ?? []), ...addTags],
    },
  };
}
