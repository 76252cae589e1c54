/**
 * CostUpdated from the table's stream (`shared/charging/cost-updates.ts`): which session changes
 * call for one (pure), and the sender's reads and memory, on a data layer whose DynamoDB client is
 * mocked: a charger that answered NotSupported/NotImplemented is remembered and not sent CostUpdated
 * again, an ended session is not told, a failure never throws.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { openDb } from '../../../shared/db';
import type { TableChange } from '../../../shared/db/table-changes';
import { costUpdatesOf, sendCostUpdates, type CostUpdate } from '../../../shared/charging/cost-updates';
import type { CostCommands } from '../../../shared/charging/commands';
import { ChargerNotConnectedError, ChargerTimeoutError } from '../../../shared/ocpp/commands/errors';

const db = openDb({ tableName: 'cost-updates-test', region: 'us-east-1', endpoint: 'http://127.0.0.1:9' });
const table = mockClient(DynamoDBDocumentClient);
afterEach(() => table.reset());

/** A chargingSession item as stored (its raw field names: `transactionKey` holds the transactionId). */
function session(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    __edb_e__: 'chargingSession',
    __edb_v__: '1',
    chargerId: 7,
    transactionKey: 'tx-1',
    sessionId: 70,
    ocppProtocol: 'ocpp2.0.1',
    status: 'InProgress',
    ...fields,
  };
}
const cost = (amount: number, currency = 'USD') => ({ amount, currency, at: '2026-12-06T10:00:00.000Z' });
const modify = (oldImage: Record<string, unknown>, newImage: Record<string, unknown>): TableChange => ({
  eventName: 'MODIFY',
  oldImage,
  newImage,
});

describe('costUpdatesOf', () => {
  it('asks for one CostUpdated when a session in progress stores its first or a changed running cost', () => {
    expect(costUpdatesOf([modify(session(), session({ runningCost: cost(0.7404) }))])).toEqual([
      { chargerId: 7, ocppTransactionId: 'tx-1', sessionId: 70, totalCost: 0.74 },
    ]);
    const changed = modify(session({ runningCost: cost(0.7404) }), session({ runningCost: cost(1.2361) }));
    expect(costUpdatesOf([changed])).toEqual([
      { chargerId: 7, ocppTransactionId: 'tx-1', sessionId: 70, totalCost: 1.24 },
    ]);
  });

  it('asks for none when the cost is the same in the minor unit, or other fields changed', () => {
    const sameCents = modify(session({ runningCost: cost(0.7404) }), session({ runningCost: cost(0.7449) }));
    const otherField = modify(
      session({ runningCost: cost(0.7404) }),
      session({ runningCost: cost(0.7404), vehicleId: 3 }),
    );
    expect(costUpdatesOf([sameCents, otherField])).toEqual([]);
    // Another currency is another cost, even for the same figure.
    const euros = modify(session({ runningCost: cost(0.7404) }), session({ runningCost: cost(0.7404, 'EUR') }));
    expect(costUpdatesOf([euros])).toHaveLength(1);
  });

  it('asks for none on OCPP 1.6, for an ended session, or for other entities', () => {
    const v16 = modify(
      session({ ocppProtocol: 'ocpp1.6' }),
      session({ ocppProtocol: 'ocpp1.6', runningCost: cost(1) }),
    );
    const ended = modify(session(), session({ status: 'Completed', runningCost: cost(1) }));
    const port = modify({ __edb_e__: 'port' }, { __edb_e__: 'port', runningCost: cost(1) });
    expect(costUpdatesOf([v16, ended, port])).toEqual([]);
  });

  it('keeps the latest per session, and drops a session that ends later in the batch', () => {
    const first = modify(session(), session({ runningCost: cost(1) }));
    const second = modify(session({ runningCost: cost(1) }), session({ runningCost: cost(2) }));
    const other = modify(
      session({ transactionKey: 'tx-2' }),
      session({ transactionKey: 'tx-2', runningCost: cost(3) }),
    );
    expect(costUpdatesOf([first, second, other]).map((u) => [u.ocppTransactionId, u.totalCost])).toEqual([
      ['tx-1', 2],
      ['tx-2', 3],
    ]);
    const end = modify(session({ runningCost: cost(2) }), session({ runningCost: cost(2), status: 'Completed' }));
    expect(costUpdatesOf([first, end, other]).map((u) => u.ocppTransactionId)).toEqual(['tx-2']);
  });
});

describe('sendCostUpdates', () => {
  const update: CostUpdate = { chargerId: 7, ocppTransactionId: 'tx-1', sessionId: 70, totalCost: 0.74 };

  /** Commands that answer each send with `answer` and note what was sent. */
  function commands(answer: () => Awaited<ReturnType<CostCommands['send']>>) {
    const sent: unknown[] = [];
    const fake = {
      send: async (chargerId: number, name: string, input: unknown) => {
        sent.push({ chargerId, name, input });
        return answer();
      },
      failureOf: (error: unknown) =>
        error instanceof ChargerNotConnectedError
          ? 'notConnected'
          : error instanceof ChargerTimeoutError
            ? 'timeout'
            : undefined,
    } as unknown as CostCommands;
    return { fake, sent };
  }
  const unsupported = () => ({
    ok: false as const,
    unsupported: true,
    error: new Error('CALLERROR NotImplemented'),
    errorCode: 'NotImplemented',
    errorDescription: '',
  });
  /** The session and charger the sender reads. */
  function stored(sessionFields: Record<string, unknown>, chargerFields: Record<string, unknown> = {}) {
    table.on(UpdateCommand).resolves({});
    table.on(GetCommand).callsFake((input: { Key: Record<string, string> }) => ({
      Item: input.Key.sk?.includes('chargingsession')
        ? session(sessionFields)
        : { __edb_e__: 'charger', __edb_v__: '1', chargerId: 7, organizationId: 1, siteId: 2, ...chargerFields },
    }));
  }

  it('sends CostUpdated with the cost and the transactionId', async () => {
    stored({});
    const { fake, sent } = commands(() => ({ ok: true, result: undefined }));
    expect(await sendCostUpdates(db, fake, [update])).toEqual(['sent']);
    expect(sent).toEqual([
      { chargerId: 7, name: 'CostUpdated', input: { ocppTransactionId: 'tx-1', totalCost: 0.74 } },
    ]);
    expect(table.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('remembers a charger that answers NotImplemented/NotSupported, and sends it nothing more', async () => {
    stored({});
    const { fake } = commands(unsupported);
    expect(await sendCostUpdates(db, fake, [update])).toEqual(['unsupported']);
    const [write] = table.commandCalls(UpdateCommand);
    expect(write!.args[0].input.Key).toMatchObject({ pk: expect.stringContaining('chargerid_7') });
    expect(Object.values(write!.args[0].input.ExpressionAttributeValues ?? {})).toContain('unsupported');
    expect(write!.args[0].input.UpdateExpression).toMatch(/SET/);

    table.reset();
    stored({}, { costUpdatedSupport: 'unsupported' });
    const again = commands(() => ({ ok: true, result: undefined }));
    expect(await sendCostUpdates(db, again.fake, [update])).toEqual(['knownUnsupported']);
    expect(again.sent).toEqual([]);
  });

  it('tells nothing to a session that ended, or whose transactionId is another session now', async () => {
    for (const fields of [{ status: 'Completed' }, { sessionId: 71 }]) {
      table.reset();
      stored(fields);
      const { fake, sent } = commands(() => ({ ok: true, result: undefined }));
      expect(await sendCostUpdates(db, fake, [update])).toEqual(['ended']);
      expect(sent).toEqual([]);
    }
  });

  it('never throws: not connected, a timeout or another CALLERROR is an outcome', async () => {
    stored({});
    const failures = [
      () => {
        throw new ChargerNotConnectedError(7);
      },
      () => {
        throw new ChargerTimeoutError(7, 'CostUpdated', 10_000);
      },
      () => ({ ...unsupported(), unsupported: false, errorCode: 'InternalError' }),
    ];
    const outcomes = [];
    for (const failure of failures) outcomes.push(...(await sendCostUpdates(db, commands(failure).fake, [update])));
    expect(outcomes).toEqual(['notConnected', 'failed', 'failed']);
    expect(table.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});
