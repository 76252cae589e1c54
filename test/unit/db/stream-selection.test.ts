/**
 * A stream consumer's selection (`StreamSelection`) read both ways: as the local stream loop tests a
 * record (`streamSelects`) and as the event source filter patterns the CDK app writes
 * (`streamFilters`), on images as the stream carries them (the items ElectroDB writes, marshalled).
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { streamFilters } from '../../../lib/aws/table';
import { createDocumentClient, createEntities, type Db } from '../../../shared/db';
import { ENTITY_ATTRIBUTE, type StreamSelection, streamSelects } from '../../../shared/db/table-changes';
import { LOCAL_LIST_SYNC_STREAM } from '../../../shared/local-auth-list';

const db: Db = createEntities(createDocumentClient({ endpoint: 'http://127.0.0.1:9', region: 'local' }), 'unit');
const T0 = '2026-12-06T10:00:00.000Z';
const session = {
  chargerId: 9,
  ocppTransactionId: 'tx-17',
  sessionId: 55,
  organizationId: 3,
  siteId: 4,
  portId: 90,
  portNumber: 1,
  ocppProtocol: 'ocpp2.0.1' as const,
  startTime: T0,
  idTag: 'TAG1',
  meterStartWh: 1000,
  status: 'InProgress' as const,
  updatedAt: T0,
};
/** An item's image as DynamoDB Streams carries it. */
const image = (params: { Item?: unknown }) =>
  marshall(params.Item as Record<string, unknown>, { removeUndefinedValues: true }) as Record<string, unknown>;
const priced = image(db.chargingSession.put({ ...session, energyCost: { amount: 0.74, currency: 'USD' } }).params());
const unpriced = image(db.chargingSession.put(session).params());
/** A selection of sessions by a leaf of their new image: those whose new image carries a cost. */
const PRICED_SESSIONS: StreamSelection = {
  entities: [],
  withNewImageLeaf: { chargingSession: ['energyCost', 'M', 'amount', 'N'] },
};
/** An access ID's image: only its entity name matters to the filter. */
const card = { [ENTITY_ATTRIBUTE]: { S: 'accessId' }, ocppIdTag: { S: 'CARD-7' } };

describe("the sync function's stream selection", () => {
  it('passes an entity by a leaf of its new image only when the new image holds it', () => {
    expect(streamSelects(PRICED_SESSIONS, { NewImage: priced, OldImage: unpriced })).toBe(true);
    expect(streamSelects(PRICED_SESSIONS, { NewImage: priced, OldImage: priced })).toBe(true);
    expect(streamSelects(PRICED_SESSIONS, { NewImage: unpriced })).toBe(false);
    // The leaf is gone, or the item is.
    expect(streamSelects(PRICED_SESSIONS, { NewImage: unpriced, OldImage: priced })).toBe(false);
    expect(streamSelects(PRICED_SESSIONS, { OldImage: priced })).toBe(false);
  });

  it("passes every change of the lists' entities, a deletion too, and nothing else", () => {
    expect(priced[ENTITY_ATTRIBUTE]).toEqual({ S: 'chargingSession' });
    expect(streamSelects(LOCAL_LIST_SYNC_STREAM, { NewImage: card })).toBe(true);
    expect(streamSelects(LOCAL_LIST_SYNC_STREAM, { OldImage: card })).toBe(true);
    const other = { ...priced, [ENTITY_ATTRIBUTE]: { S: 'siteLimit' } };
    expect(streamSelects(LOCAL_LIST_SYNC_STREAM, { NewImage: other })).toBe(false);
    // Sessions never: a CostUpdated comes of a change of the site's tariff, not of a session's write.
    expect(streamSelects(LOCAL_LIST_SYNC_STREAM, { NewImage: priced, OldImage: unpriced })).toBe(false);
    expect(streamSelects(LOCAL_LIST_SYNC_STREAM, undefined)).toBe(false);
  });

  it('is the same filter patterns on AWS: the entities on either image, a leaf on the new one', () => {
    expect(streamFilters(LOCAL_LIST_SYNC_STREAM)).toEqual([
      { dynamodb: { NewImage: { [ENTITY_ATTRIBUTE]: { S: ['accessId', 'charger', 'localAuthList', 'siteTariff'] } } } },
      { dynamodb: { OldImage: { [ENTITY_ATTRIBUTE]: { S: ['accessId', 'charger', 'localAuthList', 'siteTariff'] } } } },
    ]);
    expect(streamFilters(PRICED_SESSIONS)).toContainEqual({
      dynamodb: {
        NewImage: {
          [ENTITY_ATTRIBUTE]: { S: ['chargingSession'] },
          energyCost: { M: { amount: { N: [{ exists: true }] } } },
        },
      },
    });
    // Every path the filter names is a leaf of the stored item (`exists` matches leaves only).
    const [attribute, mapType, field, leafType] = PRICED_SESSIONS.withNewImageLeaf!.chargingSession!;
    const stored = priced[attribute!] as Record<string, Record<string, Record<string, unknown>>>;
    expect(typeof stored[mapType!]![field!]![leafType!]).toBe('string');
  });

  it('refuses, at synthesis, a selection of more patterns than a mapping takes', () => {
    const leaves = Object.fromEntries(['a', 'b', 'c', 'd'].map((e) => [e, ['x', 'S']]));
    expect(() => streamFilters({ entities: ['e'], withNewImageLeaf: leaves })).toThrow(/at most 5/);
  });
});
