/**
 * Entities of the table: webhook endpoints and their deliveries (`shared/webhooks/`,
 * docs/webhooks.md).
 */
import { Entity } from 'electrodb';
import { optionalNumber, optionalString, timestamp, SERVICE, type EntityConfiguration } from './common';

/** Why the system disabled an endpoint: the receiver answered 410 Gone, or failed for five days. */
export const DISABLED_REASONS = ['gone', 'failing'] as const;

/** What a delivery has come to: still to be (re)tried, delivered (2xx), or given up. */
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/**
 * A webhook endpoint, keyed by its numeric `webhookEndpointId` (its own partition), listed per
 * organization on gsi1 by creation (`createdAt`, ISO 8601 UTC in `toISOString()`'s fixed format,
 * then the ID): the list reads it, and so does the fan-out (one Query per organization and batch).
 *
 * Its signing secret is kept encrypted (`secret`, AES-256-GCM, `shared/webhooks/secrets.ts`);
 * after a rotation the previous one (`previousSecret`) signs too until `previousSecretExpiresAt`.
 */
const webhookEndpointSchema = {
  model: { entity: 'webhookEndpoint', version: '1', service: SERVICE },
  attributes: {
    webhookEndpointId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    url: { type: 'string', required: true },
    description: optionalString,
    eventTypes: { type: 'list', items: { type: 'string' }, required: true },
    enabled: { type: 'boolean', required: true },
    disabledReason: { type: DISABLED_REASONS },
    /** The signing secret (`whsec_…`), encrypted. */
    secret: { type: 'string', required: true },
    /** The secret before the last rotation, encrypted; it signs too until `previousSecretExpiresAt`. */
    previousSecret: optionalString,
    /** ISO 8601 UTC. */
    previousSecretExpiresAt: optionalString,
    /** ISO 8601 UTC: the first failed attempt since the last success (absent while it succeeds). */
    failingSince: optionalString,
    createdAt: timestamp,
    updatedAt: timestamp,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['webhookEndpointId'] }, sk: { field: 'sk', composite: [] } },
    byOrganization: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['organizationId'] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'webhookEndpointId'] },
    },
  },
} as const;

/**
 * One event's delivery to one endpoint, keyed by its `deliveryId` (`msg_…`, the `webhook-id`,
 * derived from the event's and the endpoint's IDs, so a stream batch handled twice writes it once),
 * listed per endpoint on gsi1 by creation, newest first. It keeps the body it sends (the same bytes
 * on every attempt), its attempts, and `token`: the one queue message allowed to attempt it next
 * (a manual retry replaces it, so the message it supersedes does nothing). Expires
 * (the table's TTL, `expiresAt`) 30 days after its creation.
 */
const webhookDeliverySchema = {
  model: { entity: 'webhookDelivery', version: '1', service: SERVICE },
  attributes: {
    deliveryId: { type: 'string', required: true },
    webhookEndpointId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    eventType: { type: 'string', required: true },
    eventId: { type: 'string', required: true },
    /** The JSON body sent. */
    payload: { type: 'string', required: true },
    status: { type: DELIVERY_STATUSES, required: true },
    attempts: { type: 'number', required: true },
    lastAttemptAt: optionalString,
    lastResponseCode: optionalNumber,
    /** ISO 8601 UTC: when the next automatic attempt is due (pending deliveries). */
    nextAttemptAt: optionalString,
    /** The queue message that may make the next attempt. */
    token: optionalString,
    /** `{ timestamp, responseCode, error, durationMs }` per attempt, oldest first (the last 20). */
    attemptLog: { type: 'any', required: true },
    createdAt: timestamp,
    /** Epoch seconds: DynamoDB's TTL removes the delivery then. */
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['deliveryId'] }, sk: { field: 'sk', composite: [] } },
    byEndpoint: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['webhookEndpointId'] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'deliveryId'] },
    },
  },
} as const;

/** Builds the webhook entities bound to one client and table. */
export function webhookEntities(config: EntityConfiguration) {
  return {
    webhookEndpoint: new Entity(webhookEndpointSchema, config),
    webhookDelivery: new Entity(webhookDeliverySchema, config),
  };
}
