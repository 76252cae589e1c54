/**
 * Access-ID and vehicle bugs, through the domain functions that had them, with DynamoDB's
 * answers scripted: under concurrency a TransactionConflict answered 409 "already exists"
 * (`createAccessId`); under throttling the batch ignored the unprocessed keys of its
 * BatchGetItem and then overwrote an existing access ID as if it were new (`upsertAccessIdBatch`);
 * a PATCH changed the VIN a concurrent first telematics reading had just fixed (`updateVehicle`).
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAccessId } from '../../../shared/access/access-ids';
import { upsertAccessIdBatch } from '../../../shared/access/batch';
import type { AccessIdItem } from '../../../shared/access/items';
import { updateVehicle } from '../../../shared/access/vehicle-writes';
import { cancelled, counterItem, mockedDb, TABLE } from './mock-table';

const ORG = 5;
let { db, mock } = mockedDb();
beforeEach(() => {
  ({ db, mock } = mockedDb());
});

describe('createAccessId under concurrency', () => {
  it('retries a TransactionConflict and creates the access ID, instead of answering "already exists"', async () => {
    mock
      .on(BatchGetCommand)
      .resolves({ Responses: { [TABLE]: [counterItem(db, 'accessId', 11)] }, UnprocessedKeys: {} });
    mock.on(TransactWriteCommand).rejectsOnce(cancelled('TransactionConflict', 'None')).resolves({});
    const created = await createAccessId(db, ORG, { ocppIdTag: 'tag-1', name: 'Card 1', type: 'RFID' });
    expect(created).toMatchObject({ id: 12, ocppIdTag: 'TAG-1', name: 'Card 1', authorizationStatus: 'Authorized' });
    expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('still refuses a tag that exists (the condition of the access ID item failed)', async () => {
    mock
      .on(BatchGetCommand)
      .resolves({ Responses: { [TABLE]: [counterItem(db, 'accessId', 11)] }, UnprocessedKeys: {} });
    mock.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    await expect(createAccessId(db, ORG, { ocppIdTag: 'tag-1', name: 'Card 1', type: 'RFID' })).rejects.toMatchObject({
      kind: 'conflict',
      field: 'ocppIdTag',
    });
  });
});

describe('upsertAccessIdBatch under throttling', () => {
  const stored: AccessIdItem = {
    organizationId: ORG,
    ocppIdTag: 'TAG-A',
    accessIdId: 41,
    type: 'RFID',
    name: 'Card A',
    authorizationStatus: 'Authorized',
    authorizedAt: '2026-01-01T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('reads the keys DynamoDB left unprocessed before deciding what is new, so an existing access ID keeps its ID', async () => {
    const keyOfA = db.accessId.get({ organizationId: ORG, ocppIdTag: 'TAG-A' }).params().Key;
    mock
      .on(BatchGetCommand)
      .resolvesOnce({ Responses: { [TABLE]: [] }, UnprocessedKeys: { [TABLE]: { Keys: [keyOfA] } } })
      .resolvesOnce({ Responses: { [TABLE]: [db.accessId.put(stored).params().Item] }, UnprocessedKeys: {} });
    mock.on(UpdateCommand).resolves({ Attributes: { value: 100 } });
    mock.on(BatchWriteCommand).resolves({ UnprocessedItems: {} });
    const results = await upsertAccessIdBatch(db, ORG, [
      { item: { ocppIdTag: 'tag-a', name: 'Card A (renamed)', type: 'RFID' } },
      { item: { ocppIdTag: 'tag-b', name: 'Card B', type: 'RFID' } },
    ]);
    expect(results.map((r) => [r.ocppIdTag, r.outcome, 'accessId' in r ? r.accessId.id : r.error])).toEqual([
      ['TAG-A', 'updated', 41],
      ['TAG-B', 'created', 100],
    ]);
    const put = mock.commandCalls(BatchWriteCommand).flatMap((c) => c.args[0].input.RequestItems?.[TABLE] ?? []);
    const written = put.map((r) => r.PutRequest?.Item).find((item) => item?.ocppIdTag === 'TAG-A');
    expect(written).toMatchObject({ accessIdId: 41, name: 'Card A (renamed)', createdAt: stored.createdAt });
    // One ID was taken (ADD 1 to the accessId counter), for TAG-B only.
    const taken = mock.commandCalls(UpdateCommand).map((c) => c.args[0].input.ExpressionAttributeValues);
    expect(taken).toEqual([expect.objectContaining({ ':name_u0': 'accessId', ':value_u0': 1 })]);
  });
});

describe('updateVehicle against a first telematics reading', () => {
  it('refuses a VIN change once a concurrent reading gave the vehicle telematics, whose write did not bump the version', async () => {
    const read = {
      organizationId: ORG,
      vehicleId: 9,
      name: 'Van 9',
      vin: 'OLDVIN0000000009',
      version: 3,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    // The reading lands between the PATCH's read and its write: same version, hasTelematics set.
    const withReading = { ...read, hasTelematics: true, telematicsSocPercent: 40, telematicsReadAt: read.updatedAt };
    const item = (fields: object) => db.vehicle.put(fields as never).params().Item;
    mock
      .on(GetCommand)
      .resolvesOnce({ Item: item(read) })
      .resolves({ Item: item(withReading) });
    mock.on(TransactWriteCommand).callsFake(async (input) => {
      const items = input.TransactItems as { Update?: { ExpressionAttributeNames?: Record<string, string> } }[];
      const vehicle = items.findIndex((i) =>
        Object.values(i.Update?.ExpressionAttributeNames ?? {}).includes('version'),
      );
      // DynamoDB's answer: a condition on hasTelematics fails now; one on the version alone holds.
      const names = Object.values(items[vehicle]!.Update!.ExpressionAttributeNames!);
      if (names.includes('hasTelematics'))
        throw cancelled(...items.map((_, i) => (i === vehicle ? 'ConditionalCheckFailed' : 'None')));
      return {};
    });
    await expect(updateVehicle(db, ORG, 9, { vin: 'NEWVIN0000000009' })).rejects.toMatchObject({
      kind: 'invalid',
      field: 'vin',
    });
    expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});
