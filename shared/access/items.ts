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

/**
 * A transaction item that only bumps a vehicle's `version` (with the tag-set change a caller adds
 * on top), so that a concurrent write conditioned on the version it read sees the change.
 */
export function touchVehicle(e: TransactionEntities, organizationId: number, vehicleId: number) {
  return e.vehicle.update({ organizationId, vehicleId }).add({ version: 1 });
}
