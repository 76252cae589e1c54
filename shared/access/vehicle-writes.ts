/**
 * Vehicle writes (spec §4.6): create, PATCH and the telematics stand-in.
 *
 * Every write is one transaction that moves the vehicle, its name and VIN markers, its customer
 * (created if new) and its access IDs together, conditioned on what it read: the vehicle's
 * `version`, the markers, and each access ID still being free. A lost race is read and written
 * again; a refusal writes nothing (not even an ID counter or a customer). One tag, one vehicle:
 * a tag attached to another vehicle is a 409 naming it.
 */
import {
  batchGet,
  claimUnique,
  MAX_TRANSACTION_ITEMS,
  releaseUnique,
  retryRaces,
  RetryableError,
  transact,
  transactWithIds,
  type Db,
} from '../db';
import type { TransactionEntities, TransactionOutcome } from '../db';
import { createCustomer, customerIdsNeeded, customerRef, type CustomerRef } from './customers';
import {
  InvalidAccessInputError,
  TagOfAnotherVehicleError,
  VehicleNameTakenError,
  VehicleNotFoundError,
  VinTakenError,
} from './errors';
import { idTagProblem, normalizeIdTag } from './id-tags';
import {
  MAX_ACCESS_IDS_PER_VEHICLE_REQUEST,
  VEHICLE_CONSTRAINTS,
  normalizeVin,
  changesSetVin,
  statusChange,
  unchangedSince,
  vehicleNameKey,
  type AccessIdItem,
  type AuthorizationStatus,
  type VehicleItem,
} from './items';
import { checkCapacity } from './vehicle-state';
import { getVehicle, readVehicle } from './vehicles';
import type { Vehicle } from './views';

/** The vehicle fields of spec §4.6 create/update bodies (reference notes "Vehicles"): `null` deletes. */
export interface VehicleInput {
  name?: string | null;
  make?: string | null;
  model?: string | null;
  vin?: string | null;
  licensePlate?: string | null;
  customer?: { name: string } | null;
  /** Usable battery capacity, kWh: > 0 and at most 1,000 (`MAX_BATTERY_CAPACITY_KWH`); null removes it. */
  batteryCapacityKwh?: number | null;
  /** At most {@link MAX_ACCESS_IDS_PER_VEHICLE_REQUEST}. */
  accessIds?: { ocppIdTag: string; authorizationStatus?: AuthorizationStatus }[];
}

/** A listed access ID, normalised, with where it was given. */
interface ListedTag {
  ocppIdTag: string;
  authorizationStatus?: AuthorizationStatus;
  field: string;
}

/**
 * Normalises and checks the tags of `accessIds`, naming the offending item.
 * @throws InvalidAccessInputError (`accessIds`, `accessIds.N.ocppIdTag`)
 */
function listedTags(accessIds: NonNullable<VehicleInput['accessIds']>): ListedTag[] {
  if (accessIds.length > MAX_ACCESS_IDS_PER_VEHICLE_REQUEST) {
    throw new InvalidAccessInputError('accessIds', `must have at most ${MAX_ACCESS_IDS_PER_VEHICLE_REQUEST} items`);
  }
  const seen = new Set<string>();
  return accessIds.map((a, i) => {
    const ocppIdTag = normalizeIdTag(a.ocppIdTag);
    const field = `accessIds.${i}.ocppIdTag`;
    const problem = idTagProblem(ocppIdTag) ?? (seen.has(ocppIdTag) ? 'is given twice' : undefined);
    if (problem) throw new InvalidAccessInputError(field, problem);
    seen.add(ocppIdTag);
    return { ocppIdTag, authorizationStatus: a.authorizationStatus, field };
  });
}

/** What a write needs to know of the listed tags: the stored access IDs, each checked to be free or ours. */
async function readListedTags(
  db: Db,
  organizationId: number,
  tags: ListedTag[],
  vehicleId?: number,
): Promise<Map<string, AccessIdItem>> {
  const stored = tags.length
    ? await batchGet(
        db.accessId,
        tags.map((t) => ({ organizationId, ocppIdTag: t.ocppIdTag })),
        true,
      )
    : [];
  const byTag = new Map(stored.map((a) => [a.ocppIdTag, a]));
  for (const tag of tags) {
    const owner = byTag.get(tag.ocppIdTag)?.vehicleId;
    if (owner !== undefined && owner !== vehicleId) throw new TagOfAnotherVehicleError(tag.ocppIdTag, owner, tag.field);
  }
  return byTag;
}

/** Transaction items attaching the listed tags to `vehicleId`: new ones created, free or own ones linked. */
function attachTags(
  e: TransactionEntities,
  context: { organizationId: number; vehicleId: number; name: string | undefined; customerName?: string; now: string },
  tags: ListedTag[],
  stored: Map<string, AccessIdItem>,
  firstNewId: number,
) {
  const { organizationId, vehicleId, now } = context;
  const fresh = tags.filter((t) => !stored.has(t.ocppIdTag));
  return {
    newAccessIds: fresh.map((t, i) =>
      e.accessId
        .create({
          organizationId,
          ocppIdTag: t.ocppIdTag,
          accessIdId: firstNewId + i,
          type: 'Vehicle',
          name: context.name ?? t.ocppIdTag,
          authorizationStatus: t.authorizationStatus ?? 'Authorized',
          authorizedAt: now,
          revokedAt: t.authorizationStatus === 'Revoked' ? now : undefined,
          vehicleId,
          customerName: context.customerName,
          createdAt: now,
          updatedAt: now,
        })
        .commit(),
    ),
    linkedAccessIds: tags
      .filter((t) => stored.has(t.ocppIdTag))
      .map((t) => {
        const current = stored.get(t.ocppIdTag)!;
        const change = { vehicleId, updatedAt: now, ...statusChange(current, t.authorizationStatus, now) };
        const patch =
          t.authorizationStatus === 'Authorized' && current.authorizationStatus === 'Revoked'
            ? e.accessId.patch({ organizationId, ocppIdTag: t.ocppIdTag }).set(change).remove(['revokedAt'])
            : e.accessId.patch({ organizationId, ocppIdTag: t.ocppIdTag }).set(change);
        return patch
          .where(({ vehicleId: owner }, { notExists, eq }) => `${notExists(owner)} OR ${eq(owner, vehicleId)}`)
          .commit();
      }),
  };
}

/** Throws the refusal a failed transaction item stands for, or asks for another attempt. */
function refuseOrRetry(outcome: TransactionOutcome, values: { name?: string; vin?: string }): void {
  if (outcome.ok) return;
  if (outcome.failed('name')) throw new VehicleNameTakenError(values.name!);
  if (outcome.failed('vin')) throw new VinTakenError(values.vin!);
  throw new RetryableError(`vehicle write lost a race on ${outcome.failedLabels.join(', ')}`);
}

/**
 * `POST /api/vehicles`: creates a vehicle; the given access IDs are associated with it (an existing
 * free tag is linked, a new one is created as a `Vehicle` access ID named after the vehicle), all
 * in one transaction.
 * @throws InvalidAccessInputError (a bad or repeated tag, too many); VehicleNameTakenError;
 *   VinTakenError; TagOfAnotherVehicleError; BusyError when concurrent writes keep winning
 */
export async function createVehicle(db: Db, organizationId: number, input: VehicleInput): Promise<Vehicle> {
  checkCapacity(input.batteryCapacityKwh);
  const tags = listedTags(input.accessIds ?? []);
  const name = input.name ?? undefined;
  const vin = input.vin ? normalizeVin(input.vin) : undefined;
  const vehicleId = await retryRaces(async () => {
    const [customer, stored] = await Promise.all([
      input.customer ? customerRef(db, organizationId, input.customer.name) : undefined,
      readListedTags(db, organizationId, tags),
    ]);
    const now = new Date().toISOString();
    const fresh = tags.filter((t) => !stored.has(t.ocppIdTag)).length;
    const counts = { vehicle: 1, accessId: fresh, customer: customerIdsNeeded(customer) };
    const { outcome, ids } = await transactWithIds(db, counts, (ids, e) => ({
      vehicle: e.vehicle
        .create({
          organizationId,
          vehicleId: ids.vehicle,
          name,
          make: input.make ?? undefined,
          model: input.model ?? undefined,
          vin,
          licensePlate: input.licensePlate ?? undefined,
          batteryCapacityKwh: input.batteryCapacityKwh ?? undefined,
          hasTelematics: false,
          customerName: customer?.name,
          accessIdTags: tags.length ? tags.map((t) => t.ocppIdTag) : undefined,
          version: 1,
          createdAt: now,
          updatedAt: now,
        })
        .commit(),
      name:
        name !== undefined &&
        claimUnique(e, VEHICLE_CONSTRAINTS.name(organizationId), vehicleNameKey(name), ids.vehicle),
      vin: vin !== undefined && claimUnique(e, VEHICLE_CONSTRAINTS.vin(organizationId), vin, ids.vehicle),
      customer: createCustomer(e, customer, ids.customer),
      ...attachTags(
        e,
        { organizationId, vehicleId: ids.vehicle, name, customerName: customer?.name, now },
        tags,
        stored,
        ids.accessId ?? 0,
      ),
    }));
    refuseOrRetry(outcome, { name, vin });
    return ids.vehicle;
  }, 'Access IDs or customers kept changing while the vehicle was created; retry');
  return readVehicle(db, organizationId, vehicleId);
}

/** The attribute changes of a PATCH: only the fields it names (`null` deletes). */
function namedChanges(input: VehicleInput, customer: CustomerRef | undefined, now: string) {
  const set: Record<string, unknown> = { updatedAt: now };
  const remove: string[] = [];
  for (const key of ['name', 'make', 'model', 'licensePlate', 'batteryCapacityKwh'] as const) {
    if (input[key] === null) remove.push(key);
    else if (input[key] !== undefined) set[key] = input[key];
  }
  if (input.vin === null) remove.push('vin');
  else if (input.vin !== undefined) set.vin = normalizeVin(input.vin);
  if (input.customer === null) remove.push('customerName');
  else if (customer) set.customerName = customer.name;
  return { set, remove };
}

/**
 * `PATCH /api/vehicles/{id}`: given fields change, `null` deletes an optional one, omitted ones
 * stay (and are not written, so a concurrent PATCH of another field is kept). `accessIds` replaces
 * the associated set: tags no longer listed are detached (kept, without the vehicle), new ones
 * linked or created. A telematics vehicle's VIN cannot be changed here (only given, when it has none).
 * @throws VehicleNotFoundError; VehicleNameTakenError; VinTakenError; TagOfAnotherVehicleError;
 *   InvalidAccessInputError (a telematics VIN, a bad tag); BusyError when concurrent writes keep winning
 */
export async function updateVehicle(
  db: Db,
  organizationId: number,
  vehicleId: number,
  input: VehicleInput,
): Promise<Vehicle> {
  checkCapacity(input.batteryCapacityKwh);
  const tags = input.accessIds ? listedTags(input.accessIds) : undefined;
  await retryRaces(async () => {
    const current = await getVehicle(db, organizationId, vehicleId, true);
    if (!current) throw new VehicleNotFoundError(vehicleId);
    const newVin = input.vin === undefined ? current.vin : input.vin === null ? undefined : normalizeVin(input.vin);
    // A telematics vehicle without a VIN (its readings pushed by ID) may be given one.
    if (current.hasTelematics && changesSetVin(current, newVin))
      throw new InvalidAccessInputError(
        'vin',
        'set by telematics',
        'The VIN of a vehicle with telematics comes from telematics',
      );
    const [customer, stored] = await Promise.all([
      input.customer ? customerRef(db, organizationId, input.customer.name) : undefined,
      tags ? readListedTags(db, organizationId, tags, vehicleId) : new Map<string, AccessIdItem>(),
    ]);
    const now = new Date().toISOString();
    const { set, remove } = namedChanges(input, customer, now);
    if (tags) {
      if (tags.length) set.accessIdTags = tags.map((t) => t.ocppIdTag);
      else remove.push('accessIdTags');
    }
    const detached = tags ? [...(current.accessIdTags ?? [])].filter((t) => !tags.some((x) => x.ocppIdTag === t)) : [];
    // Vehicle, 4 markers, customer, counter and the listed tags; the rest of the room detaches.
    const room = MAX_TRANSACTION_ITEMS - 7 - (tags?.length ?? 0);
    const fresh = (tags ?? []).filter((t) => !stored.has(t.ocppIdTag)).length;
    const newName = input.name === undefined ? current.name : (input.name ?? undefined);
    const { outcome } = await transactWithIds(
      db,
      { accessId: fresh, customer: customerIdsNeeded(customer) },
      (ids, e) => ({
        vehicle: e.vehicle
          .patch({ organizationId, vehicleId })
          .set(set as never)
          .remove(remove as never)
          .add({ version: 1 })
          .where(unchangedSince(current, newVin))
          .commit(),
        ...markerChanges(e, current, { name: newName, vin: newVin }),
        customer: createCustomer(e, customer, ids.customer),
        ...attachTags(e, { organizationId, vehicleId, name: newName, now }, tags ?? [], stored, ids.accessId ?? 0),
        detached: detached.slice(0, room).map((tag) => detachTag(e, organizationId, tag, vehicleId)),
      }),
    );
    refuseOrRetry(outcome, { name: newName, vin: newVin });
    await detachRest(db, organizationId, vehicleId, detached.slice(room));
  }, 'The vehicle kept changing through concurrent requests; retry');
  return readVehicle(db, organizationId, vehicleId);
}

/** Transaction items moving a vehicle's name and VIN markers when they change (`name`, `vin` labels claim). */
function markerChanges(e: TransactionEntities, current: VehicleItem, next: { name?: string; vin?: string }) {
  const { organizationId, vehicleId } = current;
  const nameChanges = (current.name && vehicleNameKey(current.name)) !== (next.name && vehicleNameKey(next.name));
  const vinChanges = current.vin !== next.vin;
  const names = VEHICLE_CONSTRAINTS.name(organizationId);
  const vins = VEHICLE_CONSTRAINTS.vin(organizationId);
  return {
    name: nameChanges && next.name !== undefined && claimUnique(e, names, vehicleNameKey(next.name), vehicleId),
    oldName:
      nameChanges && current.name !== undefined && releaseUnique(e, names, vehicleNameKey(current.name), vehicleId),
    vin: vinChanges && next.vin !== undefined && claimUnique(e, vins, next.vin, vehicleId),
    oldVin: vinChanges && current.vin !== undefined && releaseUnique(e, vins, current.vin, vehicleId),
  };
}

/** A transaction item detaching a tag from a vehicle, only while it is still attached to it. */
function detachTag(e: TransactionEntities, organizationId: number, ocppIdTag: string, vehicleId: number) {
  return e.accessId
    .update({ organizationId, ocppIdTag })
    .remove(['vehicleId'])
    .where(({ vehicleId: owner }, { eq }) => eq(owner, vehicleId))
    .commit();
}

/**
 * Detaches tags that did not fit the PATCH's transaction (a vehicle that gathered many tags through
 * the batch), in further transactions of at most 100; each detach applies only while the tag is
 * still this vehicle's, so a repeat or a race changes nothing wrongly.
 */
async function detachRest(db: Db, organizationId: number, vehicleId: number, tags: string[]): Promise<void> {
  for (let offset = 0; offset < tags.length; offset += MAX_TRANSACTION_ITEMS) {
    const chunk = tags.slice(offset, offset + MAX_TRANSACTION_ITEMS);
    await transact(db, (e) => ({ detached: chunk.map((tag) => detachTag(e, organizationId, tag, vehicleId)) }));
  }
}

/**
 * The telematics stand-in (operator CLI): marks a vehicle as having telematics and sets the VIN it
 * reports; from then on submitted VINs are ignored (batch, §4.1 rule 4) or refused (PATCH).
 * @throws VehicleNotFoundError; VinTakenError when another vehicle has that VIN
 */
export async function setTelematics(
  db: Db,
  organizationId: number,
  vehicleId: number,
  vin: string | undefined,
): Promise<Vehicle> {
  await retryRaces(async () => {
    const current = await getVehicle(db, organizationId, vehicleId, true);
    if (!current) throw new VehicleNotFoundError(vehicleId, 'vehicleId');
    const newVin = vin === undefined ? current.vin : normalizeVin(vin);
    const outcome = await transact(db, (e) => ({
      vehicle: e.vehicle
        .patch({ organizationId, vehicleId })
        .set({ hasTelematics: true, ...(newVin ? { vin: newVin } : {}), updatedAt: new Date().toISOString() })
        .add({ version: 1 })
        .where(({ version }, { eq, notExists }) =>
          current.version === undefined ? notExists(version) : eq(version, current.version),
        )
        .commit(),
      ...markerChanges(e, current, { name: current.name, vin: newVin }),
    }));
    refuseOrRetry(outcome, { vin: newVin });
  }, 'The vehicle kept changing through concurrent requests; retry');
  return readVehicle(db, organizationId, vehicleId);
}
