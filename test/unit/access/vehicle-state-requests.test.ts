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
const reading = (fields: object = {}) => ({
  socPercent: 50,
  timestamp: new Date(NOW - 60_000).toISOString(),
  source: 'fleet-telematics',
  ...fields,
});

/** A mocked data layer whose vehicles 1–3 of organization 7 exist, 2 with a newer reading; VIN `VIN1` is vehicle 1's. */
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
    if (vehicleId === 2) {
      throw new ConditionalCheckFailedException({
        message: 'The conditional request failed',
        $metadata: {},
        Item: marshall(vehicle(2, newer), { removeUndefinedValues: true }),
      });
    }
    if (vehicleId > 3)
      throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    return { Attributes: vehicle(vehicleId, { ...newer, telematicsReadAt: new Date(NOW - 60_000).toISOString() }) };
  });
  mock.on(BatchGetCommand).callsFake(async (input) => {
    const keys = input.RequestItems[TABLE].Keys as { pk: string }[];
    const marker = db.uniqueValue.put({ constraint: 'vehicleVin:7', value: 'VIN1', targetId: 1 } as never).params()
      .Item as { pk: string };
    return { Responses: { [TABLE]: keys.some((k) => k.pk === marker.pk) ? [marker] : [] }, UnprocessedKeys: {} };
  });
  return { db, mock };
}

describe("a pushed vehicle state's requests", () => {
  it('stores, ignores an older reading and refuses an unknown vehicle with one UpdateItem each, reading nothing', async () => {
    const { db, mock } = scripted();
    expect((await pushVehicleState(db, 7, { vehicleId: 1, ...reading() }, NOW)).outcome).toBe('stored');
    const ignored = await pushVehicleState(db, 7, { vehicleId: 2, ...reading() }, NOW);
    expect(ignored).toMatchObject({ outcome: 'ignored', telematics: { socPercent: 61 } });
    await expect(pushVehicleState(db, 7, { vehicleId: 9, ...reading() }, NOW)).rejects.toMatchObject({
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
    expect(await pushVehicleState(db, 7, { vehicleVin: 'vin1', ...reading() }, NOW)).toMatchObject({
      vehicleId: 1,
      outcome: 'stored',
    });
    await expect(pushVehicleState(db, 7, { vehicleVin: 'NOSUCHVIN', ...reading() }, NOW)).rejects.toMatchObject({
      field: 'vehicleVin',
      message: new InvalidAccessInputError('vehicleVin', 'no vehicle with this VIN in the organization').message,
    });
    expect(mock.commandCalls(BatchGetCommand)).toHaveLength(2);
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
      NOW,
    );
    expect(results.map((r) => [r.vehicleId, r.outcome])).toEqual([
      [1, 'stored'],
      [null, 'error'],
      [2, 'ignored'],
      [3, 'error'],
      [9, 'error'],
      [3, 'error'],
    ]);
    expect(results[1]!.error).toBe(
      new InvalidAccessInputError('vehicleVin', 'no vehicle with this VIN in the organization').message,
    );
    expect(results[3]!.error).toContain('socPercent');
    expect(mock.commandCalls(BatchGetCommand)).toHaveLength(1);
    expect(mock.commandCalls(UpdateCommand)).toHaveLength(3);
    expect(mock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('reads no VIN marker for a batch named by ID', async () => {
    const { db, mock } = scripted();
    await pushVehicleStateBatch(db, 7, [{ request: { vehicleId: 1, ...reading() } }], NOW);
    expect(mock.commandCalls(BatchGetCommand)).toHaveLength(0);
    expect(mock.commandCalls(UpdateCommand)).toHaveLength(1);
  });
});
