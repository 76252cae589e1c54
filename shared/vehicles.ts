/**
 * Vehicles (spec §2.2, §4.6).
 */
import type { EntityItem } from 'electrodb';
import type { Db } from './db';

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
