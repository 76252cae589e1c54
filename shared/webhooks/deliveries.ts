/**
 * Deliveries (docs/webhooks.md, "Deliveries"): one event to one endpoint, its
 * attempts and its status. A delivery's ID (`msg_…`, the `webhook-id` every attempt carries) is
 * derived from the event's and the endpoint's IDs, and it is created with a conditional PutItem,
 * so a stream batch handled twice delivers nothing twice.
 *
 * DynamoDB requests: per delivery made 1 conditional PutItem (+1 GetItem when it existed already); a list
 * page 1 GetItem (the endpoint) + 1 Query; a retry 1 GetItem + 1 UpdateItem; a test 1 GetItem + 1
 * PutItem. Each then sends its queue messages in one request per 10.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createConversions, type EntityItem } from 'electrodb';
import type { Db } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import { exactPage, PAGE_SIZE, paginate, type Page } from '../db/pagination';
import { TEST_EVENT_TYPE, type NotificationEvent } from '../events/types';
import { canAccess, type AccessScope } from '../organizations/access-scope';
import { visibleEndpoint, type WebhookEndpointItem } from './endpoints';
import { WebhookDeliveryNotFoundError } from './errors';
import { queueDelivery, type DeliveryQueue, type QueuedMessage } from './queue';

/** A stored delivery. */
export type WebhookDeliveryItem = EntityItem<Db['webhookDelivery']>;

/** How long a delivery is kept: 30 days, s. */
export const DELIVERY_RETENTION_SECONDS = 30 * 86_400;

/** One attempt as the delivery log shows it. */
export interface AttemptLogEntry {
  /** ISO 8601 UTC: when it started. */
  timestamp: string;
  /** The receiver's status code; null when none came. */
  responseCode: number | null;
  /** Why it failed (the connection's error, `HTTP <code>`); null on success. */
  error: string | null;
  durationMs: number;
}

/** A delivery as the API answers it (times ISO 8601 UTC). */
export interface WebhookDelivery {
  /** `msg_…`: the `webhook-id` header of each attempt. */
  id: string;
  endpointId: number;
  eventType: string;
  eventId: string;
  createdAt: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  lastAttemptAt: string | null;
  lastResponseCode: number | null;
  nextAttemptAt: string | null;
  attemptLog: AttemptLogEntry[];
}

/** The `webhook-id` of `event`'s delivery to an endpoint: `msg_` + 32 hex digits of SHA-256. */
export function deliveryIdOf(eventId: string, webhookEndpointId: number): string {
  return `msg_${createHash('sha256').update(`${eventId}\n${webhookEndpointId}`).digest('hex').slice(0, 32)}`;
}

/** The body every attempt sends: the event without its organization (`{ id, type, timestamp, data }`). */
export function payloadOf(event: NotificationEvent): string {
  return JSON.stringify({ id: event.id, type: event.type, timestamp: event.timestamp, data: event.data });
}

/** The API's view of a stored delivery. */
export function toDeliveryView(item: WebhookDeliveryItem): WebhookDelivery {
  return {
    id: item.deliveryId,
    endpointId: item.webhookEndpointId,
    eventType: item.eventType,
    eventId: item.eventId,
    createdAt: item.createdAt,
    status: item.status,
    attempts: item.attempts,
    lastAttemptAt: item.lastAttemptAt ?? null,
    lastResponseCode: item.lastResponseCode ?? null,
    nextAttemptAt: item.nextAttemptAt ?? null,
    attemptLog: item.attemptLog as AttemptLogEntry[],
  };
}

/**
 * Stores the delivery of `event` to `endpoint` (conditional PutItem: once per event and endpoint)
 * and returns its first queue message; one that exists already (the same stream batch handled
 * again) gets none, so nothing is delivered twice. (Should a batch fail between the PutItem and
 * the queue's send, its deliveries stay pending without an attempt: `POST …/retry` sends them.)
 * @param now epoch ms
 */
async function storeDelivery(
  db: Db,
  event: NotificationEvent,
  endpoint: WebhookEndpointItem,
  now: number,
  manual = false,
): Promise<{ item: WebhookDeliveryItem; message?: QueuedMessage }> {
  const deliveryId = deliveryIdOf(event.id, endpoint.webhookEndpointId);
  const token = randomUUID();
  const at = new Date(now).toISOString();
  try {
    const { data } = await db.webhookDelivery
      .create({
        deliveryId,
        webhookEndpointId: endpoint.webhookEndpointId,
        organizationId: endpoint.organizationId,
        eventType: event.type,
        eventId: event.id,
        payload: payloadOf(event),
        status: 'pending',
        attempts: 0,
        nextAttemptAt: at,
        token,
        attemptLog: [],
        createdAt: at,
        expiresAt: Math.floor(now / 1000) + DELIVERY_RETENTION_SECONDS,
      })
      .go();
    return { item: data as WebhookDeliveryItem, message: queueDelivery(deliveryId, token, 0, manual) };
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    const { data } = await db.webhookDelivery.get({ deliveryId }).go({ consistent: true });
    if (!data) throw error;
    return { item: data };
  }
}

/**
 * Stores one delivery per event and endpoint given, and queues their first attempts.
 * @param targets each event with the endpoints that want it
 * @returns the deliveries made (or found)
 */
export async function createDeliveries(
  db: Db,
  queue: DeliveryQueue,
  targets: readonly { event: NotificationEvent; endpoints: readonly WebhookEndpointItem[] }[],
  now = Date.now(),
): Promise<WebhookDeliveryItem[]> {
  const stored = await Promise.all(
    targets.flatMap(({ event, endpoints }) => endpoints.map((endpoint) => storeDelivery(db, event, endpoint, now))),
  );
  await queue.send(stored.flatMap((s) => (s.message ? [s.message] : [])));
  return stored.map((s) => s.item);
}

/**
 * An endpoint's deliveries, newest first, {@link PAGE_SIZE} a page (`GET …/{id}/deliveries`).
 * @throws WebhookEndpointNotFoundError, InvalidError (`nextPageCursor`)
 */
export async function listDeliveries(
  db: Db,
  scope: AccessScope,
  webhookEndpointId: number,
  nextPageCursor?: string,
): Promise<Page<WebhookDelivery>> {
  await visibleEndpoint(db, scope, webhookEndpointId);
  const page = await paginate(
    { list: 'webhookDeliveries', organizationId: scope.organizationId, query: { webhookEndpointId } },
    nextPageCursor,
    PAGE_SIZE,
    async (inner, limit) => {
      const { data } = await db.webhookDelivery.query
        .byEndpoint({ webhookEndpointId })
        .go({ cursor: inner, count: limit + 1, order: 'desc' });
      return exactPage(data as WebhookDeliveryItem[], limit, (last) =>
        createConversions(db.webhookDelivery).byAccessPattern.byEndpoint.fromComposite.toCursor(last as never),
      );
    },
  );
  return { data: page.data.map(toDeliveryView), pagination: page.pagination };
}

/**
 * A new attempt of a delivery now, whatever its status (`POST /api/webhook-deliveries/{id}/retry`):
 * it becomes pending with a new token (a message already queued for it does nothing) and is
 * queued at once, to be attempted even if its endpoint is disabled.
 * @throws WebhookDeliveryNotFoundError for an unknown delivery or another organization's
 */
export async function retryDelivery(
  db: Db,
  queue: DeliveryQueue,
  scope: AccessScope,
  deliveryId: string,
  now = Date.now(),
): Promise<WebhookDelivery> {
  const { data: stored } = await db.webhookDelivery.get({ deliveryId }).go({ consistent: true });
  if (!stored || !canAccess(scope, stored.organizationId)) throw new WebhookDeliveryNotFoundError(deliveryId);
  const token = randomUUID();
  const { data } = await db.webhookDelivery
    .patch({ deliveryId })
    .set({ status: 'pending', token, nextAttemptAt: new Date(now).toISOString() })
    .go({ response: 'all_new' });
  await queue.send([queueDelivery(deliveryId, token, 0, true)]);
  return toDeliveryView(data as WebhookDeliveryItem);
}

/**
 * Sends a `webhook.test` event to one endpoint (`POST …/{id}/test`), enabled or not.
 * @returns the delivery, pending
 * @throws WebhookEndpointNotFoundError
 */
export async function sendTestEvent(
  db: Db,
  queue: DeliveryQueue,
  scope: AccessScope,
  webhookEndpointId: number,
  now = Date.now(),
): Promise<WebhookDelivery> {
  const endpoint = await visibleEndpoint(db, scope, webhookEndpointId);
  const event: NotificationEvent = {
    id: `evt_test_${randomUUID()}`,
    type: TEST_EVENT_TYPE,
    timestamp: new Date(now).toISOString(),
    organizationId: endpoint.organizationId,
    data: { webhookEndpointId, message: 'A test event, sent on request' },
  };
  const { item, message } = await storeDelivery(db, event, endpoint, now, true);
  if (message) await queue.send([message]);
  return toDeliveryView(item);
}
