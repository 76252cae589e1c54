/**
 * Vehicles (spec §2.2, §4.6): create, read, list, PATCH, the telematics stand-in, and
 * find-or-create by name for the access-ID batch (§4.1 rules 2–4).
 *
 * A vehicle's name (case-insensitive) and VIN are unique in its organization, enforced by
 * {@link uniqueValue} markers written in the same transaction as the vehicle. Its access IDs are
 * kept as the set of their normalised tags (`accessIdTags`) and read back with one BatchGet.
 */
import { createConversions, type EntityItem } from 'electrodb';
import type { Db } from '../db';
import { allocateIds } from '../db';
import { BadRequestError, ConflictError, NotFoundError } from '../api/errors';
import { exactPage, paginate, PAGE_SIZE, type Page } from '../db/pagination';
import { findOrCreateCustomer } from './customers';
import { idTagProblem, normalizeIdTag } from './id-tags';

/** A stored vehicle. */
export type VehicleItem = EntityItem<Db['vehicle']>;

/** Uniqueness constraints of vehicles within an organization. */
export const VEHICLE_CONSTRAINTS = {
  /** Name, compared case-insensitively (stored lower-cased in the marker). */
  name: (organizationId: number) => `vehicleName:${organizationId}`,
  /** VIN, compared case-insensitively. */
  vin: (organizationId: number) => `vehicleVin:${organizationId}`,
} as const;

/** Normalises a VIN for matching: trimmed, upper-cased. */
export function normalizeVin(vin: string): string {
  return vin.trim().toUpperCase();
}

/** The key of a vehicle name: trimmed, lower-cased. */
export function vehicleNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** Spec §2.2 vehicle. */
export interface Vehicle {
  id: number;
  name: string | null;
  make: string | null;
  model: string | null;
  vin: string | null;
  licensePlate: string | null;
  hasTelematics: boolean;
  customer: { name: string } | null;
  accessIds: { id: number; ocppIdTag: string; authorizationStatus: 'Authorized' | 'Revoked' }[];
}

/** Spec §2.1 embedded vehicle of an access ID / §2.3 session vehicle. */
export function toEmbeddedVehicle(item: VehicleItem): { id: number; make: string | null; model: string | null; name: string | null; vin: string | null } {
  return { id: item.vehicleId, make: item.make ?? null, model: item.model ?? null, name: item.name ?? null, vin: item.vin ?? null };
}

/** A vehicle of an organization by ID (one GetItem); undefined when unknown there. */
export async function getVehicle(db: Db, organizationId: number, vehicleId: number): Promise<VehicleItem | undefined> {
  const { data } = await db.vehicle.get({ organizationId, vehicleId }).go();
  return data ?? undefined;
}

/** The ID of the organization's vehicle with this VIN (case-insensitive; one GetItem), if any. */
export async function findVehicleIdByVin(db: Db, organizationId: number, vin: string): Promise<number | undefined> {
  const { data } = await db.uniqueValue.get({ constraint: VEHICLE_CONSTRAINTS.vin(organizationId), value: normalizeVin(vin) }).go();
  return data?.targetId;
}

/** Spec §2.2 shapes of stored vehicles, with their access IDs read in one BatchGet per 100 tags. */
export async function toVehicles(db: Db, items: VehicleItem[]): Promise<Vehicle[]> {
  const keys = items.flatMap((v) => [...(v.accessIdTags ?? [])].map((ocppIdTag) => ({ organizationId: v.organizationId, ocppIdTag })));
  const { data: accessIds } = keys.length ? await db.accessId.get(keys).go() : { data: [] };
  const byTag = new Map(accessIds.map((a) => [`${a.organizationId}/${a.ocppIdTag}`, a]));
  return items.map((v) => ({
    id: v.vehicleId,
    name: v.name ?? null,
    make: v.make ?? null,
    model: v.model ?? null,
    vin: v.vin ?? null,
    licensePlate: v.licensePlate ?? null,
    hasTelematics: v.hasTelematics,
    customer: v.customerName ? { name: v.customerName } : null,
    accessIds: [...(v.accessIdTags ?? [])]
      .map((tag) => byTag.get(`${v.organizationId}/${tag}`))
      .filter((a) => a !== undefined && a.vehicleId === v.vehicleId)
      .map((a) => ({ id: a!.accessIdId, ocppIdTag: a!.ocppIdTag, authorizationStatus: a!.authorizationStatus }))
      .sort((a, b) => a.id - b.id),
  }));
}

/**
 * `GET /api/vehicles/{id}`.
 * @throws NotFoundError (404) when the vehicle is not in the organization
 */
export async function readVehicle(db: Db, organizationId: number, vehicleId: number): Promise<Vehicle> {
  const item = await getVehicle(db, organizationId, vehicleId);
  if (!item) throw new NotFoundError(`Vehicle ${vehicleId} not found`);
  return (await toVehicles(db, [item]))[0]!;
}

/** `GET /api/vehicles`: one page (by ID) of the organization's vehicles. */
export async function listVehicles(db: Db, organizationId: number, cursor: string | undefined): Promise<Page<Vehicle>> {
  const page = await paginate({ list: 'vehicles', organizationId }, cursor, PAGE_SIZE, async (inner, limit) => {
    const { data } = await db.vehicle.query.primary({ organizationId }).go({ cursor: inner, limit: limit + 1 });
    return exactPage(data, limit, (last) => createConversions(db.vehicle).byAccessPattern.primary.fromComposite.toCursor(last));
  });
  return { data: await toVehicles(db, page.data), pagination: page.pagination };
}

/** The vehicle fields of spec §4.6 create/update bodies (reference notes "Vehicles"). */
export interface VehicleInput {
  name?: string | null;
  make?: string | null;
  model?: string | null;
  vin?: string | null;
  licensePlate?: string | null;
  customer?: { name: string } | null;
  accessIds?: { ocppIdTag: string; authorizationStatus?: 'Authorized' | 'Revoked' }[];
}

/** Normalises and checks the tags of `accessIds`, naming the offending item. */
function normalizedTags(accessIds: NonNullable<VehicleInput['accessIds']>): { ocppIdTag: string; authorizationStatus?: 'Authorized' | 'Revoked' }[] {
  const seen = new Set<string>();
  return accessIds.map((a, i) => {
    const ocppIdTag = normalizeIdTag(a.ocppIdTag);
    const problem = idTagProblem(ocppIdTag) ?? (seen.has(ocppIdTag) ? 'is given twice' : undefined);
    if (problem) throw new BadRequestError(`Invalid body.vehicle.accessIds.${i}.ocppIdTag`, [{ path: `body.vehicle.accessIds.${i}.ocppIdTag`, message: problem }]);
    seen.add(ocppIdTag);
    return { ...a, ocppIdTag };
  });
}

function conflictOf(kind: 'name' | 'vin', value: string): ConflictError {
  return new ConflictError(`A vehicle with ${kind} ${JSON.stringify(value)} already exists in this organization`, [{ path: `body.vehicle.${kind}`, message: 'already used' }]);
}

/**
 * `POST /api/vehicles`: creates a vehicle; the given access IDs are associated with it (an existing
 * tag is linked, a new one is created as a `Vehicle` access ID named after the vehicle), all in one
 * transaction.
 * @throws ConflictError (409) when the name or VIN is taken; BadRequestError (400) for a bad tag
 */
export async function createVehicle(db: Db, organizationId: number, input: VehicleInput): Promise<Vehicle> {
  const tags = normalizedTags(input.accessIds ?? []);
  const [vehicleId, customerName, existing] = await Promise.all([
    allocateIds(db, 'vehicle'),
    input.customer ? findOrCreateCustomer(db, organizationId, input.customer.name) : undefined,
    tags.length ? db.accessId.get(tags.map((t) => ({ organizationId, ocppIdTag: t.ocppIdTag }))).go() : { data: [] },
  ]);
  const existingByTag = new Map(existing.data.map((a) => [a.ocppIdTag, a]));
  const newTags = tags.filter((t) => !existingByTag.has(t.ocppIdTag));
  const firstAccessId = newTags.length ? await allocateIds(db, 'accessId', newTags.length) : 0;
  const now = new Date().toISOString();
  const vehicle = {
    organizationId,
    vehicleId,
    name: input.name ?? undefined,
    make: input.make ?? undefined,
    model: input.model ?? undefined,
    vin: input.vin ? normalizeVin(input.vin) : undefined,
    licensePlate: input.licensePlate ?? undefined,
    hasTelematics: false,
    customerName,
    accessIdTags: tags.length ? tags.map((t) => t.ocppIdTag) : undefined,
    createdAt: now,
    updatedAt: now,
  };
  const result = await db.service.transaction
    .write(({ vehicle: v, uniqueValue, accessId }) => [
      v.create(vehicle).commit(),
      ...(vehicle.name ? [uniqueValue.create({ constraint: VEHICLE_CONSTRAINTS.name(organizationId), value: vehicleNameKey(vehicle.name), targetId: vehicleId }).commit()] : []),
      ...(vehicle.vin ? [uniqueValue.create({ constraint: VEHICLE_CONSTRAINTS.vin(organizationId), value: vehicle.vin, targetId: vehicleId }).commit()] : []),
      ...newTags.map((t, i) =>
        accessId
          .create({
            organizationId,
            ocppIdTag: t.ocppIdTag,
            accessIdId: firstAccessId + i,
            type: 'Vehicle',
            name: vehicle.name ?? t.ocppIdTag,
            authorizationStatus: t.authorizationStatus ?? 'Authorized',
            authorizedAt: now,
            revokedAt: t.authorizationStatus === 'Revoked' ? now : undefined,
            vehicleId,
            customerName,
            createdAt: now,
            updatedAt: now,
          })
          .commit(),
      ),
      ...tags
        .filter((t) => existingByTag.has(t.ocppIdTag))
        .map((t) =>
          accessId
            .patch({ organizationId, ocppIdTag: t.ocppIdTag })
            .set({ vehicleId, updatedAt: now, ...statusChange(existingByTag.get(t.ocppIdTag)!, t.authorizationStatus, now) })
            .commit(),
        ),
    ])
    .go();
  if (result.canceled) {
    const rejected = new Set(result.data.map((r, i) => (r.rejected ? i : -1)));
    if (vehicle.name && rejected.has(1)) throw conflictOf('name', vehicle.name);
    if (vehicle.vin) throw conflictOf('vin', vehicle.vin);
    throw new ConflictError('An access ID changed while the vehicle was created; retry');
  }
  return readVehicle(db, organizationId, vehicleId);
}

/**
 * Spec §3.1 transitions for a new status: Revoked sets `revokedAt`; Authorized sets `authorizedAt`
 * and clears `revokedAt`. No change → nothing.
 */
export function statusChange(
  current: { authorizationStatus: 'Authorized' | 'Revoked' },
  next: 'Authorized' | 'Revoked' | undefined,
  now: string,
): { authorizationStatus?: 'Authorized' | 'Revoked'; authorizedAt?: string; revokedAt?: string } {
  if (!next || next === current.authorizationStatus) return {};
  return next === 'Revoked' ? { authorizationStatus: 'Revoked', revokedAt: now } : { authorizationStatus: 'Authorized', authorizedAt: now };
}

/**
 * `PATCH /api/vehicles/{id}`: given fields change, `null` deletes an optional one, omitted ones stay.
 * `accessIds` replaces the associated set (tags no longer listed are detached, new ones linked or
 * created). A telematics vehicle's VIN cannot be changed here.
 * @throws NotFoundError (404); ConflictError (409) name/VIN taken; BadRequestError (400)
 */
export async function updateVehicle(db: Db, organizationId: number, vehicleId: number, input: VehicleInput): Promise<Vehicle> {
  const current = await getVehicle(db, organizationId, vehicleId);
  if (!current) throw new NotFoundError(`Vehicle ${vehicleId} not found`);
  if (current.hasTelematics && input.vin !== undefined && (input.vin === null ? undefined : normalizeVin(input.vin)) !== current.vin) {
    throw new BadRequestError('The VIN of a vehicle with telematics comes from telematics', [{ path: 'body.vehicle.vin', message: 'set by telematics' }]);
  }
  const now = new Date().toISOString();
  const set: Record<string, unknown> = { updatedAt: now };
  const remove: string[] = [];
  for (const key of ['name', 'make', 'model', 'licensePlate'] as const) {
    if (input[key] === null) remove.push(key);
    else if (input[key] !== undefined) set[key] = input[key];
  }
  const newVin = input.vin === undefined ? current.vin : input.vin === null ? undefined : normalizeVin(input.vin);
  if (input.vin === null) remove.push('vin');
  else if (newVin !== undefined) set.vin = newVin;
  if (input.customer === null) remove.push('customerName');
  else if (input.customer) set.customerName = await findOrCreateCustomer(db, organizationId, input.customer.name);

  const oldName = current.name;
  const newName = input.name === undefined ? oldName : (input.name ?? undefined);
  const nameChanges = (oldName && vehicleNameKey(oldName)) !== (newName && vehicleNameKey(newName));
  const vinChanges = current.vin !== newVin;
  const tags = input.accessIds ? normalizedTags(input.accessIds) : undefined;
  const currentTags = new Set(current.accessIdTags ?? []);
  const { data: listed } = tags?.length ? await db.accessId.get(tags.map((t) => ({ organizationId, ocppIdTag: t.ocppIdTag }))).go() : { data: [] };
  const listedByTag = new Map(listed.map((a) => [a.ocppIdTag, a]));
  const newTags = (tags ?? []).filter((t) => !listedByTag.has(t.ocppIdTag));
  const firstAccessId = newTags.length ? await allocateIds(db, 'accessId', newTags.length) : 0;
  const detached = tags ? [...currentTags].filter((t) => !tags.some((x) => x.ocppIdTag === t)) : [];
  if (tags) {
    if (tags.length) set.accessIdTags = tags.map((t) => t.ocppIdTag);
    else remove.push('accessIdTags');
  }
  const nameConstraint = VEHICLE_CONSTRAINTS.name(organizationId);
  const vinConstraint = VEHICLE_CONSTRAINTS.vin(organizationId);
  const result = await db.service.transaction
    .write(({ vehicle, uniqueValue, accessId }) => [
      vehicle.patch({ organizationId, vehicleId }).set(set).remove(remove as never).commit(),
      ...(nameChanges && newName ? [uniqueValue.create({ constraint: nameConstraint, value: vehicleNameKey(newName), targetId: vehicleId }).commit()] : []),
      ...(nameChanges && oldName ? [uniqueValue.delete({ constraint: nameConstraint, value: vehicleNameKey(oldName) }).commit()] : []),
      ...(vinChanges && newVin ? [uniqueValue.create({ constraint: vinConstraint, value: newVin, targetId: vehicleId }).commit()] : []),
      ...(vinChanges && current.vin ? [uniqueValue.delete({ constraint: vinConstraint, value: current.vin }).commit()] : []),
      ...newTags.map((t, i) =>
        accessId
          .create({
            organizationId, ocppIdTag: t.ocppIdTag, accessIdId: firstAccessId + i, type: 'Vehicle', name: newName ?? t.ocppIdTag,
            authorizationStatus: t.authorizationStatus ?? 'Authorized', authorizedAt: now,
            revokedAt: t.authorizationStatus === 'Revoked' ? now : undefined, vehicleId, createdAt: now, updatedAt: now,
          })
          .commit(),
      ),
      ...(tags ?? [])
        .filter((t) => listedByTag.has(t.ocppIdTag))
        .map((t) => accessId.patch({ organizationId, ocppIdTag: t.ocppIdTag }).set({ vehicleId, updatedAt: now, ...statusChange(listedByTag.get(t.ocppIdTag)!, t.authorizationStatus, now) }).commit()),
      ...detached.map((tag) => accessId.update({ organizationId, ocppIdTag: tag }).remove(['vehicleId']).commit()),
    ])
    .go();
  if (result.canceled) {
    if (nameChanges && newName && (result.data as { rejected: boolean }[])[1]?.rejected) throw conflictOf('name', newName);
    if (vinChanges && newVin) throw conflictOf('vin', newVin);
    throw new ConflictError('The vehicle changed meanwhile; retry');
  }
  return readVehicle(db, organizationId, vehicleId);
}

/**
 * The telematics stand-in (operator CLI): marks a vehicle as having telematics and sets the VIN it
 * reports; from then on submitted VINs are ignored (batch, §4.1 rule 4) or refused (PATCH).
 * @throws NotFoundError; ConflictError when another vehicle has that VIN
 */
export async function setTelematics(db: Db, organizationId: number, vehicleId: number, vin: string | undefined): Promise<Vehicle> {
  const current = await getVehicle(db, organizationId, vehicleId);
  if (!current) throw new NotFoundError(`Vehicle ${vehicleId} not found in organization ${organizationId}`);
  const newVin = vin === undefined ? current.vin : normalizeVin(vin);
  const constraint = VEHICLE_CONSTRAINTS.vin(organizationId);
  const vinChanges = newVin !== current.vin;
  const result = await db.service.transaction
    .write(({ vehicle, uniqueValue }) => [
      vehicle.patch({ organizationId, vehicleId }).set({ hasTelematics: true, ...(newVin ? { vin: newVin } : {}), updatedAt: new Date().toISOString() }).commit(),
      ...(vinChanges && newVin ? [uniqueValue.create({ constraint, value: newVin, targetId: vehicleId }).commit()] : []),
      ...(vinChanges && current.vin ? [uniqueValue.delete({ constraint, value: current.vin }).commit()] : []),
    ])
    .go();
  if (result.canceled) throw conflictOf('vin', newVin!);
  return readVehicle(db, organizationId, vehicleId);
}
