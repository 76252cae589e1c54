/**
 * Access IDs (spec §2.1, §3.1, §4.1): RFID cards and vehicle identifiers that chargers send as
 * idTags. Create, read, list, PATCH and the batch upsert.
 *
 * The item key is (organization, normalised ocppIdTag) (`shared/id-tags.ts`), so the tag is unique
 * per organization by construction; a single create is conditional (409 on a duplicate).
 */
import { createConversions, type EntityItem } from 'electrodb';
import type { Db } from '../db';
import { allocateIds } from '../db';
import { BadRequestError, ConflictError, NotFoundError } from '../api/errors';
import { exactPage, paginate, PAGE_SIZE, type Page } from '../db/pagination';
import { findOrCreateCustomer } from './customers';
import { idTagProblem, normalizeIdTag } from './id-tags';
import {
  VEHICLE_CONSTRAINTS,
  getVehicle,
  normalizeVin,
  statusChange,
  toEmbeddedVehicle,
  vehicleNameKey,
  type VehicleItem,
} from './vehicles';

/** A stored access ID. */
export type AccessIdItem = EntityItem<Db['accessId']>;


/** Spec §2.1 access ID (`customer` only on single-item answers). */
export interface AccessId {
  id: number;
  ocppIdTag: string;
  type: 'RFID' | 'Vehicle';
  name: string;
  authorizationStatus: 'Authorized' | 'Revoked';
  authorizedAt: string;
  revokedAt: string | null;
  createdAt: string;
  updatedAt: string;
  vehicle: ReturnType<typeof toEmbeddedVehicle> | null;
  customer?: { name: string } | null;
}

/** Spec §2.1 shape of a stored access ID. */
export function toAccessId(item: AccessIdItem, vehicle: VehicleItem | undefined, withCustomer: boolean): AccessId {
  return {
    id: item.accessIdId,
    ocppIdTag: item.ocppIdTag,
    type: item.type,
    name: item.name,
    authorizationStatus: item.authorizationStatus,
    authorizedAt: item.authorizedAt,
    revokedAt: item.authorizationStatus === 'Revoked' ? (item.revokedAt ?? null) : null,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    vehicle: vehicle ? toEmbeddedVehicle(vehicle) : null,
    ...(withCustomer ? { customer: item.customerName ? { name: item.customerName } : null } : {}),
  };
}

/** The vehicles of some access IDs, by ID (one BatchGet per 100). */
async function vehiclesOf(db: Db, items: AccessIdItem[]): Promise<Map<number, VehicleItem>> {
  const ids = [...new Set(items.map((a) => a.vehicleId).filter((id): id is number => id !== undefined))];
  if (!ids.length) return new Map();
  const { data } = await db.vehicle.get(ids.map((vehicleId) => ({ organizationId: items[0]!.organizationId, vehicleId }))).go();
  return new Map(data.map((v) => [v.vehicleId, v]));
}

/** The access ID with a numeric ID in an organization (gsi1 Query); undefined when unknown there. */
async function findById(db: Db, organizationId: number, accessIdId: number): Promise<AccessIdItem | undefined> {
  const { data } = await db.accessId.query.byId({ accessIdId }).go();
  const item = data[0];
  if (!item || item.organizationId !== organizationId) return undefined;
  const { data: fresh } = await db.accessId.get({ organizationId, ocppIdTag: item.ocppIdTag }).go({ consistent: true });
  return fresh ?? undefined;
}

/**
 * `GET /api/access-ids/{id}` with `customer`.
 * @throws NotFoundError (404) when not in the organization
 */
export async function readAccessId(db: Db, organizationId: number, accessIdId: number): Promise<AccessId> {
  const item = await findById(db, organizationId, accessIdId);
  if (!item) throw new NotFoundError(`Access ID ${accessIdId} not found`);
  return toAccessId(item, item.vehicleId === undefined ? undefined : await getVehicle(db, organizationId, item.vehicleId), true);
}

/** `GET /api/access-ids`: one page by ID, items without `customer`. */
export async function listAccessIds(db: Db, organizationId: number, cursor: string | undefined): Promise<Page<AccessId>> {
  const page = await paginate({ list: 'accessIds', organizationId }, cursor, PAGE_SIZE, async (inner, limit) => {
    const { data } = await db.accessId.query.byOrganization({ organizationId }).go({ cursor: inner, limit: limit + 1 });
    return exactPage(data, limit, (last) => createConversions(db.accessId).byAccessPattern.byOrganization.fromComposite.toCursor(last));
  });
  const vehicles = await vehiclesOf(db, page.data);
  return { data: page.data.map((a) => toAccessId(a, a.vehicleId === undefined ? undefined : vehicles.get(a.vehicleId), false)), pagination: page.pagination };
}

/** `POST /api/access-ids` body, `accessId` member (spec §4.1). */
export interface CreateAccessIdInput {
  type: 'RFID' | 'Vehicle';
  name: string;
  ocppIdTag: string;
  authorizationStatus?: 'Authorized' | 'Revoked';
  vehicle?: { make: string; model: string; vin: string };
  vehicleId?: number;
  customer?: { name: string };
}

/** Normalises a submitted tag. @throws BadRequestError naming `path` */
function normalizedTag(tag: string, path: string): string {
  const normalized = normalizeIdTag(tag);
  const problem = idTagProblem(normalized);
  if (problem) throw new BadRequestError(`Invalid ${path}`, [{ path, message: problem }]);
  return normalized;
}

/**
 * `POST /api/access-ids`: `vehicle` creates a vehicle named after the access ID, `vehicleId` links
 * an existing one (both only for type Vehicle, never together); the customer is found or created.
 * @throws BadRequestError (400); NotFoundError (404) unknown vehicleId; ConflictError (409) duplicate tag or vehicle name/VIN
 */
export async function createAccessId(db: Db, organizationId: number, input: CreateAccessIdInput): Promise<AccessId> {
  const ocppIdTag = normalizedTag(input.ocppIdTag, 'body.accessId.ocppIdTag');
  if (input.type !== 'Vehicle' && (input.vehicle || input.vehicleId !== undefined)) {
    throw new BadRequestError('vehicle and vehicleId are only allowed with type Vehicle', [{ path: input.vehicle ? 'body.accessId.vehicle' : 'body.accessId.vehicleId', message: 'only with type Vehicle' }]);
  }
  if (input.vehicle && input.vehicleId !== undefined) {
    throw new BadRequestError('Give either vehicle (to create one) or vehicleId (to link one), not both', [{ path: 'body.accessId.vehicleId', message: 'not together with vehicle' }]);
  }
  const linked = input.vehicleId === undefined ? undefined : await getVehicle(db, organizationId, input.vehicleId);
  if (input.vehicleId !== undefined && !linked) throw new NotFoundError(`Vehicle ${input.vehicleId} not found`);
  const [accessIdId, customerName, newVehicleId] = await Promise.all([
    allocateIds(db, 'accessId'),
    input.customer ? findOrCreateCustomer(db, organizationId, input.customer.name) : undefined,
    input.vehicle ? allocateIds(db, 'vehicle') : undefined,
  ]);
  const vehicleId = input.vehicleId ?? newVehicleId;
  const now = new Date().toISOString();
  const status = input.authorizationStatus ?? 'Authorized';
  const vin = input.vehicle?.vin ? normalizeVin(input.vehicle.vin) : undefined;
  const item: AccessIdItem = {
    organizationId, ocppIdTag, accessIdId, type: input.type, name: input.name, authorizationStatus: status,
    authorizedAt: now, revokedAt: status === 'Revoked' ? now : undefined, vehicleId, customerName, createdAt: now, updatedAt: now,
  };
  const newVehicle: VehicleItem | undefined = input.vehicle && {
    organizationId, vehicleId: newVehicleId!, name: input.name, make: input.vehicle.make, model: input.vehicle.model, vin,
    hasTelematics: false, customerName, accessIdTags: [ocppIdTag], createdAt: now, updatedAt: now,
  };
  const result = await db.service.transaction
    .write(({ accessId, vehicle, uniqueValue }) => [
      accessId.create(item).commit(),
      ...(newVehicle
        ? [
            vehicle.create(newVehicle).commit(),
            uniqueValue.create({ constraint: VEHICLE_CONSTRAINTS.name(organizationId), value: vehicleNameKey(input.name), targetId: newVehicleId! }).commit(),
            ...(vin ? [uniqueValue.create({ constraint: VEHICLE_CONSTRAINTS.vin(organizationId), value: vin, targetId: newVehicleId! }).commit()] : []),
          ]
        : []),
      ...(input.vehicleId !== undefined ? [vehicle.update({ organizationId, vehicleId: input.vehicleId }).add({ accessIdTags: [ocppIdTag] }).commit()] : []),
    ])
    .go();
  if (result.canceled) {
    const rejected = result.data.map((r) => r.rejected);
    if (rejected[0]) throw new ConflictError(`An access ID with ocppIdTag ${ocppIdTag} already exists`, [{ path: 'body.accessId.ocppIdTag', message: 'already exists (after normalisation)' }]);
    if (rejected[2]) throw new ConflictError(`A vehicle named ${JSON.stringify(input.name)} already exists; link it with vehicleId`, [{ path: 'body.accessId.name', message: 'vehicle name already used' }]);
    throw new ConflictError(`A vehicle with VIN ${vin} already exists`, [{ path: 'body.accessId.vehicle.vin', message: 'already used' }]);
  }
  return toAccessId(item, newVehicle ?? linked, true);
}

/** `PATCH /api/access-ids/{id}` body, `accessId` member (spec §4.1): `null` deletes an optional value. */
export interface PatchAccessIdInput {
  name?: string;
  authorizationStatus?: 'Authorized' | 'Revoked';
  vehicle?: { make?: string | null; model?: string | null; vin?: string | null } | null;
  customer?: { name: string } | null;
}

/**
 * `PATCH /api/access-ids/{id}`: name, status (§3.1 transitions), the linked vehicle's details
 * (a Vehicle access ID without a vehicle gets one, named after it; `null` detaches it), customer.
 * @throws NotFoundError (404); BadRequestError (400) vehicle on an RFID access ID; ConflictError (409)
 */
export async function patchAccessId(db: Db, organizationId: number, accessIdId: number, input: PatchAccessIdInput): Promise<AccessId> {
  const current = await findById(db, organizationId, accessIdId);
  if (!current) throw new NotFoundError(`Access ID ${accessIdId} not found`);
  if (input.vehicle && current.type !== 'Vehicle') {
    throw new BadRequestError('vehicle is only allowed on access IDs of type Vehicle', [{ path: 'body.accessId.vehicle', message: 'only with type Vehicle' }]);
  }
  const now = new Date().toISOString();
  const set: Record<string, unknown> = { updatedAt: now, ...statusChange(current, input.authorizationStatus, now) };
  const remove: string[] = [];
  if (input.name !== undefined) set.name = input.name;
  if (input.customer === null) remove.push('customerName');
  else if (input.customer) set.customerName = await findOrCreateCustomer(db, organizationId, input.customer.name);
  if (input.authorizationStatus === 'Authorized' && current.authorizationStatus === 'Revoked') remove.push('revokedAt');

  const key = { organizationId, ocppIdTag: current.ocppIdTag };
  if (input.vehicle === null && current.vehicleId !== undefined) {
    remove.push('vehicleId');
    await db.service.transaction
      .write(({ accessId, vehicle }) => [
        accessId.patch(key).set(set).remove(remove as never).commit(),
        vehicle.update({ organizationId, vehicleId: current.vehicleId! }).delete({ accessIdTags: [current.ocppIdTag] }).commit(),
      ])
      .go();
  } else if (input.vehicle) {
    const vehicleId = current.vehicleId ?? (await findOrCreateVehicleByName(db, organizationId, input.name ?? current.name, current.ocppIdTag, now));
    await applyVehicleDetails(db, { ...current, vehicleId }, input.vehicle, now);
    set.vehicleId = vehicleId;
    await db.accessId.patch(key).set(set).remove(remove as never).go();
  } else {
    await db.accessId.patch(key).set(set).remove(remove as never).go();
  }
  return readAccessId(db, organizationId, accessIdId);
}

/** Sets make/model/vin of an access ID's linked vehicle (VIN ignored when it has telematics). */
async function applyVehicleDetails(
  db: Db,
  accessId: AccessIdItem,
  details: { make?: string | null; model?: string | null; vin?: string | null },
  now: string,
): Promise<void> {
  if (accessId.vehicleId === undefined) return;
  const vehicle = await getVehicle(db, accessId.organizationId, accessId.vehicleId);
  if (!vehicle) return;
  const set: Record<string, unknown> = { updatedAt: now };
  const remove: string[] = [];
  for (const key of ['make', 'model'] as const) {
    if (details[key] === null) remove.push(key);
    else if (details[key] !== undefined) set[key] = details[key];
  }
  const vin = details.vin === undefined || vehicle.hasTelematics ? vehicle.vin : details.vin === null ? undefined : normalizeVin(details.vin);
  const constraint = VEHICLE_CONSTRAINTS.vin(accessId.organizationId);
  if (vin !== vehicle.vin) {
    if (vin) set.vin = vin;
    else remove.push('vin');
  }
  const result = await db.service.transaction
    .write(({ vehicle: v, uniqueValue }) => [
      v.patch({ organizationId: accessId.organizationId, vehicleId: vehicle.vehicleId }).set(set).remove(remove as never).commit(),
      ...(vin !== vehicle.vin && vin ? [uniqueValue.create({ constraint, value: vin, targetId: vehicle.vehicleId }).commit()] : []),
      ...(vin !== vehicle.vin && vehicle.vin ? [uniqueValue.delete({ constraint, value: vehicle.vin }).commit()] : []),
    ])
    .go();
  if (result.canceled) throw new ConflictError(`A vehicle with VIN ${vin} already exists`, [{ path: 'body.accessId.vehicle.vin', message: 'already used' }]);
}

/** The ID of the organization's vehicle with this name (case-insensitive), created (with `tag` attached) when none exists. */
async function findOrCreateVehicleByName(db: Db, organizationId: number, name: string, tag: string, now: string): Promise<number> {
  const constraint = VEHICLE_CONSTRAINTS.name(organizationId);
  const { data: marker } = await db.uniqueValue.get({ constraint, value: vehicleNameKey(name) }).go();
  if (marker) {
    await db.vehicle.update({ organizationId, vehicleId: marker.targetId }).add({ accessIdTags: [tag] }).go();
    return marker.targetId;
  }
  const vehicleId = await allocateIds(db, 'vehicle');
  const result = await db.service.transaction
    .write(({ vehicle, uniqueValue }) => [
      vehicle.create({ organizationId, vehicleId, name, hasTelematics: false, accessIdTags: [tag], createdAt: now, updatedAt: now }).commit(),
      uniqueValue.create({ constraint, value: vehicleNameKey(name), targetId: vehicleId }).commit(),
    ])
    .go();
  if (result.canceled) return findOrCreateVehicleByName(db, organizationId, name, tag, now);
  return vehicleId;
}

/** One entry of the batch answer, in request order. */
export type BatchResult =
  | { ocppIdTag: string; outcome: 'created' | 'updated'; accessId: AccessId }
  | { ocppIdTag: string; outcome: 'error'; error: string };
