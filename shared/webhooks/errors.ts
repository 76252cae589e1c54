/** Domain errors of webhooks (docs/webhooks.md). */
import { NotFoundError } from '../errors';

/** No endpoint has this ID (or none the caller may see: same answer). */
export class WebhookEndpointNotFoundError extends NotFoundError {
  constructor(webhookEndpointId: number) {
    super(`Webhook endpoint ${webhookEndpointId} not found`);
  }
}

/** No delivery has this ID (or none the caller may see: same answer). */
export class WebhookDeliveryNotFoundError extends NotFoundError {
  constructor(deliveryId: string) {
    super(`Webhook delivery ${deliveryId} not found`);
  }
}

/**
 * The process lacks what webhooks need: the secrets' key (`WEBHOOK_KEY` or
 * `WEBHOOK_KEY_SECRET_ARN`) or the delivery queue (`WEBHOOK_QUEUE_URL`, or the local stack's).
 */
export class WebhooksNotConfiguredError extends Error {
  constructor(missing: string) {
    super(`Webhooks are not configured: ${missing} is not set`);
    this.name = 'WebhooksNotConfiguredError';
  }
}
