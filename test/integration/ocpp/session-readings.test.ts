/**
 * Where a session's readings live: its port's `portReadings` item, not the port (which is in the
 * organization's index, `gsi1`), so that a MeterValues rewrites one small item in no index. Every
 * reader still shows them: the charger read, the organization's lists, charger health. The same
 * item holds the readings of the session's open 15-minute slot until a later slot begins or the
 * session ends, when they move to the session's `sessionSlot` item: the intervals show them either way,
 * also while a slot moves, and no reading is lost when frames of one session race on a move.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { createDocumentClient, createEntities, type Db } from '../../../shared/db';
import { readSessionReadings } from '../../../shared/history/readings';
import { slotStart } from '../../../shared/history/series';
import { recordMeterValues } from '../../../shared/charging/session-readings';
import { summarizeMeterValues } from '../../../shared/metering/meter-values';
import { fromOcpp16MeterValues } from '../../../shared/ocpp/v16/transactions';

let stack: LocalStack;
let tenant: Tenant;
let client: RPCClient;
const ocppId = uniqueOcppId('RD');

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    {
      ocppId,
      name: 'Readings',
      type: 'Level 2',
      ports: [
        { connectorType: 'J1772', maximumPowerKw: 11 },
        { connectorType: 'J1772', maximumPowerKw: 11 },
        { connectorType: 'J1772', maximumPowerKw: 11 },
      ],
    },
  ]);
  client = await connectCharger(stack, ocppId, 'ocpp1.6');
});
afterAll(async () => {
  await client?.close();
  await stack?.close();
});

const chargerId = () => tenant.chargers[0]!.id;
/** Minutes from an hour ago (the charger's clock). */
const hourAgo = Math.floor(Date.now() / 1000) * 1000 - 60 * 60_000;
const t = (minute: number) => new Date(hourAgo + minute * 60_000).toISOString();
/** Times from a 15-minute slot boundary `hoursAgo` hours ago (the charger's clock), by minute. */
function slotMinutes(hoursAgo: number) {
  const slotBase = slotStart(Date.now() - hoursAgo * 60 * 60_000);
  return (minute: number) => new Date(slotBase + minute * 60_000).toISOString();
}

/** The stored port item as DynamoDB holds it (every attribute, none dropped by the data layer). */
async function rawPort(portNumber: number): Promise<Record<string, any>> {
  const { data } = await stack.db.port.get({ chargerId: chargerId(), portNumber }).go({ data: 'raw' });
  return (data as unknown as { Item: Record<string, any> }).Item;
}

const readingsItem = async (portNumber: number) =>
  (await stack.db.portReadings.get({ chargerId: chargerId(), portNumber }).go({ consistent: true })).data;

/** A StartTransaction on a connector with the register at start (Wh); returns its transactionId. */
async function startTransaction(connectorId: number, meterStart: number, timestamp: string): Promise<number> {
  const start: any = await client.call('StartTransaction', { connectorId, idTag: 'TAG-R', meterStart, timestamp });
  return start.transactionId;
}

/** A MeterValues of the register (Wh) and, when given, the power (W) at `timestamp`. */
function meterValues(
  connectorId: number,
  transactionId: number,
  timestamp: string,
  registerWh: number,
  watts?: number,
) {
  const register = { value: String(registerWh), measurand: 'Energy.Active.Import.Register', unit: 'Wh' };
  const power = watts === undefined ? [] : [{ value: String(watts), measurand: 'Power.Active.Import', unit: 'W' }];
  return client.call('MeterValues', {
    connectorId,
    transactionId,
    meterValue: [{ timestamp, sampledValue: [register, ...power] }],
  });
}

/** The session a port shows in the charger read and in the sites list, and charger health's answer. */
async function everyView(portNumber: number) {
  const [charger, sites, health] = await Promise.all([
    api(stack, `/api/chargers/${chargerId()}`, { key: tenant.apiKey }),
    api(stack, '/api/sites', { key: tenant.apiKey }),
    api(stack, `/api/charger-health?chargerIds=${chargerId()}`, { key: tenant.apiKey }),
  ]);
  expect([charger.status, sites.status, health.status]).toEqual([200, 200, 200]);
  const listed = sites.body.data.flatMap((s: any) => s.chargers).find((c: any) => c.id === chargerId());
  return {
    charger: charger.body.data.ports[portNumber - 1].currentChargingSession,
    listed: listed.ports[portNumber - 1].currentChargingSession,
    health: health.body,
  };
}

describe('session readings', () => {
  let transactionId: number;

  it('a MeterValues writes the readings item and leaves the port item as it was', async () => {
    transactionId = await startTransaction(1, 10_000, t(0));
    const portBefore = await rawPort(1);
    expect(await readingsItem(1)).toMatchObject({ sessionId: transactionId, meterStartWh: 10_000 });

    await meterValues(1, transactionId, t(1), 12_500, 7200);

    expect(await rawPort(1)).toEqual(portBefore);
    expect(portBefore.currentChargingSession).not.toHaveProperty('powerKw');
    expect(await readingsItem(1)).toMatchObject({
      sessionId: transactionId,
      ocppTransactionId: String(transactionId),
      meterStartWh: 10_000,
      energyRegisterWh: 12_500,
      powerKw: { value: 7.2, timestamp: t(1) },
      readingAt: t(1),
    });
  });

  it('the charger read, the organization list and charger health all show them', async () => {
    const { charger, listed, health } = await everyView(1);
    expect(charger).toMatchObject({
      id: transactionId,
      energyDeliveredKwh: 2.5,
      latestReadings: { powerKw: { value: 7.2, timestamp: t(1) } },
    });
    expect(listed).toEqual(charger);
    // Health counts a session running 5 minutes without energy as failed to start.
    expect(JSON.stringify(health)).toContain('"failedToStart":0');
    expect(JSON.stringify(health)).not.toMatch(/"failedToStart":[1-9]/);
  });

  it('the session end marks its readings ended; MeterValues after it change nothing', async () => {
    await client.call('StopTransaction', { transactionId, meterStop: 13_000, timestamp: t(2) });
    const ended = await readingsItem(1);
    expect(ended).toMatchObject({ sessionId: transactionId, energyRegisterWh: 12_500, endedAt: t(2) });
    const { data: session } = await stack.db.chargingSession
      .get({ chargerId: chargerId(), ocppTransactionId: String(transactionId) })
      .go();
    expect(session).toMatchObject({ status: 'Completed', energyDeliveredKwh: 3 });

    await meterValues(1, transactionId, t(3), 14_000, 7200);
    await client.call('MeterValues', {
      connectorId: 1,
      meterValue: [{ timestamp: t(3), sampledValue: [{ value: '14000' }] }],
    });
    expect(await readingsItem(1)).toEqual(ended);
    expect((await everyView(1)).charger).toBeNull();
  });

  it('a session in progress without a readings item (started before they left the port) gets one with its next readings', async () => {
    const started = await startTransaction(2, 50_000, t(10));
    await stack.db.portReadings.delete({ chargerId: chargerId(), portNumber: 2 }).go();
    expect((await everyView(2)).charger).toMatchObject({ energyDeliveredKwh: 0, latestReadings: { powerKw: null } });

    await meterValues(2, started, t(11), 51_000, 3600);

    expect(await readingsItem(2)).toMatchObject({ sessionId: started, meterStartWh: 50_000 });
    const { charger, listed } = await everyView(2);
    expect(charger).toMatchObject({ energyDeliveredKwh: 1, latestReadings: { powerKw: { value: 3.6 } } });
    expect(listed).toEqual(charger);

    // Its end, again without a readings item: the stop's register counts, the item is marked ended.
    await stack.db.portReadings.delete({ chargerId: chargerId(), portNumber: 2 }).go();
    await client.call('StopTransaction', { transactionId: started, meterStop: 52_000, timestamp: t(12) });
    const { data: session } = await stack.db.chargingSession
      .get({ chargerId: chargerId(), ocppTransactionId: String(started) })
      .go();
    expect(session).toMatchObject({ status: 'Completed', energyDeliveredKwh: 2 });
    expect(await readingsItem(2)).toMatchObject({ endedAt: t(12) });
    expect((await everyView(2)).charger).toBeNull();
  });
});

describe('the open 15-minute slot', () => {
  const s = slotMinutes(2);
  let transactionId: number;

  const reading = (minute: number, registerWh: number) => meterValues(3, transactionId, s(minute), registerWh);
  /** The session's `sessionSlot` items: slot start → reading times (epoch ms). */
  async function storedSlots(): Promise<Record<string, number[]>> {
    const { data } = await stack.db.sessionSlot.query
      .primary({ chargerId: chargerId(), sessionId: transactionId })
      .go({ pages: 'all' });
    return Object.fromEntries(data.map((slot) => [slot.slot, (slot.readings ?? []).map((r) => r.t)]));
  }
  /** The session's 15-minute intervals as the sessions list shows them: start → kWh. */
  async function intervals(): Promise<Record<string, number>> {
    const { status, body } = await api(
      stack,
      `/api/charging-sessions?chargerIds[]=${chargerId()}&includeIntervals=true&includeInProgressSessions=true`,
      { key: tenant.apiKey },
    );
    expect(status).toBe(200);
    const session = body.data.find((x: any) => x.id === transactionId);
    return Object.fromEntries(session.intervals.map((i: any) => [i.startTime, i.energyDeliveredKwh]));
  }

  it('holds the readings of the open slot in the readings item, where the intervals read them', async () => {
    transactionId = await startTransaction(3, 1_000, s(1));
    await reading(2, 1_500);
    await reading(3, 2_000);

    expect(await readingsItem(3)).toMatchObject({
      slot: s(0),
      slotReadings: [
        { t: Date.parse(s(2)), e: 1_500 },
        { t: Date.parse(s(3)), e: 2_000 },
      ],
    });
    expect(await storedSlots()).toEqual({});
    expect(await intervals()).toMatchObject({ [s(0)]: 1 });
  });

  it("moves them to the session's slot item when a later slot begins; late readings go to their slot", async () => {
    await reading(16, 3_000);

    expect(await storedSlots()).toEqual({ [s(0)]: [Date.parse(s(2)), Date.parse(s(3))] });
    expect(await readingsItem(3)).toMatchObject({
      slot: s(15),
      slotReadings: [{ t: Date.parse(s(16)), e: 3_000 }],
      energyRegisterWh: 3_000,
    });

    await reading(5, 2_200); // late: its slot has moved already
    expect(await storedSlots()).toEqual({ [s(0)]: [Date.parse(s(2)), Date.parse(s(3)), Date.parse(s(5))] });
    expect((await readingsItem(3))?.slotReadings).toEqual([{ t: Date.parse(s(16)), e: 3_000 }]);
    // The register at a slot's boundary is interpolated: 2,200 Wh (minute 5) + 800 × 10/11 = 2,927 at 15.
    expect(await intervals()).toEqual({ [s(0)]: 1.927, [s(15)]: 0.073 });
  });

  it("moves the open slot with the session's end, and the ended session's intervals count every reading", async () => {
    await reading(40, 4_000); // two slots later: the held slot (15) moves, the item takes slot 30
    await client.call('StopTransaction', { transactionId, meterStop: 4_500, timestamp: s(42) });

    expect(await storedSlots()).toEqual({
      [s(0)]: [Date.parse(s(2)), Date.parse(s(3)), Date.parse(s(5))],
      [s(15)]: [Date.parse(s(16))],
      [s(30)]: [Date.parse(s(40))],
    });
    const ended = await readingsItem(3);
    expect(ended).toMatchObject({ endedAt: s(42) });
    expect(ended).not.toHaveProperty('slot');
    expect(ended).not.toHaveProperty('slotReadings');
    // At 30: 3,000 Wh (minute 16) + 1,000 × 14/24 = 3,583; the end's register closes the last slot.
    expect(await intervals()).toEqual({ [s(0)]: 1.927, [s(15)]: 0.656, [s(30)]: 0.917 });
  });
});

/** The parts of a DynamoDB request's input these tests look at. */
type RequestInput = { ConditionExpression?: string; ConsistentRead?: boolean };

/**
 * A data layer on the stack's table whose every request first awaits `before` (given the SDK
 * command's name and input): to put another frame's writes between two requests of the code under test.
 */
function interleaved(before: (command: string, input: RequestInput) => Promise<unknown>): Db {
  const client = createDocumentClient({ endpoint: process.env.DYNAMODB_ENDPOINT });
  client.middlewareStack.add(
    (next, context) => async (args) => {
      await before(String(context.commandName), args.input as RequestInput);
      return next(args);
    },
    { step: 'initialize', name: 'interleave' },
  );
  return createEntities(client, stack.tableName);
}

/** A session's merged readings as the intervals read them, read through `db`: [epoch ms, Wh]. */
async function sessionReadings(db: Db, transactionId: number, portNumber: number) {
  const readings = await readSessionReadings(db, chargerId(), transactionId, {
    port: { chargerId: chargerId(), portNumber },
  });
  return readings.map((r) => [r.at, r.energyWh]);
}

/** Starts a session at minute 1 whose readings item holds slot 0: 500 Wh at minute 2, 1,000 at 3. */
async function sessionHoldingSlot0(connectorId: number, s: (minute: number) => string): Promise<number> {
  const transactionId = await startTransaction(connectorId, 0, s(1));
  await meterValues(connectorId, transactionId, s(2), 500);
  await meterValues(connectorId, transactionId, s(3), 1_000);
  return transactionId;
}

describe('a slot that moves while the intervals are read', () => {
  const s = slotMinutes(3);

  it("loses none of its readings: the readings item is read before the session's slot items", async () => {
    const transactionId = await sessionHoldingSlot0(2, s);

    // The reader's first GetItem (the readings item's) waits until a reading of the next slot has
    // moved slot 0 to its `sessionSlot` item: a Query sent alongside it would miss slot 0.
    const moves = [() => meterValues(2, transactionId, s(16), 1_500)];
    const reader = interleaved(async (command) => command === 'GetItemCommand' && moves.shift()?.());

    expect(await sessionReadings(reader, transactionId, 2)).toEqual([
      [Date.parse(s(2)), 500],
      [Date.parse(s(3)), 1_000],
      [Date.parse(s(16)), 1_500],
    ]);
    expect(moves).toHaveLength(0);
  });

  it('reads the slots strongly consistent for a session in progress or ending, eventually for an ended one', async () => {
    const consistent: boolean[] = [];
    const reader = interleaved(async (command, input) => {
      if (command === 'QueryCommand') consistent.push(input.ConsistentRead === true);
    });
    const port = { chargerId: chargerId(), portNumber: 2 };

    await readSessionReadings(reader, chargerId(), 1, { port }); // the intervals of a session in progress
    await readSessionReadings(reader, chargerId(), 1, { open: undefined }); // a session's end
    await readSessionReadings(reader, chargerId(), 1); // the intervals of an ended session

    expect(consistent).toEqual([true, true, false]);
  });
});

describe('a slot move that keeps losing its race', () => {
  const s = slotMinutes(4);

  it('stores the reading in its slot item after the last refused write, and loses none', async () => {
    const transactionId = await sessionHoldingSlot0(1, s);

    // Before each write that would take the new slot (the one conditioned on the held slot's
    // size), another frame of the session appends a reading to the held slot, so the write is refused.
    const growHeldSlot = [
      () => meterValues(1, transactionId, s(4), 1_100),
      () => meterValues(1, transactionId, s(5), 1_200),
    ];
    const writer = interleaved(
      async (command, input) =>
        command === 'UpdateItemCommand' && input.ConditionExpression?.includes('size(') && growHeldSlot.shift()?.(),
    );
    const connection = {
      connectionId: 'race',
      chargerId: chargerId(),
      organizationId: tenant.organizationId,
      siteId: tenant.siteId,
      chargerType: tenant.chargers[0]!.type,
      ocppId,
      protocol: 'ocpp1.6' as const,
    };
    const meterValue = fromOcpp16MeterValues(
      [{ timestamp: s(16), sampledValue: [{ value: '1500', measurand: 'Energy.Active.Import.Register', unit: 'Wh' }] }],
      new Date().toISOString(),
    );

    const sessionId = await recordMeterValues(writer, connection, 1, meterValue, {
      snapshot: summarizeMeterValues(meterValue),
      ocppTransactionId: String(transactionId),
    });

    expect(growHeldSlot).toHaveLength(0);
    expect(sessionId).toBe(transactionId);
    expect(await readingsItem(1)).toMatchObject({ slot: s(0), energyRegisterWh: 1_500, readingAt: s(16) });
    expect(await sessionReadings(stack.db, transactionId, 1)).toEqual([
      [Date.parse(s(2)), 500],
      [Date.parse(s(3)), 1_000],
      [Date.parse(s(4)), 1_100],
      [Date.parse(s(5)), 1_200],
      [Date.parse(s(16)), 1_500],
    ]);
  });
});
