/** Routes of the `chargers` function: spec §4.5 charger reads. */
import { defineRoutes, idPath, textIdPath } from './define';
import { ChargerResponse } from '../schemas/chargers';
import { ChargerConfigurationResponse } from '../schemas/charger-configuration';

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
  'GET /api/chargers/{id}/configuration': {
    summary: "A charger's configuration as last read (OCPP 1.6 keys, OCPP 2.0.1 device model)",
    description:
      'docs/charger-configuration.md. Nothing is sent to the charger: the last GetConfiguration answer (1.6) or ' +
      'the last complete NotifyReport (2.0.1, its pages assembled), with `readAt`, changes the charger accepted ' +
      'since, a report still coming (`pendingReport`, `incomplete` after 5 minutes without a page), and `guarded` ' +
      'on the settings the product relies on. 404 unknown charger.',
    tags: ['Chargers'],
    request: { pathParameters: idPath },
    responses: { 200: { description: 'The stored configuration', schema: ChargerConfigurationResponse } },
  },
});
