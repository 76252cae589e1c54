/**
 * The cost of a session on the local stack (docs/tariffs.md, "Cost of a session"): a strict OCPP
 * 2.0.1 client's TransactionEvent responses carry `totalCost` under the site's two-period tariff
 * (the running cost on an Updated with an energy register, the final cost on Ended, in cents), the
 * final cost is stored on the session and answered by `GET /api/charging-sessions` without
 * `includeTouEnergy`, and a site without a tariff gets no `totalCost` at all. The running cost also
 * reaches the charger as a CostUpdated CALL (I04), sent from the table's stream (the stack's
 * `localList` option runs its sender) and answered into the message log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger, pollUntil } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { responseValidator } from '../../support/openapi';

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

  it('round to the currency: yen have no minor unit', async () => {
    const yen = TWO_PERIODS.map((p, i) => ({ ...p, pricePerKwh: i === 0 ? 20.5 : 31.25 }));
    const { client } = await chargerOnSite('COSTJPY', { currency: 'JPY', energyPrices: yen });
    const answers = await chargeAcrossThePeak(client, 'cost-tx-jpy');
    // 6 × 20.5 = 123 (running); + 4 × 31.25 = 248.
    expect(answers.updated).toEqual({ totalCost: 123 });
    expect(answers.ended).toEqual({ totalCost: 248 });
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

describe('CostUpdated (I04)', () => {
  // A 2.1 station is sent the 2.0.1 CALL, checked against 2.1's schemas by the CSMS and by the strict client.
  it.each(['ocpp2.0.1', 'ocpp2.1'] as const)(
    "tells an %s charger the running cost it stored, validated by the charger's schema, its answer logged",
    async (protocol) => {
      const received: unknown[] = [];
      const { tenant, client } = await chargerOnSite(
        'COSTUPD',
        { currency: 'USD', energyPrices: TWO_PERIODS },
        (c) =>
          c.handle('CostUpdated', async ({ params }: { params?: unknown }) => {
            received.push(params);
            return {};
          }),
        protocol,
      );
      const transactionInfo = { transactionId: 'cost-upd-1', chargingState: 'Charging' };
      await client.call('TransactionEvent', {
        eventType: 'Started',
        timestamp: at(0),
        triggerReason: 'CablePluggedIn',
        seqNo: 0,
        transactionInfo,
        evse: { id: 1, connectorId: 1 },
        meterValue: energy(0, at(0)),
      });
      const updated = await client.call('TransactionEvent', {
        eventType: 'Updated',
        timestamp: at(30),
        triggerReason: 'MeterValuePeriodic',
        seqNo: 1,
        transactionInfo,
        meterValue: energy(6_000, at(30)),
      });
      expect(updated).toEqual({ totalCost: 0.74 });
      await pollUntil(
        async () => received.length,
        (n) => n > 0,
        'the CostUpdated CALL',
      );
      expect(received).toEqual([{ totalCost: 0.74, transactionId: 'cost-upd-1' }]);
      const chargerId = tenant.chargers[0]!.id;
      const logged = await pollUntil(
        async () =>
          (
            await api(stack, `/api/ocpp-messages?chargerId=${chargerId}&messageType=CostUpdated`, {
              key: tenant.apiKey,
            })
          ).body.data,
        (data: any[]) => data.length === 1 && data[0].responseType !== undefined && data[0].responseType !== null,
        'the logged CostUpdated answer',
      );
      expect(logged[0]).toMatchObject({
        direction: 'toCharger',
        messagePayload: { totalCost: 0.74, transactionId: 'cost-upd-1' },
        responseType: 'CALLRESULT',
        messageResponse: {},
      });
      const { data } = await stack.db.chargingSession.get({ chargerId, ocppTransactionId: 'cost-upd-1' }).go();
      expect(data?.runningCost).toMatchObject({ amount: 0.7404, currency: 'USD' });
    },
  );
});
