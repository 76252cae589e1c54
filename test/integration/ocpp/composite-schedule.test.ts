/**
 * GetCompositeSchedule as a charger operation (`POST /api/ocpp/get-composite-schedule`), against
 * ocpp-rpc strict clients of both versions: the CALL each version takes, the schedule stored and
 * returned version-neutral with its unit, Rejected and NotImplemented, and bad bodies refused with
 * the field named and nothing sent. A 2.1 station's periods without `limit` (a setpoint under an
 * `operationMode`) are kept as it sent them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRPCError, type RPCClient } from 'ocpp-rpc';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger, type BaseProtocol, type OcppProtocol } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';

process.env.OCPP_COMMAND_TIMEOUT_MS = '3000';
process.env.OPERATION_WAIT_MS = '4000';

let stack: LocalStack;
let tenant: Tenant;
const ids: Record<BaseProtocol, string> = { 'ocpp1.6': uniqueOcppId('CS16'), 'ocpp2.0.1': uniqueOcppId('CS201') };
const id21 = uniqueOcppId('CS21');

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId: ids['ocpp1.6'], name: 'Composite 1.6', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    { ocppId: ids['ocpp2.0.1'], name: 'Composite 2.0.1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
    { ocppId: id21, name: 'Composite 2.1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
  ]);
});
afterAll(async () => stack?.close());

const post = (body: unknown) =>
  api(stack, '/api/ocpp/get-composite-schedule', { key: tenant.apiKey, method: 'POST', body });

/** The answer each version's charger gives, with a schedule starting at `start`. */
function accepted(protocol: OcppProtocol, start: string, portNumber: number) {
  const periods = [
    { startPeriod: 0, limit: 16, numberPhases: 3 },
    { startPeriod: 1800, limit: 10.5, numberPhases: 3 },
  ];
  return protocol === 'ocpp1.6'
    ? {
        status: 'Accepted',
        connectorId: portNumber,
        scheduleStart: start,
        chargingSchedule: { duration: 3600, chargingRateUnit: 'A', chargingSchedulePeriod: periods },
      }
    : {
        status: 'Accepted',
        schedule: {
          evseId: portNumber,
          duration: 3600,
          scheduleStart: start,
          chargingRateUnit: 'A',
          chargingSchedulePeriod: periods,
        },
      };
}

describe.each(['ocpp1.6', 'ocpp2.0.1'] as const)('GetCompositeSchedule on an %s charger', (protocol) => {
  let client: RPCClient;
  const received: unknown[] = [];
  let answer: (params: any) => unknown = () => ({ status: 'Rejected' });
  const charger = () => tenant.chargers[protocol === 'ocpp1.6' ? 0 : 1]!;
  const idField = protocol === 'ocpp1.6' ? 'connectorId' : 'evseId';

  beforeAll(async () => {
    client = await connectCharger(stack, ids[protocol], protocol, undefined, (c) =>
      c.handle('GetCompositeSchedule', async ({ params }: { params?: unknown }) => {
        received.push(params);
        return answer(params) as Record<string, unknown>;
      }),
    );
    await client.call(
      'BootNotification',
      protocol === 'ocpp1.6'
        ? { chargePointVendor: 'V', chargePointModel: 'M' }
        : { reason: 'PowerUp', chargingStation: { vendorName: 'V', model: 'M' } },
    );
  });
  afterAll(async () => client?.close());
  afterEach(() => {
    received.length = 0;
    answer = () => ({ status: 'Rejected' });
  });

  it('asks for a port and answers 200 with the schedule in its unit, stored with the operation', async () => {
    const start = new Date().toISOString();
    answer = () => accepted(protocol, start, 1);
    const { status, body } = await post({ portId: charger().ports[0]!.id, duration: 3600, chargingRateUnit: 'A' });
    expect(status).toBe(200);
    expect(received).toEqual([{ [idField]: 1, duration: 3600, chargingRateUnit: 'A' }]);
    const compositeSchedule = {
      portNumber: 1,
      scheduleStart: start,
      duration: 3600,
      chargingRateUnit: 'A',
      chargingSchedulePeriod: [
        { startPeriod: 0, limit: 16, numberPhases: 3 },
        { startPeriod: 1800, limit: 10.5, numberPhases: 3 },
      ],
    };
    expect(body.data).toMatchObject({
      action: 'getCompositeSchedule',
      status: 'completed',
      results: [
        { chargerId: charger().id, portNumber: 1, status: 'accepted', ocppStatus: 'Accepted', compositeSchedule },
      ],
    });
    const read = await api(stack, `/api/charger-operations/${body.data.operationId}`, { key: tenant.apiKey });
    expect(read.body.data.results[0].compositeSchedule).toEqual(compositeSchedule);
  });

  it('asks for the whole charger (0) without a unit; Rejected is rejected, NotImplemented notSupported', async () => {
    const { body } = await post({ chargerId: charger().id, duration: 600 });
    expect(received).toEqual([{ [idField]: 0, duration: 600 }]);
    expect(body.data).toMatchObject({ status: 'failed', results: [{ status: 'rejected', ocppStatus: 'Rejected' }] });
    expect(body.data.results[0].compositeSchedule).toBeUndefined();
    answer = () => {
      throw createRPCError('NotImplemented', 'no composite schedule here');
    };
    const unsupported = await post({ chargerId: charger().id, duration: 600 });
    expect(unsupported.body.data.results[0]).toMatchObject({
      status: 'notSupported',
      error: { code: 'NotImplemented' },
    });
  });

  it('refuses a bad duration, unit or target with 400 naming the field, and sends nothing', async () => {
    const portId = charger().ports[0]!.id;
    const cases: [unknown, string][] = [
      [{ portId, duration: 0 }, 'body.duration'],
      [{ portId, duration: 86_401 }, 'body.duration'],
      [{ portId, duration: 1.5 }, 'body.duration'],
      [{ portId }, 'body.duration'],
      [{ portId, duration: 60, chargingRateUnit: 'kW' }, 'body.chargingRateUnit'],
      [{ portId: -1, duration: 60 }, 'body.portId'],
      [{ portId, chargerId: charger().id, duration: 60 }, 'body.portId'],
      [{ portId, duration: 60, evseId: 1 }, 'body.evseId'],
    ];
    for (const [body, field] of cases) {
      const refused = await post(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    expect((await post({ portId: 999_999, duration: 60 })).status).toBe(404);
    expect(received).toEqual([]);
  });
});

describe('GetCompositeSchedule on an ocpp2.1 station', () => {
  it('keeps the periods without limit (setpoint, operationMode) and per-phase limits as the station sent them', async () => {
    const start = new Date().toISOString();
    const chargingSchedulePeriod = [
      { startPeriod: 0, limit: 16, limit_L2: 16, limit_L3: 10 },
      { startPeriod: 600, operationMode: 'CentralSetpoint', setpoint: 10, setpoint_L2: 10, setpoint_L3: 10 },
      { startPeriod: 1200, operationMode: 'ChargingOnly' },
    ];
    const client = await connectCharger(stack, id21, 'ocpp2.1', undefined, (c) =>
      c.handle('GetCompositeSchedule', async () => ({
        status: 'Accepted',
        schedule: {
          evseId: 1,
          duration: 3600,
          scheduleStart: start,
          chargingRateUnit: 'A',
          // V2X fields the product does not read are dropped.
          chargingSchedulePeriod: chargingSchedulePeriod.map((p, i) => (i === 1 ? { ...p, dischargeLimit: -5 } : p)),
        },
      })),
    );
    try {
      await client.call('BootNotification', { reason: 'PowerUp', chargingStation: { vendorName: 'V', model: 'M' } });
      const { status, body } = await post({ portId: tenant.chargers[2]!.ports[0]!.id, duration: 3600 });
      expect(status).toBe(200);
      expect(body.data.results[0]).toMatchObject({
        status: 'accepted',
        compositeSchedule: { portNumber: 1, chargingRateUnit: 'A', chargingSchedulePeriod },
      });
      expect(body.data.results[0].compositeSchedule.chargingSchedulePeriod[1].dischargeLimit).toBeUndefined();
    } finally {
      await client.close();
    }
  });
});
