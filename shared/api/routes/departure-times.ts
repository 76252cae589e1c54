/** Routes of the `departureTimes` function: spec §4.2. */
import { defineRoutes } from './define';
import {
  DepartureBatchBody,
  DepartureBatchResponse,
  DepartureSyncBody,
  DepartureSyncResponse,
  UpcomingDeparturesQuery,
  UpcomingDeparturesResponse,
} from '../schemas/departures';

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
