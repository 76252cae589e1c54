/**
 * The `chargers` route group: spec §4.5 charger reads (the answer's shape, `./charger-views.ts`,
 * is shared with the sites).
 */
import { defineRoutes, idPath, textIdPath } from './define';
import { ChargerResponse } from './charger-views';

/** The routes, in the order the OpenAPI document lists them. */
export const chargerRoutes = defineRoutes('chargers', {
  'GET /api/chargers/{id}': {
    summary: 'Get a charger by its internal ID',
    description: 'Spec §4.5. The charger with its ports, connection status and ongoing sessions.',
    tags: ['Chargers'],
    request: { pathParameters: idPath },
    responses: { 200: { description: 'The charger', schema: ChargerResponse } },
  },
  'GET /api/chargers/by-external-id/{id}': {
    summary: 'Get a charger by its external ID (network station ID)',
    tags: ['Chargers'],
    request: { pathParameters: textIdPath },
    responses: { 200: { description: 'The charger', schema: ChargerResponse } },
  },
  'GET /api/chargers/by-ocpp-id/{id}': {
    summary: 'Get a charger by its OCPP identity (ocppId)',
    tags: ['Chargers'],
    request: { pathParameters: textIdPath },
    responses: { 200: { description: 'The charger', schema: ChargerResponse } },
  },
});
