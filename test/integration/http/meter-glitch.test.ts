/**
 * A charger whose energy register is out of line for a reading or two, driven by real OCPP
 * clients (1.6 and 2.0.1, strict mode): a meter that reads 0 once in the middle of a session, and
 * one that reports a spike. The session's 15-minute intervals, its highest demand and its
 * time-of-use energy must step over those readings (docs/history-and-health.md, "The 15-minute series"), not add the
 * whole register to one interval.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import type { LocalStack } from '../../../lib/local/stack';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger } from '../support/ocpp';

let stack: LocalStack;
let tenant: Tenant;
let v16: RPCClient;
let v201: RPCClient;
const id16 = uniqueOcppId('GL16');
const id201 = uniqueOcppId('GL201');

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId: id16, name: 'DC 16', type: 'DCFC', ports: [{ connectorType: 'CCS1', maximumPowerKw: 150 }] },
    { ocppId: id201, name: 'DC 201', type: 'DCFC', ports: [{ connectorType: 'CCS1', maximumPowerKw: 150 }] },
  ]);
  v16 = await connectCharger(stack, id16, 'ocpp1.6');
  v201 = await connectCharger(stack, id201, 'ocpp2.0.1');
});
afterAll(async () => {
  await v16?.close();
  await v201?.close();
  await stack?.close();
});

/** 2026-11-21 at `minute` minutes past 10:00 UTC. */
const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 10, minute)).toISOString();
/** The register of a meter that reads 5 MWh at 10:00 and adds 1 kWh a minute (60 kW). */
const steady = (minute: number) => 5_000_000 + minute * 1000;

/** The session of a charger, with its intervals. */
async function sessionOf(chargerId: number) {
  const { status, body } = await api(stack, `/api/charging-sessions?chargerIds[]=${chargerId}&includeIntervals=true`, {
    key: tenant.apiKey,
  });
  expect(status).toBe(200);
  expect(body.data).toHaveLength(1);
  return body.data[0];
}

/** What a session 10:00–10:20 at 60 kW must show, whatever its meter glitched. */
function expectSteady60Kw(session: any): void {
  expect(session.energyDeliveredKwh).toBe(20);
  expect(session.intervals.map((i: any) => i.energyDeliveredKwh)).toEqual([15, 5]);
  expect(session.intervals.map((i: any) => i.averagePowerKw)).toEqual([60, 20]);
  expect(session.maxDemandKw).toBe(60);
}

describe('an OCPP 1.6 meter that reads 0 once mid-session', () => {
  it('leaves the intervals and the demand as the steady meter gives them', async () => {
    const started: any = await v16.call('StartTransaction', {
      connectorId: 1,
      idTag: 'TAG-1',
      meterStart: steady(0),
      timestamp: at(0),
    });
    const transactionId = started.transactionId;
    for (let minute = 1; minute < 20; minute++) {
      const wh = minute === 7 ? 0 : steady(minute);
      await v16.call('MeterValues', {
        connectorId: 1,
        transactionId,
        meterValue: [
          {
            timestamp: at(minute),
            sampledValue: [
              { measurand: 'Energy.Active.Import.Register', unit: 'Wh', value: String(wh) },
              { measurand: 'Power.Active.Import', unit: 'kW', value: '60' },
            ],
          },
        ],
      });
    }
    await v16.call('StopTransaction', { transactionId, meterStop: steady(20), timestamp: at(20) });
    expectSteady60Kw(await sessionOf(tenant.chargers[0]!.id));
  });
});

describe('an OCPP 2.0.1 meter that reports a spike', () => {
  it('leaves the intervals and the demand as the steady meter gives them', async () => {
    const transactionId = 'glitch-1';
    const event = (eventType: string, minute: number, wh: number, extra: object = {}) =>
      v201.call('TransactionEvent', {
        eventType,
        timestamp: at(minute),
        triggerReason: eventType === 'Updated' ? 'MeterValuePeriodic' : 'Authorized',
        seqNo: minute,
        transactionInfo: { transactionId },
        evse: { id: 1, connectorId: 1 },
        meterValue: [
          {
            timestamp: at(minute),
            sampledValue: [{ measurand: 'Energy.Active.Import.Register', value: wh }],
          },
        ],
        ...extra,
      });
    await event('Started', 0, steady(0), { idToken: { idToken: 'TAG-2', type: 'ISO14443' } });
    for (let minute = 1; minute < 20; minute++)
      await event('Updated', minute, minute === 12 ? 9_000_000 : steady(minute));
    await event('Ended', 20, steady(20), { triggerReason: 'EVDeparted' });
    expectSteady60Kw(await sessionOf(tenant.chargers[1]!.id));
  });
});
