/**
 * The webhooks' fan-out (docs/webhooks.md, "The queue"): a batch of the table's changes (DynamoDB
 * Streams, new and old images, filtered to alerts and the entities whose changes make events) →
 * its events (`tableEventsOf`, `alertEventsOf`) → one delivery per subscribed endpoint, queued
 * (SQS on AWS), and the alert e-mails (`emailAlerts`).
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { emailAlerts } from '../../shared/alert-recipients';
import { alertEventsOf } from '../../shared/alerts';
import { getDb } from '../../shared/db';
import { tableChangesOf } from '../../shared/db/table-changes';
import { tableEventsOf } from '../../shared/events';
import { deliveryQueue, fanOutEvents } from '../../shared/webhooks';

/** DynamoDB Streams event source: the changes → deliveries queued and e-mails sent. */
export async function handler(event: DynamoDBStreamEvent): Promise<{ events: number; deliveries: number }> {
  const changes = tableChangesOf(event);
  const db = getDb();
  const events = [...tableEventsOf(changes), ...(await alertEventsOf(db, changes))];
  if (events.length === 0) return { events: 0, deliveries: 0 };
  const [deliveries] = await Promise.all([fanOutEvents(db, deliveryQueue(), events), emailAlerts(db, events)]);
  return { events: events.length, deliveries };
}
