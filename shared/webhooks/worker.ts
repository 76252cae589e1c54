/**
 * The delivery worker's step (docs/webhooks.md, "Retries" and
 * "Disabling"): one queue message → at most one signed attempt, its outcome recorded on the
 * delivery, the next attempt queued, the endpoint disabled when the receiver is gone (410) or has
 * failed for five days.
 *
 * Signing follows Standard Webhooks with the `standardwebhooks` package: `webhook-id` (the
 * delivery's ID), `webhook-timestamp` (epoch seconds of the attempt), `webhook-signature` (`v1,…`
 * with the endpoint's secret, and a second `v1,…` with the previous one during the 24 h after a
 * rotation).
 *
 * DynamoDB requests per attempt: 1 GetItem (delivery) + 1 GetItem (endpoint) + 1 conditional
 * UpdateItem (delivery); +1 UpdateItem (endpoint) when its failing streak starts or ends or it is
 * disabled. A hop of a long wait: no request but the queue's.
 */
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import type { AttemptLogEntry, WebhookDeliveryItem } from './deliveries';
import type { WebhookEndpointItem } from './endpoints';
import { queueDelivery, type DeliveryMessage, type DeliveryQueue } from './queue';
import { FAILING_DISABLE_MS, nextDelaySeconds, parseRetryAfter } from './schedule';
import { openSecret } from './secrets';
import { postWebhook, type AttemptResult } from './send';

/** Attempts a delivery's log keeps (the latest). */
export const ATTEMPT_LOG_LENGTH = 20;

/** What a message came to. */
export type MessageOutcome =
  /** A long wait's hop: sent on. */
  | 'held'
  /** No such delivery (expired), or another message has its turn (a manual retry, a duplicate). */
  | 'ignored'
  /** Its endpoint is disabled or deleted: the delivery failed without an attempt. */
  | 'stopped'
  | 'succeeded'
  /** Failed; another attempt is queued. */
  | 'retrying'
  /** Failed for good. */
  | 'failed';

/** The worker's dependencies. */
export interface DeliveryContext {
  db: Db;
  queue: DeliveryQueue;
  /** Epoch ms @default Date.now */
  now?: () => number;
  /** The HTTP attempt @default postWebhook */
  post?: typeof postWebhook;
}

/**
 * The `webhook-signature` header: one `v1,…` per secret that signs now (space-separated).
 * @param timestamp the attempt's time, as `webhook-timestamp` says
 * @throws Error when a stored secret cannot be decrypted
 */
export async function signatureOf(
  endpoint: WebhookEndpointItem,
  deliveryId: string,
  timestamp: Date,
  payload: string,
): Promise<string> {
  const sealed = [endpoint.secret];
  if (endpoint.previousSecret && Date.parse(endpoint.previousSecretExpiresAt ?? '') > timestamp.getTime())
    sealed.push(endpoint.previousSecret);
  const secrets = await Promise.all(sealed.map((s) => openSecret(s, endpoint.webhookEndpointId)));
  return secrets.map((secret) => new Webhook(secret).sign(deliveryId, timestamp, payload)).join(' ');
}

/** Marks a delivery failed without an attempt (its endpoint stopped), if the message still holds its turn. */
async function stopDelivery(db: Db, delivery: WebhookDeliveryItem, token: string): Promise<void> {
  await db.webhookDelivery
    .patch({ deliveryId: delivery.deliveryId })
    .set({ status: 'failed' })
    .remove(['token', 'nextAttemptAt'])
    .where((attr, { eq }) => eq(attr.token, token))
    .go()
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
}

/**
 * Disables an endpoint (`gone`, `failing`) and fails its pending deliveries (1 UpdateItem, 1
 * Query of its deliveries, 1 UpdateItem per pending one).
 */
export async function disableEndpoint(
  db: Db,
  endpoint: WebhookEndpointItem,
  reason: 'gone' | 'failing',
  now: number,
): Promise<void> {
  await db.webhookEndpoint
    .patch({ webhookEndpointId: endpoint.webhookEndpointId })
    .set({ enabled: false, disabledReason: reason, updatedAt: new Date(now).toISOString() })
    .go()
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
  const { data } = await db.webhookDelivery.query
    .byEndpoint({ webhookEndpointId: endpoint.webhookEndpointId })
    .where((attr, { eq }) => eq(attr.status, 'pending'))
    .go({ pages: 'all' });
  await Promise.all(data.map((d) => (d.token ? stopDelivery(db, d as WebhookDeliveryItem, d.token) : undefined)));
}

/**
 * What an attempt's outcome does to its endpoint: a 410 disables it (`gone`); a failure while it
 * has been failing for {@link FAILING_DISABLE_MS} disables it (`failing`); the first failure starts
 * its failing streak, a success ends it.
 */
export function endpointChangeOf(
  endpoint: WebhookEndpointItem,
  result: AttemptResult,
  now: number,
): { disable: 'gone' | 'failing' } | { failingSince: string | null } | undefined {
  if (result.responseCode === 410) return { disable: 'gone' };
  if (result.error === null) return endpoint.failingSince ? { failingSince: null } : undefined;
  if (!endpoint.failingSince) return { failingSince: new Date(now).toISOString() };
  if (endpoint.enabled && now - Date.parse(endpoint.failingSince) >= FAILING_DISABLE_MS) return { disable: 'failing' };
  return undefined;
}

/** Applies {@link endpointChangeOf}'s change (1 UpdateItem; a disabling also fails the pending deliveries). */
async function applyEndpointChange(
  db: Db,
  endpoint: WebhookEndpointItem,
  change: ReturnType<typeof endpointChangeOf>,
  now: number,
): Promise<void> {
  if (!change) return;
  if ('disable' in change) return disableEndpoint(db, endpoint, change.disable, now);
  const patch = db.webhookEndpoint.patch({ webhookEndpointId: endpoint.webhookEndpointId });
  await (change.failingSince === null
    ? patch.remove(['failingSince'])
    : patch.set({ failingSince: change.failingSince })
  )
    .go()
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
}

/**
 * Handles one queue message.
 * @throws the data layer's or the queue's errors (the message is then received again)
 */
export async function handleDeliveryMessage(ctx: DeliveryContext, message: DeliveryMessage): Promise<MessageOutcome> {
  const { db, queue } = ctx;
  const now = ctx.now ?? Date.now;
  if (message.holdSeconds > 0) {
    await queue.send([queueDelivery(message.deliveryId, message.token, message.holdSeconds, message.manual)]);
    return 'held';
  }
  const { data: delivery } = await db.webhookDelivery.get({ deliveryId: message.deliveryId }).go({ consistent: true });
  if (!delivery || delivery.token !== message.token) return 'ignored';
  const { data: endpoint } = await db.webhookEndpoint
    .get({ webhookEndpointId: delivery.webhookEndpointId })
    .go({ consistent: true });
  if (!endpoint || (!endpoint.enabled && !message.manual)) {
    await stopDelivery(db, delivery as WebhookDeliveryItem, message.token);
    return 'stopped';
  }
  const started = new Date(now());
  const signature = await signatureOf(endpoint, delivery.deliveryId, started, delivery.payload);
  const result: AttemptResult = await (ctx.post ?? postWebhook)(endpoint.url, delivery.payload, {
    'content-type': 'application/json',
    'user-agent': 'charging-network-webhooks/1',
    'webhook-id': delivery.deliveryId,
    'webhook-timestamp': String(Math.floor(started.getTime() / 1000)),
    'webhook-signature': signature,
  });
  const succeeded = result.error === null;
  const attempts = delivery.attempts + 1;
  const at = now();
  const endpointChange = endpointChangeOf(endpoint, result, at);
  const delay =
    succeeded || (endpointChange && 'disable' in endpointChange)
      ? undefined
      : nextDelaySeconds(attempts, parseRetryAfter(result.retryAfter, at));
  const entry: AttemptLogEntry = {
    timestamp: started.toISOString(),
    responseCode: result.responseCode,
    error: result.error,
    durationMs: result.durationMs,
  };
  const log = [...(delivery.attemptLog as AttemptLogEntry[]), entry].slice(-ATTEMPT_LOG_LENGTH);
  const token = delay === undefined ? undefined : randomUUID();
  const outcome: MessageOutcome = succeeded ? 'succeeded' : delay === undefined ? 'failed' : 'retrying';
  const removed: ('token' | 'nextAttemptAt' | 'lastResponseCode')[] = token ? [] : ['token', 'nextAttemptAt'];
  if (result.responseCode === null) removed.push('lastResponseCode');
  const update = db.webhookDelivery.patch({ deliveryId: delivery.deliveryId }).set({
    status: outcome === 'retrying' ? 'pending' : outcome,
    attempts,
    lastAttemptAt: started.toISOString(),
    attemptLog: log,
    ...(token ? { token, nextAttemptAt: new Date(at + delay! * 1000).toISOString() } : {}),
    ...(result.responseCode === null ? {} : { lastResponseCode: result.responseCode }),
  });
  try {
    await (removed.length ? update.remove(removed) : update)
      .where((attr, { eq }) => eq(attr.token, message.token))
      .go();
  } catch (error) {
    // A manual retry (or a duplicate message) took its turn meanwhile: its attempt is the one recorded.
    if (isConditionalCheckFailure(error)) return 'ignored';
    throw error;
  }
  await applyEndpointChange(db, endpoint, endpointChange, at);
  if (token) await queue.send([queueDelivery(delivery.deliveryId, token, delay!)]);
  return outcome;
}
