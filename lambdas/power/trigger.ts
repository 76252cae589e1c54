/**
 * Smart charging's trigger: a batch of the table's changes (DynamoDB Streams, new and old images,
 * filtered to the entities that can matter) becomes at most one allocation request per site
 * (`shared/site-power/triggers.ts`, and a vehicle's readings: `reading-triggers.ts`); a departure
 * plan change re-allocates the organization's sites with sessions in progress. A vehicle's session
 * that ended with a usable SoC rise teaches its battery's capacity (`shared/access/battery-learning.ts`).
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { learnBatteries } from '../../shared/access';
import { getDb } from '../../shared/db';
import { tableChangesOf } from '../../shared/db/table-changes';
import { triggeredSites } from '../../shared/site-power';
import { reallocate } from './lib/start-allocation';

/** DynamoDB Streams event source: the changed items' images → allocation requests. */
export async function handler(event: DynamoDBStreamEvent): Promise<void> {
  const changes = tableChangesOf(event);
  const db = getDb();
  // No log line here: the trigger's bundle stays without the logger (its budget).
  await Promise.all([reallocate(db, await triggeredSites(db, changes)), learnBatteries(db, changes)]);
}
