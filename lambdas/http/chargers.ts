/**
 * Spec §4.5: `GET /api/chargers/{id}`, `/by-external-id/{id}`, `/by-ocpp-id/{id}`; and
 * `GET /api/chargers/{id}/configuration` and `/monitors` (docs/charger-configuration.md, docs/monitoring.md), and
 * `GET /api/chargers/{id}/security-events` and `/certificates` (docs/certificates.md).
 */
import { httpHandler } from './lib/http-handler';
import { chargerRoutes } from '../../shared/api/routes/chargers';
import { configurationReadRoutes } from '../../shared/api/routes/charger-configuration';
import { listChargerCertificates, readCharger } from '../../shared/chargers';
import { readChargerConfiguration, readChargerMonitors } from '../../shared/charger-configuration';
import { listSecurityEvents } from '../../shared/history';

/** Lambda handler of the charger read routes (HTTP API payload 2.0 event → result). */
export const handler = httpHandler(
  { ...chargerRoutes, ...configurationReadRoutes },
  {
    'GET /api/chargers/{id}': async ({ db, principal, pathParameters }) => ({
      body: { data: await readCharger(db, principal, { by: 'id', chargerId: pathParameters.id }) },
    }),
    'GET /api/chargers/by-external-id/{id}': async ({ db, principal, pathParameters }) => ({
      body: { data: await readCharger(db, principal, { by: 'externalId', externalId: pathParameters.id }) },
    }),
    'GET /api/chargers/by-ocpp-id/{id}': async ({ db, principal, pathParameters }) => ({
      body: { data: await readCharger(db, principal, { by: 'ocppId', ocppId: pathParameters.id }) },
    }),
    'GET /api/chargers/{id}/certificates': async ({ db, principal, pathParameters }) => ({
      body: { data: await listChargerCertificates(db, principal, pathParameters.id) },
    }),
    'GET /api/chargers/{id}/security-events': async ({ db, principal, pathParameters, queryStringParameters }) => ({
      body: await listSecurityEvents(db, principal, {
        chargerId: pathParameters.id,
        ...(queryStringParameters.nextPageCursor ? { nextPageCursor: queryStringParameters.nextPageCursor } : {}),
      }),
    }),
    'GET /api/chargers/{id}/configuration': async ({ db, principal, pathParameters }) => ({
      body: { data: await readChargerConfiguration(db, principal, pathParameters.id) },
    }),
    'GET /api/chargers/{id}/monitors': async ({ db, principal, pathParameters }) => ({
      body: { data: await readChargerMonitors(db, principal, pathParameters.id) },
    }),
  },
);
