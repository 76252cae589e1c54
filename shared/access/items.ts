/**
 * Stored items of the access context and the rules every module of it shares: the leaf of
 * `access/` (no module here imports another in a circle).
 */
import type { EntityItem } from 'electrodb';
import type { Db } from '../db';
import type { TransactionEntities } from '../db';

/** A stored access ID, keyed by (organization, normalised ocppIdTag). */
export type AccessIdItem = EntityItem<Db['accessId']>;
/** A stored vehicle. */
export type VehicleItem = EntityItem<Db['vehicle']>;
/** A stored customer, keyed by (organization, lower-cased name). */
export type CustomerItem = EntityItem<Db['customer']>;

/** Authorization status of an access ID (spec §3.1). */
export type AuthorizationStatus = 'Authorized' | 'Revoked';

/**
 * Most access IDs one vehicle request may name (POST/PATCH `/api/vehicles`): all of them, plus the
 * vehicle, its name and VIN markers and the ID counters, fit one DynamoDB transaction (100 items)
 * with room to detach as many.
 */
export const MAX_ACCESS_IDS_PER_VEHICLE_REQUEST = 40;

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

/** The key of a customer name: trimmed, lower-cased. */
export function customerKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * Spec §3.1 transitions for a new status: Revoked sets `revokedAt`; Authorized sets `authorizedAt`
 * (and the caller clears `revokedAt`). No change → nothing.
 */
export function statusChange(
  current: { authorizationStatus: AuthorizationStatus },
  next: AuthorizationStatus | undefined,
  now: string,
): { authorizationStatus?: AuthorizationStatus; authorizedAt?: string; revokedAt?: string } {
  if (!next || next === current.authorizationStatus) return {};
  return next === 'Revoked'
    ? { authorizationStatus: 'Revoked', revokedAt: now }
    : { authorizationStatus: 'Authorized', authorizedAt: now };
}

/** The `where` callback of a vehicle's update in a transaction: its attributes and operations. */
type VehicleWhere = Parameters<ReturnType<ReturnType<TransactionEntities['vehicle']['update']>['set']>['where']>[0];

/**
 * The condition of a vehicle's write that depends on the vehicle as read (`current`): its `version`
 * unchanged, and, when the write changes or removes the VIN it has ({@link changesSetVin}),
 * `hasTelematics` still unset or false. A telematics vehicle keeps its VIN (spec §4.1 rule 4), and a
 * first reading sets `hasTelematics` without bumping the version: the write then fails as a lost
 * race, and the retry reads the flag.
 */
export function unchangedSince(current: VehicleItem, nextVin: string | undefined): VehicleWhere {
  return ({ version, hasTelematics }, { eq, notExists }) => {
    const unchanged = current.version === undefined ? notExists(version) : eq(version, current.version);
    return changesSetVin(current, nextVin)
      ? `${unchanged} AND (${notExists(hasTelematics)} OR ${eq(hasTelematics, false)})`
      : unchanged;
  };
}

/** Whether a write changes or removes the VIN a vehicle has (giving one to a vehicle without is not). */
export function changesSetVin(current: VehicleItem, next: string | undefined): boolean {
  return current.vin !== undefined && next !== current.vin;
}

/**
 * A transaction item that only bumps a vehicle's `version` (with the tag-set change a caller adds
 * on top), so that a concurrent write conditioned on the version it read sees the change.
 */
export function touchVehicle(e: TransactionEntities, organizationId: number, vehicleId: number) {
  return e.vehicle.update({ organizationId, vehicleId }).add({ version: 1 });
}
