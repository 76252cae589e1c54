/**
 * The DynamoDB requests of a pushed vehicle state (shared/access/vehicle-state.ts): one conditional
 * UpdateItem per reading, its refusal answering the stored item (no read before or after), and the
 * VINs of a batch (or the one of a single reading) resolved with one BatchGetItem. The answers themselves are tested on DynamoDB
 * Local (test/integration/http/access-ids.test.ts); a mocked client counts the requests.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { pushVehicleState, pushVehicleStateBatch } from '../../../shared/access/vehicle-state';
import { InvalidAccessInputError } from '../../../shared/access/errors';
import { mockedDb, TABLE } from '../db/mock-table';

const NOW = Date.parse('2026-12-06T08:00:00Z');
const clock = () => NOW;
const reading = (fields: object = {}) => ({
  socPercent: 50,
  timestamp: new Date(NOW - 60_000).toISOString(),
  source: 'fleet-telematics',
  ...fields,
});

/**
 * A mocked data layer whose vehicles 1–3 of organization 7 exist, 2 with a newer reading; VIN `VIN1`
 * is vehicle 1's; vehicle 3's marker still says `VIN3` while the vehicle already has `VIN3B` (a
 * marker read a moment behind a VIN's change); writing vehicle 5 fails (not a condition).
 */
function scripted() {
  const { db, mock } = mockedDb();
  const vehicle = (vehicleId: number, fields: object = {}) =>
    db.vehicle
      .put({
        organizationId: 7,
        vehicleId,
        name: `Van ${vehicleId}`,
        createdAt: 'x',
        updatedAt: 'x',
        ...fields,
      } as never)
      .params().Item as Record<string, unknown>;
  const newer = {
    hasTelematics: true,
    telematicsSocPercent: 61,
    telematicsReadAt: new Date(NOW).toISOString(),
    telematicsSource: 'fleet-telematics',
  };
  mock.on(UpdateCommand).callsFake(async (input) => {
    const vehicleId = Number(String(input.Key.sk).split('_').at(-1));
    if (vehicleId === 3 && Object.values(input.ExpressionAttributeValues ?? {}).includes('VIN3')) {
      throw new ConditionalCheckFailedException({
        message: 'The conditional request failed',
        $metadata: {},
        Item: marshall(vehicle(3, { ...newer, vin: 'VIN3B' }), { removeUndefinedValues: true }),
      });
    }
    if (vehicleId === 5) throw new Error('Internal server error');
    if (vehicleId === 2) {
      throw new ConditionalCheckFailedException({
        message: 'The conditional request failed',
        $metadata: {},
        Item: marshall(vehicle(2, newer), { removeUndefinedValues: true }),
      });
    }
    if (vehicleId > 5)
      throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    return { Attributes: vehicle(vehicleId, { ...newer, telematicsReadAt: new Date(NOW - 60_000).toISOString() }) };
  });
  mock.on(BatchGetCommand).callsFake(async (input) => {
    const keys = input.RequestItems[TABLE].Keys as { pk: string }[];
    const markers = [
      ['VIN1', 1],
      ['VIN3', 3],
    ].map(
      ([value, targetId]) =>
        db.uniqueValue.put({ constraint: 'vehicleVin:7', value, targetId } as never).params().Item as { pk: string },
    );
    const found = markers.filter((marker) => keys.some((k) => k.pk === marker.pk));
    return { Responses: { [TABLE]: found }, UnprocessedKeys: {} };
  });
  return { db, mock };
}

describe("a pushed vehicle state's requests", () => {
  it('stores, ignores an older reading and refuses an unknown vehicle with one UpdateItem each, reading nothing', async () => {
    const { db, mock } = scripted();
    expect((await pushVehicleState(db, 7, { vehicleId: 1, ...reading() }, clock)).outcome).toBe('stored');
    const ignored = await pushVehicleState(db, 7, { vehicleId: 2, ...reading() }, clock);
    expect(ignored).toMatchObject({ outcome: 'ignored', telematics: { socPercent: 61 } });
    await expect(pushVehicleState(db, 7, { vehicleId: 9, ...reading() }, clock)).rejects.toMatchObject({
      field: 'vehicleId',
    });
    expect(mock.commandCalls(UpdateCommand)).toHaveLength(3);
    expect(mock.commandCalls(GetCommand)).toHaveLength(0);
    // The write asks for the stored item when it is refused, and refuses a vehicle that is not there.
    const update = mock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.ReturnValuesOnConditionCheckFailure).toBe('ALL_OLD');
    expect(update.ConditionExpression).toMatch(
      /^attribute_exists\(#pk\) AND attribute_exists\(#sk\) AND \(.* OR .*\)$/,
    );
  });

  it("resolves a reading's VIN as a batch's (one BatchGetItem), then one UpdateItem", async () => {
    const { db, mock } = scripted();
    expect(await pushVehicleState(db, 7, { vehicleVin: 'vin1', ...reading() }, clock)).toMatchObject({
      vehicleId: 1,
      outcome: 'stored',
    });
    await expect(pushVehicleState(db, 7, { vehicleVin: 'NOSUCHVIN', ...reading() }, clock)).rejects.toMatchObject({
      field: 'vehicleVin',
      message: new InvalidAccessInputError('vehicleVin', 'no vehicle with this VIN in the organization').message,
    });
    expect(mock.commandCalls(BatchGetCommand)).toHaveLength(2);
    expect(mock.commandCalls(UpdateCommand)).toHaveLength(1);
    expect(mock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('refuses a reading by VIN when the vehicle no longer has that VIN (its marker read behind), as an unknown VIN', async () => {
    const { db, mock } = scripted();
    await expect(pushVehicleState(db, 7, { vehicleVin: 'vin3', ...reading() }, clock)).rejects.toMatchObject({
      field: 'vehicleVin',
      message: new InvalidAccessInputError('vehicleVin', 'no vehicle with this VIN in the organization').message,
    });
    // The VIN is a condition of the single write, not read again.
    expect(mock.commandCalls(UpdateCommand)).toHaveLength(1);
    expect(mock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it("resolves a batch's VINs with one BatchGetItem, then one UpdateItem per valid item", async () => {
    const { db, mock } = scripted();
    const results = await pushVehicleStateBatch(
      db,
      7,
      [
        { request: { vehicleVin: 'vin1', ...reading() } },
        { request: { vehicleVin: 'NOSUCHVIN', ...reading() } },
        { request: { vehicleId: 2, ...reading() } },
        { request: { vehicleId: 3, ...reading({ socPercent: 140 }) } },
        { request: { vehicleId: 9, ...reading() } },
        { invalid: { vehicleId: 3, vehicleVin: null, error: 'Invalid body.vehicles.5.source: too short' } },
      ],
      clock,
    );
    expect(results.map((r) => [r.vehicleId, r.outcome])).toEqual([
      [1, 'stored'],
      [null, 'error'],
      [2, 'ignored'],
      [3, 'error'],
      [9, 'error'],
      [3, 'error'],
    ]);
    // Each item's error names its field under the item's path, as the API's validation does.
    expect(results[1]!.error).toBe('Invalid body.vehicles.1.vehicleVin: no vehicle with this VIN in the organization');
    expect(results[3]!.error).toBe('Invalid body.vehicles.3.socPercent: must be between 0 and 100');
    expect(results[4]!.error).toBe('Invalid body.vehicles.4.vehicleId: no vehicle with this ID in the organization');
    expect(mock.commandCalls(BatchGetCommand)).toHaveLength(1);
    expect(mock.commandCalls(UpdateCommand)).toHaveLength(3);
    expect(mock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it("stamps each write with the clock just before it, not the request's start (a later chunk's too)", async () => {
    const { db, mock } = scripted();
    let t = NOW;
    const ticking = () => (t += 1000);
    const entries = Array.from({ length: 11 }, () => ({ request: { vehicleId: 1, ...reading() } }));
    await pushVehicleStateBatch(db, 7, entries, ticking);
    const start = new Date(NOW + 1000).toISOString();
    const stamps = mock.commandCalls(UpdateCommand).map((call) => updatedAtOf(call.args[0].input));
    expect(stamps).toHaveLength(11);
    for (const stamp of stamps) expect(stamp > start).toBe(true);
    expect(new Set(stamps).size).toBe(11);
  });

  it('answers an item whose write fails (not a condition) as an error to retry, the others stored', async () => {
    const { db } = scripted();
    const results = await pushVehicleStateBatch(
      db,
      7,
      [{ request: { vehicleId: 1, ...reading() } }, { request: { vehicleId: 5, ...reading() } }],
      clock,
    );
    expect(results).toEqual([
      expect.objectContaining({ vehicleId: 1, outcome: 'stored' }),
      {
        vehicleId: 5,
        vehicleVin: null,
        outcome: 'error',
        error: 'The reading could not be stored; retry this item',
      },
    ]);
  });

  it('reads no VIN marker for a batch named by ID', async () => {
    const { db, mock } = scripted();
    await pushVehicleStateBatch(db, 7, [{ request: { vehicleId: 1, ...reading() } }], clock);
    expect(mock.commandCalls(BatchGetCommand)).toHaveLength(0);
    expect(mock.commandCalls(UpdateCommand)).toHaveLength(1);
  });
});

/** The `updatedAt` an UpdateItem sets. */
function updatedAtOf(input: {
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}): string {
  const name = Object.entries(input.ExpressionAttributeNames ?? {}).find(
    ([, attribute]) => attribute === 'updatedAt',
  )![0];
  const value = Object.keys(input.ExpressionAttributeValues ?? {}).find((key) => key.startsWith(`:${name.slice(1)}`))!;
  return input.ExpressionAttributeValues![value] as string;
}
