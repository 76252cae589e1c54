/**
 * The cost of a session on the local stack (docs/tariffs.md, "Cost of a session"): a strict OCPP
 * 2.0.1 client's TransactionEvent responses carry `totalCost` under the site's two-period tariff
 * (the running cost on an Updated with an energy register, the final cost on Ended, in cents), the
 * final cost is stored on the session and answered by `GET /api/charging-sessions` without
 * `includeTouEnergy`, a superseded session put back on its port loses the cost stored at its
 * supposed end until it really ends, and a site without a tariff gets no `totalCost` at all. A
 * cost that no answer told the charger, repriced by a change of the site's tariff, reaches it as a
 * CostUpdated CALL (I04), sent from the table's stream (the stack's `localList` option runs its
 * sender) and answered into the message log; the answers' own figures are never sent again. OCPP 2.1 stations are
 * sent the site's tariff as their default tariff (SetDefaultTariff, ClearTariffs once deleted) and
 * each new version as the tariff of their transactions in progress (ChangeTransactionTariff),
 * checked by strict 2.1 clients, and a GetTariffs operation lists what a station holds.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createRPCError, type RPCClient } from 'ocpp-rpc';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger, pollUntil } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { responseValidator } from '../../support/openapi';
import { toStationTariff } from '../../../shared/charging/station-tariff';
import { sendTariffUpdates } from '../../../shared/charging/tariff-updates';
import { siteChargersOnce } from '../../../shared/charging/site-chargers';
import { sendCostRepricings } from '../../../shared/charging/cost-updates';
import { COST_COMMANDS } from '../../../shared/ocpp/commands/cost';
import { createDocumentClient, createEntities, getDb, type Db } from '../../../shared/db';
import { forgetSiteCostTariffs } from '../../../shared/history/session-cost';
import { forgetRunningCosts } from '../../../shared/charging/running-cost';
import { ocppChargerCommands } from '../../../shared/ocpp/commands/charger-commands';
import { TARIFF_COMMANDS } from '../../../shared/ocpp/commands/tariffs';

let stack: LocalStack;
let validate: ReturnType<typeof responseValidator>;
const clients: RPCClient[] = [];

beforeAll(async () => {
  stack = await startTestStack({ localList: true });
  validate = responseValidator((await api(stack, '/api/openapi.json')).body);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await stack?.close();
});

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
/** Two periods, every day in the site's time zone (America/Chicago). */
const TWO_PERIODS = [
  { name: 'offPeak', daysOfWeek: EVERY_DAY, startTime: '00:00', endTime: '16:00', pricePerKwh: 0.1234 },
  { name: 'onPeak', daysOfWeek: EVERY_DAY, startTime: '16:00', endTime: '24:00', pricePerKwh: 0.4567 },
];

/** A tenant with one 2.0.1 (or 2.1) charger, connected and booted; with a tariff on its site when given. */
async function chargerOnSite(
  prefix: string,
  tariff?: unknown,
  handle?: (client: RPCClient) => void,
  protocol: 'ocpp2.0.1' | 'ocpp2.1' = 'ocpp2.0.1',
): Promise<{ tenant: Tenant; client: RPCClient }> {
  const ocppId = uniqueOcppId(prefix);
  const tenant = await createTenant(stack, [
    { ocppId, name: 'Cost EVSE', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);
  if (tariff) {
    const put = await api(stack, `/api/sites/${tenant.siteId}/tariff`, {
      key: tenant.apiKey,
      method: 'PUT',
      body: { tariff },
    });
    expect(put.status).toBe(200);
  }
  const client = await connectCharger(stack, ocppId, protocol, undefined, handle);
  clients.push(client);
  await client.call('BootNotification', {
    reason: 'PowerUp',
    chargingStation: { model: 'Cost', vendorName: 'Test' },
  });
  return { tenant, client };
}

const energy = (wh: number, timestamp: string) => [
  {
    timestamp,
    sampledValue: [{ value: wh, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } }],
  },
];

/** Monday 2026-11-23 in Chicago (CST, UTC-6): 15:30 local is 21:30Z, 16:00 (onPeak) 22:00Z. */
const at = (minutesAfter1530: number) => new Date(Date.UTC(2026, 10, 23, 21, 30 + minutesAfter1530)).toISOString();

/** The two periods with the off-peak price raised from 0.1234 to 0.2 per kWh. */
const DEARER = TWO_PERIODS.map((p, i) => (i ? p : { ...p, pricePerKwh: 0.2 }));

/**
 * A station's TransactionEvents of `transactionId`: `minutes` after 15:30, its register at `wh`
 * (no meter value when undefined); Started on EVSE 1, Ended stopped `Local`.
 */
const transactionEvents =
  (client: RPCClient, transactionId: string) =>
  (eventType: 'Started' | 'Updated' | 'Ended', seqNo: number, minutes: number, wh?: number) =>
    client.call('TransactionEvent', {
      eventType,
      timestamp: at(minutes),
      triggerReason: eventType === 'Ended' ? 'StopAuthorized' : 'MeterValuePeriodic',
      seqNo,
      transactionInfo:
        eventType === 'Ended'
          ? { transactionId, stoppedReason: 'Local' }
          : { transactionId, chargingState: 'Charging' },
      ...(eventType === 'Started' ? { evse: { id: 1, connectorId: 1 } } : {}),
      ...(wh === undefined ? {} : { meterValue: energy(wh, at(minutes)) }),
    }) as Promise<{ totalCost?: number }>;

/** Started at 15:30 with 0 Wh, Updated at 16:00 with 6 kWh, Ended at 16:30 with 10 kWh. */
async function chargeAcrossThePeak(client: RPCClient, transactionId: string) {
  const event = (eventType: string, seqNo: number, minutes: number, wh: number) =>
    client.call('TransactionEvent', {
      eventType,
      timestamp: at(minutes),
      triggerReason: eventType === 'Ended' ? 'EVCommunicationLost' : 'MeterValuePeriodic',
      seqNo,
      transactionInfo: {
        transactionId,
        chargingState: 'Charging',
        ...(eventType === 'Ended' ? { stoppedReason: 'EVDisconnected' } : {}),
      },
      ...(eventType === 'Started' ? { evse: { id: 1, connectorId: 1 } } : {}),
      meterValue: energy(wh, at(minutes)),
    }) as Promise<{ totalCost?: number }>;
  const started = await event('Started', 0, 0, 0);
  const updated = await event('Updated', 1, 30, 6_000);
  const again = await event('Updated', 2, 31, 6_200);
  const ended = await event('Ended', 3, 60, 10_000);
  return { started, updated, again, ended, retransmitted: await event('Ended', 3, 60, 10_000) };
}

describe('TransactionEvent responses under a tariff', () => {
  it('carry the running cost, then the final cost in the minor unit, and the session stores it', async () => {
    const { tenant, client } = await chargerOnSite('COST', { currency: 'USD', energyPrices: TWO_PERIODS });
    const answers = await chargeAcrossThePeak(client, 'cost-tx-1');
    expect(answers.started).toEqual({});
    // 6 kWh offPeak at 0.1234 = 0.7404 → 0.74.
    expect(answers.updated).toEqual({ totalCost: 0.74 });
    // Priced at most every 5 minutes per transaction: the next Updated carries none.
    expect(answers.again).toEqual({});
    // + 4 kWh onPeak at 0.4567 = 1.8268: 2.5672 → 2.57; a retransmitted Ended answers the same.
    expect(answers.ended).toEqual({ totalCost: 2.57 });
    expect(answers.retransmitted).toEqual({ totalCost: 2.57 });

    const path = `/api/charging-sessions?chargerIds[]=${tenant.chargers[0]!.id}`;
    const { status, body } = await api(stack, path, { key: tenant.apiKey });
    expect(status).toBe(200);
    expect(body.data[0].energyCost).toEqual({ amount: 2.5672, currency: 'USD' });
    expect(body.data[0].touEnergy).toBeUndefined();
    expect(validate('/api/charging-sessions', 'GET', 200, body)).toEqual([]);

    // The stored cost is the session's: a tariff changed afterwards does not reprice it.
    const cheaper = TWO_PERIODS.map((p) => ({ ...p, pricePerKwh: 0.01 }));
    const put = await api(stack, `/api/sites/${tenant.siteId}/tariff`, {
      key: tenant.apiKey,
      method: 'PUT',
      body: { tariff: { currency: 'USD', energyPrices: cheaper } },
    });
    expect(put.status).toBe(200);
    const withTou = (await api(stack, `${path}&includeTouEnergy=true`, { key: tenant.apiKey })).body.data[0];
    expect(withTou.energyCost).toEqual({ amount: 2.5672, currency: 'USD' });
    expect(withTou.touEnergy).toEqual([
      { period: 'offPeak', energyDeliveredKwh: 6 },
      { period: 'onPeak', energyDeliveredKwh: 4 },
    ]);
  });

  it('price the final cost under the tariff as it is now, not the one the instance read for a running cost', async () => {
    const { tenant, client } = await chargerOnSite('COSTNOW', { currency: 'USD', energyPrices: TWO_PERIODS });
    const event = transactionEvents(client, 'cost-now-1');
    await event('Started', 0, 0, 0);
    // The running cost reads the tariff, which this instance now keeps for a minute.
    expect(await event('Updated', 1, 30, 6_000)).toEqual({ totalCost: 0.74 });
    const put = await api(stack, `/api/sites/${tenant.siteId}/tariff`, {
      key: tenant.apiKey,
      method: 'PUT',
      body: { tariff: { currency: 'USD', energyPrices: DEARER } },
    });
    expect(put.status).toBe(200);
    // Ended at once: 6 kWh off-peak at 0.2 + 4 kWh on-peak at 0.4567 = 3.0268 → 3.03.
    expect(await event('Ended', 2, 60, 10_000)).toEqual({ totalCost: 3.03 });
    const { data } = await stack.db.chargingSession
      .get({ chargerId: tenant.chargers[0]!.id, ocppTransactionId: 'cost-now-1' })
      .go();
    expect(data?.energyCost).toEqual({ amount: 3.0268, currency: 'USD' });
  });

  it("price a running cost under the tariff's prices as they are now, not those the instance kept", async () => {
    const { tenant, client } = await chargerOnSite('COSTRUN', { currency: 'USD', energyPrices: TWO_PERIODS });
    const event = transactionEvents(client, 'cost-run-1');
    await event('Started', 0, 0, 0);
    // 6 kWh off-peak at 0.1234; this instance now keeps the tariff for a minute.
    expect(await event('Updated', 1, 30, 6_000)).toEqual({ totalCost: 0.74 });
    const put = await api(stack, `/api/sites/${tenant.siteId}/tariff`, {
      key: tenant.apiKey,
      method: 'PUT',
      body: { tariff: { currency: 'USD', energyPrices: DEARER } },
    });
    expect(put.status).toBe(200);
    // The next priced Updated (5 minutes on: forgotten here) reads the new prices: 6 kWh at 0.2.
    forgetRunningCosts();
    expect(await event('Updated', 2, 30, 6_000)).toEqual({ totalCost: 1.2 });
  });

  it('round to the currency: yen have no minor unit', async () => {
    const yen = TWO_PERIODS.map((p, i) => ({ ...p, pricePerKwh: i === 0 ? 20.5 : 31.25 }));
    const { client } = await chargerOnSite('COSTJPY', { currency: 'JPY', energyPrices: yen });
    const answers = await chargeAcrossThePeak(client, 'cost-tx-jpy');
    // 6 × 20.5 = 123 (running); + 4 × 31.25 = 248.
    expect(answers.updated).toEqual({ totalCost: 123 });
    expect(answers.ended).toEqual({ totalCost: 248 });
  });

  it('drop the cost of a superseded session put back on its port, and store its final cost when it ends', async () => {
    const { tenant, client } = await chargerOnSite('COSTBACK', { currency: 'USD', energyPrices: TWO_PERIODS });
    const chargerId = tenant.chargers[0]!.id;
    const event = (
      eventType: 'Started' | 'Updated' | 'Ended',
      transactionId: string,
      seqNo: number,
      minutes: number,
      wh?: number,
    ) => transactionEvents(client, transactionId)(eventType, seqNo, minutes, wh);
    const stored = async (transactionId: string) =>
      (await stack.db.chargingSession.get({ chargerId, ocppTransactionId: transactionId }).go()).data;
    const listed = async (transactionId: string) => {
      const path = `/api/charging-sessions?chargerIds[]=${chargerId}&includeInProgressSessions=true`;
      const { body } = await api(stack, path, { key: tenant.apiKey });
      return body.data.find((s: { ocppTransactionId: number | null }) => s.ocppTransactionId === Number(transactionId));
    };

    await event('Started', '701', 0, 0, 0);
    await event('Updated', '701', 1, 30, 6_000);
    // A stray start on the same EVSE supersedes 701, which ends priced: 6 kWh off-peak = 0.7404.
    await event('Started', '702', 0, 31);
    expect(await stored('701')).toMatchObject({ stopReason: 'Superseded', energyCost: { amount: 0.7404 } });

    // 701 reports again: back on its port, in progress, with no cost of an end it did not have.
    await event('Updated', '701', 2, 32, 6_200);
    const reinstated = await stored('701');
    expect(reinstated).toMatchObject({ status: 'InProgress' });
    expect(reinstated?.energyCost).toBeUndefined();
    const inProgress = await listed('701');
    expect(inProgress).toMatchObject({ endTime: null });
    expect(inProgress).not.toHaveProperty('energyCost');

    // + 4 kWh on-peak at 0.4567 = 2.5672 when it really ends.
    expect(await event('Ended', '701', 3, 60, 10_000)).toEqual({ totalCost: 2.57 });
    expect((await stored('701'))?.energyCost).toEqual({ amount: 2.5672, currency: 'USD' });
    expect((await listed('701')).energyCost).toEqual({ amount: 2.5672, currency: 'USD' });
  });
});

describe('TransactionEvent responses without a tariff', () => {
  it('carry no totalCost (never 0 for an unknown cost), and the session stores none', async () => {
    const { tenant, client } = await chargerOnSite('NOCOST');
    const answers = await chargeAcrossThePeak(client, 'free-tx-1');
    for (const answer of Object.values(answers)) expect(answer).toEqual({});
    const path = `/api/charging-sessions?chargerIds[]=${tenant.chargers[0]!.id}`;
    const session = (await api(stack, path, { key: tenant.apiKey })).body.data[0];
    expect(session.energyDeliveredKwh).toBe(10);
    expect(session).not.toHaveProperty('energyCost');
    const { data } = await stack.db.chargingSession
      .get({ chargerId: tenant.chargers[0]!.id, ocppTransactionId: 'free-tx-1' })
      .go();
    expect(data?.energyCost).toBeUndefined();
  });
});

/** A data layer on the stack's table that notes the key of each GetItem and the index of each Query it sends. */
function spiedDb(): { db: Db; gets: { pk: string; sk: string }[]; queries: (string | undefined)[] } {
  const client = createDocumentClient({ endpoint: inject('dynamoDbEndpoint') });
  const gets: { pk: string; sk: string }[] = [];
  const queries: (string | undefined)[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'QueryCommand') queries.push((args.input as { IndexName?: string }).IndexName);
      const key = (args.input as { Key?: Record<string, { S?: string } | string> }).Key;
      if (context.commandName === 'GetItemCommand' && key) {
        const text = (value: { S?: string } | string | undefined) =>
          typeof value === 'string' ? value : (value?.S ?? '');
        gets.push({ pk: text(key.pk), sk: text(key.sk) });
      }
      return next(args);
    },
    { step: 'serialize', priority: 'high' },
  );
  return { db: createEntities(client, stack.tableName), gets, queries };
}

describe('CostUpdated (I04)', () => {
  it.each(['ocpp2.0.1', 'ocpp2.1'] as const)(
    'tells an %s charger only what no answer told it: the cost when a tariff is set or changed, its answer logged',
    async (protocol) => {
      const received: unknown[] = [];
      const { tenant, client } = await chargerOnSite(
        'COSTUPD',
        undefined,
        (c) =>
          c.handle('CostUpdated', async ({ params }: { params?: unknown }) => {
            received.push(params);
            return {};
          }),
        protocol,
      );
      const transactionInfo = { transactionId: 'cost-upd-1', chargingState: 'Charging' };
      const updated = (seqNo: number, minutes: number, wh: number) =>
        client.call('TransactionEvent', {
          eventType: 'Updated',
          timestamp: at(minutes),
          triggerReason: 'MeterValuePeriodic',
          seqNo,
          transactionInfo,
          meterValue: energy(wh, at(minutes)),
        });
      const putTariff = async (energyPrices: typeof TWO_PERIODS) => {
        const put = await api(stack, `/api/sites/${tenant.siteId}/tariff`, {
          key: tenant.apiKey,
          method: 'PUT',
          body: { tariff: { currency: 'USD', energyPrices } },
        });
        expect(put.status).toBe(200);
      };
      const costUpdates = (count: number) =>
        pollUntil(
          async () => [...received],
          (found) => found.length >= count,
          `${count} CostUpdated`,
        );
      await client.call('TransactionEvent', {
        eventType: 'Started',
        timestamp: at(0),
        triggerReason: 'CablePluggedIn',
        seqNo: 0,
        transactionInfo,
        evse: { id: 1, connectorId: 1 },
        meterValue: energy(0, at(0)),
      });
      // No tariff: the answer tells no cost.
      expect(await updated(1, 20, 6_000)).toEqual({});
      // A tariff is set while the transaction is in progress: its 6 kWh so far (off-peak at 0.1234)
      // cost 0.74, which no answer told the charger.
      await putTariff(TWO_PERIODS);
      expect(await costUpdates(1)).toEqual([{ totalCost: 0.74, transactionId: 'cost-upd-1' }]);

      // The answer tells the charger the running cost (6.2 kWh: 0.77), and no CostUpdated repeats
      // it (the message function's instance is made to see the new tariff at once).
      forgetSiteCostTariffs(getDb());
      expect(await updated(2, 29, 6_200)).toEqual({ totalCost: 0.77 });
      // The off-peak price changes: 6.2 kWh at 0.2 cost 1.24 now.
      await putTariff(DEARER);
      // In the stream's order the answer's 0.77 came before this change: it was never sent.
      expect(await costUpdates(2)).toEqual([
        { totalCost: 0.74, transactionId: 'cost-upd-1' },
        { totalCost: 1.24, transactionId: 'cost-upd-1' },
      ]);
      const chargerId = tenant.chargers[0]!.id;
      const logged = await pollUntil(
        async () =>
          (
            await api(stack, `/api/ocpp-messages?chargerId=${chargerId}&messageType=CostUpdated`, {
              key: tenant.apiKey,
            })
          ).body.data,
        (data: any[]) => data.length === 2 && data.every((m) => m.responseType),
        'the logged CostUpdated answers',
      );
      expect(logged.find((m: any) => m.messagePayload.totalCost === 1.24)).toMatchObject({
        direction: 'toCharger',
        messagePayload: { totalCost: 1.24, transactionId: 'cost-upd-1' },
        responseType: 'CALLRESULT',
        messageResponse: {},
      });

      // A change that leaves the cost so far alone (the on-peak price: nothing was charged on peak)
      // tells the charger nothing.
      const commands = ocppChargerCommands(stack.db, COST_COMMANDS);
      const site = { siteId: tenant.siteId, organizationId: tenant.organizationId };
      const onPeak = DEARER.map((p, i) => (i ? { ...p, pricePerKwh: 0.9 } : p));
      const unchanged = await sendCostRepricings(stack.db, commands, [
        {
          ...site,
          before: { currency: 'USD', energyPrices: DEARER },
          after: { currency: 'USD', energyPrices: onPeak },
        },
      ]);
      expect(unchanged).toEqual([{ chargerId, ocppTransactionId: 'cost-upd-1', outcome: 'unchanged' }]);
      expect(received).toHaveLength(2);

      // The charger is read once, with its site's chargers, and passed along to the command path:
      // on a data layer with nothing cached, a repricing that sends reads no charger item.
      const spied = spiedDb();
      const cheaper = DEARER.map((p, i) => (i ? p : { ...p, pricePerKwh: 0.1 }));
      const sent = await sendCostRepricings(spied.db, ocppChargerCommands(spied.db, COST_COMMANDS), [
        {
          ...site,
          before: { currency: 'USD', energyPrices: DEARER },
          after: { currency: 'USD', energyPrices: cheaper },
        },
      ]);
      expect(sent).toEqual([{ chargerId, ocppTransactionId: 'cost-upd-1', outcome: 'sent', totalCost: 0.62 }]);
      expect((await costUpdates(3))[2]).toEqual({ totalCost: 0.62, transactionId: 'cost-upd-1' });
      const chargerReads = spied.gets.filter((key) => key.sk.startsWith('$chargerview#charger_'));

      expect(spied.gets.length).toBeGreaterThan(0);
      expect(chargerReads).toEqual([]);
    },
  );

  it('sends through a charger passed along only when it says connected, and never caches it', async () => {
    const received: unknown[] = [];
    const { tenant } = await chargerOnSite('COSTSEEN', undefined, (c) =>
      c.handle('CostUpdated', async ({ params }: { params?: unknown }) => {
        received.push(params);
        return {};
      }),
    );
    const chargerId = tenant.chargers[0]!.id;
    await stack.db.charger.patch({ chargerId }).set({ reservationSupport: 'unsupported' }).go();
    const { reservationSupport: _, ...item } = (await stack.db.charger.get({ chargerId }).go()).data!;
    // A data layer with nothing cached: what the command path knows comes of what it is given or reads.
    const { db } = spiedDb();
    const commands = ocppChargerCommands(db, COST_COMMANDS);
    const input = { ocppTransactionId: 'cost-seen-1', totalCost: 1 };
    // An index's stale "not connected" is no answer: the charger is read, and it is connected.
    const disconnected = { ...item, connectionStatus: { status: 'Disconnected' }, currentConnectionId: undefined };
    expect(await commands.send(chargerId, 'CostUpdated', input, { charger: disconnected })).toMatchObject({ ok: true });
    expect((await commands.find(chargerId))?.reservationSupport).toBe('unsupported');
    // A connected one is sent through, and not kept: it would overwrite the fresher entry the read
    // made (its reservation support, here).
    expect(await commands.send(chargerId, 'CostUpdated', input, { charger: item })).toMatchObject({ ok: true });
    expect((await commands.find(chargerId))?.reservationSupport).toBe('unsupported');
    expect(received).toHaveLength(2);
  });

  it('tells a transaction that ended nothing, even while its port still names it', async () => {
    const received: unknown[] = [];
    const { tenant, client } = await chargerOnSite('COSTEND', undefined, (c) =>
      c.handle('CostUpdated', async ({ params }: { params?: unknown }) => {
        received.push(params);
        return {};
      }),
    );
    await chargeAcrossThePeak(client, 'cost-end-1');
    const commands = ocppChargerCommands(stack.db, COST_COMMANDS);
    const site = { siteId: tenant.siteId, organizationId: tenant.organizationId };
    // Its port holds no transaction any more: nothing to price, nothing sent.
    const after = { currency: 'USD', energyPrices: TWO_PERIODS };
    expect(await sendCostRepricings(stack.db, commands, [{ ...site, after }])).toEqual([]);
    // A port read before the end was written still names it: its session, read just before
    // pricing, has ended, and nothing is sent.
    const chargerId = tenant.chargers[0]!.id;
    const { data: session } = await stack.db.chargingSession.get({ chargerId, ocppTransactionId: 'cost-end-1' }).go();
    expect(session?.status).not.toBe('InProgress');
    await stack.db.port
      .patch({ chargerId, portNumber: 1 })
      .set({
        currentChargingSession: { sessionId: session!.sessionId, ocppTransactionId: 'cost-end-1', startTime: at(0) },
      })
      .go();
    expect(await sendCostRepricings(stack.db, commands, [{ ...site, after }])).toEqual([
      { chargerId, ocppTransactionId: 'cost-end-1', outcome: 'ended' },
    ]);
    expect(received).toEqual([]);
  });
});

/**
 * A strict OCPP 2.1 station that keeps the tariffs it is sent (evseId 0) and lists them in
 * GetTariffs, and notes any CostUpdated it is sent; `refuse` makes it answer SetDefaultTariff with CALLERROR NotSupported,
 * `refuseChange` ChangeTransactionTariff (which it otherwise accepts).
 */
function tariffStation() {
  const received: { action: string; params: any }[] = [];
  const held = new Map<string, unknown>();
  const station = { received, held, refuse: false, refuseChange: false };
  const handlers = (c: RPCClient) => {
    c.handle('SetDefaultTariff', async ({ params }: { params?: any }) => {
      received.push({ action: 'SetDefaultTariff', params });
      if (station.refuse) throw createRPCError('NotSupported', 'no local cost');
      held.clear();
      held.set(params.tariff.tariffId, params.tariff);
      return { status: 'Accepted' };
    });
    c.handle('ClearTariffs', async ({ params }: { params?: any }) => {
      received.push({ action: 'ClearTariffs', params });
      const ids: string[] = params.tariffIds ?? [...held.keys()];
      const results = ids.map((tariffId) => ({ tariffId, status: held.delete(tariffId) ? 'Accepted' : 'NoTariff' }));
      return { clearTariffsResult: results };
    });
    c.handle('ChangeTransactionTariff', async ({ params }: { params?: any }) => {
      received.push({ action: 'ChangeTransactionTariff', params });
      if (station.refuseChange) throw createRPCError('NotImplemented', 'no tariff per transaction');
      return { status: 'Accepted' };
    });
    c.handle('CostUpdated', async ({ params }: { params?: any }) => {
      received.push({ action: 'CostUpdated', params });
      return {};
    });
    c.handle('GetTariffs', async ({ params }: { params?: any }) => {
      received.push({ action: 'GetTariffs', params });
      if (held.size === 0) return { status: 'NoTariff' };
      const tariffAssignments = [...held.keys()].map((tariffId) => ({
        tariffId,
        tariffKind: 'DefaultTariff',
        evseIds: [1],
      }));
      return { status: 'Accepted', tariffAssignments };
    });
  };
  return { station, handlers };
}

describe('OCPP 2.1 station tariffs (I07, I09, I12)', () => {
  const putTariff = async (tenant: Tenant, tariff: unknown) => {
    const put = await api(stack, `/api/sites/${tenant.siteId}/tariff`, {
      key: tenant.apiKey,
      method: 'PUT',
      body: { tariff },
    });
    expect(put.status).toBe(200);
    return put.body.tariff;
  };
  const calls = (station: { received: { action: string; params: any }[] }, action: string, count: number) =>
    pollUntil(
      async () => station.received.filter((r) => r.action === action),
      (found) => found.length >= count,
      `${count} ${action}`,
    );
  /** Runs a get-tariffs operation on one charger to its end and answers its result. */
  const getTariffs = async (tenant: Tenant, chargerId: number) => {
    const posted = await api(stack, '/api/ocpp/get-tariffs', {
      key: tenant.apiKey,
      method: 'POST',
      body: { chargerId },
    });
    expect([200, 202]).toContain(posted.status);
    const path = `/api/charger-operations/${posted.body.data.operationId}`;
    const done = await pollUntil(
      async () => (await api(stack, path, { key: tenant.apiKey })).body,
      (body: any) => body.data.status === 'completed',
      'the get-tariffs operation',
    );
    expect(validate('/api/charger-operations/{operationId}', 'GET', 200, done)).toEqual([]);
    return done.data.results[0];
  };

  it('sends the site tariff on PUT, lists it with GetTariffs, clears it on DELETE; a 2.0.1 charger gets none', async () => {
    const ocppId = uniqueOcppId('TARIFF21');
    const other = uniqueOcppId('TARIFF201');
    const tenant = await createTenant(stack, [
      { ocppId, name: '2.1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
      { ocppId: other, name: '2.0.1', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    ]);
    const { station, handlers } = tariffStation();
    const boot = { reason: 'PowerUp', chargingStation: { model: 'Tariff', vendorName: 'Test' } };
    const client = await connectCharger(stack, ocppId, 'ocpp2.1', undefined, handlers);
    const client201 = await connectCharger(stack, other, 'ocpp2.0.1');
    clients.push(client, client201);
    await client.call('BootNotification', boot);
    await client201.call('BootNotification', boot);
    const [charger21, charger201] = tenant.chargers.map((c) => c.id) as [number, number];

    const tariff = await putTariff(tenant, {
      currency: 'EUR',
      energyPrices: TWO_PERIODS,
      demandCharge: { pricePerKw: 9 },
    });
    const [set] = await calls(station, 'SetDefaultTariff', 1);
    const expected = toStationTariff({ ...tariff, energyPrices: TWO_PERIODS });
    expect(set!.params).toEqual({ evseId: 0, tariff: expected });
    expect(set!.params.tariff.energy.prices).toEqual([
      {
        priceKwh: 0.1234,
        conditions: { dayOfWeek: expect.any(Array), startTimeOfDay: '00:00', endTimeOfDay: '16:00' },
      },
      {
        priceKwh: 0.4567,
        conditions: { dayOfWeek: expect.any(Array), startTimeOfDay: '16:00', endTimeOfDay: '00:00' },
      },
    ]);
    const stored = await pollUntil(
      async () => (await stack.db.charger.get({ chargerId: charger21 }).go()).data?.defaultTariff,
      (held) => held?.status === 'Accepted',
      'the tariff remembered on the charger',
    );
    expect(stored?.tariffId).toBe(expected.tariffId);
    // The charger read says which version the station holds; a 2.0.1 charger takes no tariff messages.
    const read21 = await api(stack, `/api/chargers/${charger21}`, { key: tenant.apiKey });
    expect(read21.body.data).toMatchObject({
      defaultTariff: {
        tariffId: expected.tariffId,
        tariffUpdatedAt: tariff.updatedAt,
        status: 'Accepted',
        held: true,
        timestamp: stored!.at,
      },
      tariffsSupported: true,
    });
    expect(validate('/api/chargers/{id}', 'GET', 200, read21.body)).toEqual([]);
    const read201 = await api(stack, `/api/chargers/${charger201}`, { key: tenant.apiKey });
    expect(read201.body.data).toMatchObject({ defaultTariff: null, tariffsSupported: null });

    const listed = await getTariffs(tenant, charger21);
    expect(listed).toMatchObject({
      status: 'accepted',
      ocppStatus: 'Accepted',
      tariffAssignments: [{ tariffId: expected.tariffId, tariffKind: 'DefaultTariff', evseIds: [1] }],
    });
    expect(station.received.find((r) => r.action === 'GetTariffs')?.params).toEqual({ evseId: 0 });

    // GetTariffs is 2.1's: a 2.0.1 charger named is 400 naming the field, nothing written or sent.
    const refused = await api(stack, '/api/ocpp/get-tariffs', {
      key: tenant.apiKey,
      method: 'POST',
      body: { chargerIds: [charger201] },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('body.chargerIds');

    const removed = await api(stack, `/api/sites/${tenant.siteId}/tariff`, { key: tenant.apiKey, method: 'DELETE' });
    expect(removed.status).toBe(204);
    const [clear] = await calls(station, 'ClearTariffs', 1);
    expect(clear!.params).toEqual({ tariffIds: [expected.tariffId] });
    await pollUntil(
      async () => (await stack.db.charger.get({ chargerId: charger21 }).go()).data,
      (charger) => charger?.defaultTariff === undefined,
      'the cleared tariff forgotten',
    );
    expect(await getTariffs(tenant, charger21)).toMatchObject({ status: 'accepted', ocppStatus: 'NoTariff' });
    const cleared = await api(stack, `/api/chargers/${charger21}`, { key: tenant.apiKey });
    expect(cleared.body.data).toMatchObject({ defaultTariff: null, tariffsSupported: true });
    expect(station.received.filter((r) => r.action === 'SetDefaultTariff')).toHaveLength(1);
    const logged = await api(stack, `/api/ocpp-messages?chargerId=${charger201}`, { key: tenant.apiKey });
    expect(logged.body.data.map((m: any) => m.messageType)).not.toContain('SetDefaultTariff');
    // No transaction in progress: no ChangeTransactionTariff, on the PUT or the DELETE.
    expect(station.received.map((r) => r.action)).not.toContain('ChangeTransactionTariff');
  });

  it('moves the transactions in progress to each new version (ChangeTransactionTariff), once; NotImplemented does not stop default tariffs', async () => {
    const ids = [uniqueOcppId('TXTARIFF'), uniqueOcppId('TXTARIFFNI')];
    const tenant = await createTenant(
      stack,
      ids.map((ocppId) => ({ ocppId, name: ocppId, type: 'DCFC' as const, ports: [{ connectorType: 'CCS1' }] })),
    );
    const charging = tariffStation();
    const refusing = tariffStation();
    refusing.station.refuseChange = true;
    const boot = { reason: 'PowerUp', chargingStation: { model: 'Tariff', vendorName: 'Test' } };
    const stations = [charging, refusing];
    const connected = await Promise.all(
      ids.map((ocppId, i) => connectCharger(stack, ocppId, 'ocpp2.1', undefined, stations[i]!.handlers)),
    );
    clients.push(...connected);
    for (const [i, client] of connected.entries()) {
      await client.call('BootNotification', boot);
      await client.call('TransactionEvent', {
        eventType: 'Started',
        timestamp: new Date().toISOString(),
        triggerReason: 'CablePluggedIn',
        seqNo: 0,
        transactionInfo: { transactionId: `tx-tariff-${i}`, chargingState: 'Charging' },
        evse: { id: 1, connectorId: 1 },
      });
    }
    const [chargingId, refusingId] = tenant.chargers.map((c) => c.id) as [number, number];
    await pollUntil(
      async () => (await stack.db.port.get({ chargerId: refusingId, portNumber: 1 }).go()).data,
      (port) => port?.currentChargingSession?.ocppTransactionId === 'tx-tariff-1',
      'the transactions in progress on their ports',
    );

    const first = await putTariff(tenant, { currency: 'USD', energyPrices: TWO_PERIODS });
    const firstTariff = toStationTariff({ ...first, energyPrices: TWO_PERIODS });
    const [changed] = await calls(charging.station, 'ChangeTransactionTariff', 1);
    expect(changed!.params).toEqual({ transactionId: 'tx-tariff-0', tariff: firstTariff });
    await calls(refusing.station, 'ChangeTransactionTariff', 1);
    // After the SetDefaultTariff, on each station's lane.
    for (const { station } of stations)
      expect(station.received.map((r) => r.action)).toEqual(['SetDefaultTariff', 'ChangeTransactionTariff']);
    // The same tariff again is the same version, answered as stored: nothing is sent for it (the
    // stations' messages are counted below, after the next version's).
    expect(await putTariff(tenant, { currency: 'USD', energyPrices: [...TWO_PERIODS].reverse() })).toEqual(first);
    // A new version: the running transaction is priced under the new prices; the station that
    // refused the transaction's change still takes the new default tariff, and is asked again.
    const cheaper = TWO_PERIODS.map((p) => ({ ...p, pricePerKwh: 0.05 }));
    const second = await putTariff(tenant, { currency: 'USD', energyPrices: cheaper });
    const secondTariff = toStationTariff({ ...second, energyPrices: cheaper });
    const [, again] = await calls(charging.station, 'ChangeTransactionTariff', 2);
    expect(again!.params).toEqual({ transactionId: 'tx-tariff-0', tariff: secondTariff });
    expect(again!.params.tariff.energy.prices.map((p: any) => p.priceKwh)).toEqual([0.05, 0.05]);
    await calls(refusing.station, 'ChangeTransactionTariff', 2);
    for (const id of [chargingId, refusingId])
      await pollUntil(
        async () => (await stack.db.charger.get({ chargerId: id }).go()).data,
        (charger) => charger?.defaultTariff?.tariffId === secondTariff.tariffId,
        'the second version remembered',
      );
    expect((await stack.db.charger.get({ chargerId: refusingId }).go()).data?.tariffSupport).toBeUndefined();
    // The same change again (a replayed stream batch): nothing is sent twice.
    const commands = ocppChargerCommands(stack.db, TARIFF_COMMANDS);
    const replayed = await sendTariffUpdates(stack.db, commands, {
      sites: new Map([[tenant.siteId, tenant.organizationId]]),
      chargers: new Map(),
    });
    expect(Object.fromEntries(replayed)).toEqual({ [chargingId]: 'unchanged', [refusingId]: 'unchanged' });
    // A station that holds the tariff prices the rest of its transaction itself: it is sent no
    // CostUpdated of the whole session under the new tariff (each batch's costs follow its tariffs).
    for (const { station } of stations)
      expect(station.received.map((r) => r.action)).toEqual([
        'SetDefaultTariff',
        'ChangeTransactionTariff',
        'SetDefaultTariff',
        'ChangeTransactionTariff',
      ]);
    const costs = ocppChargerCommands(stack.db, COST_COMMANDS);
    const site = { siteId: tenant.siteId, organizationId: tenant.organizationId };
    const repricing = {
      ...site,
      before: { currency: 'USD', energyPrices: TWO_PERIODS },
      after: { currency: 'USD', energyPrices: cheaper },
    };
    expect(await sendCostRepricings(stack.db, costs, [repricing])).toEqual([]);
    // One batch's two senders, as the stream's sender runs them: the site's chargers are queried
    // once (the organization's index), by the tariff sender, and the cost sender takes that list.
    const spied = spiedDb();
    const siteChargers = siteChargersOnce(spied.db);
    const outcomes = await sendTariffUpdates(
      spied.db,
      ocppChargerCommands(spied.db, TARIFF_COMMANDS),
      { sites: new Map([[tenant.siteId, tenant.organizationId]]), chargers: new Map() },
      siteChargers,
    );
    expect(Object.fromEntries(outcomes)).toEqual({ [chargingId]: 'unchanged', [refusingId]: 'unchanged' });
    const bySite = spied.queries.filter((index) => index === 'gsi1');
    expect(bySite).toHaveLength(1);
    const costsSpied = ocppChargerCommands(spied.db, COST_COMMANDS);
    expect(await sendCostRepricings(spied.db, costsSpied, [repricing], outcomes, siteChargers)).toEqual([]);
    expect(spied.queries.filter((index) => index === 'gsi1')).toHaveLength(1);
  });

  it('remembers a station that answers NotSupported until it boots, and sends the tariff at boot', async () => {
    const ids = [uniqueOcppId('TARIFFNS'), uniqueOcppId('TARIFFOK')];
    const tenant = await createTenant(
      stack,
      ids.map((ocppId) => ({ ocppId, name: ocppId, type: 'DCFC' as const, ports: [{ connectorType: 'CCS1' }] })),
    );
    const refusing = tariffStation();
    const taking = tariffStation();
    refusing.station.refuse = true;
    const boot = { reason: 'PowerUp', chargingStation: { model: 'Tariff', vendorName: 'Test' } };
    const client = await connectCharger(stack, ids[0]!, 'ocpp2.1', undefined, refusing.handlers);
    const witness = await connectCharger(stack, ids[1]!, 'ocpp2.1', undefined, taking.handlers);
    clients.push(client, witness);
    await client.call('BootNotification', boot);
    await witness.call('BootNotification', boot);
    const chargerId = tenant.chargers[0]!.id;

    await putTariff(tenant, { currency: 'USD', energyPrices: TWO_PERIODS });
    await calls(refusing.station, 'SetDefaultTariff', 1);
    await calls(taking.station, 'SetDefaultTariff', 1);
    await pollUntil(
      async () => (await stack.db.charger.get({ chargerId }).go()).data?.tariffSupport,
      (support) => support === 'unsupported',
      'NotSupported remembered',
    );
    const unsupported = await api(stack, `/api/chargers/${chargerId}`, { key: tenant.apiKey });
    expect(unsupported.body.data).toMatchObject({ defaultTariff: null, tariffsSupported: false });
    // A new tariff: the other station of the site is sent it, the one that said NotSupported is not.
    const cheaper = TWO_PERIODS.map((p) => ({ ...p, pricePerKwh: 0.05 }));
    const second = await putTariff(tenant, { currency: 'USD', energyPrices: cheaper });
    await calls(taking.station, 'SetDefaultTariff', 2);
    // Once the witness's answer is stored, the batch's run for the other station has long ended.
    await pollUntil(
      async () => (await stack.db.charger.get({ chargerId: tenant.chargers[1]!.id }).go()).data?.defaultTariff,
      (held) => held?.tariffId === toStationTariff({ ...second, energyPrices: cheaper }).tariffId,
      'the second tariff stored for the witness',
    );
    expect(refusing.station.received).toHaveLength(1);

    // Its next boot forgets it: the current tariff is sent at once.
    refusing.station.refuse = false;
    await client.call('BootNotification', { ...boot, reason: 'FirmwareUpdate' });
    const [, atBoot] = await calls(refusing.station, 'SetDefaultTariff', 2);
    expect(atBoot!.params.tariff).toEqual(toStationTariff({ ...second, energyPrices: cheaper }));
    // The witness got each version once: no second send from the site's change, nor from the
    // other station's boot (its reason is its own).
    expect(taking.station.received.filter((r) => r.action === 'SetDefaultTariff')).toHaveLength(2);
    // Without a transaction in progress, a new version is the default tariff only.
    expect(taking.station.received.map((r) => r.action)).not.toContain('ChangeTransactionTariff');
  });
});
