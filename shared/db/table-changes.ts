/**
 * The table's changes as its stream consumers read them: DynamoDB Streams records (new and old
 * images, `NEW_AND_OLD_IMAGES`) with their images unmarshalled to plain items.
 */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';

/** The attribute holding an item's entity name (ElectroDB's identifier, on every item). */
export const ENTITY_ATTRIBUTE = '__edb_e__';

/** One change of the table, with its images as plain values (unmarshalled). */
export interface TableChange {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  oldImage?: Record<string, unknown>;
  newImage?: Record<string, unknown>;
}

/** The changes of a DynamoDB Streams event, in order (records without an `eventName` are skipped). */
export function tableChangesOf(event: DynamoDBStreamEvent): TableChange[] {
  const image = (value: unknown) => (value ? unmarshall(value as Record<string, AttributeValue>) : undefined);
  return event.Records.flatMap((record) =>
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
}

/** The entity of a changed item (from its new image, else its old one), if it has one. */
export function entityOf(change: TableChange): unknown {
  return (change.newImage ?? change.oldImage)?.[ENTITY_ATTRIBUTE];
}
