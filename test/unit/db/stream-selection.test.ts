/**
 * A stream consumer's selection (its entity names) read both ways: as the local stream loop tests a
 * record (`streamSelects`) and as the event source filter patterns the CDK app writes
 * (`streamFilters`), on images as the stream carries them (the items ElectroDB writes, marshalled).
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { streamFilters } from '../../../lib/aws/table';
import { createDocumentClient, createEntities, type Db } from '../../../shared/db';
import { ENTITY_ATTRIBUTE, streamSelects } from '../../../shared/db/table-changes';
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
/** An access ID's image: only its entity name matters to the filter. */
const card = { [ENTITY_ATTRIBUTE]: { S: 'accessId' }, ocppIdTag: { S: 'CARD-7' } };

describe("the sync function's stream selection", () => {
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

  it('is the same filter patterns on AWS: the entities on either image', () => {
    expect(streamFilters(LOCAL_LIST_SYNC_STREAM)).toEqual([
      { dynamodb: { NewImage: { [ENTITY_ATTRIBUTE]: { S: ['accessId', 'charger', 'localAuthList', 'siteTariff'] } } } },
      { dynamodb: { OldImage: { [ENTITY_ATTRIBUTE]: { S: ['accessId', 'charger', 'localAuthList', 'siteTariff'] } } } },
    ]);
  });
});
