/**
 * The events the system tells integrators about (docs/webhooks.md): what a
 * webhook endpoint subscribes to and what each delivery carries. A delivery's body is one
 * {@link NotificationEvent}, signed after Standard Webhooks (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`).
 */

/** Every event type, in the order the docs list them. */
export const EVENT_TYPES = [
  'alert.raised',
  'alert.updated',
  'alert.cleared',
  'session.started',
  'session.ended',
  'charger.connected',
  'charger.disconnected',
  'charger.status_changed',
  'command.completed',
] as const;

/** One of {@link EVENT_TYPES}. */
export type EventType = (typeof EVENT_TYPES)[number];

/** The type an endpoint's test delivery (`POST /api/webhook-endpoints/{id}/test`) carries; no endpoint subscribes to it. */
export const TEST_EVENT_TYPE = 'webhook.test';

/**
 * One event, as a delivery's JSON body (the Standard Webhooks payload shape):
 * `{ type, timestamp, data }`.
 */
export interface NotificationEvent {
  /** Stable across redeliveries: the `webhook-id` of every delivery of this event to one endpoint is derived from it. */
  id: string;
  type: EventType | typeof TEST_EVENT_TYPE;
  /** ISO 8601 UTC: when the change happened (the table write). */
  timestamp: string;
  /** The organization whose endpoints and recipients may receive it (never sent in the body). */
  organizationId: number;
  /** The site concerned, when there is one (recipients choose sites). */
  siteId?: number;
  /** The thing that changed, in the API's own shape (an alert as `GET /api/alerts` lists it, …). */
  data: Record<string, unknown>;
}
