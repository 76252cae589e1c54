/**
 * A station's monitors (OCPP 2.0.1 NotifyMonitoringReport, N02) against ocpp-rpc strict clients:
 * pages stored in any order and assembled into the charger's monitors once complete, listed by
 * `GET /api/chargers/{id}/monitors`; a page sent again or an older report changes nothing; a
 * malformed page is a CALLERROR; an unknown charger is a 404. Asked for with
 * `POST /api/chargers/{id}/monitors/refresh` (GetMonitoringReport): the report awaited, an empty
 * result stored, a 1.6 charger sent nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger } from '../support/ocpp';
import { runAdmin } from '../support/admin';
import type { LocalStack } from '../../../lib/local/stack';

let stack: LocalStack;
let tenant: Tenant;
let client: RPCClient;
const ocppId = uniqueOcppId('MONREP');
const ocppId16 = uniqueOcppId('MONREP16');
/** The GetMonitoringReport CALLs the station received, and how it answers. */
const asked: unknown[] = [];
let answer: (params: { requestId: number }) => unknown = () => ({ status: 'Rejected' });

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId, name: 'Reporting', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
    { ocppId: ocppId16, name: 'Reporting 1.6', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);
  client = await connectCharger(stack, ocppId, 'ocpp2.0.1', undefined, (c) =>
    c.handle('GetMonitoringReport', async ({ params }: { params?: any }) => {
      asked.push(params);
      return answer(params) as Record<string, unknown>;
    }),
  );
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

  it('asks for the report and answers with it once assembled; EmptyResultSet stores none', async () => {
    const refresh = (chargerId = tenant.chargers[0]!.id) =>
      api(stack, `/api/chargers/${chargerId}/monitors/refresh`, { key: tenant.apiKey, method: 'POST', body: {} });
    answer = ({ requestId }) => {
      setImmediate(() =>
        client.call('NotifyMonitoringReport', {
          requestId,
          seqNo: 0,
          generatedAt: new Date().toISOString(),
          monitor: [temperature],
        }),
      );
      return { status: 'Accepted' };
    };
    const { status, body } = await refresh();
    expect(status).toBe(200);
    expect(asked).toEqual([{ requestId: expect.any(Number) }]);
    expect(body.data).toMatchObject({
      status: 'accepted',
      ocppStatus: 'Accepted',
      monitors: {
        report: { requestId: (asked[0] as { requestId: number }).requestId },
        monitors: [{ id: 1, severity: 2 }],
      },
    });
    expect(body.data.monitors.monitors).toHaveLength(1);
    answer = () => ({ status: 'EmptyResultSet' });
    const empty = await refresh();
    expect(empty.body.data).toMatchObject({
      status: 'accepted',
      ocppStatus: 'EmptyResultSet',
      monitors: { monitors: [] },
    });
    expect((await monitorsOf()).body.data.monitors).toEqual([]);
    answer = () => ({ status: 'Rejected' });
    expect((await refresh()).body.data).toMatchObject({ status: 'rejected', ocppStatus: 'Rejected' });
    asked.length = 0;
    const client16 = await connectCharger(stack, ocppId16, 'ocpp1.6');
    try {
      await client16.call('BootNotification', { chargePointVendor: 'V', chargePointModel: 'M' });
      const refused = await refresh(tenant.chargers[1]!.id);
      expect(refused.status).toBe(200);
      // NotSupported is ours, without a CALL (a 1.6 client sent one would answer NotImplemented).
      expect(refused.body.data).toMatchObject({
        status: 'notSupported',
        error: { code: 'NotSupported' },
        monitors: { readAt: null, monitors: [] },
      });
    } finally {
      await client16.close();
    }
    expect(asked).toEqual([]);
    expect((await refresh(999_999)).status).toBe(404);
  });

  it('is asked for and read with the operator CLI (chargers monitors)', async () => {
    asked.length = 0;
    answer = ({ requestId }) => {
      setImmediate(() =>
        client.call('NotifyMonitoringReport', {
          requestId,
          seqNo: 0,
          generatedAt: new Date().toISOString(),
          monitor: [power],
        }),
      );
      return { status: 'Accepted' };
    };
    const id = String(tenant.chargers[0]!.id);
    const refreshed = await runAdmin(
      stack,
      'chargers',
      'monitors',
      '--id',
      id,
      '--refresh',
      '--ws-endpoint',
      stack.url,
    );
    expect(refreshed.stderr).toBe('');
    expect(refreshed.json).toMatchObject({ status: 'accepted', monitors: { monitors: [{ id: 7 }, { id: 8 }] } });
    const read = await runAdmin(stack, 'chargers', 'monitors', '--id', id);
    expect(read.json.monitors.map((m: { id: number }) => m.id)).toEqual([7, 8]);
    expect(asked).toHaveLength(1);
  }, 90_000); // two CLI processes

  it('is a 404 for an unknown charger', async () => {
    expect((await monitorsOf(999_999)).status).toBe(404);
  });
});
