/** Routes of the `vehicles` function: spec §4.6. */
import { defineRoutes, idPath } from './define';
import { paginationQuery } from '../schemas/common';
import { CreateVehicleBody, PatchVehicleBody, VehicleListResponse, VehicleResponse } from '../schemas/access-ids';

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
