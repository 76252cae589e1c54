/** Spec §4.2: departure-time synchronisation (one vehicle, batch) and the read of a vehicle's upcoming departures. */
import { httpHandler } from './lib/http-handler';
import { departureTimeRoutes, parseDepartureBatchItem } from '../../shared/api/routes/departure-times';
import { listUpcomingDepartures, syncDepartureBatch, syncVehicleDepartures } from '../../shared/departures';

/** Lambda handler of the departure-time routes (HTTP API payload 2.0 event → result). */
export const handler = httpHandler(departureTimeRoutes, {
  'POST /api/departure-times/vehicle': async ({ db, principal, body }) => ({
    body: { departureTimes: await syncVehicleDepartures(db, principal.organizationId, body) },
  }),
  'POST /api/departure-times/batch': async ({ db, principal, body }) => ({
    body: {
      results: await syncDepartureBatch(db, principal.organizationId, body.vehicles.map(parseDepartureBatchItem)),
    },
  }),
  'GET /api/departure-times/vehicle': async ({ db, principal, queryStringParameters }) => ({
    body: { departureTimes: await listUpcomingDepartures(db, principal.organizationId, queryStringParameters) },
  }),
});
