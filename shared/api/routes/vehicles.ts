/**
 * The `vehicles` route group (spec §2.2, §4.6; reference notes "Vehicles"): the vehicle's bodies and
 * answers, and the routes.
 */
import * as z from 'zod';
import { MAX_ACCESS_IDS_PER_VEHICLE_REQUEST } from '../../access';
import { AuthorizationStatus, CustomerInput, Pagination, paginationQuery, RawOcppIdTag, text } from './common';
import { defineRoutes, idPath } from './define';

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
  })
  .meta({ id: 'Vehicle' });

const vehicleFields = {
  name: text().nullable().optional(),
  make: text(100).nullable().optional(),
  model: text(100).nullable().optional(),
  vin: text(17).nullable().optional(),
  licensePlate: text(20).nullable().optional(),
  customer: CustomerInput.nullable().optional(),
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
});
