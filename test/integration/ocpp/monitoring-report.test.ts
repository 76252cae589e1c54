/**
 * A station's monitors (OCPP 2.0.1 NotifyMonitoringReport, N02) against an ocpp-rpc strict client:
 * pages stored in any order and assembled into the charger's monitors once complete, listed by
 * `GET /api/chargers/{id}/monitors`; a page sent again or an older report changes nothing; a
 * malformed page is a CALLERROR; an unknown charger is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';

let stack: LocalStack;
let tenant: Tenant;
let client: RPCClient;
const ocppId = uniqueOcppId('MONREP');

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [{ ocppId, name: 'Reporting', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] }]);
  client = await connectCharger(stack, ocppId, 'ocpp2.0.1');
  await client.call('BootNotification', { reason: 'PowerUp', chargingStation: { vendorName: 'V', model: 'M' } });
});
afterAll(async () => {
  await client?.close();
  await stack?.close();
});

const monitorsOf = async (chargerId = tenant.chargers[0]!.id) =>
  api(stack, `/api/chargers/${chargerId}/monitors`, { key: tenant.apiKey });

const power = {
  component: { name: 'EVSE', evse: { id: 1 } },
  variable: { name: 'Power' },
  variableMonitoring: [
    { id: 7, transaction: false, value: 22_000, type: 'UpperThreshold', severity: 4 },
    { id: 8, transaction: true, value: 1_000, type: 'Delta', severity: 8 },
  ],
};
const temperature = {
  component: { name: 'ChargingStation' },
  variable: { name: 'Temperature', instance: 'Internal' },
  variableMonitoring: [{ id: 1, transaction: false, value: 70, type: 'UpperThreshold', severity: 2 }],
};

describe('NotifyMonitoringReport', () => {
  it('assembles pages sent out of order into the monitors the API lists', async () => {
    expect((await monitorsOf()).body.data).toEqual({
      chargerId: tenant.chargers[0]!.id,
      readAt: null,
      report: null,
      monitors: [],
    });
    const generatedAt = new Date().toISOString();
    expect(
      await client.call('NotifyMonitoringReport', { requestId: 31, seqNo: 1, generatedAt, monitor: [temperature] }),
    ).toEqual({});
    expect((await monitorsOf()).body.data.readAt).toBeNull();
    expect(
      await client.call('NotifyMonitoringReport', {
        requestId: 31,
        seqNo: 0,
        tbc: true,
        generatedAt,
        monitor: [power],
      }),
    ).toEqual({});
    const { status, body } = await monitorsOf();
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ report: { requestId: 31, generatedAt } });
    expect(body.data.monitors).toEqual([
      {
        id: 7,
        component: power.component,
        variable: power.variable,
        type: 'UpperThreshold',
        value: 22_000,
        severity: 4,
        transaction: false,
      },
      {
        id: 8,
        component: power.component,
        variable: power.variable,
        type: 'Delta',
        value: 1_000,
        severity: 8,
        transaction: true,
      },
      {
        id: 1,
        component: temperature.component,
        variable: temperature.variable,
        type: 'UpperThreshold',
        value: 70,
        severity: 2,
        transaction: false,
      },
    ]);
  });

  it('keeps the stored monitors for a page sent again, an older report or a malformed page', async () => {
    const before = (await monitorsOf()).body.data;
    const older = new Date(Date.now() - 3_600_000).toISOString();
    expect(await client.call('NotifyMonitoringReport', { requestId: 30, seqNo: 0, generatedAt: older })).toEqual({});
    expect(
      await client.call('NotifyMonitoringReport', { requestId: 31, seqNo: 1, generatedAt: before.report.generatedAt }),
    ).toEqual({});
    await expect(
      client.call('NotifyMonitoringReport', {
        requestId: 32,
        seqNo: 0,
        generatedAt: older,
        monitor: [{ ...power, variableMonitoring: [] }],
      }),
    ).rejects.toMatchObject({ rpcErrorCode: expect.stringMatching(/Occurrence|Constraint|Formation/) });
    expect((await monitorsOf()).body.data).toEqual(before);
  });

  it('is a 404 for an unknown charger', async () => {
    expect((await monitorsOf(999_999)).status).toBe(404);
  });
});
