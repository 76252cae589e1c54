import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { api, createTenant, sessionsOfCharger, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger, connectRaw } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { responseValidator } from '../../support/openapi';

let stack: LocalStack;
let tenant: Tenant;
let client: RPCClient;
let validate: ReturnType<typeof responseValidator>;
const ocppId = uniqueOcppId('V16');
const retransmitId = uniqueOcppId('V16R');

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    {
      ocppId,
      name: 'AC 16',
      type: 'Level 2',
      ports: [
        { connectorType: 'J1772', maximumPowerKw: 11 },
        { connectorType: 'J1772', maximumPowerKw: 11 },
      ],
    },
    { ocppId: retransmitId, name: 'Retransmitter', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
  ]);
  validate = responseValidator((await api(stack, '/api/openapi.json')).body);
  client = await connectCharger(stack, ocppId, 'ocpp1.6');
});
afterAll(async () => {
  await client?.close();
  await stack?.close();
});

async function charger(id = tenant.chargers[0]!.id) {
  const { status, body } = await api(stack, `/api/chargers/${id}`, { key: tenant.apiKey });
  expect(status).toBe(200);
  expect(validate('/api/chargers/{id}', 'GET', 200, body)).toEqual([]);
  return body.data;
}

const t = (second: number) => new Date(Date.UTC(2026, 10, 21, 8, 0, second)).toISOString();

describe('OCPP 1.6 charger → charger API', () => {
  it('BootNotification is accepted with a 540 s interval and stores the charger identity', async () => {
    const reply: any = await client.call('BootNotification', {
      chargePointVendor: 'Wallbox',
      chargePointModel: 'Commander 2',
      chargePointSerialNumber: 'WB-123',
      firmwareVersion: '5.12.1',
    });
    expect(reply).toMatchObject({ status: 'Accepted', interval: 540 });
    expect(Math.abs(Date.parse(reply.currentTime) - Date.now())).toBeLessThan(60_000);
    expect(await charger()).toMatchObject({
      manufacturer: 'Wallbox',
      model: 'Commander 2',
      serialNumber: 'WB-123',
      firmwareVersion: '5.12.1',
    });
  });

  it('Heartbeat answers the current time', async () => {
    const { currentTime }: any = await client.call('Heartbeat', {});
    expect(Math.abs(Date.parse(currentTime) - Date.now())).toBeLessThan(60_000);
  });

  it("StatusNotification sets each port's ocppStatus; connector 0 is the charger; an unknown connector creates its port", async () => {
    await client.call('StatusNotification', {
      connectorId: 0,
      errorCode: 'NoError',
      status: 'Available',
      timestamp: t(0),
    });
    await client.call('StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Available',
      timestamp: t(1),
    });
    await client.call('StatusNotification', {
      connectorId: 2,
      errorCode: 'GroundFailure',
      status: 'Faulted',
      timestamp: t(2),
      info: 'GFCI tripped',
      vendorErrorCode: 'E42',
    });
    await client.call('StatusNotification', {
      connectorId: 3,
      errorCode: 'NoError',
      status: 'Unavailable',
      timestamp: t(3),
    });
    const data = await charger();
    expect(data.ports.map((p: any) => [p.portNumber, p.ocppStatus?.status])).toEqual([
      [1, 'Available'],
      [2, 'Faulted'],
      [3, 'Unavailable'],
    ]);
    expect(data.ports[0].ocppStatus).toEqual({
      status: 'Available',
      timestamp: t(1),
      errorCode: 'NoError',
      vendorErrorCode: null,
      info: null,
    });
    expect(data.ports[1].ocppStatus).toEqual({
      status: 'Faulted',
      timestamp: t(2),
      errorCode: 'GroundFailure',
      vendorErrorCode: 'E42',
      info: 'GFCI tripped',
    });
    expect(data.ports[2]).toMatchObject({
      name: 'Port 3',
      connectorType: 'J1772',
      maximumPowerKw: null,
      id: expect.any(Number),
    });
    expect(data.numberOfPorts).toBe(3);
  });

  it('keeps the newer status when an older StatusNotification arrives late', async () => {
    await client.call('StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Preparing',
      timestamp: t(10),
    });
    await client.call('StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Available',
      timestamp: t(5),
    });
    expect((await charger()).ports[0].ocppStatus.status).toBe('Preparing');
  });

  it('Authorize answers Invalid for a tag no access ID knows', async () => {
    expect(await client.call('Authorize', { idTag: 'UNKNOWN-TAG' })).toEqual({ idTagInfo: { status: 'Invalid' } });
  });

  let transactionId: number;
  it('StartTransaction allocates an integer transactionId and the port shows the session', async () => {
    const reply: any = await client.call('StartTransaction', {
      connectorId: 1,
      idTag: 'TAG-1',
      meterStart: 1_250_000,
      timestamp: t(20),
    });
    expect(Number.isInteger(reply.transactionId)).toBe(true);
    expect(reply.idTagInfo.status).toBe('Invalid');
    transactionId = reply.transactionId;
    const session = (await charger()).ports[0].currentChargingSession;
    expect(session).toEqual({
      id: transactionId,
      startTime: t(20),
      socStartPercent: null,
      energyDeliveredKwh: 0,
      ocppIdTag: 'TAG-1',
      ocppTransactionId: transactionId,
      latestReadings: { powerKw: null, currentA: null, socPercent: null, voltage: null },
      vehicle: null,
      rfid: null,
      customer: null,
    });
  });

  it('MeterValues update energy and the latest readings, per phase as documented', async () => {
    await client.call('MeterValues', {
      connectorId: 1,
      transactionId,
      meterValue: [
        {
          timestamp: t(30),
          sampledValue: [
            { value: '1253500', measurand: 'Energy.Active.Import.Register', unit: 'Wh', context: 'Sample.Periodic' },
            { value: '2400', measurand: 'Power.Active.Import', unit: 'W', phase: 'L1' },
            { value: '2300', measurand: 'Power.Active.Import', unit: 'W', phase: 'L2' },
            { value: '2500', measurand: 'Power.Active.Import', unit: 'W', phase: 'L3' },
            { value: '10.2', measurand: 'Current.Import', unit: 'A', phase: 'L1' },
            { value: '10.9', measurand: 'Current.Import', unit: 'A', phase: 'L2' },
            { value: '10.4', measurand: 'Current.Import', unit: 'A', phase: 'L3' },
            { value: '229', measurand: 'Voltage', unit: 'V', phase: 'L1-N' },
            { value: '231', measurand: 'Voltage', unit: 'V', phase: 'L2-N' },
            { value: '233', measurand: 'Voltage', unit: 'V', phase: 'L3-N' },
            { value: '40', measurand: 'SoC', unit: 'Percent', location: 'EV' },
          ],
        },
      ],
    });
    const session = (await charger()).ports[0].currentChargingSession;
    expect(session.energyDeliveredKwh).toBe(3.5);
    expect(session.socStartPercent).toBe(40);
    expect(session.latestReadings).toEqual({
      powerKw: { value: 7.2, timestamp: t(30) },
      currentA: { value: 10.9, timestamp: t(30) },
      socPercent: { value: 40, timestamp: t(30) },
      voltage: { value: 231, timestamp: t(30) },
    });
  });

  it('honours kWh units and keeps the first SoC as the start SoC', async () => {
    await client.call('MeterValues', {
      connectorId: 1,
      transactionId,
      meterValue: [
        {
          timestamp: t(40),
          sampledValue: [
            { value: '1260.25', unit: 'kWh' },
            { value: '55', measurand: 'SoC', unit: 'Percent' },
            { value: '11', measurand: 'Power.Active.Import', unit: 'kW' },
          ],
        },
      ],
    });
    const session = (await charger()).ports[0].currentChargingSession;
    expect(session.energyDeliveredKwh).toBe(10.25);
    expect(session.socStartPercent).toBe(40);
    expect(session.latestReadings.socPercent).toEqual({ value: 55, timestamp: t(40) });
    expect(session.latestReadings.powerKw).toEqual({ value: 11, timestamp: t(40) });
    expect(session.latestReadings.currentA).toEqual({ value: 10.9, timestamp: t(30) });
  });

  it('StopTransaction ends the session: the port shows none and the ended session is kept', async () => {
    const reply = await client.call('StopTransaction', {
      transactionId,
      idTag: 'TAG-1',
      meterStop: 1_262_000,
      timestamp: t(50),
      reason: 'EVDisconnected',
      transactionData: [{ timestamp: t(50), sampledValue: [{ value: '61', measurand: 'SoC', unit: 'Percent' }] }],
    });
    expect(reply).toEqual({ idTagInfo: { status: 'Invalid' } });
    expect((await charger()).ports[0].currentChargingSession).toBeNull();
    const { data: ended } = await stack.db.chargingSession
      .get({ chargerId: tenant.chargers[0]!.id, ocppTransactionId: String(transactionId) })
      .go();
    expect(ended).toMatchObject({
      status: 'Completed',
      startTime: t(20),
      endTime: t(50),
      meterStartWh: 1_250_000,
      meterStopWh: 1_262_000,
      energyDeliveredKwh: 12,
      socStartPercent: 40,
      socEndPercent: 61,
      stopReason: 'EVDisconnected',
      idTag: 'TAG-1',
    });
  });

  it('ignores MeterValues for a transaction that is not in progress', async () => {
    await client.call('MeterValues', {
      connectorId: 1,
      transactionId,
      meterValue: [{ timestamp: t(60), sampledValue: [{ value: '1300000' }] }],
    });
    expect((await charger()).ports[0].currentChargingSession).toBeNull();
  });
});

describe('OCPP 1.6 security extension', () => {
  it('acknowledges SecurityEventNotification and LogStatusNotification; stores SignedFirmwareStatusNotification', async () => {
    const now = new Date().toISOString();
    expect(await client.call('SecurityEventNotification', { type: 'StartupOfTheDevice', timestamp: now })).toEqual({});
    expect(await client.call('LogStatusNotification', { status: 'Uploaded', requestId: 1 })).toEqual({});
    expect(
      await client.call('SignedFirmwareStatusNotification', { status: 'SignatureVerified', requestId: 2 }),
    ).toEqual({});
    const { data } = await stack.db.charger.get({ chargerId: tenant.chargers[0]!.id }).go();
    expect(data?.firmwareStatus?.status).toBe('SignatureVerified');
  });
});

describe('OCPP 1.6 retransmissions', () => {
  it('a repeated StartTransaction or MeterValues (same messageId) does not double-count', async () => {
    const raw = await connectRaw(stack, retransmitId, 'ocpp1.6');
    try {
      const start = JSON.stringify([
        2,
        'start-1',
        'StartTransaction',
        { connectorId: 1, idTag: 'T', meterStart: 1000, timestamp: t(0) },
      ]);
      const first = (await raw.exchange(start)) as [number, string, { transactionId: number }];
      const second = (await raw.exchange(start)) as [number, string, { transactionId: number }];
      expect(first[0]).toBe(3);
      expect(second[2].transactionId).toBe(first[2].transactionId);
      const meter = JSON.stringify([
        2,
        'mv-1',
        'MeterValues',
        {
          connectorId: 1,
          transactionId: first[2].transactionId,
          meterValue: [{ timestamp: t(5), sampledValue: [{ value: '6000' }] }],
        },
      ]);
      await raw.exchange(meter);
      await raw.exchange(meter);
      const data = await charger(tenant.chargers[1]!.id);
      expect(data.ports[0].currentChargingSession).toMatchObject({ id: first[2].transactionId, energyDeliveredKwh: 5 });
      expect(await sessionsOfCharger(stack, tenant.chargers[1]!.id)).toHaveLength(1);
    } finally {
      await raw.close();
    }
  });
});
