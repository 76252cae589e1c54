/** Smart charging (spec §2.6 enforced): the power allocation of a site, and manual overrides of ports. */
import { httpHandler } from './lib/http-handler';
import { sitePowerRoutes } from '../../shared/api/routes/site-power';
import { deleteChargingOverride, readPowerAllocation, setChargingOverride } from '../../shared/site-power';

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
});
