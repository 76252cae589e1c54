/**
 * The `vehicles` route group (spec §2.2, §4.6; reference notes "Vehicles"): the vehicle's bodies and
 * answers, and the routes.
 */
import * as z from 'zod';
import type * as domain from '../../access';
import {
  MAX_ACCESS_IDS_PER_VEHICLE_REQUEST,
  MAX_BATTERY_CAPACITY_KWH,
  MAX_CLOCK_SKEW_MS,
  MAX_STATE_BATCH_VEHICLES,
  type VehicleStateBatchEntry,
} from '../../access';
import {
  AuthorizationStatus,
  conformsTo,
  CustomerInput,
  departureTimeSchema,
  exactlyOneVehicle,
  Pagination,
  paginationQuery,
  parseVehicleBatchItem,
  RawOcppIdTag,
  text,
  vehicleId,
  vehicleVin,
} from './common';
import { defineRoutes, idPath } from './define';

/** A vehicle's latest telematics reading. */
export const VehicleTelematics = conformsTo<domain.VehicleTelematics>()(
  z
    .object({
      socPercent: z.number(),
      batteryCapacityKwh: z.number().nullable().meta({ description: 'Usable capacity, kWh, when a reading gave one' }),
      timestamp: z.string().meta({ format: 'date-time', description: 'When the provider read it, UTC' }),
      source: z.string(),
    })
    .meta({ id: 'VehicleTelematics' }),
);

/** Spec §2.2 vehicle. */
export const Vehicle = z
  .object({
    id: z.number().int(),
    name: z.string().nullable(),
    make: z.string().nullable(),
    model: z.string().nullable(),
    vin: z.string().nullable(),
    licensePlate: z.string().nullable(),
    hasTelematics: z.boolean(),
    customer: z.object({ name: z.string() }).nullable(),
    accessIds: z.array(
      z.object({ id: z.number().int(), ocppIdTag: z.string(), authorizationStatus: AuthorizationStatus }),
    ),
    batteryCapacityKwh: z
      .number()
      .nullable()
      .meta({ description: 'Usable battery capacity set on the vehicle, kWh (docs/vehicle-state.md)' }),
    learnedBatteryCapacityKwh: z
      .number()
      .nullable()
      .meta({ description: "Usable capacity learnt from the vehicle's own sessions, kWh" }),
    telematics: VehicleTelematics.nullable().meta({
      description: 'The latest telematics reading stored (POST /api/vehicles/state), or null',
    }),
  })
  .meta({ id: 'Vehicle' });

/** A usable battery capacity in a body, kWh. */
const batteryCapacityKwh = z
  .number({ error: 'must be a number' })
  .positive('must be above 0')
  .max(MAX_BATTERY_CAPACITY_KWH, `must be at most ${MAX_BATTERY_CAPACITY_KWH} kWh`);

const vehicleFields = {
  name: text().nullable().optional(),
  make: text(100).nullable().optional(),
  model: text(100).nullable().optional(),
  vin: text(17).nullable().optional(),
  licensePlate: text(20).nullable().optional(),
  customer: CustomerInput.nullable().optional(),
  batteryCapacityKwh: batteryCapacityKwh
    .nullable()
    .optional()
    .meta({
      description: `Usable battery capacity, kWh (above 0, at most ${MAX_BATTERY_CAPACITY_KWH}): wins over telematics and what the sessions taught; null removes it`,
    }),
  accessIds: z
    .array(z.strictObject({ ocppIdTag: RawOcppIdTag, authorizationStatus: AuthorizationStatus.optional() }))
    .max(MAX_ACCESS_IDS_PER_VEHICLE_REQUEST, `must have at most ${MAX_ACCESS_IDS_PER_VEHICLE_REQUEST} items`)
    .optional()
    .meta({
      description: `At most ${MAX_ACCESS_IDS_PER_VEHICLE_REQUEST} (one request is one DynamoDB transaction). A tag attached to another vehicle is a 409 naming it: one tag, one vehicle.`,
    }),
};
/** `POST /api/vehicles` body (reference notes: no inner field required). */
export const CreateVehicleBody = z.strictObject({ vehicle: z.strictObject(vehicleFields) });
/** `PATCH /api/vehicles/{id}` body: `null` deletes an optional field; `accessIds` replaces the associated set. */
export const PatchVehicleBody = z.strictObject({ vehicle: z.strictObject(vehicleFields) });
/** `{ vehicle }` answer. */
export const VehicleResponse = z.object({ vehicle: Vehicle });
/** `GET /api/vehicles` answer. */
export const VehicleListResponse = z.object({ data: z.array(Vehicle), pagination: Pagination });

/** `POST /api/vehicles/state` body, and one item of the batch. */
export const VehicleStateBody = z
  .strictObject({
    vehicleId: vehicleId.nullable().optional().meta({
      description: "The service's vehicle ID. Exactly one of vehicleId and vehicleVin; an unknown vehicle is a 400.",
    }),
    vehicleVin: vehicleVin.nullable().optional().meta({ description: 'Matched case-insensitively' }),
    socPercent: z
      .number({ error: 'must be a number' })
      .min(0, 'must be between 0 and 100')
      .max(100, 'must be between 0 and 100')
      .meta({ description: 'State of charge, %, 0–100' }),
    batteryCapacityKwh: batteryCapacityKwh.optional().meta({
      description: `Usable battery capacity, kWh (above 0, at most ${MAX_BATTERY_CAPACITY_KWH}); omitted keeps the one an earlier reading gave`,
    }),
    timestamp: departureTimeSchema.meta({
      description: `When the provider read the vehicle: ISO 8601 with a UTC offset, at most ${MAX_CLOCK_SKEW_MS / 60_000} minutes ahead of the server's clock and at most a year old`,
    }),
    source: text(64).meta({ description: 'The telematics provider (or adapter) sending it, e.g. its name' }),
  })
  .superRefine(exactlyOneVehicle)
  .meta({ id: 'VehicleStateRequest' });

/** `POST /api/vehicles/state` answer. */
export const VehicleStateResponse = conformsTo<domain.VehicleStateResult>()(
  z
    .object({
      vehicleId: z.number().int(),
      outcome: z.enum(['stored', 'ignored']).meta({
        description: 'stored; ignored: not newer than the reading stored (nothing changed, not an error)',
      }),
      telematics: VehicleTelematics.meta({ description: 'The reading stored now' }),
    })
    .meta({ id: 'VehicleStateResult' }),
);

/** One batch item: validated on its own (a bad item fails only its own result). */
const VehicleStateBatchItem = z.unknown().meta({
  type: 'object',
  allOf: [{ $ref: '#/components/schemas/VehicleStateRequest' }],
  description: 'Same rules as the single-vehicle body; an invalid item is reported in its own result',
});

/** `POST /api/vehicles/state/batch` body. */
export const VehicleStateBatchBody = z
  .strictObject({
    vehicles: z
      .array(VehicleStateBatchItem, { error: 'must be an array of vehicle states' })
      .max(MAX_STATE_BATCH_VEHICLES, `must contain at most ${MAX_STATE_BATCH_VEHICLES} vehicles`)
      .meta({ description: `At most ${MAX_STATE_BATCH_VEHICLES} readings, each processed on its own` }),
  })
  .meta({ id: 'VehicleStateBatchRequest' });

/** `POST /api/vehicles/state/batch` answer. */
export const VehicleStateBatchResponse = z
  .object({
    results: z.array(
      conformsTo<domain.VehicleStateBatchResult>()(
        z
          .object({
            vehicleId: z.number().int().nullable(),
            vehicleVin: z.string().nullable(),
            outcome: z.enum(['stored', 'ignored', 'error']),
            telematics: VehicleTelematics.optional().meta({ description: 'Unless outcome is error' }),
            error: z.string().optional().meta({ description: 'When outcome is error: the fields and why' }),
          })
          .meta({ id: 'VehicleStateBatchResult' }),
      ),
    ),
  })
  .meta({ id: 'VehicleStateBatchResponse' });

/** Validates one raw batch item against the single-vehicle body (`Invalid body.vehicles.2.socPercent: …`). */
export function parseVehicleStateBatchItem(item: unknown, index: number): VehicleStateBatchEntry {
  return parseVehicleBatchItem(VehicleStateBody, item, `body.vehicles.${index}`);
}

const STATE_RULES =
  'Exactly one of vehicleId and vehicleVin (an unknown vehicle is a 400 naming it); socPercent 0–100; batteryCapacityKwh above 0 and at most 1000; timestamp with a UTC offset, at most 5 minutes ahead and at most a year old; source 1–64 characters. A reading not newer than the one stored is answered ignored (nothing changes). A time ahead of the server clock is stored as the server time. A stored reading sets hasTelematics; the site where the vehicle charges is planned again when the reading changes what the vehicle was planned with (a SoC at most 30 minutes old where the plan had none or more than 3 points from the one it expects, a different known capacity), not when it repeats it (docs/vehicle-state.md).';

/** The routes, in the order the OpenAPI document lists them. */
export const vehicleRoutes = defineRoutes('vehicles', {
  'GET /api/vehicles': {
    summary: 'List vehicles',
    description: 'Spec §4.6. 100 per page, by ID, with customer and access IDs.',
    tags: ['Vehicles'],
    request: { queryStringParameters: paginationQuery },
    responses: { 200: { description: 'One page', schema: VehicleListResponse } },
  },
  'GET /api/vehicles/{id}': {
    summary: 'Get a vehicle',
    tags: ['Vehicles'],
    request: { pathParameters: idPath },
    responses: { 200: { description: 'The vehicle', schema: VehicleResponse } },
  },
  'POST /api/vehicles': {
    fieldRoot: 'body.vehicle',
    summary: 'Create a vehicle, optionally with access IDs',
    description:
      'Spec §4.6. 201; 409 when the name (case-insensitive) or VIN is taken. Listed access IDs are linked (existing tag) or created as Vehicle access IDs.',
    tags: ['Vehicles'],
    request: { body: CreateVehicleBody },
    responses: { 201: { description: 'Created', schema: VehicleResponse } },
  },
  'PATCH /api/vehicles/{id}': {
    fieldRoot: 'body.vehicle',
    summary: 'Update a vehicle',
    description:
      'Spec §4.6: null deletes an optional field, omitted ones stay; accessIds replaces the associated set; the VIN of a telematics vehicle cannot change (400).',
    tags: ['Vehicles'],
    request: { pathParameters: idPath, body: PatchVehicleBody },
    responses: { 200: { description: 'Updated', schema: VehicleResponse } },
  },
  'POST /api/vehicles/state': {
    role: 'operator',
    summary: "Push a vehicle's telematics state",
    description: `Ours (the contract's hasTelematics). ${STATE_RULES} Role operator: a telematics adapter's key needs no more.`,
    tags: ['Vehicles'],
    request: { body: VehicleStateBody },
    responses: { 200: { description: 'Stored, or ignored as older', schema: VehicleStateResponse } },
  },
  'POST /api/vehicles/state/batch': {
    role: 'operator',
    summary: 'Push the telematics state of several vehicles',
    description: `Ours. Body { vehicles: [...] }, at most ${MAX_STATE_BATCH_VEHICLES} (more: a 400 naming body.vehicles). Each item follows the single-vehicle rules and is validated and stored on its own: a bad item or an unknown vehicle becomes an error result naming its fields and never fails the others. Results in input order; two readings of one vehicle end with the later one stored.`,
    tags: ['Vehicles'],
    request: { body: VehicleStateBatchBody },
    responses: { 200: { description: 'One result per item, in input order', schema: VehicleStateBatchResponse } },
  },
});
