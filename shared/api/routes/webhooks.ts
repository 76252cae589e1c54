/**
 * Routes of the `webhooks` function: webhook endpoints and their deliveries
 * (docs/webhooks.md). Organization-scoped keys only.
 */
import { defineRoutes, idPath } from './define';
import {
  CreateWebhookEndpointBody,
  deliveryIdPath,
  PatchWebhookEndpointBody,
  WebhookDeliveryList,
  WebhookDeliveryResponse,
  WebhookEndpointList,
  WebhookEndpointResponse,
  WebhookEndpointWithSecretResponse,
  WebhookListQuery,
} from '../schemas/webhooks';

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
