/**
 * A session is identified by its transactionId. Sequences seen with SAP's e-mobility charging
 * stations simulator (OCPP 1.6): a remote start on a connector that is already charging makes the
 * charger send a StartTransaction it then never uses, and carry on with its own transaction; and
 * 2.0.1 stations that reuse a transactionId after a reset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { api, createTenant, sessionsOfCharger, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger, type BaseProtocol, type OcppProtocol } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { fromStoredEvent } from '../../../shared/history/history-codec';

let stack: LocalStack;
let tenant: Tenant;
const ids: Record<BaseProtocol, string> = { 'ocpp1.6': uniqueOcppId('SAP16'), 'ocpp2.0.1': uniqueOcppId('SAP201') };
const reuseId = uniqueOcppId('REUSE');
const clients: Record<string, RPCClient> = {};
const received: { action: string; params: any }[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  const ports = [{ connectorType: 'J1772' as const }, { connectorType: 'J1772' as const }];
  tenant = await createTenant(stack, [
    { ocppId: ids['ocpp1.6'], name: 'SAP 1.6', type: 'Level 2', ports },
    { ocppId: ids['ocpp2.0.1'], name: 'SAP 2.0.1', type: 'Level 2', ports },
    { ocppId: reuseId, name: 'Counter', type: 'Level 2', ports },
  ]);
  for (const [ocppId, protocol] of [...Object.entries(ids).map(([p, id]) => [id, p]), [reuseId, 'ocpp2.0.1']] as [
    string,
    OcppProtocol,
  ][]) {
    const client = await connectCharger(stack, ocppId, protocol);
    const actions = [
      'RemoteStartTransaction',
      'RemoteStopTransaction',
      'RequestStartTransaction',
      'RequestStopTransaction',
    ];
    for (const action of actions) {
      client.handle(action, async ({ params }: { params?: unknown }) => {
        received.push({ action, params });
        return { status: 'Accepted' };
      });
    }
    clients[ocppId] = client;
  }
});
afterAll(async () => {
  for (const client of Object.values(clients)) await client.close();
  await stack?.close();
});

const chargerOf = (ocppId: string) => tenant.chargers.find((c) => c.ocppId === ocppId)!;
const post = (path: string, body: unknown) => api(stack, path, { key: tenant.apiKey, method: 'POST', body });
async function portsOf(ocppId: string) {
  const { body } = await api(stack, `/api/chargers/${chargerOf(ocppId).id}`, { key: tenant.apiKey });
  return body.data.ports;
}
async function session(ocppId: string, ocppTransactionId: string) {
  const { data } = await stack.db.chargingSession.get({ chargerId: chargerOf(ocppId).id, ocppTransactionId }).go();
  return data!;
}
/** Times a minute apart, in the recent past (the charger's clock). */
const base = Math.floor(Date.now() / 60_000) * 60_000 - 60 * 60_000;
const minute = (n: number) => new Date(base + n * 60_000).toISOString();
const wh = (value: number) => ({ value: String(value) });

describe('OCPP 1.6: a stray StartTransaction on a connector that is charging', () => {
  const ocppId = ids['ocpp1.6'];
  const call = (action: string, payload: object) => clients[ocppId]!.call(action, payload) as Promise<any>;
  const meter = (connectorId: number, transactionId: number, at: string, register: number) =>
    call('MeterValues', { connectorId, transactionId, meterValue: [{ timestamp: at, sampledValue: [wh(register)] }] });

  let tx7: number;
  let tx14: number;
  it('the charger keeps its own transaction: its next MeterValues puts it back on the port and closes the stray one', async () => {
    tx7 = (await call('StartTransaction', { connectorId: 1, idTag: 'T', meterStart: 1000, timestamp: minute(1) }))
      .transactionId;
    await meter(1, tx7, minute(2), 3000);
    const remote = await post('/api/ocpp/remote-start', { portId: chargerOf(ocppId).ports[0]!.id });
    expect(remote.body.data.status).toBe('Accepted');
    tx14 = (
      await call('StartTransaction', { connectorId: 1, idTag: 'CSMS-REMOTE', meterStart: 3000, timestamp: minute(3) })
    ).transactionId;
    expect((await portsOf(ocppId))[0].currentChargingSession.ocppTransactionId).toBe(tx14);

    await meter(1, tx7, minute(4), 5000);
    const port = (await portsOf(ocppId))[0];
    expect(port.currentChargingSession).toMatchObject({
      ocppTransactionId: tx7,
      startTime: minute(1),
      energyDeliveredKwh: 4,
    });
    expect(await session(ocppId, String(tx7))).toMatchObject({ status: 'InProgress' });
    expect(await session(ocppId, String(tx14))).toMatchObject({
      status: 'Completed',
      stopReason: 'Superseded',
      energyDeliveredKwh: 0,
    });
  });

  it('remote stop targets the transaction the charger reported; its StopTransaction counts its energy', async () => {
    received.length = 0;
    const stop = await post('/api/ocpp/remote-stop', { portId: chargerOf(ocppId).ports[0]!.id });
    expect(stop.body).toEqual({ data: { status: 'Accepted' } });
    expect(received).toEqual([{ action: 'RemoteStopTransaction', params: { transactionId: tx7 } }]);
    await call('StopTransaction', { transactionId: tx7, meterStop: 6000, timestamp: minute(5), reason: 'Remote' });
    expect((await portsOf(ocppId))[0].currentChargingSession).toBeNull();
    expect(await session(ocppId, String(tx7))).toMatchObject({
      status: 'Completed',
      endTime: minute(5),
      meterStopWh: 6000,
      energyDeliveredKwh: 5,
      stopReason: 'Remote',
    });
    expect(await session(ocppId, String(tx14))).toMatchObject({ status: 'Completed', energyDeliveredKwh: 0 });
  });

  it('a StopTransaction for the superseded transaction (no MeterValues between) ends it with its energy and closes the stray one', async () => {
    const tx12 = (await call('StartTransaction', { connectorId: 2, idTag: 'T', meterStart: 0, timestamp: minute(10) }))
      .transactionId;
    await meter(2, tx12, minute(11), 2000);
    const tx15 = (
      await call('StartTransaction', { connectorId: 2, idTag: 'T', meterStart: 2000, timestamp: minute(12) })
    ).transactionId;
    expect(await session(ocppId, String(tx12))).toMatchObject({ status: 'Completed', stopReason: 'Superseded' });
    await call('StopTransaction', {
      transactionId: tx12,
      meterStop: 9000,
      timestamp: minute(13),
      reason: 'EVDisconnected',
    });
    expect(await session(ocppId, String(tx12))).toMatchObject({
      status: 'Completed',
      meterStopWh: 9000,
      energyDeliveredKwh: 9,
      endTime: minute(13),
      stopReason: 'EVDisconnected',
    });
    expect(await session(ocppId, String(tx15))).toMatchObject({ status: 'Completed', stopReason: 'Superseded' });
    expect((await portsOf(ocppId))[1].currentChargingSession).toBeNull();
    // Health reads the charger history: the session's last event there is its real end.
    const { sessionId } = await session(ocppId, String(tx12));
    const { data: days } = await stack.db.chargerHistory.query
      .primary({ siteId: tenant.siteId, month: minute(13).slice(0, 7) })
      .go();
    const events = days
      .filter((day) => day.chargerId === chargerOf(ocppId).id)
      .flatMap((day) => (day.events ?? []).map(fromStoredEvent))
      .filter((event) => event.kind === 'session' && event.id === sessionId);
    expect(events.at(-1)).toMatchObject({ sessionEnd: Date.parse(minute(13)) });
  });

  it('after a reboot, late frames of the lost transaction update it but leave the new one on the port', async () => {
    const lost = (await call('StartTransaction', { connectorId: 2, idTag: 'T', meterStart: 0, timestamp: minute(20) }))
      .transactionId;
    const fresh = (
      await call('StartTransaction', { connectorId: 2, idTag: 'T', meterStart: 4000, timestamp: minute(25) })
    ).transactionId;
    await meter(2, lost, minute(22), 4000);
    await call('StopTransaction', { transactionId: lost, meterStop: 4000, timestamp: minute(23), reason: 'PowerLoss' });
    expect(await session(ocppId, String(lost))).toMatchObject({
      status: 'Completed',
      energyDeliveredKwh: 4,
      stopReason: 'PowerLoss',
    });
    expect((await portsOf(ocppId))[1].currentChargingSession.ocppTransactionId).toBe(fresh);
    expect(await session(ocppId, String(fresh))).toMatchObject({ status: 'InProgress' });
  });
});

describe('OCPP 2.0.1: a stray TransactionEvent Started on an EVSE that is charging', () => {
  const ocppId = ids['ocpp2.0.1'];
  const event = (eventType: string, transactionId: string, at: string, kwh?: number, extra: object = {}) =>
    clients[ocppId]!.call('TransactionEvent', {
      eventType,
      timestamp: at,
      triggerReason: 'MeterValuePeriodic',
      seqNo: 0,
      transactionInfo: { transactionId },
      ...(kwh === undefined
        ? {}
        : { meterValue: [{ timestamp: at, sampledValue: [{ value: kwh, unitOfMeasure: { unit: 'kWh' } }] }] }),
      ...extra,
    });

  it('the station keeps its own transaction: its Updated puts it back, remote stop targets it, its Ended counts its energy', async () => {
    await event('Started', 'own-1', minute(1), 10, { evse: { id: 1, connectorId: 1 } });
    await event('Updated', 'own-1', minute(2), 12);
    const remote = await post('/api/ocpp/remote-start', { portId: chargerOf(ocppId).ports[0]!.id });
    const { remoteStartId } = remote.body.data;
    await event('Started', 'stray-1', minute(3), 12, {
      evse: { id: 1, connectorId: 1 },
      transactionInfo: { transactionId: 'stray-1', remoteStartId },
    });
    expect(await session(ocppId, 'own-1')).toMatchObject({ status: 'Completed', stopReason: 'Superseded' });

    await event('Updated', 'own-1', minute(4), 15);
    expect((await portsOf(ocppId))[0].currentChargingSession).toMatchObject({
      startTime: minute(1),
      energyDeliveredKwh: 5,
    });
    expect(await session(ocppId, 'stray-1')).toMatchObject({
      status: 'Completed',
      stopReason: 'Superseded',
      energyDeliveredKwh: 0,
    });

    received.length = 0;
    expect((await post('/api/ocpp/remote-stop', { portId: chargerOf(ocppId).ports[0]!.id })).body.data.status).toBe(
      'Accepted',
    );
    expect(received).toEqual([{ action: 'RequestStopTransaction', params: { transactionId: 'own-1' } }]);
    await event('Ended', 'own-1', minute(5), 16, {
      transactionInfo: { transactionId: 'own-1', stoppedReason: 'Remote' },
    });
    expect((await portsOf(ocppId))[0].currentChargingSession).toBeNull();
    expect(await session(ocppId, 'own-1')).toMatchObject({
      status: 'Completed',
      energyDeliveredKwh: 6,
      stopReason: 'Remote',
    });
  });

  it('an Ended for the superseded transaction ends it with its energy and closes the stray one', async () => {
    await event('Started', 'own-2', minute(10), 0, { evse: { id: 2, connectorId: 1 } });
    await event('Started', 'stray-2', minute(11), 1, { evse: { id: 2, connectorId: 1 } });
    await event('Ended', 'own-2', minute(12), 7, {
      transactionInfo: { transactionId: 'own-2', stoppedReason: 'EVDisconnected' },
    });
    expect(await session(ocppId, 'own-2')).toMatchObject({
      status: 'Completed',
      energyDeliveredKwh: 7,
      stopReason: 'EVDisconnected',
    });
    expect(await session(ocppId, 'stray-2')).toMatchObject({ status: 'Completed', stopReason: 'Superseded' });
    expect((await portsOf(ocppId))[1].currentChargingSession).toBeNull();
  });
});

describe('OCPP 2.0.1: a transactionId used again after its transaction ended', () => {
  const event = (eventType: string, at: string, kwh: number, seqNo: number) =>
    clients[reuseId]!.call('TransactionEvent', {
      eventType,
      timestamp: at,
      triggerReason: eventType === 'Started' ? 'Authorized' : 'MeterValuePeriodic',
      seqNo,
      transactionInfo: { transactionId: '1' },
      evse: { id: 1, connectorId: 1 },
      meterValue: [{ timestamp: at, sampledValue: [{ value: kwh, unitOfMeasure: { unit: 'kWh' } }] }],
    });

  it('opens a new session; its readings and Ended go to it, and the first one stays as it ended', async () => {
    await event('Started', minute(1), 100, 0);
    await event('Ended', minute(2), 110, 1);
    const first = await session(reuseId, '1');
    expect(first).toMatchObject({ status: 'Completed', energyDeliveredKwh: 10 });

    // After a reset the station counts from 1 again.
    await event('Started', minute(10), 200, 0);
    await event('Started', minute(10), 200, 0); // retransmitted: still one new session
    let current = (await portsOf(reuseId))[0].currentChargingSession;
    expect(current).toMatchObject({ startTime: minute(10), ocppTransactionId: 1, energyDeliveredKwh: 0 });
    expect(current.id).not.toBe(first.sessionId);
    await event('Updated', minute(11), 203, 1);
    current = (await portsOf(reuseId))[0].currentChargingSession;
    expect(current.energyDeliveredKwh).toBe(3);
    await event('Ended', minute(12), 205, 2);
    expect((await portsOf(reuseId))[0].currentChargingSession).toBeNull();

    const sessions = (await sessionsOfCharger(stack, chargerOf(reuseId).id)).sort((a, b) => a.sessionId - b.sessionId);
    expect(sessions.map((s) => [s.sessionId, s.status, s.startTime, s.energyDeliveredKwh])).toEqual([
      [first.sessionId, 'Completed', minute(1), 10],
      [current.id, 'Completed', minute(10), 5],
    ]);
  });
});
