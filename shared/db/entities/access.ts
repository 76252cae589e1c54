/** Entities of the table: Vehicles, access IDs and customers. */
import { Entity } from 'electrodb';
import { optionalString, optionalNumber, timestamp, SERVICE, type EntityConfiguration } from './common';

/**
 * A vehicle (spec §2.2), listed per organization by ID. Its name (case-insensitive) and VIN are
 * unique in the organization through {@link uniqueValue} markers (`vehicleName:<org>`,
 * `vehicleVin:<org>`).
 */
const vehicleSchema = {
  model: { entity: 'vehicle', version: '1', service: SERVICE },
  attributes: {
    organizationId: { type: 'number', required: true },
    vehicleId: { type: 'number', required: true },
    name: optionalString,
    make: optionalString,
    model: optionalString,
    vin: optionalString,
    licensePlate: optionalString,
    /** Set by a telematics integration (the operator CLI stands in for it); its VIN wins over submitted ones. */
    hasTelematics: { type: 'boolean', required: true, default: false },
    customerName: optionalString,
    /** Usable battery capacity set by the fleet (API, CLI, console), kWh: wins over every other source. */
    batteryCapacityKwh: optionalNumber,
    /**
     * The latest telematics reading pushed through the API (docs/vehicle-state.md): SoC, %; usable
     * capacity, kWh (kept from an earlier reading when a later one omits it); when it was read (ISO
     * 8601 UTC, compared as text: an older reading is ignored); the provider that sent it.
     */
    telematicsSocPercent: optionalNumber,
    telematicsBatteryCapacityKwh: optionalNumber,
    telematicsReadAt: optionalString,
    telematicsSource: optionalString,
    /** Usable capacity learnt from its own sessions (energy against the charger's SoC rise), kWh, and the session's end (ISO 8601). */
    learnedBatteryCapacityKwh: optionalNumber,
    learnedBatteryCapacityAt: optionalString,
    /** Normalised ocppIdTags of the access IDs attached to this vehicle (read back with one BatchGet). */
    accessIdTags: { type: 'set', items: 'string' },
    /**
     * Incremented by the writes of the vehicle's own fields and tag set: its creation, a PATCH, the
     * access-ID batch, attaching or detaching a tag, the CLI's telematics stand-in. Not by a pushed
     * telematics reading or a learnt battery capacity, which set only their own attributes. Writes
     * that depend on what they read (uniqueness markers, the tag set) are conditioned on it
     * (optimistic concurrency); one that changes the VIN also on `hasTelematics`, which a first
     * reading sets. Unset on vehicles written before it existed.
     */
    version: optionalNumber,
    createdAt: timestamp,
    updatedAt: timestamp,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['organizationId'] }, sk: { field: 'sk', composite: ['vehicleId'] } },
  },
} as const;

/**
 * An access ID (spec §2.1): keyed by its normalised ocppIdTag within the organization, so the
 * tag is unique by construction and a charger's Authorize is one GetItem. Found by numeric ID on
 * gsi1, listed per organization by ID on gsi2.
 */
const accessIdSchema = {
  model: { entity: 'accessId', version: '1', service: SERVICE },
  attributes: {
    organizationId: { type: 'number', required: true },
    ocppIdTag: { type: 'string', required: true },
    accessIdId: { type: 'number', required: true },
    type: { type: ['RFID', 'Vehicle', 'eMAID'] as const, required: true },
    name: { type: 'string', required: true },
    authorizationStatus: { type: ['Authorized', 'Revoked'] as const, required: true },
    authorizedAt: timestamp,
    revokedAt: optionalString,
    vehicleId: optionalNumber,
    customerName: optionalString,
    createdAt: timestamp,
    updatedAt: timestamp,
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['organizationId', 'ocppIdTag'], casing: 'none' },
      sk: { field: 'sk', composite: [] },
    },
    byId: { index: 'gsi1', pk: { field: 'gsi1pk', composite: ['accessIdId'] }, sk: { field: 'gsi1sk', composite: [] } },
    byOrganization: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['organizationId'] },
      sk: { field: 'gsi2sk', composite: ['accessIdId'] },
    },
  },
} as const;

/**
 * A customer (spec §2.1): identified by name within the organization, case-insensitively (`nameKey`
 * is lower-cased). `customerId` (numeric, from the `customer` counter) is found on gsi1; customers
 * created before IDs existed have none (the index is sparse).
 */
const customerSchema = {
  model: { entity: 'customer', version: '1', service: SERVICE },
  attributes: {
    organizationId: { type: 'number', required: true },
    nameKey: { type: 'string', required: true },
    name: { type: 'string', required: true },
    customerId: optionalNumber,
    createdAt: timestamp,
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['organizationId'] },
      sk: { field: 'sk', composite: ['nameKey'], casing: 'none' },
    },
    byId: {
      index: 'gsi1',
      condition: (attributes: Record<string, unknown>) => attributes.customerId !== undefined,
      pk: { field: 'gsi1pk', composite: ['customerId'] },
      sk: { field: 'gsi1sk', composite: [] },
    },
  },
} as const;

/** Builds the access entities bound to one client and table. */
export function accessEntities(config: EntityConfiguration) {
  return {
    vehicle: new Entity(vehicleSchema, config),
    accessId: new Entity(accessIdSchema, config),
    customer: new Entity(customerSchema, config),
  };
}
