/**
 * The fan-out (docs/webhooks.md, "The queue"): the events of a batch of the
 * table's changes → one delivery per event and enabled endpoint of its organization subscribed to
 * its type, each queued (`deliveries.ts`). Fed by the table's stream, filtered to
 * {@link FAN_OUT_ENTITIES} (`lambdas/webhooks/fan-out.ts`).
 *
 * DynamoDB requests per batch: 1 Query of endpoints per organization with events, then per
 * delivery 1 conditional PutItem; queue requests: 1 per 10 deliveries.
 */
import type { Db } from '../db';
import { NOTIFYING_ENTITIES } from '../events/table-events';
import type { NotificationEvent } from '../events/types';
import { createDeliveries } from './deliveries';
import { enabledEndpointsOf } from './endpoints';
import type { DeliveryQueue } from './queue';

/** The entities whose changes make events: alerts, and those of the session, charger and command events. */
export const FAN_OUT_ENTITIES: readonly string[] = ['alert', ...NOTIFYING_ENTITIES];

/**
 * Delivers `events` to the endpoints that want them.
 * @returns how many deliveries were made (or found made by an earlier run of the same batch)
 */
export async function fanOutEvents(
  db: Db,
  queue: DeliveryQueue,
  events: readonly NotificationEvent[],
): Promise<number> {
  const organizations = [...new Set(events.map((e) => e.organizationId))];
  const endpoints = new Map(
    await Promise.all(organizations.map(async (id) => [id, await enabledEndpointsOf(db, id)] as const)),
  );
  const targets = events.map((event) => ({
    event,
    endpoints: (endpoints.get(event.organizationId) ?? []).filter((endpoint) =>
      endpoint.eventTypes.includes(event.type),
    ),
  }));
  const deliveries = await createDeliveries(
    db,
    queue,
    targets.filter((t) => t.endpoints.length > 0),
  );
  return deliveries.length;
}
