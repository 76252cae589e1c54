/**
 * The face of `shared/webhooks/` (webhook endpoints, deliveries, the queue, the worker's step, the
 * fan-out): what the adapters (`shared/api`, `shared/ocpp`, `lambdas/`, `lib/`, `bin/`) import of
 * it, and only through here (`.dependency-cruiser.cjs`, docs/architecture.md "Domain folders").
 * Tests may import the modules.
 *
 * @module
 */
export { listDeliveries, retryDelivery, sendTestEvent, type WebhookDelivery } from './deliveries';
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  MAX_DESCRIPTION_LENGTH,
  readWebhookEndpoint,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from './endpoints';
export { FAN_OUT_ENTITIES, fanOutEvents } from './fan-out';
export {
  deliveryQueue,
  parseDeliveryMessage,
  queueCounter,
  useDeliveryQueue,
  type DeliveryQueue,
  type QueuedMessage,
} from './queue';
export { MAX_URL_LENGTH } from './url-check';
export { handleDeliveryMessage } from './worker';
