/**
 * What a faulty charger sends: timestamps from the future, impossible connector/EVSE numbers and
 * readings that cannot be stored. Strict OCPP clients (the frames pass the official schemas).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { api, createTenant, sessionsOfCharger, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import type { OcppProtocol } from '../../../shared/db/entities/common';

let stack: LocalStack;
let tenant: Tenant;
const ids = {
  time16: uniqueOcppId('T16'),
  time201: uniqueOcppId('T201'),
  ports16: uniqueOcppId('P16'),
  ports201: uniqueOcppId('P201'),
  values16: uniqueOcppId('V16'),
  values201: uniqueOcppId('V201'),
};
const clients: RPCClient[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  const twoPorts = [{ connectorType: 'J1772' as const }, { connectorType: 'J1772' as const }];
  tenant = await createTenant(
    stack,
    Object.values(ids).map((ocppId) => ({ ocppId, name: ocppId, type: 'Level 2' as const, ports: twoPorts })),
  );
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await stack?.close();
});

async function connect(ocppId: string, protocol: OcppProtocol) {
  const client = await connectCharger(stack, ocppId, protocol);
  clients.push(client);
  return client;
}
const chargerIdOf = (ocppId: string) => tenant.chargers.find((c) => c.ocppId === ocppId)!.id;
async function charger(ocppId: string) {
  const { status, body } = await api(stack, `/api/chargers/by-ocpp-id/${ocppId}`, { key: tenant.apiKey });
  expect(status).toBe(200);
  return body.data;
}
async function sessionsOf(ocppId: string) {
  return sessionsOfCharger(stack, chargerIdOf(ocppId));
}
async function portNumbers(ocppId: string) {
  const { data } = await stack.db.port.query.primary({ chargerId: chargerIdOf(ocppId) }).go();
  return data.map((p) => p.portNumber).sort((a, b) => a - b);
}
/** The charger's timestamp must have been replaced by the receive time (between `before` and now). */
function expectReceiveTime(timestamp: string, before: number) {
  expect(Date.parse(timestamp)).toBeGreaterThanOrEqual(before - 1000);
  expect(Date.parse(timestamp)).toBeLessThanOrEqual(Date.now() + 1000);
}
const FAR_FUTURE = '9999-12-31T23:59:59Z';
const soon = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('charger timestamps from the future are clamped to the receive time (5 minutes of skew allowed)', () => {
  it('1.6: a Faulted status stamped 9999 does not freeze the port; Available now is stored', async () => {
    const client = await connect(ids.time16, 'ocpp1.6');
    const before = Date.now();
    await client.call('StatusNotification', {
      connectorId: 1,
      errorCode: 'OtherError',
      status: 'Faulted',
      timestamp: FAR_FUTURE,
    });
    const faulted = (await charger(ids.time16)).ports[0].ocppStatus;
    expect(faulted.status).toBe('Faulted');
    expectReceiveTime(faulted.timestamp, before);
    const now = soon(1000);
    await client.call('StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Available',
      timestamp: now,
    });
    expect((await charger(ids.time16)).ports[0].ocppStatus).toMatchObject({ status: 'Available', timestamp: now });
  });

  it('a timestamp within the skew is kept as the charger sent it', async () => {
    const client = await connect(ids.time201, 'ocpp2.0.1');
    const skewed = soon(2 * 60_000);
    await client.call('StatusNotification', {
      timestamp: skewed,
      connectorStatus: 'Occupied',
      evseId: 1,
      connectorId: 1,
    });
    expect((await charger(ids.time201)).ports[0].ocppStatus.timestamp).toBe(skewed);
  });

  it('a port frozen by a future status stored before the fix takes the next status', async () => {
    const chargerId = chargerIdOf(ids.time16);
    const frozen = { status: 'Faulted', timestamp: '9999-12-31T23:59:59.000Z', errorCode: 'OtherError' };
    await stack.db.port.patch({ chargerId, portNumber: 2 }).set({ ocppStatus: frozen }).go();
    const client = clients[0]!;
    const now = new Date().toISOString();
    await client.call('StatusNotification', {
      connectorId: 2,
      errorCode: 'NoError',
      status: 'Available',
      timestamp: now,
    });
    expect((await charger(ids.time16)).ports[1].ocppStatus).toMatchObject({ status: 'Available', timestamp: now });
  });

  it('1.6: session start, meter value and end times from the future are the receive times', async () => {
    const client = clients[0]!;
    const before = Date.now();
    const { transactionId }: any = await client.call('StartTransaction', {
      connectorId: 1,
      idTag: 'T',
      meterStart: 1000,
      timestamp: FAR_FUTURE,
    });
    await client.call('MeterValues', {
      connectorId: 1,
      transactionId,
      meterValue: [
        { timestamp: FAR_FUTURE, sampledValue: [{ value: '7.2', measurand: 'Power.Active.Import', unit: 'kW' }] },
      ],
    });
    const session = (await charger(ids.time16)).ports[0].currentChargingSession;
    expectReceiveTime(session.startTime, before);
    expectReceiveTime(session.latestReadings.powerKw.timestamp, before);
    await client.call('StopTransaction', { transactionId, meterStop: 2000, timestamp: FAR_FUTURE });
    const { data } = await stack.db.chargingSession
      .get({ chargerId: chargerIdOf(ids.time16), ocppTransactionId: String(transactionId) })
      .go();
    expectReceiveTime(data!.endTime!, before);
    expect(data!.energyDeliveredKwh).toBe(1);
  });

  it('2.0.1: TransactionEvent and MeterValues times from the future are the receive times', async () => {
    const client = clients[1]!;
    const before = Date.now();
    const kw = (value: number) => [
      {
        timestamp: FAR_FUTURE,
        sampledValue: [{ value, measurand: 'Power.Active.Import', unitOfMeasure: { unit: 'kW' } }],
      },
    ];
    const event = (eventType: string, seqNo: number) => ({
      eventType,
      timestamp: FAR_FUTURE,
      triggerReason: 'Authorized',
      seqNo,
      transactionInfo: { transactionId: 'future-1' },
      evse: { id: 1, connectorId: 1 },
      meterValue: kw(3 + seqNo),
    });
    await client.call('TransactionEvent', event('Started', 0));
    await client.call('MeterValues', { evseId: 1, meterValue: kw(9) });
    const session = (await charger(ids.time201)).ports[0].currentChargingSession;
    expectReceiveTime(session.startTime, before);
    expect(session.latestReadings.powerKw.value).toBe(9);
    expectReceiveTime(session.latestReadings.powerKw.timestamp, before);
    await client.call('TransactionEvent', event('Ended', 1));
    const { data } = await stack.db.chargingSession
      .get({ chargerId: chargerIdOf(ids.time201), ocppTransactionId: 'future-1' })
      .go();
    expectReceiveTime(data!.endTime!, before);
  });
});

describe('impossible connector / EVSE numbers are refused and create nothing', () => {
  const refused = { rpcErrorCode: 'PropertyConstraintViolation' };

  it('1.6 StartTransaction on connector 0 or -3 is a CALLERROR and opens no session', async () => {
    const client = await connect(ids.ports16, 'ocpp1.6');
    for (const connectorId of [0, -3]) {
      await expect(
        client.call('StartTransaction', {
          connectorId,
          idTag: 'T',
          meterStart: 0,
          timestamp: new Date().toISOString(),
        }),
      ).rejects.toMatchObject(refused);
    }
    expect(await sessionsOf(ids.ports16)).toEqual([]);
    expect(await portNumbers(ids.ports16)).toEqual([1, 2]);
  });

  it('1.6 StatusNotification for connector -1, 99999, 2³¹−1 or 10¹⁵ is a CALLERROR and creates no port', async () => {
    const client = clients.at(-1)!;
    for (const connectorId of [-1, 99_999, 2 ** 31 - 1, 10 ** 15]) {
      const status = { connectorId, errorCode: 'NoError', status: 'Available', timestamp: new Date().toISOString() };
      await expect(client.call('StatusNotification', status)).rejects.toMatchObject(refused);
    }
    expect(await portNumbers(ids.ports16)).toEqual([1, 2]);
  });

  it('up to 8 connectors beyond the registered ones create their port; the next one is refused', async () => {
    const client = clients.at(-1)!;
    const status = (connectorId: number) => ({
      connectorId,
      errorCode: 'NoError',
      status: 'Available',
      timestamp: new Date().toISOString(),
    });
    await client.call('StatusNotification', status(10));
    await expect(client.call('StatusNotification', status(11))).rejects.toMatchObject(refused);
    await expect(
      client.call('StartTransaction', {
        connectorId: 11,
        idTag: 'T',
        meterStart: 0,
        timestamp: new Date().toISOString(),
      }),
    ).rejects.toMatchObject(refused);
    expect(await portNumbers(ids.ports16)).toEqual([1, 2, 10]);
    // Ports the charger added do not widen the bound.
    await client.call('StatusNotification', status(9));
    await expect(client.call('StatusNotification', status(11))).rejects.toMatchObject(refused);
    expect(await portNumbers(ids.ports16)).toEqual([1, 2, 9, 10]);
    expect(await sessionsOf(ids.ports16)).toEqual([]);
    // A port the charger created is found by its ID like a registered one (its location is stored with it).
    const { data: created } = await stack.db.port.get({ chargerId: chargerIdOf(ids.ports16), portNumber: 10 }).go();
    const override = (portId: number) =>
      api(stack, `/api/ports/${portId}/charging-override`, { key: tenant.apiKey, method: 'DELETE' });
    expect((await override(created!.portId)).status).toBe(204);
    expect((await override(created!.portId + 1000)).status).toBe(404);
  });

  it('1.6 MeterValues for a negative connector is a CALLERROR', async () => {
    const meterValue = [{ timestamp: new Date().toISOString(), sampledValue: [{ value: '10' }] }];
    await expect(clients.at(-1)!.call('MeterValues', { connectorId: -2, meterValue })).rejects.toMatchObject(refused);
  });

  it('2.0.1 TransactionEvent, StatusNotification and MeterValues with impossible EVSE numbers are CALLERRORs', async () => {
    const client = await connect(ids.ports201, 'ocpp2.0.1');
    const now = () => new Date().toISOString();
    for (const id of [0, -1, 10 ** 15]) {
      const started = {
        eventType: 'Started',
        timestamp: now(),
        triggerReason: 'Authorized',
        seqNo: 0,
        transactionInfo: { transactionId: `bad-evse-${id}` },
        evse: { id },
      };
      await expect(client.call('TransactionEvent', started)).rejects.toMatchObject(refused);
    }
    for (const evseId of [-1, 99_999, 10 ** 15]) {
      const status = { timestamp: now(), connectorStatus: 'Available', evseId, connectorId: 1 };
      await expect(client.call('StatusNotification', status)).rejects.toMatchObject(refused);
    }
    const meterValue = [{ timestamp: now(), sampledValue: [{ value: 10 }] }];
    await expect(client.call('MeterValues', { evseId: -5, meterValue })).rejects.toMatchObject(refused);
    expect(await sessionsOf(ids.ports201)).toEqual([]);
    expect(await portNumbers(ids.ports201)).toEqual([1, 2]);
  });
});

describe('readings that cannot be stored are dropped or clamped, never an InternalError', () => {
  it('1.6: "1e308" Wh, a SoC of -30 % and -50 kW are dropped; -0.04 kW of noise becomes 0', async () => {
    const client = await connect(ids.values16, 'ocpp1.6');
    const { transactionId }: any = await client.call('StartTransaction', {
      connectorId: 1,
      idTag: 'T',
      meterStart: 5000,
      timestamp: new Date().toISOString(),
    });
    const reading = (timestamp: string, sampledValue: object[]) => ({
      connectorId: 1,
      transactionId,
      meterValue: [{ timestamp, sampledValue }],
    });
    const t1 = new Date(Date.now() - 2000).toISOString();
    await client.call(
      'MeterValues',
      reading(t1, [
        { value: '6000' },
        { value: '60', measurand: 'SoC', unit: 'Percent' },
        { value: '7', measurand: 'Power.Active.Import', unit: 'kW' },
      ]),
    );
    const t2 = new Date(Date.now() - 1000).toISOString();
    await client.call(
      'MeterValues',
      reading(t2, [
        { value: '1e308' },
        { value: '-30', measurand: 'SoC', unit: 'Percent' },
        { value: '-50', measurand: 'Power.Active.Import', unit: 'kW' },
        { value: '1e308', measurand: 'Current.Import', unit: 'A' },
        { value: '-4', measurand: 'Voltage', unit: 'V' },
      ]),
    );
    let session = (await charger(ids.values16)).ports[0].currentChargingSession;
    expect(session.energyDeliveredKwh).toBe(1);
    expect(session.latestReadings).toEqual({
      powerKw: { value: 7, timestamp: t1 },
      socPercent: { value: 60, timestamp: t1 },
      currentA: null,
      voltage: null,
    });
    const t3 = new Date().toISOString();
    await client.call('MeterValues', reading(t3, [{ value: '-0.04', measurand: 'Power.Active.Import', unit: 'kW' }]));
    session = (await charger(ids.values16)).ports[0].currentChargingSession;
    expect(session.latestReadings.powerKw).toEqual({ value: 0, timestamp: t3 });
  });

  it('1.6: a meterStop or meterStart of 1e300 Wh is not stored (the last register seen is used)', async () => {
    const client = clients.at(-1)!;
    const sessions = await sessionsOf(ids.values16);
    const transactionId = Number(sessions[0]!.ocppTransactionId);
    await client.call('StopTransaction', { transactionId, meterStop: 1e300, timestamp: new Date().toISOString() });
    const { data } = await stack.db.chargingSession
      .get({ chargerId: chargerIdOf(ids.values16), ocppTransactionId: String(transactionId) })
      .go();
    expect(data).toMatchObject({ status: 'Completed', meterStopWh: 6000, energyDeliveredKwh: 1 });
    const start = await client.call('StartTransaction', {
      connectorId: 2,
      idTag: 'T',
      meterStart: 1e300,
      timestamp: new Date().toISOString(),
    });
    expect(start).toMatchObject({ transactionId: expect.any(Number) });
    expect((await charger(ids.values16)).ports[1].currentChargingSession.energyDeliveredKwh).toBe(0);
  });

  it('2.0.1: 1e308 with a multiplier, out-of-range SoC and power are dropped; noise is 0', async () => {
    const client = await connect(ids.values201, 'ocpp2.0.1');
    const sample = (value: number, measurand: string, unit: string, multiplier = 0) => ({
      value,
      measurand,
      unitOfMeasure: { unit, multiplier },
    });
    const t0 = new Date(Date.now() - 2000).toISOString();
    await client.call('TransactionEvent', {
      eventType: 'Started',
      timestamp: t0,
      triggerReason: 'Authorized',
      seqNo: 0,
      transactionInfo: { transactionId: 'huge-1' },
      evse: { id: 1, connectorId: 1 },
      meterValue: [
        {
          timestamp: t0,
          sampledValue: [sample(10, 'Energy.Active.Import.Register', 'kWh'), sample(50, 'SoC', 'Percent')],
        },
      ],
    });
    const t1 = new Date(Date.now() - 1000).toISOString();
    await client.call('TransactionEvent', {
      eventType: 'Updated',
      timestamp: t1,
      triggerReason: 'MeterValuePeriodic',
      seqNo: 1,
      transactionInfo: { transactionId: 'huge-1' },
      meterValue: [
        {
          timestamp: t1,
          sampledValue: [
            sample(1e308, 'Energy.Active.Import.Register', 'Wh'),
            sample(1, 'Power.Active.Import', 'W', 400),
            sample(130, 'SoC', 'Percent'),
            sample(-0.04, 'Current.Import', 'A'),
          ],
        },
      ],
    });
    const session = (await charger(ids.values201)).ports[0].currentChargingSession;
    expect(session.energyDeliveredKwh).toBe(0);
    expect(session.latestReadings).toEqual({
      powerKw: null,
      socPercent: { value: 50, timestamp: t0 },
      currentA: { value: 0, timestamp: t1 },
      voltage: null,
    });
    await client.call('MeterValues', {
      evseId: 1,
      meterValue: [{ timestamp: t1, sampledValue: [sample(1e308, 'Energy.Active.Import.Register', 'Wh', 5)] }],
    });
    expect((await charger(ids.values201)).ports[0].currentChargingSession.energyDeliveredKwh).toBe(0);
  });
});
