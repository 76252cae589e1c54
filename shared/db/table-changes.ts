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
  /** The record's sequence number: what a consumer reports in `batchItemFailures`. */
  sequenceNumber?: string;
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
            ...(record.dynamodb?.SequenceNumber ? { sequenceNumber: record.dynamodb.SequenceNumber } : {}),
            oldImage: image(record.dynamodb?.OldImage),
            newImage: image(record.dynamodb?.NewImage),
          },
        ]
      : [],
  );
}

/**
 * A value of an image read as a number: the number when it is a finite one, else undefined (a
 * missing attribute, another type). An unmarshalled image holds no NaN or Infinity (DynamoDB
 * stores neither), so on images this is just the type check.
 */
export function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** An attribute of an image read as a number ({@link numberOf}), or undefined when it is not one. */
export function numberIn(image: Record<string, unknown> | undefined, attribute: string): number | undefined {
  return numberOf(image?.[attribute]);
}

/**
 * How a charger item's change moved its connection, from its old and new images: `boot` (a new
 * `lastBootAt` while connected), `connect` (connected again: a new `currentConnectionId`), else
 * undefined (disconnected, or nothing of its connection changed).
 */
export function chargerConnectionChange(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): 'boot' | 'connect' | undefined {
  if (!after.currentConnectionId) return undefined;
  if (before.lastBootAt !== after.lastBootAt) return 'boot';
  return before.currentConnectionId !== after.currentConnectionId ? 'connect' : undefined;
}

/** The entity of a changed item (from its new image, else its old one), if it has one. */
export function entityOf(change: TableChange): unknown {
  return (change.newImage ?? change.oldImage)?.[ENTITY_ATTRIBUTE];
}

/**
 * Several stream consumers' entity lists as one, without repeats, in first-seen order: a function
 * that serves them all reads what any of them reads. A stream consumer's selection is the entity
 * names whose every change passes (named on the new image or the old one, so a deletion counts):
 * one list for its event source mapping's filters on AWS (`NetworkTable.streamChangesTo`) and the
 * local stack's stream loop (`lib/local/table-stream.ts`, through {@link streamSelects}), so that
 * both pass the same records.
 */
export function mergeStreamEntities(...lists: readonly (readonly string[])[]): string[] {
  return [...new Set(lists.flat())];
}

/** A record's images as DynamoDB Streams carries them (DynamoDB JSON). */
export interface StreamImages {
  NewImage?: Record<string, unknown>;
  OldImage?: Record<string, unknown>;
}

/**
 * Whether a stream record passes a consumer's `entities` (what its event source mapping's filters
 * let through): its entity, on the new image or the old one, is one of them. Pure.
 */
export function streamSelects(entities: readonly string[], images: StreamImages | undefined): boolean {
  const entityIn = (image: Record<string, unknown> | undefined) =>
    (image?.[ENTITY_ATTRIBUTE] as { S?: unknown } | undefined)?.S;
  const named = [entityIn(images?.NewImage), entityIn(images?.OldImage)];
  return named.some((entity) => typeof entity === 'string' && entities.includes(entity));
}
