/**
 * A site's tariff for OCPP 2.1 stations (`shared/charging/station-tariff.ts`,
 * `shared/charging/tariff-updates.ts`): the TariffType mapping (docs/tariffs.md's example, a
 * weekday split), valid against 2.1's SetDefaultTariff schema; which changes call for a tariff
 * message (pure); which transactions a new version reaches (pure); and what one station is sent
 * and what is remembered of its answers, on a data layer whose DynamoDB client is mocked.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { openDb } from '../../../shared/db';
import type { TableChange } from '../../../shared/db/table-changes';
import type { ChargerItem } from '../../../shared/chargers/items';
import { stationTariffId, toStationTariff, type StoredSiteTariff } from '../../../shared/charging/station-tariff';
import {
  changeTransactionTariff,
  changeTransactionTariffs,
  movesTransactions,
  syncStationTariff,
  tariffUpdatesOf,
  transactionsInProgress,
} from '../../../shared/charging/tariff-updates';
import type { TariffCommands } from '../../../shared/charging/commands';
import { validatePayload } from '../../../shared/ocpp/schemas';
import * as V21 from '../../../shared/ocpp/validators/v21';

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const WEEKDAYS = [1, 2, 3, 4, 5];

/** docs/tariffs.md's example (its demand charge has no place in a TariffType). */
const DOCS_EXAMPLE: StoredSiteTariff = {
  siteId: 3,
  currency: 'USD',
  updatedAt: '2026-12-06T10:04:05.123Z',
  energyPrices: [
    { name: 'offPeak', daysOfWeek: EVERY_DAY, startTime: '00:00', endTime: '16:00', pricePerKwh: 0.12 },
    { name: 'onPeak', daysOfWeek: WEEKDAYS, startTime: '16:00', endTime: '21:00', pricePerKwh: 0.45 },
    { name: 'offPeak', daysOfWeek: [6, 7], startTime: '16:00', endTime: '21:00', pricePerKwh: 0.12 },
    { name: 'offPeak', daysOfWeek: EVERY_DAY, startTime: '21:00', endTime: '24:00', pricePerKwh: -0.01 },
  ],
};
const ALL_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

describe('toStationTariff', () => {
  it("maps docs/tariffs.md's example: one price per row, its days and local times, 24:00 as 00:00, negative kept", async () => {
    const tariff = toStationTariff(DOCS_EXAMPLE);
    expect(tariff).toEqual({
      tariffId: 'site-3-2026-12-06T10:04:05.123Z',
      currency: 'USD',
      energy: {
        prices: [
          { priceKwh: 0.12, conditions: { dayOfWeek: ALL_DAYS, startTimeOfDay: '00:00', endTimeOfDay: '16:00' } },
          {
            priceKwh: 0.45,
            conditions: { dayOfWeek: ALL_DAYS.slice(0, 5), startTimeOfDay: '16:00', endTimeOfDay: '21:00' },
          },
          {
            priceKwh: 0.12,
            conditions: { dayOfWeek: ['Saturday', 'Sunday'], startTimeOfDay: '16:00', endTimeOfDay: '21:00' },
          },
          { priceKwh: -0.01, conditions: { dayOfWeek: ALL_DAYS, startTimeOfDay: '21:00', endTimeOfDay: '00:00' } },
        ],
      },
    });
    await expect(validatePayload(V21.SetDefaultTariff, 'req', { evseId: 0, tariff })).resolves.toBeUndefined();
  });

  it('maps a weekday split: Monday and Friday priced apart from the other days, in EUR', async () => {
    const split: StoredSiteTariff = {
      siteId: 12,
      currency: 'EUR',
      updatedAt: '2026-06-01T08:00:00.000Z',
      energyPrices: [
        { name: 'edge', daysOfWeek: [1, 5], startTime: '00:00', endTime: '24:00', pricePerKwh: 0.3 },
        { name: 'night', daysOfWeek: [2, 3, 4, 6, 7], startTime: '00:00', endTime: '07:30', pricePerKwh: 0.1 },
        { name: 'day', daysOfWeek: [2, 3, 4, 6, 7], startTime: '07:30', endTime: '24:00', pricePerKwh: 0.254321 },
      ],
    };
    const tariff = toStationTariff(split);
    expect(tariff.currency).toBe('EUR');
    expect(tariff.energy!.prices.map((p) => [p.priceKwh, p.conditions])).toEqual([
      // The whole day: its days only (00:00-00:00 could read as an empty window).
      [0.3, { dayOfWeek: ['Monday', 'Friday'] }],
      [
        0.1,
        {
          dayOfWeek: ['Tuesday', 'Wednesday', 'Thursday', 'Saturday', 'Sunday'],
          startTimeOfDay: '00:00',
          endTimeOfDay: '07:30',
        },
      ],
      [
        0.254321,
        {
          dayOfWeek: ['Tuesday', 'Wednesday', 'Thursday', 'Saturday', 'Sunday'],
          startTimeOfDay: '07:30',
          endTimeOfDay: '00:00',
        },
      ],
    ]);
    await expect(validatePayload(V21.SetDefaultTariff, 'req', { evseId: 0, tariff })).resolves.toBeUndefined();
  });

  it("derives a tariffId per version of the site's tariff, within the schema's 60 characters", () => {
    const longest = stationTariffId({ siteId: 9_007_199_254_740_991, updatedAt: '2026-12-06T10:04:05.123Z' });
    expect(longest.length).toBeLessThanOrEqual(60);
    expect(stationTariffId({ siteId: 3, updatedAt: '2026-12-06T10:04:06.000Z' })).not.toBe(
      stationTariffId(DOCS_EXAMPLE),
    );
  });
});

/** A charger item image as the stream carries it. */
function charger(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    __edb_e__: 'charger',
    __edb_v__: '1',
    chargerId: 7,
    siteId: 3,
    organizationId: 1,
    ocppProtocol: 'ocpp2.1',
    currentConnectionId: 'conn-1',
    lastBootAt: '2026-12-06T09:00:00.000Z',
    ...fields,
  };
}
const change = (eventName: TableChange['eventName'], oldImage?: object, newImage?: object): TableChange => ({
  eventName,
  ...(oldImage ? { oldImage: oldImage as Record<string, unknown> } : {}),
  ...(newImage ? { newImage: newImage as Record<string, unknown> } : {}),
});
const siteTariff = { __edb_e__: 'siteTariff', __edb_v__: '1', siteId: 3, organizationId: 1 };

describe('tariffUpdatesOf', () => {
  it("takes a site's tariff set, replaced or deleted, and a 2.1 station's boot or new connection", () => {
    const updates = tariffUpdatesOf([
      change('INSERT', undefined, siteTariff),
      change('REMOVE', { ...siteTariff, siteId: 4 }),
      change('MODIFY', charger({ lastBootAt: undefined }), charger()),
      change('MODIFY', charger({ chargerId: 8, currentConnectionId: 'old' }), charger({ chargerId: 8 })),
    ]);
    expect([...updates.sites]).toEqual([
      [3, 1],
      [4, 1],
    ]);
    expect([...updates.chargers]).toEqual([
      [7, 'boot'],
      [8, 'connect'],
    ]);
  });

  it('takes no 1.6 or 2.0.1 charger, no charger not connected or never booted, no other change', () => {
    const updates = tariffUpdatesOf([
      change('MODIFY', charger({ lastBootAt: 'a' }), charger({ ocppProtocol: 'ocpp2.0.1' })),
      change('MODIFY', charger({ lastBootAt: 'a' }), charger({ currentConnectionId: undefined })),
      change(
        'MODIFY',
        charger({ currentConnectionId: 'old', lastBootAt: undefined }),
        charger({ lastBootAt: undefined }),
      ),
      change('MODIFY', charger(), charger({ defaultTariff: { tariffId: 'x' } })),
      change('INSERT', undefined, { __edb_e__: 'port', siteId: 3, organizationId: 1 }),
    ]);
    expect(updates.sites.size + updates.chargers.size).toBe(0);
  });

  it('keeps a boot over a connection of the same station in one batch', () => {
    const updates = tariffUpdatesOf([
      change('MODIFY', charger({ lastBootAt: 'a' }), charger()),
      change('MODIFY', charger({ currentConnectionId: 'old' }), charger()),
    ]);
    expect([...updates.chargers]).toEqual([[7, 'boot']]);
  });
});

describe('syncStationTariff', () => {
  const db = openDb({ tableName: 'tariff-updates-test', region: 'us-east-1', endpoint: 'http://127.0.0.1:9' });
  const table = mockClient(DynamoDBDocumentClient);
  afterEach(() => table.reset());
  const station = (fields: Record<string, unknown> = {}) => charger(fields) as unknown as ChargerItem;
  const heldId = stationTariffId(DOCS_EXAMPLE);
  const held = (status = 'Accepted', bootAt = '2026-12-06T09:00:00.000Z') => ({
    defaultTariff: { tariffId: heldId, status, bootAt, at: '2026-12-06T10:00:00.000Z' },
  });

  /** Commands that answer each send with `answer` and note what was sent. */
  function commands(answer: () => Awaited<ReturnType<TariffCommands['send']>>) {
    const sent: { name: string; input: any }[] = [];
    const fake = {
      send: async (_chargerId: number, name: string, input: unknown) => {
        sent.push({ name, input });
        return answer();
      },
    } as unknown as TariffCommands;
    return { fake, sent };
  }
  const unsupported = () => ({
    ok: false as const,
    unsupported: true,
    error: new Error('CALLERROR NotSupported'),
    errorCode: 'NotSupported',
    errorDescription: '',
  });
  /** The values each UpdateItem wrote, in order. */
  const writes = () =>
    table.commandCalls(UpdateCommand).map((call) => ({
      expression: call.args[0].input.UpdateExpression,
      values: Object.values(call.args[0].input.ExpressionAttributeValues ?? {}),
    }));

  it('sends the tariff once per version: a station that holds it is sent nothing on a change or a connection', async () => {
    table.on(UpdateCommand).resolves({});
    const { fake, sent } = commands(() => ({ ok: true, result: { status: 'Accepted' } }));
    expect(await syncStationTariff(db, fake, station(), DOCS_EXAMPLE, 'change')).toBe('set');
    expect(sent).toEqual([{ name: 'SetDefaultTariff', input: { tariff: toStationTariff(DOCS_EXAMPLE) } }]);
    expect(writes()[0]!.values).toContainEqual(expect.objectContaining({ tariffId: heldId, status: 'Accepted' }));
    for (const reason of ['change', 'connect', 'boot'] as const)
      expect(await syncStationTariff(db, fake, station(held()), DOCS_EXAMPLE, reason)).toBe('unchanged');
    // After a new boot it is sent again, once.
    expect(await syncStationTariff(db, fake, station(held('Accepted', 'before')), DOCS_EXAMPLE, 'boot')).toBe('set');
    expect(sent).toHaveLength(2);
  });

  it('remembers NotSupported and Rejected: nothing more is sent until the station boots', async () => {
    table.on(UpdateCommand).resolves({});
    const notSupported = commands(unsupported);
    expect(await syncStationTariff(db, notSupported.fake, station(), DOCS_EXAMPLE, 'change')).toBe('unsupported');
    expect(writes()[0]!.values).toContain('unsupported');
    const rejected = commands(() => ({ ok: true, result: { status: 'Rejected' } }));
    expect(await syncStationTariff(db, rejected.fake, station(), DOCS_EXAMPLE, 'change')).toBe('refused');
    expect(writes()[1]!.values).toContain('unsupported');
    const later = commands(() => ({ ok: true, result: { status: 'Accepted' } }));
    const remembered = station({ tariffSupport: 'unsupported' });
    expect(await syncStationTariff(db, later.fake, remembered, DOCS_EXAMPLE, 'change')).toBe('knownUnsupported');
    expect(await syncStationTariff(db, later.fake, remembered, undefined, 'change')).toBe('knownUnsupported');
    expect(later.sent).toEqual([]);
  });

  it('does not resend a version the station refused (TooManyElements), until it boots', async () => {
    table.on(UpdateCommand).resolves({});
    const { fake, sent } = commands(() => ({ ok: true, result: { status: 'TooManyElements' } }));
    expect(await syncStationTariff(db, fake, station(), DOCS_EXAMPLE, 'change')).toBe('refused');
    expect(writes()[0]!.values).not.toContain('unsupported');
    expect(await syncStationTariff(db, fake, station(held('TooManyElements')), DOCS_EXAMPLE, 'connect')).toBe(
      'unchanged',
    );
    expect(sent).toHaveLength(1);
  });

  it('clears the tariff a station holds once the site has none, and forgets it', async () => {
    table.on(UpdateCommand).resolves({});
    const { fake, sent } = commands(() => ({ ok: true, result: { statuses: ['Accepted'] } }));
    expect(await syncStationTariff(db, fake, station(held()), undefined, 'change')).toBe('cleared');
    expect(sent).toEqual([{ name: 'ClearTariffs', input: { tariffIds: [heldId] } }]);
    expect(writes()[0]!.expression).toMatch(/REMOVE/);
    // Nothing held, or a version it refused: nothing to clear.
    expect(await syncStationTariff(db, fake, station(), undefined, 'boot')).toBe('unchanged');
    expect(await syncStationTariff(db, fake, station(held('Rejected')), undefined, 'change')).toBe('unchanged');
    expect(sent).toHaveLength(1);
  });

  it('sends nothing to a station not connected or not on 2.1, and throws what the command path throws', async () => {
    const { fake, sent } = commands(() => ({ ok: true, result: { status: 'Accepted' } }));
    expect(await syncStationTariff(db, fake, station({ ocppProtocol: 'ocpp2.0.1' }), DOCS_EXAMPLE, 'change')).toBe(
      'notConnected',
    );
    expect(await syncStationTariff(db, fake, station({ currentConnectionId: undefined }), DOCS_EXAMPLE, 'boot')).toBe(
      'notConnected',
    );
    expect(sent).toEqual([]);
    const failing = commands(() => ({ ...unsupported(), unsupported: false, errorCode: 'InternalError' }));
    await expect(syncStationTariff(db, failing.fake, station(), DOCS_EXAMPLE, 'change')).rejects.toThrow('CALLERROR');
    expect(table.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('changes a transaction to the new version: Accepted changed, other statuses and NotSupported only logged', async () => {
    table.on(UpdateCommand).resolves({});
    const accepted = commands(() => ({ ok: true, result: { status: 'Accepted' } }));
    expect(await changeTransactionTariff(accepted.fake, 7, 'tx-1', DOCS_EXAMPLE)).toBe('changed');
    expect(accepted.sent).toEqual([
      { name: 'ChangeTransactionTariff', input: { ocppTransactionId: 'tx-1', tariff: toStationTariff(DOCS_EXAMPLE) } },
    ]);
    for (const status of ['Rejected', 'TooManyElements', 'ConditionNotSupported', 'TxNotFound', 'NoCurrencyChange']) {
      const refused = commands(() => ({ ok: true, result: { status } }));
      expect(await changeTransactionTariff(refused.fake, 7, 'tx-1', DOCS_EXAMPLE)).toBe('refused');
    }
    expect(table.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(await changeTransactionTariff(commands(unsupported).fake, 7, 'tx-1', DOCS_EXAMPLE)).toBe('unsupported');
    // Not remembered: the station keeps getting default tariffs (SetDefaultTariff).
    expect(table.commandCalls(UpdateCommand)).toHaveLength(0);
    const failing = commands(() => ({ ...unsupported(), unsupported: false, errorCode: 'GenericError' }));
    await expect(changeTransactionTariff(failing.fake, 7, 'tx-1', DOCS_EXAMPLE)).rejects.toThrow('CALLERROR');
  });

  it("sends it for each transaction on the station's ports, and stops at NotSupported", async () => {
    const port = (portNumber: number, ocppTransactionId?: string) => ({
      __edb_e__: 'port',
      __edb_v__: '1',
      chargerId: 7,
      portNumber,
      portId: 70 + portNumber,
      organizationId: 1,
      name: `Port ${portNumber}`,
      connectorType: 'CCS1',
      ...(ocppTransactionId
        ? { currentChargingSession: { sessionId: portNumber, transactionKey: ocppTransactionId, startTime: 'x' } }
        : {}),
    });
    table.on(QueryCommand).resolves({ Items: [port(1, 'tx-a'), port(2), port(3, 'tx-b')] });
    table.on(UpdateCommand).resolves({});
    const { fake, sent } = commands(() => ({ ok: true, result: { status: 'Accepted' } }));
    const outcomes = await changeTransactionTariffs(db, fake, 7, DOCS_EXAMPLE);
    expect([...outcomes]).toEqual([
      ['tx-a', 'changed'],
      ['tx-b', 'changed'],
    ]);
    expect(sent.map((s) => s.input.ocppTransactionId)).toEqual(['tx-a', 'tx-b']);
    const refusing = commands(unsupported);
    expect([...(await changeTransactionTariffs(db, refusing.fake, 7, DOCS_EXAMPLE))]).toEqual([
      ['tx-a', 'unsupported'],
    ]);
    expect(refusing.sent).toHaveLength(1);
  });
});

describe('movesTransactions', () => {
  const held = (tariffId: string) =>
    ({ defaultTariff: { tariffId, status: 'Accepted', bootAt: 'b', at: 'a' } }) as Pick<ChargerItem, 'defaultTariff'>;
  it('moves them once a station took a version it did not hold, not when it refused it or held it', () => {
    const current = stationTariffId(DOCS_EXAMPLE);
    expect(movesTransactions({}, DOCS_EXAMPLE, 'set')).toBe(true);
    expect(movesTransactions(held('site-3-older'), DOCS_EXAMPLE, 'set')).toBe(true);
    // Sent again after a boot: the same version, its transactions were moved when it first took it.
    expect(movesTransactions(held(current), DOCS_EXAMPLE, 'set')).toBe(false);
    for (const outcome of ['refused', 'unchanged', 'unsupported', 'knownUnsupported', 'failed'] as const)
      expect(movesTransactions({}, DOCS_EXAMPLE, outcome)).toBe(false);
  });
});

describe('transactionsInProgress', () => {
  const session = (ocppTransactionId: string) => ({ sessionId: 1, ocppTransactionId, startTime: 'x' });
  it('takes each port session once, in port order, and no idle port', () => {
    expect(
      transactionsInProgress([
        { portNumber: 3, currentChargingSession: session('tx-3') },
        { portNumber: 1, currentChargingSession: session('tx-1') },
        { portNumber: 2 },
        // Two connectors of one EVSE show the same transaction.
        { portNumber: 4, currentChargingSession: session('tx-1') },
      ]),
    ).toEqual(['tx-1', 'tx-3']);
    expect(transactionsInProgress([])).toEqual([]);
  });
});
