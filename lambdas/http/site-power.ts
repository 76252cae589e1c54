/** Smart charging (spec §2.6 enforced): the power allocation of a site, manual overrides and drivers' estimates of ports. */
import { httpHandler } from './lib/http-handler';
import { sitePowerRoutes } from '../../shared/api/routes/site-power';
import {
  deleteChargingOverride,
  deleteDriverEstimate,
  readPowerAllocation,
  setChargingOverride,
  setDriverEstimate,
} from '../../shared/site-power';

/** Lambda handler of the smart-charging routes (HTTP API payload 2.0 event → result). */
export const handler = httpHandler(sitePowerRoutes, {
  'GET /api/site/{siteId}/power-allocation': async ({ db, principal, pathParameters }) => ({
    body: { data: await readPowerAllocation(db, principal, pathParameters.siteId) },
  }),
  'PUT /api/ports/{portId}/charging-override': async ({ db, principal, pathParameters, body }) => ({
    body: { chargingOverride: await setChargingOverride(db, principal, pathParameters.portId, body.chargingOverride) },
  }),
  'DELETE /api/ports/{portId}/charging-override': async ({ db, principal, pathParameters }) => {
    await deleteChargingOverride(db, principal, pathParameters.portId);
    return { statusCode: 204 };
  },
  'PUT /api/ports/{portId}/driver-estimate': async ({ db, principal, pathParameters, body }) => ({
    body: { driverEstimate: await setDriverEstimate(db, principal, pathParameters.portId, body.driverEstimate) },
  }),
  'DELETE /api/ports/{portId}/driver-estimate': async ({ db, principal, pathParameters }) => {
    await deleteDriverEstimate(db, principal, pathParameters.portId);
    return { statusCode: 204 };
  },
});
