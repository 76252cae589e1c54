/**
 * `PUT /api/access-ids/batch` (spec §4.1): creates or updates up to 1000 access IDs, in batches of
 * reads and writes rather than one request per item.
 *
 * Rules: (1) an item whose normalised ocppIdTag exists updates it, else it is created; (2) every
 * `Vehicle` item is matched to the vehicle named like the item, case-insensitively, created when
 * none exists, and items with the same name share it; (3) the first such item's make/model/vin are
 * used; (4) a vehicle with telematics keeps its VIN; (5) nothing is deleted; (6) a failing item
 * never stops the others. Decided here: a tag given twice in one batch (after normalisation) is an
 * error for the later items; an item cannot change an existing access ID's type.
 *
 * Requests for 1000 new access IDs with 200 vehicles and 50 customers: BatchGets of the tags,
 * vehicle names and customers (100 keys each), 3 ID-block allocations, TransactWriteItems of up to
 * 33 new vehicles with their name and VIN markers, BatchWriteItems of 25 for customers and access
 * IDs. Concurrent batches naming the same new vehicle: the name marker is written conditionally,
 * so one wins and the other links to its vehicle.
 */
import { z } from 'zod';
import { text } from '../validation';
import type { Db } from '../db';
import { allocateIds } from '../db';
import { findOrCreateCustomers, customerKey } from './customers';
import { idTagProblem, normalizeIdTag } from './id-tags';
import { toAccessId, type AccessIdItem, type BatchResult } from './access-ids';
import { VEHICLE_CONSTRAINTS, normalizeVin, vehicleNameKey, type VehicleItem } from './vehicles';
import { logger } from '../logger';


/** One batch item (spec §4.1 table); validated item by item so that a bad one fails alone. */
export const batchItemSchema = z.strictObject({
  ocppIdTag: z.string().max(256, 'must be at most 256 characters'),
  name: text(200),
  type: z.enum(['RFID', 'Vehicle']),
  authorizationStatus: z.enum(['Authorized', 'Revoked']).optional(),
  vehicle: z
    .strictObject({ make: text(100).nullable().optional(), model: text(100).nullable().optional(), vin: text(17).nullable().optional() })
    .optional(),
  customer: z.strictObject({ name: text(200) }).optional(),
});
type Item = z.infer<typeof batchItemSchema>;

interface Work {
  index: number;
  item: Item;
  tag: string;
}

/** Vehicles of the batch by name key: the first item's details and every tag that names it. */
interface VehicleGroup {
  name: string;
  details: NonNullable<Item['vehicle']>;
  tags: string[];
}

/**
 * Applies a batch.
 * @param rawItems the request's `accessIds` (at most `MAX_BATCH_ITEMS`; the request schema checks)
 * @returns one result per item, in request order
 */
export async function upsertAccessIdBatch(db: Db, organizationId: number, rawItems: unknown[]): Promise<BatchResult[]> {
  const results: BatchResult[] = new Array(rawItems.length);
  const fail = (index: number, tag: string, error: string) => (results[index] = { ocppIdTag: tag, outcome: 'error', error });
  const work: Work[] = [];
  const firstIndex = new Map<string, number>();
  rawItems.forEach((raw, index) => {
    const rawTag = typeof (raw as { ocppIdTag?: unknown })?.ocppIdTag === 'string' ? (raw as { ocppIdTag: string }).ocppIdTag : '';
    const tag = normalizeIdTag(rawTag);
    const parsed = batchItemSchema.safeParse(raw);
    if (!parsed.success) {
      return fail(index, tag, parsed.error.issues.map((i) => `${[...i.path, ...(i.code === 'unrecognized_keys' ? i.keys : [])].join('.') || 'item'}: ${i.code === 'unrecognized_keys' ? 'unknown field' : i.message}`).join('; '));
    }
    const problem = idTagProblem(tag);
    if (problem) return fail(index, tag, `ocppIdTag ${problem}`);
    if (parsed.data.type !== 'Vehicle' && parsed.data.vehicle) return fail(index, tag, 'vehicle is only allowed for type Vehicle');
    const earlier = firstIndex.get(tag);
    if (earlier !== undefined) return fail(index, tag, `ocppIdTag ${tag} is already in this batch (item ${earlier}); give each tag once`);
    firstIndex.set(tag, index);
    work.push({ index, item: parsed.data, tag });
  });

  const { data: existingItems } = work.length ? await db.accessId.get(work.map((w) => ({ organizationId, ocppIdTag: w.tag }))).go() : { data: [] };
  const existing = new Map(existingItems.map((a) => [a.ocppIdTag, a]));
  const valid = work.filter((w) => {
    const current = existing.get(w.tag);
    if (current && current.type !== w.item.type) {
      fail(w.index, w.tag, `type cannot change: ${w.tag} is an ${current.type} access ID`);
      return false;
    }
    return true;
  });

  const groups = new Map<string, VehicleGroup>();
  for (const w of valid) {
    if (w.item.type !== 'Vehicle') continue;
    const key = vehicleNameKey(w.item.name);
    const group = groups.get(key) ?? { name: w.item.name, details: w.item.vehicle ?? {}, tags: [] };
    group.tags.push(w.tag);
    groups.set(key, group);
  }
  const [customers, vehicles] = await Promise.all([
    findOrCreateCustomers(db, organizationId, valid.flatMap((w) => (w.item.customer ? [w.item.customer.name] : []))),
    resolveVehicles(db, organizationId, groups),
  ]);

  const now = new Date().toISOString();
  const ready = valid.filter((w) => {
    const vehicle = w.item.type === 'Vehicle' ? vehicles.get(vehicleNameKey(w.item.name)) : undefined;
    if (vehicle && 'error' in vehicle) {
      fail(w.index, w.tag, vehicle.error);
      return false;
    }
    return true;
  });
  const creating = ready.filter((w) => !existing.has(w.tag));
  const firstId = creating.length ? await allocateIds(db, 'accessId', creating.length) : 0;
  const ids = new Map(creating.map((w, i) => [w.tag, firstId + i]));
  const items: AccessIdItem[] = ready.map((w) => {
    const current = existing.get(w.tag);
    const vehicle = w.item.type === 'Vehicle' ? (vehicles.get(vehicleNameKey(w.item.name)) as { vehicle: VehicleItem }).vehicle : undefined;
    const status = w.item.authorizationStatus ?? current?.authorizationStatus ?? 'Authorized';
    const statusChanged = current !== undefined && current.authorizationStatus !== status;
    return {
      organizationId,
      ocppIdTag: w.tag,
      accessIdId: current?.accessIdId ?? ids.get(w.tag)!,
      type: w.item.type,
      name: w.item.name,
      authorizationStatus: status,
      authorizedAt: !current || (statusChanged && status === 'Authorized') ? now : current.authorizedAt,
      revokedAt: status === 'Revoked' ? (statusChanged || !current ? now : current.revokedAt) : undefined,
      vehicleId: vehicle?.vehicleId ?? current?.vehicleId,
      customerName: w.item.customer ? customers.get(customerKey(w.item.customer.name)) : current?.customerName,
      createdAt: current?.createdAt ?? now,
      updatedAt: current && unchanged(current, w, status, vehicle, customers) ? current.updatedAt : now,
    };
  });
  const changed = items.filter((item) => {
    const current = existing.get(item.ocppIdTag);
    return !current || current.updatedAt !== item.updatedAt;
  });
  if (changed.length) {
    const { unprocessed } = await db.accessId.put(changed).go();
    if (unprocessed.length) throw new Error(`${unprocessed.length} access IDs were left unprocessed by DynamoDB`);
  }
  // An existing access ID moved to another vehicle leaves its old vehicle's tag set.
  const moved = items.filter((item) => {
    const before = existing.get(item.ocppIdTag)?.vehicleId;
    return before !== undefined && before !== item.vehicleId;
  });
  await Promise.all(
    moved.map((item) =>
      db.vehicle.update({ organizationId, vehicleId: existing.get(item.ocppIdTag)!.vehicleId! }).delete({ accessIdTags: [item.ocppIdTag] }).go(),
    ),
  );

  const vehicleById = new Map([...vehicles.values()].flatMap((v) => ('vehicle' in v ? [[v.vehicle.vehicleId, v.vehicle] as const] : [])));
  const byTag = new Map(items.map((item) => [item.ocppIdTag, item]));
  for (const w of ready) {
    const item = byTag.get(w.tag)!;
    const vehicle = item.vehicleId === undefined ? undefined : vehicleById.get(item.vehicleId);
    results[w.index] = { ocppIdTag: w.tag, outcome: existing.has(w.tag) ? 'updated' : 'created', accessId: toAccessId(item, vehicle, true) };
  }
  return results;
}

function unchanged(current: AccessIdItem, w: Work, status: string, vehicle: VehicleItem | undefined, customers: Map<string, string>): boolean {
  return (
    current.name === w.item.name &&
    current.authorizationStatus === status &&
    (vehicle === undefined || current.vehicleId === vehicle.vehicleId) &&
    (!w.item.customer || current.customerName === customers.get(customerKey(w.item.customer.name)))
  );
}

type ResolvedVehicle = { vehicle: VehicleItem } | { error: string };

/**
 * Finds or creates the batch's vehicles by name and applies the first item's details (VIN kept
 * when the vehicle has telematics), adding the batch's tags to each vehicle's tag set.
 */
async function resolveVehicles(db: Db, organizationId: number, groups: Map<string, VehicleGroup>): Promise<Map<string, ResolvedVehicle>> {
  const resolved = new Map<string, ResolvedVehicle>();
  if (groups.size === 0) return resolved;
  const nameConstraint = VEHICLE_CONSTRAINTS.name(organizationId);
  const vinConstraint = VEHICLE_CONSTRAINTS.vin(organizationId);
  const now = new Date().toISOString();

  let pending = new Map(groups);
  for (let round = 0; pending.size > 0 && round < 5; round++) {
    const { data: markers } = await db.uniqueValue.get([...pending.keys()].map((value) => ({ constraint: nameConstraint, value }))).go();
    const existingIds = new Map(markers.map((m) => [m.value, m.targetId]));
    const { data: found } = existingIds.size ? await db.vehicle.get([...existingIds.values()].map((vehicleId) => ({ organizationId, vehicleId }))).go() : { data: [] };
    const foundById = new Map(found.map((v) => [v.vehicleId, v]));

    // Existing vehicles: details of the first item, and the new tags.
    await Promise.all(
      [...existingIds].map(async ([key, vehicleId]) => {
        const group = pending.get(key)!;
        const vehicle = foundById.get(vehicleId);
        if (!vehicle) return void resolved.set(key, { error: `vehicle ${group.name} could not be read; retry` });
        resolved.set(key, await updateVehicleFromBatch(db, vehicle, group, vinConstraint, now));
      }),
    );

    // New vehicles: created with their name (and VIN) markers, 33 per transaction.
    const creating = [...pending].filter(([key]) => !existingIds.has(key));
    const nextRound = new Map<string, VehicleGroup>();
    const firstId = creating.length ? await allocateIds(db, 'vehicle', creating.length) : 0;
    for (let offset = 0; offset < creating.length; offset += 33) {
      const chunk = creating.slice(offset, offset + 33).map(([key, group], i) => {
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
          createdAt: now,
          updatedAt: now,
        };
        return { key, group, vehicle, vin };
      });
      const result = await db.service.transaction
        .write(({ vehicle, uniqueValue }) =>
          chunk.flatMap((c) => [
            uniqueValue.create({ constraint: nameConstraint, value: c.key, targetId: c.vehicle.vehicleId }).commit(),
            ...(c.vin ? [uniqueValue.create({ constraint: vinConstraint, value: c.vin, targetId: c.vehicle.vehicleId }).commit()] : []),
            vehicle.create(c.vehicle).commit(),
          ]),
        )
        .go();
      if (!result.canceled) {
        for (const c of chunk) resolved.set(c.key, { vehicle: c.vehicle });
        continue;
      }
      // Find which vehicles failed: a taken name is resolved again as existing; a taken VIN fails its items.
      const outcomes = result.data as { rejected: boolean }[];
      let position = 0;
      for (const c of chunk) {
        const nameRejected = outcomes[position]?.rejected;
        const vinRejected = c.vin ? outcomes[position + 1]?.rejected : false;
        position += c.vin ? 3 : 2;
        if (vinRejected && !nameRejected) resolved.set(c.key, { error: `vin ${c.vin} is already used by another vehicle` });
        else nextRound.set(c.key, c.group);
      }
    }
    pending = nextRound;
  }
  for (const [key, group] of pending) resolved.set(key, { error: `vehicle ${group.name} could not be created; retry` });
  return resolved;
}

/** Applies a batch group's details and tags to an existing vehicle (only what differs). */
async function updateVehicleFromBatch(db: Db, vehicle: VehicleItem, group: VehicleGroup, vinConstraint: string, now: string): Promise<ResolvedVehicle> {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const key of ['make', 'model'] as const) {
    const value = group.details[key];
    if (value === null && vehicle[key] !== undefined) remove.push(key);
    else if (value !== undefined && value !== null && value !== vehicle[key]) set[key] = value;
  }
  // Rule 4: a vehicle with telematics keeps its own VIN.
  const vin = vehicle.hasTelematics || group.details.vin === undefined ? vehicle.vin : group.details.vin === null ? undefined : normalizeVin(group.details.vin);
  const vinChanges = vin !== vehicle.vin;
  if (vinChanges) {
    if (vin) set.vin = vin;
    else remove.push('vin');
  }
  const have = new Set(vehicle.accessIdTags ?? []);
  const addTags = group.tags.filter((t) => !have.has(t));
  if (!Object.keys(set).length && !remove.length && !addTags.length) return { vehicle };
  set.updatedAt = now;
  const key = { organizationId: vehicle.organizationId, vehicleId: vehicle.vehicleId };
  try {
    if (vinChanges) {
      const result = await db.service.transaction
        .write(({ vehicle: v, uniqueValue }) => [
          (addTags.length ? v.update(key).set(set).remove(remove as never).add({ accessIdTags: addTags }) : v.update(key).set(set).remove(remove as never)).commit(),
          ...(vin ? [uniqueValue.create({ constraint: vinConstraint, value: vin, targetId: vehicle.vehicleId }).commit()] : []),
          ...(vehicle.vin ? [uniqueValue.delete({ constraint: vinConstraint, value: vehicle.vin }).commit()] : []),
        ])
        .go();
      if (result.canceled) return { error: `vin ${vin} is already used by another vehicle` };
    } else {
      const update = db.vehicle.update(key).set(set);
      await (remove.length ? update.remove(remove as never) : update).add(addTags.length ? { accessIdTags: addTags } : {}).go();
    }
  } catch (error) {
    logger.error('batch vehicle update failed', { error: String(error) });
    return { error: `vehicle ${group.name} could not be updated; retry` };
  }
  return {
    vehicle: {
      ...vehicle,
      ...(set as Partial<VehicleItem>),
      ...Object.fromEntries(remove.map((k) => [k, undefined])),
      accessIdTags: [...have, ...addTags],
    },
  };
}
