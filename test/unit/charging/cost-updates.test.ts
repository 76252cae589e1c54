/**
 * CostUpdated from the table's stream (`shared/charging/cost-updates.ts`): which site tariff changes
 * reprice their sites' transactions (pure), and the sender's memory, on a data layer whose DynamoDB
 * client is mocked: it reads nothing, a charger that answered NotSupported/NotImplemented is
 * remembered and not sent CostUpdated again, a failure never throws. The repricing's reads are the
 * integration test's (`test/integration/ocpp/session-cost.test.ts`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { openDb } from '../../../shared/db';
import type { TableChange } from '../../../shared/db/table-changes';
import {
  costRepricingsOf,
  sendCostRepricings,
  sendCostUpdate,
  takesCostUpdated,
  type CostUpdate,
} from '../../../shared/charging/cost-updates';
import type { CostCommands } from '../../../shared/charging/commands';
import { ChargerNotConnectedError, ChargerTimeoutError } from '../../../shared/ocpp/commands/errors';
import { CONCURRENT_CHARGERS } from '../../../shared/concurrency';

const db = openDb({ tableName: 'cost-updates-test', region: 'us-east-1', endpoint: 'http://127.0.0.1:9' });
const table = mockClient(DynamoDBDocumentClient);
afterEach(() => table.reset());

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const flat = (pricePerKwh: number) => [
  { name: 'flat', daysOfWeek: EVERY_DAY, startTime: '00:00', endTime: '24:00', pricePerKwh },
];
/** A siteTariff item as stored (its image in the stream). */
const tariff = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  __edb_e__: 'siteTariff',
  __edb_v__: '1',
  siteId: 4,
  organizationId: 1,
  currency: 'USD',
  energyPrices: flat(0.3),
  updatedAt: '2026-12-06T10:00:00.000Z',
  ...fields,
});
const change = (
  eventName: TableChange['eventName'],
  oldImage?: Record<string, unknown>,
  newImage?: Record<string, unknown>,
): TableChange => ({ eventName, oldImage, newImage });

describe('costRepricingsOf', () => {
  it('reprices a site whose tariff is set (none before) or whose prices changed', () => {
    expect(costRepricingsOf([change('INSERT', undefined, tariff())])).toEqual([
      { siteId: 4, organizationId: 1, after: { currency: 'USD', energyPrices: flat(0.3) } },
    ]);
    expect(costRepricingsOf([change('MODIFY', tariff(), tariff({ energyPrices: flat(0.2) }))])).toEqual([
      {
        siteId: 4,
        organizationId: 1,
        before: { currency: 'USD', energyPrices: flat(0.3) },
        after: { currency: 'USD', energyPrices: flat(0.2) },
      },
    ]);
  });

  it('reprices nothing when the currency changed: the station reads a cost in the currency it is configured with', () => {
    expect(costRepricingsOf([change('MODIFY', tariff(), tariff({ currency: 'EUR' }))])).toEqual([]);
    expect(
      costRepricingsOf([change('MODIFY', tariff(), tariff({ currency: 'EUR', energyPrices: flat(0.2) }))]),
    ).toEqual([]);
    // Back to the first currency within the batch, at new prices: repriced against the first.
    const euros = tariff({ currency: 'EUR' });
    expect(
      costRepricingsOf([
        change('MODIFY', tariff(), euros),
        change('MODIFY', euros, tariff({ energyPrices: flat(0.2) })),
      ]),
    ).toEqual([
      {
        siteId: 4,
        organizationId: 1,
        before: { currency: 'USD', energyPrices: flat(0.3) },
        after: { currency: 'USD', energyPrices: flat(0.2) },
      },
    ]);
    // A tariff set where there was none: the station's currency is not known, the cost is sent.
    expect(costRepricingsOf([change('INSERT', undefined, tariff({ currency: 'EUR' }))])).toHaveLength(1);
  });

  it('reprices nothing for a deleted tariff, a change of what does not price a session, or other entities', () => {
    const renamed = tariff({ energyPrices: [{ ...flat(0.3)[0], name: 'allDay' }], demandChargePerKw: 9 });
    expect(
      costRepricingsOf([
        change('REMOVE', tariff(), undefined),
        change('MODIFY', tariff({ siteId: 5 }), { ...renamed, siteId: 5, updatedAt: '2026-12-06T11:00:00.000Z' }),
        change('MODIFY', { __edb_e__: 'site', siteId: 6 }, { __edb_e__: 'site', siteId: 6, currency: 'USD' }),
      ]),
    ).toEqual([]);
  });

  it("compares a batch's first tariff with its last: a change undone in the batch reprices nothing", () => {
    const cheaper = tariff({ energyPrices: flat(0.2) });
    const dearer = tariff({ energyPrices: flat(0.5) });
    expect(costRepricingsOf([change('MODIFY', tariff(), cheaper), change('MODIFY', cheaper, dearer)])).toEqual([
      {
        siteId: 4,
        organizationId: 1,
        before: { currency: 'USD', energyPrices: flat(0.3) },
        after: { currency: 'USD', energyPrices: flat(0.5) },
      },
    ]);
    expect(costRepricingsOf([change('MODIFY', tariff(), cheaper), change('MODIFY', cheaper, tariff())])).toEqual([]);
    expect(costRepricingsOf([change('MODIFY', tariff(), cheaper), change('REMOVE', cheaper)])).toEqual([]);
  });
});

describe('takesCostUpdated', () => {
  const charger = (fields: Record<string, unknown> = {}) => ({
    chargerId: 7,
    organizationId: 1,
    siteId: 2,
    ocppProtocol: 'ocpp2.1' as const,
    ...fields,
  });

  it('tells 2.0.1 chargers, and 2.1 stations only when they do not hold the tariff', () => {
    expect(takesCostUpdated(charger({ ocppProtocol: 'ocpp2.0.1' }))).toBe(true);
    expect(takesCostUpdated(charger({ ocppProtocol: 'ocpp2.0.1' }), 'set')).toBe(true);
    // A 2.1 station that holds (or is taken to hold) the tariff computes its running cost itself.
    expect(takesCostUpdated(charger())).toBe(false);
    for (const outcome of ['set', 'unchanged', 'failed', 'notConnected'] as const)
      expect(takesCostUpdated(charger(), outcome)).toBe(false);
    // It takes none, remembered or found in the same batch, or did not take this version.
    expect(takesCostUpdated(charger({ tariffSupport: 'unsupported' }))).toBe(true);
    expect(takesCostUpdated(charger({ tariffSupport: 'unsupported' }), 'knownUnsupported')).toBe(true);
    expect(takesCostUpdated(charger(), 'unsupported')).toBe(true);
    expect(takesCostUpdated(charger(), 'refused')).toBe(true);
    // One that does not support CostUpdated is never told.
    expect(takesCostUpdated(charger({ ocppProtocol: 'ocpp2.0.1', costUpdatedSupport: 'unsupported' }))).toBe(false);
    expect(takesCostUpdated(charger({ costUpdatedSupport: 'unsupported' }), 'unsupported')).toBe(false);
  });
});

describe('sendCostUpdate', () => {
  const charger = {
    chargerId: 7,
    organizationId: 1,
    siteId: 2,
    connectionStatus: { status: 'Connected' },
    currentConnectionId: 'conn-1',
    ocppProtocol: 'ocpp2.0.1' as const,
  };
  const update: CostUpdate = { charger, ocppTransactionId: 'tx-1', totalCost: 0.74 };

  /** Commands that answer each send with `answer` and note what was sent. */
  function commands(answer: () => Awaited<ReturnType<CostCommands['send']>>) {
    const sent: unknown[] = [];
    const fake = {
      send: async (chargerId: number, name: string, input: unknown, options: unknown) => {
        sent.push({ chargerId, name, input, options });
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
  /** The sender reads nothing: it is given the charger as its site's chargers were read. */
  function stored() {
    table.on(UpdateCommand).resolves({});
  }

  it('sends CostUpdated with the cost and the transactionId', async () => {
    stored();
    const { fake, sent } = commands(() => ({ ok: true, result: undefined }));
    expect(await sendCostUpdate(db, fake, update)).toBe('sent');
    expect(sent).toEqual([
      // The charger as read is passed along: the command path does not read it again.
      {
        chargerId: 7,
        name: 'CostUpdated',
        input: { ocppTransactionId: 'tx-1', totalCost: 0.74 },
        options: { charger },
      },
    ]);
    expect(table.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(table.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('remembers a charger that answers NotImplemented/NotSupported, and sends it nothing more', async () => {
    stored();
    const { fake } = commands(unsupported);
    expect(await sendCostUpdate(db, fake, update)).toBe('unsupported');
    const [write] = table.commandCalls(UpdateCommand);
    expect(write!.args[0].input.Key).toMatchObject({ pk: expect.stringContaining('chargerid_7') });
    expect(Object.values(write!.args[0].input.ExpressionAttributeValues ?? {})).toContain('unsupported');
    expect(write!.args[0].input.UpdateExpression).toMatch(/SET/);

    const again = commands(() => ({ ok: true, result: undefined }));
    const known = { ...update, charger: { ...charger, costUpdatedSupport: 'unsupported' as const } };
    expect(await sendCostUpdate(db, again.fake, known)).toBe('knownUnsupported');
    expect(again.sent).toEqual([]);
  });

  it('never throws: not connected, a timeout or another CALLERROR is an outcome', async () => {
    stored();
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
    for (const failure of failures) outcomes.push(await sendCostUpdate(db, commands(failure).fake, update));
    expect(outcomes).toEqual(['notConnected', 'failed', 'failed']);
    expect(table.commandCalls(UpdateCommand)).toHaveLength(0);
    // NotImplemented whose memory cannot be written: failed, told again next time.
    table.on(UpdateCommand).rejects(new Error('throttled'));
    expect(await sendCostUpdate(db, commands(unsupported).fake, update)).toBe('failed');
  });
});

describe('sendCostRepricings', () => {
  it("reprices a site's chargers CONCURRENT_CHARGERS at a time, as the local-list runs go", async () => {
    const chargers = Array.from({ length: CONCURRENT_CHARGERS + 10 }, (_, i) => ({
      __edb_e__: 'charger',
      __edb_v__: '1',
      chargerId: 100 + i,
      organizationId: 1,
      siteId: 4,
      ocppProtocol: 'ocpp2.0.1',
      currentConnectionId: `conn-${i}`,
      connectionStatus: { status: 'Connected' },
    }));
    table.on(GetCommand).resolves({ Item: { __edb_e__: 'site', __edb_v__: '1', siteId: 4, timezone: 'UTC' } });
    // Each charger's ports Query waits until the test lets it end: the ones waiting at once are
    // the runs going at once.
    const waiting: (() => void)[] = [];
    let portQueries = 0;
    table.on(QueryCommand).callsFake(async (input: { IndexName?: string }) => {
      if (input.IndexName) return { Items: chargers };
      portQueries++;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return { Items: [] };
    });
    const fake = { send: async () => ({ ok: true, result: undefined }) } as unknown as CostCommands;
    const after = { currency: 'USD', energyPrices: flat(0.3) };
    const done = sendCostRepricings(db, fake, [{ siteId: 4, organizationId: 1, after }]);
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    while (waiting.length < CONCURRENT_CHARGERS) await settle();
    await settle();
    expect(waiting).toHaveLength(CONCURRENT_CHARGERS);
    while (portQueries < chargers.length || waiting.length) {
      for (const resolve of waiting.splice(0)) resolve();
      await settle();
    }
    // No port holds a transaction: nothing to send.
    expect(await done).toEqual([]);
    expect(portQueries).toBe(chargers.length);
  });
});
