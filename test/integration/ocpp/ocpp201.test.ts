import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import WebSocket from 'ws';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger, connectRaw, type OcppProtocol } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { responseValidator } from '../../support/openapi';

let stack: LocalStack;
let tenant: Tenant;
let validate: ReturnType<typeof responseValidator>;
/** The same station speaking each version: 2.1 is served by the 2.0.1 handlers, its frames validated against 2.1's schemas. */
const VERSIONS = [
  { protocol: 'ocpp2.0.1', index: 0, ocppId: uniqueOcppId('V201') },
  { protocol: 'ocpp2.1', index: 1, ocppId: uniqueOcppId('V21') },
] as const satisfies readonly { protocol: OcppProtocol; index: number; ocppId: string }[];
const clients: RPCClient[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(
    stack,
    VERSIONS.map(({ ocppId, protocol }) => ({
      ocppId,
      name: `DC ${protocol}`,
      type: 'DCFC',
      ports: [
        { connectorType: 'CCS1', maximumPowerKw: 150 },
        { connectorType: 'NACS', maximumPowerKw: 150 },
      ],
    })),
  );
  validate = responseValidator((await api(stack, '/api/openapi.json')).body);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await stack?.close();
});

async function chargerAt(index: number) {
  const { status, body } = await api(stack, `/api/chargers/${tenant.chargers[index]!.id}`, { key: tenant.apiKey });
  expect(status).toBe(200);
  expect(validate('/api/chargers/{id}', 'GET', 200, body)).toEqual([]);
  return body.data;
}

const t = (second: number) => new Date(Date.UTC(2026, 10, 21, 9, 0, second)).toISOString();
const energy = (wh: number, timestamp: string, extra: object[] = []) => [
  {
    timestamp,
    sampledValue: [
      { value: wh / 1000, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'kWh' } },
      ...extra,
    ],
  },
];

describe.each(VERSIONS)('OCPP $protocol charging station → charger API', ({ protocol, index, ocppId }) => {
  let client: RPCClient;
  const charger = () => chargerAt(index);
  beforeAll(async () => {
    client = await connectCharger(stack, ocppId, protocol);
    clients.push(client);
  });

  it('BootNotification is accepted with a 540 s interval and stores the station identity', async () => {
    const reply: any = await client.call('BootNotification', {
      reason: 'PowerUp',
      chargingStation: { model: 'Terra 184', vendorName: 'ABB', serialNumber: 'ABB-9', firmwareVersion: '1.8.3' },
    });
    expect(reply).toMatchObject({ status: 'Accepted', interval: 540 });
    expect(await charger()).toMatchObject({
      manufacturer: 'ABB',
      model: 'Terra 184',
      serialNumber: 'ABB-9',
      firmwareVersion: '1.8.3',
    });
  });

  it('Heartbeat answers the current time', async () => {
    const reply: any = await client.call('Heartbeat', {});
    expect(Math.abs(Date.parse(reply.currentTime) - Date.now())).toBeLessThan(60_000);
  });

  it('StatusNotification maps each EVSE to its port with errorCode NoError', async () => {
    await client.call('StatusNotification', {
      timestamp: t(0),
      connectorStatus: 'Available',
      evseId: 1,
      connectorId: 1,
    });
    await client.call('StatusNotification', {
      timestamp: t(1),
      connectorStatus: 'Unavailable',
      evseId: 2,
      connectorId: 1,
    });
    const data = await charger();
    expect(data.ports.map((p: any) => p.ocppStatus)).toEqual([
      { status: 'Available', timestamp: t(0), errorCode: 'NoError', vendorErrorCode: null, info: null },
      { status: 'Unavailable', timestamp: t(1), errorCode: 'NoError', vendorErrorCode: null, info: null },
    ]);
  });

  it('Authorize answers Invalid for an unknown idToken', async () => {
    expect(await client.call('Authorize', { idToken: { idToken: 'NOBODY', type: 'ISO14443' } })).toEqual({
      idTokenInfo: { status: 'Invalid' },
    });
  });

  it("TransactionEvent Started opens a session on the EVSE's port", async () => {
    const reply = await client.call('TransactionEvent', {
      eventType: 'Started',
      timestamp: t(10),
      triggerReason: 'Authorized',
      seqNo: 0,
      transactionInfo: { transactionId: 'tx-abc-1', chargingState: 'Charging' },
      evse: { id: 2, connectorId: 1 },
      idToken: { idToken: 'CARD-7', type: 'ISO14443' },
      meterValue: energy(500_000, t(10), [{ value: 22, measurand: 'SoC', unitOfMeasure: { unit: 'Percent' } }]),
    });
    expect(reply).toEqual({ idTokenInfo: { status: 'Invalid' } });
    const session = (await charger()).ports[1].currentChargingSession;
    expect(session).toMatchObject({
      startTime: t(10),
      ocppIdTag: 'CARD-7',
      ocppTransactionId: null,
      energyDeliveredKwh: 0,
      socStartPercent: 22,
      latestReadings: { socPercent: { value: 22, timestamp: t(10) }, powerKw: null, currentA: null, voltage: null },
    });
  });

  it('TransactionEvent Updated (without evse) and MeterValues update readings, honouring unit multipliers', async () => {
    await client.call('TransactionEvent', {
      eventType: 'Updated',
      timestamp: t(20),
      triggerReason: 'MeterValuePeriodic',
      seqNo: 1,
      transactionInfo: { transactionId: 'tx-abc-1', chargingState: 'Charging' },
      meterValue: [
        {
          timestamp: t(20),
          sampledValue: [
            { value: 512.5, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh', multiplier: 3 } },
            { value: 95, measurand: 'Power.Active.Import', unitOfMeasure: { unit: 'kW' } },
            { value: 205, measurand: 'Current.Import', unitOfMeasure: { unit: 'A' } },
            { value: 463, measurand: 'Voltage', unitOfMeasure: { unit: 'V' } },
            { value: 31, measurand: 'SoC', unitOfMeasure: { unit: 'Percent' }, location: 'EV' },
          ],
        },
      ],
    });
    let session = (await charger()).ports[1].currentChargingSession;
    expect(session.energyDeliveredKwh).toBe(12.5);
    expect(session.latestReadings).toEqual({
      powerKw: { value: 95, timestamp: t(20) },
      currentA: { value: 205, timestamp: t(20) },
      socPercent: { value: 31, timestamp: t(20) },
      voltage: { value: 463, timestamp: t(20) },
    });
    await client.call('MeterValues', {
      evseId: 2,
      meterValue: [
        {
          timestamp: t(25),
          sampledValue: [{ value: 96000, measurand: 'Power.Active.Import', unitOfMeasure: { unit: 'W' } }],
        },
      ],
    });
    session = (await charger()).ports[1].currentChargingSession;
    expect(session.latestReadings.powerKw).toEqual({ value: 96, timestamp: t(25) });
    expect(session.socStartPercent).toBe(22);
  });

  it('a retransmitted Started does not open a second session', async () => {
    const before = (await charger()).ports[1].currentChargingSession;
    await client.call('TransactionEvent', {
      eventType: 'Started',
      timestamp: t(10),
      triggerReason: 'Authorized',
      seqNo: 0,
      transactionInfo: { transactionId: 'tx-abc-1' },
      evse: { id: 2, connectorId: 1 },
    });
    const after = (await charger()).ports[1].currentChargingSession;
    expect(after.id).toBe(before.id);
    expect(after.energyDeliveredKwh).toBe(12.5);
  });

  it('TransactionEvent Ended closes the session and keeps it', async () => {
    const sessionId = (await charger()).ports[1].currentChargingSession.id;
    await client.call('TransactionEvent', {
      eventType: 'Ended',
      timestamp: t(40),
      triggerReason: 'EVCommunicationLost',
      seqNo: 2,
      transactionInfo: { transactionId: 'tx-abc-1', stoppedReason: 'EVDisconnected' },
      meterValue: energy(520_000, t(40)),
    });
    expect((await charger()).ports[1].currentChargingSession).toBeNull();
    const { data } = await stack.db.chargingSession
      .get({ chargerId: tenant.chargers[index]!.id, ocppTransactionId: 'tx-abc-1' })
      .go();
    expect(data).toMatchObject({
      sessionId,
      status: 'Completed',
      endTime: t(40),
      meterStartWh: 500_000,
      meterStopWh: 520_000,
      energyDeliveredKwh: 20,
      socStartPercent: 22,
      socEndPercent: 31,
      stopReason: 'EVDisconnected',
    });
  });

  it('an Updated for a transaction whose Started was lost (offline) starts it', async () => {
    await client.call('TransactionEvent', {
      eventType: 'Updated',
      timestamp: t(50),
      triggerReason: 'MeterValuePeriodic',
      seqNo: 3,
      offline: true,
      transactionInfo: { transactionId: '4711' },
      evse: { id: 1 },
      meterValue: energy(100_000, t(50)),
    });
    const session = (await charger()).ports[0].currentChargingSession;
    expect(session).toMatchObject({ startTime: t(50), ocppTransactionId: 4711, energyDeliveredKwh: 0 });
  });

  it('notifications of the other blocks are acknowledged', async () => {
    expect(await client.call('FirmwareStatusNotification', { status: 'Installed' })).toEqual({});
    expect(await client.call('LogStatusNotification', { status: 'Idle' })).toEqual({});
    expect(await client.call('SecurityEventNotification', { type: 'StartupOfTheDevice', timestamp: t(0) })).toEqual({});
    expect(
      await client.call('NotifyEvent', {
        generatedAt: t(0),
        seqNo: 0,
        eventData: [
          {
            eventId: 1,
            timestamp: t(0),
            trigger: 'Alerting',
            actualValue: 'x',
            eventNotificationType: 'HardWiredNotification',
            component: { name: 'EVSE' },
            variable: { name: 'Problem' },
          },
        ],
      }),
    ).toEqual({});
    expect(await client.call('NotifyReport', { requestId: 1, generatedAt: t(0), seqNo: 0 })).toEqual({});
    expect(await client.call('DataTransfer', { vendorId: 'com.example' })).toEqual({ status: 'UnknownVendorId' });
  });
});

describe('OCPP 2.1 on the same URL', () => {
  const { ocppId, index } = VERSIONS[1];

  it('is the protocol chosen and stored when a charger offers 2.0.1 and 2.1', async () => {
    const ws = new WebSocket(`${stack.ocppUrl}/${ocppId}`, ['ocpp2.0.1', 'ocpp2.1']);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    expect(ws.protocol).toBe('ocpp2.1');
    await new Promise((resolve) => ws.once('close', resolve).close());
    const { body } = await api(stack, `/api/chargers/${tenant.chargers[index]!.id}/configuration`, {
      key: tenant.apiKey,
    });
    expect(body.data.ocppProtocol).toBe('ocpp2.1');
    expect(validate('/api/chargers/{id}/configuration', 'GET', 200, body)).toEqual([]);
    const charger = await api(stack, `/api/chargers/${tenant.chargers[index]!.id}`, { key: tenant.apiKey });
    expect(charger.body.data.ocppProtocol).toBe('ocpp2.1');
    expect(validate('/api/chargers/{id}', 'GET', 200, charger.body)).toEqual([]);
  });

  it('takes the values 2.1 adds to what 2.0.1 handlers read without an InternalError', async () => {
    const raw = await connectRaw(stack, ocppId, 'ocpp2.1');
    const evse = { id: 1 };
    const frames: [string, object][] = [
      ['Authorize', { idToken: { idToken: 'PAY-1', type: 'DirectPayment' } }],
      [
        'MeterValues',
        {
          evseId: 1,
          meterValue: [{ timestamp: t(60), sampledValue: [{ value: 40, measurand: 'Display.PresentSOC' }] }],
        },
      ],
      ['ClearedChargingLimit', { chargingLimitSource: 'HEMS' }],
      ['NotifyChargingLimit', { chargingLimit: { chargingLimitSource: 'HEMS', isLocalGeneration: true } }],
      [
        'ReportChargingProfiles',
        {
          requestId: 1,
          chargingLimitSource: 'HEMS',
          evseId: 1,
          chargingProfile: [
            {
              id: 9,
              stackLevel: 0,
              chargingProfilePurpose: 'PriorityCharging',
              chargingProfileKind: 'Dynamic',
              chargingSchedule: [
                { id: 1, chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, setpoint: 5 }] },
              ],
            },
          ],
        },
      ],
      [
        'NotifyEVChargingNeeds',
        { evseId: 1, chargingNeeds: { requestedEnergyTransfer: 'DC_BPT', controlMode: 'DynamicControl' } },
      ],
      [
        'TransactionEvent',
        {
          eventType: 'Started',
          timestamp: t(61),
          triggerReason: 'TariffChanged',
          seqNo: 0,
          transactionInfo: { transactionId: 'tx-21', chargingState: 'Charging', operationMode: 'ChargingOnly' },
          evse,
          idToken: { idToken: 'PAY-1', type: 'DirectPayment' },
        },
      ],
    ];
    const answers = [];
    for (const [index, [action, payload]] of frames.entries())
      answers.push(await raw.exchange(JSON.stringify([2, `n${index}`, action, payload])));
    await raw.close();
    expect(answers.filter((a) => (a as unknown[])[0] !== 3)).toEqual([]);
  });

  it("answers a 2.1 frame with a 2.0.1-only shape with 2.1's CALLERROR, a 2.1-only action NotSupported, and no SEND", async () => {
    const raw = await connectRaw(stack, ocppId, 'ocpp2.1');
    // 2.0.1's NotifyMonitoringReport without eventNotificationType, which 2.1 requires.
    const monitor = { id: 1, transaction: false, value: 1, type: 'Delta', severity: 5 };
    const report = {
      requestId: 1,
      seqNo: 0,
      generatedAt: t(0),
      monitor: [{ component: { name: 'EVSE' }, variable: { name: 'Power' }, variableMonitoring: [monitor] }],
    };
    expect(await raw.exchange(JSON.stringify([2, 'm1', 'NotifyMonitoringReport', report]))).toEqual([
      4,
      'm1',
      'OccurrenceConstraintViolation',
      expect.stringContaining('missing required property "eventNotificationType"'),
      expect.anything(),
    ]);
    // A 2.1-only action the product does not use.
    const stream = { id: 1, pending: 0, basetime: t(0), data: [{ t: 0, v: '1' }] };
    const battery = { eventType: 'BatteryIn', requestId: 1, batteryData: [] };
    expect(await raw.exchange(JSON.stringify([2, 'm2', 'BatterySwap', battery]))).toEqual([
      4,
      'm2',
      'NotSupported',
      expect.any(String),
      {},
    ]);
    // A SEND and a CALLRESULTERROR are never answered: the next frame is the Heartbeat's answer.
    raw.ws.send(JSON.stringify([6, 's1', 'NotifyPeriodicEventStream', stream]));
    raw.ws.send(JSON.stringify([5, 'r1', 'FormatViolation', 'could not take it', {}]));
    expect(await raw.exchange(JSON.stringify([2, 'm3', 'Heartbeat', {}]))).toEqual([
      3,
      'm3',
      { currentTime: expect.any(String) },
    ]);
    await raw.close();
  });
});
