/**
 * Access IDs (spec §2.1, §3.1, §4.1): RFID cards and vehicle identifiers that chargers send as
 * idTags. Create, read, list and PATCH; the batch upsert is in `./batch/`.
 *
 * The item key is (organization, normalised ocppIdTag) (`./id-tags.ts`), so the tag is unique per
 * organization by construction; a create is conditional (409 on a duplicate) and writes its
 * vehicle, markers and customer in the same transaction (a refusal changes nothing).
 */
import { createConversions } from 'electrodb';
import { batchGet, claimUnique, retryRaces, RetryableError, transactWithIds, type Db } from '../db';
import { exactPage, paginate, PAGE_SIZE, type Page } from '../db/pagination';
import { prefixField, DomainError } from '../errors';
import { createCustomer, customerIdsNeeded, customerRef } from './customers';
import {
  AccessIdNotFoundError,
  InvalidAccessInputError,
  TagTakenError,
  VehicleNameTakenError,
  VehicleNotFoundError,
  VinTakenError,
} from './errors';
import { type AccessIdType, normalizeTypedIdTag, typedIdTagProblem } from './id-tags';
import {
  VEHICLE_CONSTRAINTS,
  normalizeVin,
  statusChange,
  touchVehicle,
  vehicleNameKey,
  type AccessIdItem,
  type AuthorizationStatus,
  type VehicleItem,
} from './items';
import { updateVehicle } from './vehicle-writes';
import { getVehicle } from './vehicles';
import { toAccessId, type AccessId } from './views';

export type { AccessIdItem } from './items';
export { toAccessId, type AccessId } from './views';

/** The vehicles of some access IDs, by ID (one BatchGet per 100). */
async function vehiclesOf(db: Db, items: AccessIdItem[]): Promise<Map<number, VehicleItem>> {
  const ids = [...new Set(items.map((a) => a.vehicleId).filter((id): id is number => id !== undefined))];
  if (!ids.length) return new Map();
  const vehicles = await batchGet(
    db.vehicle,
    ids.map((vehicleId) => ({ organizationId: items[0]!.organizationId, vehicleId })),
  );
  return new Map(vehicles.map((v) => [v.vehicleId, v]));
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
 * @throws AccessIdNotFoundError when not in the organization
 */
export async function readAccessId(db: Db, organizationId: number, accessIdId: number): Promise<AccessId> {
  const item = await findById(db, organizationId, accessIdId);
  if (!item) throw new AccessIdNotFoundError(accessIdId);
  return toAccessId(
    item,
    item.vehicleId === undefined ? undefined : await getVehicle(db, organizationId, item.vehicleId),
    true,
  );
}

/** `GET /api/access-ids`: one page by ID, items without `customer`. */
export async function listAccessIds(
  db: Db,
  organizationId: number,
  cursor: string | undefined,
): Promise<Page<AccessId>> {
  const page = await paginate({ list: 'accessIds', organizationId }, cursor, PAGE_SIZE, async (inner, limit) => {
    const { data } = await db.accessId.query.byOrganization({ organizationId }).go({ cursor: inner, limit: limit + 1 });
    return exactPage(data, limit, (last) =>
      createConversions(db.accessId).byAccessPattern.byOrganization.fromComposite.toCursor(last),
    );
  });
  const vehicles = await vehiclesOf(db, page.data);
  return {
    data: page.data.map((a) => toAccessId(a, a.vehicleId === undefined ? undefined : vehicles.get(a.vehicleId), false)),
    pagination: page.pagination,
  };
}

/** `POST /api/access-ids` body, `accessId` member (spec §4.1). */
export interface CreateAccessIdInput {
  type: AccessIdType;
  name: string;
  ocppIdTag: string;
  authorizationStatus?: AuthorizationStatus;
  vehicle?: { make: string; model: string; vin: string };
  vehicleId?: number;
  customer?: { name: string };
}

/**
 * Normalises a submitted tag.
 * @throws InvalidAccessInputError naming `field`
 */
export function normalizedTag(tag: string, field = 'ocppIdTag', type: AccessIdType = 'RFID'): string {
  const normalized = normalizeTypedIdTag(tag, type);
  const problem = typedIdTagProblem(normalized, type);
  if (problem) throw new InvalidAccessInputError(field, problem);
  return normalized;
}

/** @throws InvalidAccessInputError when `vehicle`/`vehicleId` break the §4.1 rules */
function checkVehicleFields(input: CreateAccessIdInput): void {
  if (input.type !== 'Vehicle' && (input.vehicle || input.vehicleId !== undefined)) {
    throw new InvalidAccessInputError(
      input.vehicle ? 'vehicle' : 'vehicleId',
      'only with type Vehicle',
      'vehicle and vehicleId are only allowed with type Vehicle',
    );
  }
  if (input.vehicle && input.vehicleId !== undefined) {
    throw new InvalidAccessInputError(
      'vehicleId',
      'not together with vehicle',
      'Give either vehicle (to create one) or vehicleId (to link one), not both',
    );
  }
}

/** What a new access ID and its vehicle share: the normalised tag and VIN, the customer and the time. */
interface NewItemNames {
  ocppIdTag: string;
  vin: string | undefined;
  customerName: string | undefined;
  /** ISO 8601 UTC. */
  now: string;
}

/** The vehicle an access ID creates (`vehicle` given on a Vehicle access ID). */
function newVehicleItem(
  organizationId: number,
  vehicleId: number,
  input: { name: string; vehicle: NonNullable<CreateAccessIdInput['vehicle']> },
  names: NewItemNames,
): VehicleItem {
  return {
    organizationId,
    vehicleId,
    name: input.name,
    make: input.vehicle.make,
    model: input.vehicle.model,
    vin: names.vin,
    hasTelematics: false,
    customerName: names.customerName,
    accessIdTags: [names.ocppIdTag],
    version: 1,
    createdAt: names.now,
    updatedAt: names.now,
  };
}

/** A new access ID item, Authorized unless the input says otherwise. */
function newAccessIdItem(
  organizationId: number,
  accessIdId: number,
  input: CreateAccessIdInput,
  names: NewItemNames,
  vehicleId: number | undefined,
): AccessIdItem {
  const status = input.authorizationStatus ?? 'Authorized';
  return {
    organizationId,
    ocppIdTag: names.ocppIdTag,
    accessIdId,
    type: input.type,
    name: input.name,
    authorizationStatus: status,
    authorizedAt: names.now,
    revokedAt: status === 'Revoked' ? names.now : undefined,
    vehicleId,
    customerName: names.customerName,
    createdAt: names.now,
    updatedAt: names.now,
  };
}

/**
 * `POST /api/access-ids`: `vehicle` creates a vehicle named after the access ID, `vehicleId` links
 * an existing one (both only for type Vehicle, never together); the customer is found or created.
 * @throws InvalidAccessInputError; VehicleNotFoundError (`vehicleId`); TagTakenError;
 *   VehicleNameTakenError; VinTakenError; BusyError when concurrent writes keep winning
 */
export async function createAccessId(db: Db, organizationId: number, input: CreateAccessIdInput): Promise<AccessId> {
  const ocppIdTag = normalizedTag(input.ocppIdTag, 'ocppIdTag', input.type);
  checkVehicleFields(input);
  const vin = input.vehicle?.vin ? normalizeVin(input.vehicle.vin) : undefined;
  const { item, vehicle } = await retryRaces(async () => {
    const [linked, customer] = await Promise.all([
      input.vehicleId === undefined ? undefined : getVehicle(db, organizationId, input.vehicleId, true),
      input.customer ? customerRef(db, organizationId, input.customer.name) : undefined,
    ]);
    if (input.vehicleId !== undefined && !linked) throw new VehicleNotFoundError(input.vehicleId, 'vehicleId');
    const now = new Date().toISOString();
    let item: AccessIdItem | undefined;
    let created: VehicleItem | undefined;
    const counts = { accessId: 1, vehicle: input.vehicle ? 1 : 0, customer: customerIdsNeeded(customer) };
    const { outcome } = await transactWithIds(db, counts, (ids, e) => {
      const names = { ocppIdTag, vin, customerName: customer?.name, now };
      created =
        input.vehicle &&
        newVehicleItem(organizationId, ids.vehicle, { name: input.name, vehicle: input.vehicle }, names);
      item = newAccessIdItem(organizationId, ids.accessId, input, names, input.vehicleId ?? created?.vehicleId);
      return {
        accessId: e.accessId.create(item).commit(),
        vehicle: created && e.vehicle.create(created).commit(),
        name:
          created &&
          claimUnique(e, VEHICLE_CONSTRAINTS.name(organizationId), vehicleNameKey(input.name), created.vehicleId),
        vin:
          created &&
          vin !== undefined &&
          claimUnique(e, VEHICLE_CONSTRAINTS.vin(organizationId), vin, created.vehicleId),
        linkedVehicle:
          linked &&
          touchVehicle(e, organizationId, linked.vehicleId)
            .add({ accessIdTags: [ocppIdTag] })
            .commit(),
        customer: createCustomer(e, customer, ids.customer),
      };
    });
    if (outcome.failed('accessId')) throw new TagTakenError(ocppIdTag);
    if (outcome.failed('name')) throw new VehicleNameTakenError(input.name, 'name', '; link it with vehicleId');
    if (outcome.failed('vin')) throw new VinTakenError(vin!, 'vehicle.vin');
    if (!outcome.ok) throw new RetryableError(`access ID create lost a race on ${outcome.failedLabels.join(', ')}`);
    return { item: item!, vehicle: created ?? linked };
  }, 'Customers or vehicles kept changing while the access ID was created; retry');
  return toAccessId(item, vehicle, true);
}

/** `PATCH /api/access-ids/{id}` body, `accessId` member (spec §4.1): `null` deletes an optional value. */
export interface PatchAccessIdInput {
  name?: string;
  authorizationStatus?: AuthorizationStatus;
  vehicle?: { make?: string | null; model?: string | null; vin?: string | null } | null;
  customer?: { name: string } | null;
}

/**
 * `PATCH /api/access-ids/{id}`: name, status (§3.1 transitions), the linked vehicle's details
 * (a Vehicle access ID without a vehicle gets one, named after it; `null` detaches it), customer.
 * @throws AccessIdNotFoundError; InvalidAccessInputError (vehicle on an RFID access ID);
 *   VehicleNameTakenError; VinTakenError (`vehicle.vin`)
 */
export async function patchAccessId(
  db: Db,
  organizationId: number,
  accessIdId: number,
  input: PatchAccessIdInput,
): Promise<AccessId> {
  const current = await findById(db, organizationId, accessIdId);
  if (!current) throw new AccessIdNotFoundError(accessIdId);
  if (input.vehicle && current.type !== 'Vehicle') {
    throw new InvalidAccessInputError(
      'vehicle',
      'only with type Vehicle',
      'vehicle is only allowed on access IDs of type Vehicle',
    );
  }
  await retryRaces(async () => {
    const customer = input.customer ? await customerRef(db, organizationId, input.customer.name) : undefined;
    const now = new Date().toISOString();
    const set: Record<string, unknown> = { updatedAt: now, ...statusChange(current, input.authorizationStatus, now) };
    const remove: string[] = [];
    if (input.name !== undefined) set.name = input.name;
    if (input.customer === null) remove.push('customerName');
    else if (customer) set.customerName = customer.name;
    if (input.authorizationStatus === 'Authorized' && current.authorizationStatus === 'Revoked')
      remove.push('revokedAt');
    const detaches = input.vehicle === null && current.vehicleId !== undefined;
    if (detaches) remove.push('vehicleId');
    const key = { organizationId, ocppIdTag: current.ocppIdTag };
    const { outcome } = await transactWithIds(db, { customer: customerIdsNeeded(customer) }, (ids, e) => ({
      accessId: e.accessId
        .patch(key)
        .set(set as never)
        .remove(remove as never)
        .commit(),
      vehicle:
        detaches &&
        touchVehicle(e, organizationId, current.vehicleId!)
          .delete({ accessIdTags: [current.ocppIdTag] })
          .commit(),
      customer: createCustomer(e, customer, ids.customer),
    }));
    if (!outcome.ok) throw new RetryableError(`access ID patch lost a race on ${outcome.failedLabels.join(', ')}`);
  }, 'The access ID kept changing through concurrent requests; retry');
  if (input.vehicle) await applyVehicleDetails(db, current, input.name ?? current.name, input.vehicle);
  return readAccessId(db, organizationId, accessIdId);
}

/**
 * Applies a PATCH's `vehicle` details to the access ID's vehicle (the VIN is ignored when the
 * vehicle has telematics); a Vehicle access ID without a vehicle first gets the organization's
 * vehicle of its name, created when none exists.
 */
async function applyVehicleDetails(
  db: Db,
  accessId: AccessIdItem,
  name: string,
  details: NonNullable<PatchAccessIdInput['vehicle']>,
): Promise<void> {
  const { organizationId } = accessId;
  const vehicleId = accessId.vehicleId ?? (await attachVehicleByName(db, accessId, name));
  const vehicle = await getVehicle(db, organizationId, vehicleId, true);
  if (!vehicle) return;
  const { vin, ...rest } = details;
  try {
    await updateVehicle(db, organizationId, vehicleId, { ...rest, ...(vehicle.hasTelematics ? {} : { vin }) });
  } catch (error) {
    throw error instanceof DomainError ? prefixField(error, 'vehicle') : error;
  }
}

/**
 * Attaches an access ID to the organization's vehicle named `name` (case-insensitive), created
 * with its name marker when none exists.
 * @returns the vehicle's ID
 */
async function attachVehicleByName(db: Db, accessId: AccessIdItem, name: string): Promise<number> {
  const { organizationId, ocppIdTag } = accessId;
  const constraint = VEHICLE_CONSTRAINTS.name(organizationId);
  return retryRaces(async () => {
    const { data: marker } = await db.uniqueValue
      .get({ constraint, value: vehicleNameKey(name) })
      .go({ consistent: true });
    const now = new Date().toISOString();
    const { outcome, ids } = await transactWithIds(db, { vehicle: marker ? 0 : 1 }, (ids, e) => {
      const vehicleId = marker?.targetId ?? ids.vehicle;
      return {
        vehicle: marker
          ? touchVehicle(e, organizationId, vehicleId)
              .add({ accessIdTags: [ocppIdTag] })
              .commit()
          : e.vehicle
              .create({
                organizationId,
                vehicleId,
                name,
                hasTelematics: false,
                accessIdTags: [ocppIdTag],
                version: 1,
                createdAt: now,
                updatedAt: now,
              })
              .commit(),
        name: !marker && claimUnique(e, constraint, vehicleNameKey(name), vehicleId),
        accessId: e.accessId
          .patch({ organizationId, ocppIdTag })
          .set({ vehicleId, updatedAt: now })
          .where(({ vehicleId: owner }, { notExists }) => notExists(owner))
          .commit(),
      };
    });
    if (!outcome.ok) throw new RetryableError(`vehicle attach lost a race on ${outcome.failedLabels.join(', ')}`);
    return marker?.targetId ?? ids.vehicle;
  }, 'The vehicle kept changing through concurrent requests; retry');
}

/** One entry of the batch answer, in request order. */
export type BatchResult =
  | { ocppIdTag: string; outcome: 'created' | 'updated'; accessId: AccessId }
  | { ocppIdTag: string; outcome: 'error'; error: string };
