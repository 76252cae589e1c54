/**
 * Smart charging's trigger: a batch of the table's changes (DynamoDB Streams, new and old images,
 * filtered to the entities that can matter) becomes at most one allocation request per site
 * (`shared/site-power/triggers.ts`); a departure plan change re-allocates the organization's
 * sites with sessions in progress.
 */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { getDb } from '../../shared/db';
import { scheduledSites } from '../../shared/site-power/scheduled-sites';
import { reallocationsOf, type TableChange } from '../../shared/site-power/triggers';
import { reallocate } from './lib/start-allocation';

/** DynamoDB Streams event source: the changed items' images → allocation requests. */
export async function handler(event: DynamoDBStreamEvent): Promise<void> {
  const image = (value: unknown) => (value ? unmarshall(value as Record<string, AttributeValue>) : undefined);
  const changes: TableChange[] = event.Records.flatMap((record) =>
    record.eventName
      ? [
          {
            eventName: record.eventName,
            oldImage: image(record.dynamodb?.OldImage),
            newImage: image(record.dynamodb?.NewImage),
          },
        ]
      : [],
  );
  const { siteIds, organizationIds } = reallocationsOf(changes);
  const db = getDb();
  if (organizationIds.size) {
    for (const site of await scheduledSites(db)) if (organizationIds.has(site.organizationId)) siteIds.add(site.siteId);
  }
  await reallocate(db, siteIds);
}
