/** Routes of the `sitePower` function: smart charging (spec §2.6 enforced). */
import { defineRoutes } from './define';
import { SitePath } from '../schemas/site-limits';
import {
  ChargingOverrideResponse,
  PortPath,
  PowerAllocationResponse,
  SetChargingOverrideBody,
} from '../schemas/site-power';

/** The routes, in the order the OpenAPI document lists them. */
export const sitePowerRoutes = defineRoutes('sitePower', {
  'GET /api/site/{siteId}/power-allocation': {
    summary: "Read how the site's power is allocated to its ports",
    description:
      "Smart charging (spec §2.6). The last allocation: every port with a session in progress, its limit (in the site's unit and in W), what binds it, and the charger's answer to its charging profile; and the vehicles predicted to miss their departure's target SoC. Re-computed when a session starts or ends, a limit or override changes, a departure plan changes, a charger (re)connects, and every 5 minutes while sessions are in progress. Unknown site, another organization's, or another site than a site-scoped key's: 404.",
    tags: ['Smart charging'],
    request: { pathParameters: SitePath },
    responses: { 200: { description: 'The allocation', schema: PowerAllocationResponse } },
  },
  'PUT /api/ports/{portId}/charging-override': {
    fieldRoot: 'body.chargingOverride',
    summary: 'Let the session on a port exceed the cost limit (manual override)',
    description:
      "Spec §2.6 \"manual charging session override\": the session in progress on the port may draw up to limit whatever the cost limit (never above the capacity limit or the port's maximum) until expiresAt (at most 24 h ahead) or until the session ends. Replaces the port's override. 409 when no session is in progress; A only on Level 2 ports (400); another organization's port: 404.",
    tags: ['Smart charging'],
    request: { pathParameters: PortPath, body: SetChargingOverrideBody },
    responses: { 200: { description: 'The override', schema: ChargingOverrideResponse } },
    errors: { 409: 'No charging session is in progress on the port' },
  },
  'DELETE /api/ports/{portId}/charging-override': {
    summary: 'Remove the override of a port',
    description: "204 (also when the port has none); another organization's port: 404.",
    tags: ['Smart charging'],
    request: { pathParameters: PortPath },
    responses: { 204: { description: 'Removed' } },
  },
});
