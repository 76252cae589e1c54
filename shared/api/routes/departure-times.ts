/**
 * The `departureTimes` route group (spec §2.4, §3.3, §4.2, §7; reference notes "Departure
 * times"): bodies, query and answers of `POST /api/departure-times/vehicle`,
 * `POST /api/departure-times/batch` and `GET /api/departure-times/vehicle`, and the routes.
 */
import * as z from 'zod';
import {
  conformsTo,
  departureTimeSchema,
  exactlyOneVehicle,
  numericIdParam,
  parseVehicleBatchItem,
  vehicleId,
  vehicleVin,
} from './common';
import type * as domain from '../../departures';
import {
  DEFAULT_TARGET_SOC,
  type DepartureBatchEntry,
  MAX_BATCH_VEHICLES,
  MAX_DEPARTURE_NAME_LENGTH,
  MAX_DEPARTURES_PER_VEHICLE,
} from '../../departures';
import { defineRoutes } from './define';

const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;

/** A shift or route name: trimmed, at most 64 characters; null, empty or omitted = none. */
const departureName = z
  .string()
  .trim()
  .max(MAX_DEPARTURE_NAME_LENGTH, `must be at most ${MAX_DEPARTURE_NAME_LENGTH} characters`)
  .regex(NO_CONTROL_CHARACTERS, 'must not contain control characters')
  .transform((value) => value || null)
  .nullable()
  .optional();

/** Spec §2.4 / §8 `targetSoc`: a whole percentage 0–100 (fractions are refused). */
const targetSoc = z
  .number({ error: 'must be a number' })
  .int('must be a whole percentage (fractions are not accepted)')
  .min(0, 'must be between 0 and 100')
  .max(100, 'must be between 0 and 100');

/** One departure to synchronise (reference notes' field names). */
export const DepartureTimeInput = z
  .strictObject({
    departureTime: departureTimeSchema,
    shiftName: departureName.meta({
      description: `At most ${MAX_DEPARTURE_NAME_LENGTH} characters; null or empty = none`,
    }),
    routeName: departureName.meta({
      description: `At most ${MAX_DEPARTURE_NAME_LENGTH} characters; null or empty = none`,
    }),
    targetSoc: targetSoc
      .default(DEFAULT_TARGET_SOC)
      .meta({ description: `Target state of charge, %: an integer 0–100; default ${DEFAULT_TARGET_SOC}` }),
  })
  .meta({ id: 'DepartureTimeInput' });

/** `POST /api/departure-times/vehicle` body, and one item of the batch. */
export const DepartureSyncBody = z
  .strictObject({
    vehicleId: vehicleId.nullable().optional().meta({
      description:
        "The service's vehicle ID (404 when not in the organization). Exactly one of vehicleId and vehicleVin.",
    }),
    vehicleVin: vehicleVin.nullable().optional().meta({
      description:
        'Recommended. Matched case-insensitively; an unknown VIN stores the departures under the VIN until a vehicle with it exists.',
    }),
    departureTimes: z
      .array(DepartureTimeInput, { error: 'must be an array of departures' })
      .max(MAX_DEPARTURES_PER_VEHICLE, `must contain at most ${MAX_DEPARTURES_PER_VEHICLE} departures`)
      .meta({
        description: `The vehicle's complete schedule, at most ${MAX_DEPARTURES_PER_VEHICLE}; an empty list removes every future departure`,
      }),
  })
  .superRefine(exactlyOneVehicle)
  .meta({ id: 'DepartureSyncRequest' });

/**
 * One batch item: validated on its own by the synchronisation (a bad item fails only its own
 * result), so the request schema accepts any value here and documents the item's shape.
 */
const DepartureBatchItem = z.unknown().meta({
  type: 'object',
  allOf: [{ $ref: '#/components/schemas/DepartureSyncRequest' }],
  description: 'Same rules as the single-vehicle body; an invalid item is reported in its own result',
});

/**
 * `POST /api/departure-times/batch` body: `{ vehicles: [...] }` (reference notes); a bare array
 * (as spec §4.2 words it) is read as `vehicles`.
 */
export const DepartureBatchBody = z
  .preprocess(
    (body) => (Array.isArray(body) ? { vehicles: body } : body),
    z.strictObject({
      vehicles: z
        .array(DepartureBatchItem, { error: 'must be an array of vehicles' })
        .max(MAX_BATCH_VEHICLES, `must contain at most ${MAX_BATCH_VEHICLES} vehicles`)
        .meta({ description: `At most ${MAX_BATCH_VEHICLES} vehicles, each processed on its own` }),
    }),
  )
  .meta({ id: 'DepartureBatchRequest', description: 'A bare array of items is accepted too and read as `vehicles`' });

const ownerFields = {
  vehicleId: z.number().int().nullable().meta({ description: 'Set when the departures belong to a known vehicle' }),
  vehicleVin: z
    .string()
    .nullable()
    .meta({ description: 'Set only when no vehicle has the VIN yet (departures stored under the VIN)' }),
};

/** A stored upcoming departure (`GET /api/departure-times/vehicle`). */
export const UpcomingDepartureTime = conformsTo<domain.UpcomingDepartureTime>()(
  z
    .object({
      id: z.number().int(),
      departureTime: z.string().meta({ format: 'date-time' }),
      ...ownerFields,
      shiftName: z.string().nullable(),
      routeName: z.string().nullable(),
      targetSoc: z.number().int(),
    })
    .meta({ id: 'UpcomingDepartureTime' }),
);

/** One submitted departure with its outcome (spec §3.3; reference notes' answer). */
export const DepartureTimeResult = conformsTo<domain.DepartureTimeResult>()(
  z
    .object({
      departureTime: z.string().meta({ format: 'date-time' }),
      outcome: z
        .enum(['created', 'skipped'])
        .meta({ description: "created: future, inserted; skipped: not after the server's clock, not inserted" }),
      id: z.number().int().nullable().meta({ description: 'null when skipped' }),
      ...ownerFields,
      shiftName: z.string().nullable(),
      routeName: z.string().nullable(),
      targetSoc: z.number().int(),
    })
    .meta({ id: 'DepartureTimeResult' }),
);

/** `POST /api/departure-times/vehicle` answer: every submitted departure, in request order. */
export const DepartureSyncResponse = z
  .object({ departureTimes: z.array(DepartureTimeResult) })
  .meta({ id: 'DepartureSyncResponse' });

/** One batch result, in input order. */
export const DepartureBatchResult = conformsTo<domain.DepartureBatchResult>()(
  z
    .object({
      vehicleId: z.number().int().nullable(),
      vehicleVin: z.string().nullable(),
      outcome: z.enum(['success', 'error']),
      departureTimes: z.array(DepartureTimeResult).optional().meta({ description: 'When outcome is success' }),
      error: z.string().optional().meta({ description: 'When outcome is error' }),
    })
    .meta({ id: 'DepartureBatchResult' }),
);

/** `POST /api/departure-times/batch` answer. */
export const DepartureBatchResponse = z
  .object({ results: z.array(DepartureBatchResult) })
  .meta({ id: 'DepartureBatchResponse' });

/**
 * Validates one raw batch item against the single-vehicle rules: the request, or what it named
 * and one message naming every invalid field (`Invalid body.vehicles.2.departureTimes.0.targetSoc: …`).
 */
export function parseDepartureBatchItem(item: unknown, index: number): DepartureBatchEntry {
  return parseVehicleBatchItem(DepartureSyncBody, item, `body.vehicles.${index}`);
}

/** `GET /api/departure-times/vehicle` query: exactly one of `vehicleId` and `vehicleVin`. */
export const UpcomingDeparturesQuery = z
  .strictObject({
    vehicleId: numericIdParam.optional(),
    vehicleVin: vehicleVin.optional().meta({ description: 'Matched case-insensitively' }),
  })
  .superRefine(exactlyOneVehicle);

/** `GET /api/departure-times/vehicle` answer: the vehicle's departures after the server's clock, by time. */
export const UpcomingDeparturesResponse = z
  .object({ departureTimes: z.array(UpcomingDepartureTime) })
  .meta({ id: 'UpcomingDeparturesResponse' });

/** The routes, in the order the OpenAPI document lists them. */
export const departureTimeRoutes = defineRoutes('departureTimes', {
  'POST /api/departure-times/vehicle': {
    organizationScopeOnly: true,
    summary: 'Synchronise all departures of one vehicle',
    description:
      "Spec §4.2. Organization-scoped keys only (any other key: 400). Exactly one of vehicleId and vehicleVin (neither or both: 400; unknown vehicleId: 404). Deletes every future departure of the vehicle, answers departures not after the server's clock as skipped (not inserted), inserts the future ones as created, and answers every submitted departure in request order. Stored past departures are kept; an empty list removes every future departure. A VIN of a vehicle answers vehicleId (vehicleVin null); an unknown VIN stores the departures under the VIN (vehicleId null) and the first synchronisation after a vehicle with that VIN exists links them. departureTime must carry a UTC offset (a time without one is a 400) and is answered in UTC; targetSoc is an integer 0–100 (fractions: 400), default 90; at most 500 departures; shiftName/routeName at most 64 characters. Two overlapping synchronisations of one vehicle end with one of the two sets, never a mix; 409 only if the vehicle keeps changing through 8 attempts.",
    tags: ['Departure times'],
    request: { body: DepartureSyncBody },
    responses: { 200: { description: 'Every submitted departure with its outcome', schema: DepartureSyncResponse } },
    errors: { 409: "The vehicle's departures kept changing through concurrent synchronisations; retry" },
  },
  'POST /api/departure-times/batch': {
    organizationScopeOnly: true,
    summary: 'Synchronise the departures of several vehicles',
    description:
      'Spec §4.2. Body { vehicles: [...] } (a bare array is accepted too); at most 100 vehicles, more is a 400 naming body.vehicles for the whole request. Each item follows the single-vehicle rules and is validated and processed on its own: a bad or unknown item becomes an error result (its message names the fields) and never fails the others. Results in input order; a vehicle named twice is synchronised in input order (the later item wins). Organization-scoped keys only.',
    tags: ['Departure times'],
    request: { body: DepartureBatchBody },
    responses: { 200: { description: 'One result per item, in input order', schema: DepartureBatchResponse } },
  },
  'GET /api/departure-times/vehicle': {
    organizationScopeOnly: true,
    summary: 'List the upcoming departures of one vehicle',
    description:
      "Ours (not in the reference product). Exactly one of vehicleId and vehicleVin. The departures after the server's clock, by time. A vehicle's departures still stored under its VIN (not linked yet) are included with vehicleId null. An unknown VIN answers what is stored under it (possibly nothing); an unknown vehicleId is 404. Organization-scoped keys only.",
    tags: ['Departure times'],
    request: { queryStringParameters: UpcomingDeparturesQuery },
    responses: { 200: { description: 'Upcoming departures', schema: UpcomingDeparturesResponse } },
  },
});
