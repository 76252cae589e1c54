/** The spec §2.1 and §2.2 shapes of access IDs and vehicles, built from the stored items. */
import type { AccessIdItem, AuthorizationStatus, VehicleItem } from './items';
import type { AccessIdType } from './id-tags';

/** Spec §2.1 embedded vehicle of an access ID; also a session's vehicle (§2.3). */
export interface EmbeddedVehicle {
  id: number;
  make: string | null;
  model: string | null;
  name: string | null;
  vin: string | null;
}

/** Spec §2.1 access ID (`customer` only on single-item answers). */
export interface AccessId {
  id: number;
  ocppIdTag: string;
  type: AccessIdType;
  name: string;
  authorizationStatus: AuthorizationStatus;
  authorizedAt: string;
  revokedAt: string | null;
  createdAt: string;
  updatedAt: string;
  vehicle: EmbeddedVehicle | null;
  customer?: { name: string } | null;
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
  accessIds: { id: number; ocppIdTag: string; authorizationStatus: AuthorizationStatus }[];
  /** Usable battery capacity set by the fleet, kWh, or null (docs/vehicle-state.md). */
  batteryCapacityKwh: number | null;
  /** Usable capacity learnt from its own sessions, kWh, or null. */
  learnedBatteryCapacityKwh: number | null;
  /** The latest telematics reading stored, or null when none was pushed. */
  telematics: VehicleTelematics | null;
}

/** A vehicle's latest telematics reading (docs/vehicle-state.md). */
export interface VehicleTelematics {
  /** %. */
  socPercent: number;
  /** Usable capacity, kWh, or null when no reading gave one. */
  batteryCapacityKwh: number | null;
  /** When the provider read it, ISO 8601 UTC. */
  timestamp: string;
  /** The provider (or adapter) that sent it. */
  source: string;
}

/** The telematics reading stored on a vehicle, or null. */
export function telematicsOf(item: VehicleItem): VehicleTelematics | null {
  if (item.telematicsReadAt === undefined || item.telematicsSocPercent === undefined) return null;
  return {
    socPercent: item.telematicsSocPercent,
    batteryCapacityKwh: item.telematicsBatteryCapacityKwh ?? null,
    timestamp: item.telematicsReadAt,
    source: item.telematicsSource ?? '',
  };
}

/** A vehicle as a session stores it (the port's session snapshot, the session record): absent = unknown. */
export interface StoredVehicleRef {
  id: number;
  make?: string;
  model?: string;
  name?: string;
  vin?: string;
}

/** Spec §2.1 embedded vehicle (absent fields null) from a session's stored vehicle or a stored vehicle. */
export function embeddedVehicle(vehicle: StoredVehicleRef): EmbeddedVehicle {
  return {
    id: vehicle.id,
    make: vehicle.make ?? null,
    model: vehicle.model ?? null,
    name: vehicle.name ?? null,
    vin: vehicle.vin ?? null,
  };
}

/** Spec §2.1 embedded vehicle from a stored vehicle. */
export function toEmbeddedVehicle(item: VehicleItem): EmbeddedVehicle {
  return embeddedVehicle({ ...item, id: item.vehicleId });
}

/** Spec §2.1 shape of a stored access ID; `customer` only when `withCustomer`. */
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

/**
 * Spec §2.2 vehicle from a stored vehicle and its access IDs (by tag). An access ID is listed only
 * if it points back to the vehicle, so a tag left in two vehicles' sets by older data shows once.
 */
export function toVehicle(item: VehicleItem, accessIdsByTag: ReadonlyMap<string, AccessIdItem>): Vehicle {
  return {
    id: item.vehicleId,
    name: item.name ?? null,
    make: item.make ?? null,
    model: item.model ?? null,
    vin: item.vin ?? null,
    licensePlate: item.licensePlate ?? null,
    hasTelematics: item.hasTelematics,
    customer: item.customerName ? { name: item.customerName } : null,
    accessIds: [...(item.accessIdTags ?? [])]
      .flatMap((tag) => {
        const accessId = accessIdsByTag.get(tag);
        return accessId && accessId.vehicleId === item.vehicleId ? [accessId] : [];
      })
      .map((a) => ({ id: a.accessIdId, ocppIdTag: a.ocppIdTag, authorizationStatus: a.authorizationStatus }))
      .sort((a, b) => a.id - b.id),
    batteryCapacityKwh: item.batteryCapacityKwh ?? null,
    learnedBatteryCapacityKwh: item.learnedBatteryCapacityKwh ?? null,
    telematics: telematicsOf(item),
  };
}
