/** Webhook endpoints and their deliveries (docs/webhooks.md). */
import { httpHandler } from './lib/http-handler';
import { webhookRoutes } from '../../shared/api/routes/webhooks';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  deliveryQueue,
  listDeliveries,
  listWebhookEndpoints,
  readWebhookEndpoint,
  retryDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhookEndpoint,
} from '../../shared/webhooks';

/** Lambda handler of the webhook routes (HTTP API payload 2.0 event → result). */
export const handler = httpHandler(webhookRoutes, {
  'POST /api/webhook-endpoints': async ({ db, principal, body }) => ({
    statusCode: 201,
    body: { data: await createWebhookEndpoint(db, principal, body.webhookEndpoint) },
  }),
  'GET /api/webhook-endpoints': async ({ db, principal, queryStringParameters: q }) => ({
    body: await listWebhookEndpoints(db, principal, q.nextPageCursor),
  }),
  'GET /api/webhook-endpoints/{id}': async ({ db, principal, pathParameters }) => ({
    body: { data: await readWebhookEndpoint(db, principal, pathParameters.id) },
  }),
  'PATCH /api/webhook-endpoints/{id}': async ({ db, principal, pathParameters, body }) => ({
    body: { data: await updateWebhookEndpoint(db, principal, pathParameters.id, body.webhookEndpoint) },
  }),
  'DELETE /api/webhook-endpoints/{id}': async ({ db, principal, pathParameters }) => {
    await deleteWebhookEndpoint(db, principal, pathParameters.id);
    return { statusCode: 204 };
  },
  'POST /api/webhook-endpoints/{id}/rotate-secret': async ({ db, principal, pathParameters }) => ({
    body: { data: await rotateWebhookSecret(db, principal, pathParameters.id) },
  }),
  'POST /api/webhook-endpoints/{id}/test': async ({ db, principal, pathParameters }) => ({
    statusCode: 202,
    body: { data: await sendTestEvent(db, deliveryQueue(), principal, pathParameters.id) },
  }),
  'GET /api/webhook-endpoints/{id}/deliveries': async ({
    db,
    principal,
    pathParameters,
    queryStringParameters: q,
  }) => ({
    body: await listDeliveries(db, principal, pathParameters.id, q.nextPageCursor),
  }),
  'POST /api/webhook-deliveries/{id}/retry': async ({ db, principal, pathParameters }) => ({
    statusCode: 202,
    body: { data: await retryDelivery(db, deliveryQueue(), principal, pathParameters.id) },
  }),
});
