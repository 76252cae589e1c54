/** Spec §4.6: vehicles; their telematics state (docs/vehicle-state.md). */
import { httpHandler } from './lib/http-handler';
import { parseVehicleStateBatchItem, vehicleRoutes } from '../../shared/api/routes/vehicles';
import {
  createVehicle,
  listVehicles,
  pushVehicleState,
  pushVehicleStateBatch,
  readVehicle,
  updateVehicle,
} from '../../shared/access';

/** Lambda handler of the vehicle routes (HTTP API payload 2.0 event → result). */
export const handler = httpHandler(vehicleRoutes, {
  'GET /api/vehicles': async ({ db, principal, queryStringParameters }) => ({
    body: await listVehicles(db, principal.organizationId, queryStringParameters.nextPageCursor),
  }),
  'GET /api/vehicles/{id}': async ({ db, principal, pathParameters }) => ({
    body: { vehicle: await readVehicle(db, principal.organizationId, pathParameters.id) },
  }),
  'POST /api/vehicles': async ({ db, principal, body }) => ({
    statusCode: 201,
    body: { vehicle: await createVehicle(db, principal.organizationId, body.vehicle) },
  }),
  'PATCH /api/vehicles/{id}': async ({ db, principal, pathParameters, body }) => ({
    body: { vehicle: await updateVehicle(db, principal.organizationId, pathParameters.id, body.vehicle) },
  }),
  'POST /api/vehicles/state': async ({ db, principal, body }) => ({
    body: await pushVehicleState(db, principal.organizationId, body),
  }),
  'POST /api/vehicles/state/batch': async ({ db, principal, body }) => ({
    body: {
      results: await pushVehicleStateBatch(db, principal.organizationId, body.vehicles.map(parseVehicleStateBatchItem)),
    },
  }),
});
