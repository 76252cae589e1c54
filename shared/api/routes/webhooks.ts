/**
 * The `webhooks` route group: webhook endpoints and their deliveries (docs/webhooks.md), their
 * bodies, answers and queries, and the routes. Organization-scoped keys only.
 */
import * as z from 'zod';
import { EVENT_TYPES } from '../../events';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_URL_LENGTH,
  type WebhookDelivery as WebhookDeliveryShape,
  type WebhookEndpoint as WebhookEndpointShape,
  type WebhookEndpointWithSecret,
} from '../../webhooks';
import { conformsTo, Pagination, paginationQuery } from './common';
import { defineRoutes, idPath } from './define';

const url = z
  .string()
  .max(MAX_URL_LENGTH, `must be at most ${MAX_URL_LENGTH} characters`)
  .meta({
    description: `An https URL (at most ${MAX_URL_LENGTH} characters) whose host resolves to public addresses only`,
    example: 'https://example.com/webhooks/charging',
  });
const eventTypes = z
  .array(z.enum(EVENT_TYPES))
  .min(1, 'must name at least one event type')
  .max(EVENT_TYPES.length * 2)
  .meta({ description: 'The event types delivered to it' });
const description = z
  .string()
  .trim()
  .min(1, 'must not be empty (send null for none)')
  .max(MAX_DESCRIPTION_LENGTH, `must be at most ${MAX_DESCRIPTION_LENGTH} characters`)
  .regex(/^(?:[^\p{Cc}]|[\n\t])*$/u, 'must not contain control characters other than line breaks and tabs');
const enabled = z.boolean().meta({ description: 'Deliveries are made only while enabled (default true)' });

/** `POST /api/webhook-endpoints` body. */
export const CreateWebhookEndpointBody = z
  .strictObject({
    webhookEndpoint: z.strictObject({
      url,
      eventTypes,
      description: description.optional(),
      enabled: enabled.optional(),
    }),
  })
  .meta({ id: 'CreateWebhookEndpointBody' });

/** `PATCH /api/webhook-endpoints/{id}` body: the fields given change. */
export const PatchWebhookEndpointBody = z
  .strictObject({
    webhookEndpoint: z
      .strictObject({
        url: url.optional(),
        eventTypes: eventTypes.optional(),
        description: description.nullable().optional(),
        enabled: enabled.optional(),
      })
      .refine((body) => Object.keys(body).length > 0, 'give url, eventTypes, description or enabled'),
  })
  .meta({ id: 'PatchWebhookEndpointBody' });

const endpointFields = {
  id: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  eventTypes: z.array(z.enum(EVENT_TYPES)),
  enabled: z.boolean(),
  disabledReason: z
    .enum(['gone', 'failing'])
    .nullable()
    .meta({ description: 'Why the system disabled it: gone (410), failing (five days); null otherwise' }),
  createdAt: z.string().meta({ format: 'date-time' }),
  updatedAt: z.string().meta({ format: 'date-time' }),
};

/** A webhook endpoint (never its secret). */
export const WebhookEndpoint = conformsTo<WebhookEndpointShape>()(
  z.object(endpointFields).meta({ id: 'WebhookEndpoint' }),
);

/** An endpoint with its new secret: the answer of creation and rotation only. */
export const WebhookEndpointWithSecretResponse = z
  .object({
    data: conformsTo<WebhookEndpointWithSecret>()(
      z
        .object({
          ...endpointFields,
          secret: z.string().meta({ description: 'The signing secret (whsec_…): shown only now', example: 'whsec_…' }),
        })
        .meta({ id: 'WebhookEndpointWithSecret' }),
    ),
  })
  .meta({ id: 'WebhookEndpointWithSecretResponse' });

/** `{ data: endpoint }`. */
export const WebhookEndpointResponse = z.object({ data: WebhookEndpoint }).meta({ id: 'WebhookEndpointResponse' });

/** A page of endpoints. */
export const WebhookEndpointList = z
  .object({ data: z.array(WebhookEndpoint), pagination: Pagination })
  .meta({ id: 'WebhookEndpointList' });

/** A delivery of one event to one endpoint. */
export const WebhookDelivery = conformsTo<WebhookDeliveryShape>()(
  z
    .object({
      id: z.string().meta({ description: 'msg_…: the webhook-id header of every attempt' }),
      endpointId: z.number().int(),
      eventType: z.string(),
      eventId: z.string(),
      createdAt: z.string().meta({ format: 'date-time' }),
      status: z.enum(['pending', 'succeeded', 'failed']),
      attempts: z.number().int(),
      lastAttemptAt: z.string().nullable().meta({ format: 'date-time' }),
      lastResponseCode: z.number().int().nullable(),
      nextAttemptAt: z.string().nullable().meta({ format: 'date-time' }),
      attemptLog: z.array(
        z.object({
          timestamp: z.string().meta({ format: 'date-time' }),
          responseCode: z.number().int().nullable(),
          error: z.string().nullable(),
          durationMs: z.number(),
        }),
      ),
    })
    .meta({ id: 'WebhookDelivery' }),
);

/** `{ data: delivery }`. */
export const WebhookDeliveryResponse = z.object({ data: WebhookDelivery }).meta({ id: 'WebhookDeliveryResponse' });

/** A page of deliveries. */
export const WebhookDeliveryList = z
  .object({ data: z.array(WebhookDelivery), pagination: Pagination })
  .meta({ id: 'WebhookDeliveryList' });

/** The queries of both lists: only the cursor. */
export const WebhookListQuery = paginationQuery;

/** `{id}` of a delivery: `msg_` and 32 hexadecimal digits. */
export const deliveryIdPath = z.strictObject({
  id: z
    .string()
    .regex(/^msg_[0-9a-f]{32}$/, 'must be a delivery ID (msg_ and 32 hexadecimal digits)')
    .meta({ example: 'msg_0f1e2d3c4b5a69788796a5b4c3d2e1f0' }),
});

const URL_RULES =
  'url: https, at most 2,048 characters, its host resolving to public addresses only (no private, loopback, link-local, unique-local or metadata address; checked again at every delivery).';
const TAGS = ['Webhooks'];

/** The routes, in the order the OpenAPI document lists them. */
export const webhookRoutes = defineRoutes('webhooks', {
  'POST /api/webhook-endpoints': {
    summary: 'Create a webhook endpoint',
    description: `201 with the endpoint and its signing secret (whsec_…), shown only here and on rotation. ${URL_RULES} 400 naming the field, nothing stored: a bad URL, an unknown event type, a description over 500 characters.`,
    tags: TAGS,
    organizationScopeOnly: true,
    fieldRoot: 'body.webhookEndpoint',
    request: { body: CreateWebhookEndpointBody },
    responses: { 201: { description: 'Created', schema: WebhookEndpointWithSecretResponse } },
  },
  'GET /api/webhook-endpoints': {
    summary: 'List webhook endpoints',
    description: 'Oldest first, up to 100 per page.',
    tags: TAGS,
    organizationScopeOnly: true,
    request: { queryStringParameters: WebhookListQuery },
    responses: { 200: { description: 'One page of endpoints', schema: WebhookEndpointList } },
  },
  'GET /api/webhook-endpoints/{id}': {
    summary: 'Get a webhook endpoint',
    description: "404 for an unknown endpoint or another organization's.",
    tags: TAGS,
    organizationScopeOnly: true,
    request: { pathParameters: idPath },
    responses: { 200: { description: 'The endpoint', schema: WebhookEndpointResponse } },
  },
  'PATCH /api/webhook-endpoints/{id}': {
    summary: 'Change a webhook endpoint',
    description: `The fields given change (description null removes it). ${URL_RULES} Enabling an endpoint the system disabled clears its disabledReason.`,
    tags: TAGS,
    organizationScopeOnly: true,
    fieldRoot: 'body.webhookEndpoint',
    request: { pathParameters: idPath, body: PatchWebhookEndpointBody },
    responses: { 200: { description: 'Changed', schema: WebhookEndpointResponse } },
  },
  'DELETE /api/webhook-endpoints/{id}': {
    summary: 'Delete a webhook endpoint',
    description: '204 with an empty body; its pending deliveries stop.',
    tags: TAGS,
    organizationScopeOnly: true,
    request: { pathParameters: idPath },
    responses: { 204: { description: 'Deleted' } },
  },
  'POST /api/webhook-endpoints/{id}/rotate-secret': {
    summary: "Rotate a webhook endpoint's secret",
    description:
      'The endpoint with its new secret, shown only now. For 24 hours the previous secret signs too: webhook-signature then carries two space-separated v1,… signatures.',
    tags: TAGS,
    organizationScopeOnly: true,
    request: { pathParameters: idPath },
    responses: { 200: { description: 'Rotated', schema: WebhookEndpointWithSecretResponse } },
  },
  'POST /api/webhook-endpoints/{id}/test': {
    summary: 'Send a test event',
    description: '202 with the pending delivery of a webhook.test event, sent even to a disabled endpoint.',
    tags: TAGS,
    organizationScopeOnly: true,
    request: { pathParameters: idPath },
    responses: { 202: { description: 'Queued', schema: WebhookDeliveryResponse } },
  },
  'GET /api/webhook-endpoints/{id}/deliveries': {
    summary: "List a webhook endpoint's deliveries",
    description: 'Newest first, up to 100 per page, each with its attempts (the last 20).',
    tags: TAGS,
    organizationScopeOnly: true,
    request: { pathParameters: idPath, queryStringParameters: WebhookListQuery },
    responses: { 200: { description: 'One page of deliveries', schema: WebhookDeliveryList } },
  },
  'POST /api/webhook-deliveries/{id}/retry': {
    summary: 'Retry a webhook delivery',
    description:
      "202 with the delivery, pending: a new attempt now, whatever its status (even to a disabled endpoint); if it fails, the retry schedule continues from its number of attempts. 404 for another organization's delivery.",
    tags: TAGS,
    organizationScopeOnly: true,
    request: { pathParameters: deliveryIdPath },
    responses: { 202: { description: 'Queued', schema: WebhookDeliveryResponse } },
  },
});
