/** Entities of the table: Departure plans and kept past departures. */
import { Entity } from 'electrodb';
import { optionalString, optionalNumber, timestamp, SERVICE, type EntityConfiguration } from './common';

/**
 * The future departures of one owner (a vehicle, or a VIN no vehicle has yet) as its last
 * synchronisation set them (spec §4.2), as ONE item: a synchronisation replaces the whole set
 * with one conditional write on `version`, so two overlapping ones end with one of the two sets,
 * never a mix (see `shared/departures/store.ts`). Entries whose time has passed are past
 * departures; the next synchronisation moves them to {@link departure} items. `owner` is
 * `vehicle:<id>` or `vin:<VIN>`.
 */
const departurePlanSchema = {
  model: { entity: 'departurePlan', version: '1', service: SERVICE },
  attributes: {
    organizationId: { type: 'number', required: true },
    owner: { type: 'string', required: true },
    vehicleId: optionalNumber,
    vehicleVin: optionalString,
    /** Incremented by every synchronisation; the condition of the next one. */
    version: { type: 'number', required: true },
    syncedAt: timestamp,
    departures: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          departureId: { type: 'number', required: true },
          /** UTC ISO 8601. */
          departureTime: { type: 'string', required: true },
          shiftName: optionalString,
          routeName: optionalString,
          /** %, 0–100. */
          targetSoc: { type: 'number', required: true },
        },
      },
    },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['organizationId', 'owner'], casing: 'none' },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const;

/**
 * A past departure kept after its plan moved on (spec §4.2: "past departures already stored are
 * left unchanged"), by owner and time, in the partition of its owner's {@link departurePlan}.
 */
const departureSchema = {
  model: { entity: 'departure', version: '1', service: SERVICE },
  attributes: {
    organizationId: { type: 'number', required: true },
    owner: { type: 'string', required: true },
    departureId: { type: 'number', required: true },
    /** UTC ISO 8601. */
    departureTime: { type: 'string', required: true },
    vehicleId: optionalNumber,
    vehicleVin: optionalString,
    shiftName: optionalString,
    routeName: optionalString,
    /** %, 0–100. */
    targetSoc: { type: 'number', required: true },
    /** When the synchronisation that created it ran. */
    syncedAt: timestamp,
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['organizationId', 'owner'], casing: 'none' },
      sk: { field: 'sk', composite: ['departureTime', 'departureId'], casing: 'none' },
    },
  },
} as const;

/** Builds the departures entities bound to one client and table. */
export function departureEntities(config: EntityConfiguration) {
  return {
    departurePlan: new Entity(departurePlanSchema, config),
    departure: new Entity(departureSchema, config),
  };
}
