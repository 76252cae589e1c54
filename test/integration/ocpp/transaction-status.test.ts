/**
 * GetTransactionStatus as a charger operation (`POST /api/ocpp/get-transaction-status`, OCPP 2.0.1
 * E14), against ocpp-rpc strict clients: the CALL a 2.0.1 station takes with and without a
 * transactionId, its answer stored on the result; NotImplemented notSupported; a 1.6 charger
 * notSupported with nothing sent; bad bodies refused with the field named and nothing sent; the
 * operator CLI's `chargers transaction-status`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRPCError, type RPCClient } from 'ocpp-rpc';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger } from '../support/ocpp';
import { runOperationCommand } from '../support/admin';
import type { LocalStack } from '../../../lib/local/stack';

process.env.OCPP_COMMAND_TIMEOUT_MS = '3000';
process.env.OPERATION_WAIT_MS = '4000';

let stack: LocalStack;
let tenant: Tenant;
const id16 = uniqueOcppId('TS16');
const id201 = uniqueOcppId('TS201');
let station: RPCClient;
let charger16: RPCClient;
const received: unknown[] = [];
let answer: (params: { transactionId?: string }) => unknown = () => ({ messagesInQueue: false });

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId: id16, name: 'Status 1.6', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    { ocppId: id201, name: 'Status 2.0.1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
  ]);
  station = await connectCharger(stack, id201, 'ocpp2.0.1', undefined, (c) =>
    c.handle('GetTransactionStatus', async ({ params }: { params?: unknown }) => {
      received.push(params);
      return answer(params as { transactionId?: string }) as Record<string, unknown>;
    }),
  );
  await station.call('BootNotification', { reason: 'PowerUp', chargingStation: { vendorName: 'V', model: 'M' } });
  charger16 = await connectCharger(stack, id16, 'ocpp1.6');
  await charger16.call('BootNotification', { chargePointVendor: 'V', chargePointModel: 'M' });
});
afterAll(async () => {
  await station?.close();
  await charger16?.close();
  await stack?.close();
});
afterEach(() => {
  received.length = 0;
  answer = () => ({ messagesInQueue: false });
});

const post = (body: unknown) =>
  api(stack, '/api/ocpp/get-transaction-status', { key: tenant.apiKey, method: 'POST', body });
const station201 = () => tenant.chargers[1]!;

describe('GetTransactionStatus on a 2.0.1 station', () => {
  it('asks about one transaction: both indicators on the result, stored with the operation', async () => {
    answer = ({ transactionId }) => ({ ongoingIndicator: transactionId === 'tx-7', messagesInQueue: true });
    const { status, body } = await post({ chargerId: station201().id, transactionId: 'tx-7' });
    expect(status).toBe(200);
    expect(received).toEqual([{ transactionId: 'tx-7' }]);
    expect(body.data).toMatchObject({
      action: 'getTransactionStatus',
      status: 'completed',
      request: { chargerId: station201().id, transactionId: 'tx-7' },
      results: [
        {
          chargerId: station201().id,
          status: 'accepted',
          transactionStatus: { ongoingIndicator: true, messagesInQueue: true },
          answer: { ongoingIndicator: true, messagesInQueue: true },
        },
      ],
    });
    const read = await api(stack, `/api/charger-operations/${body.data.operationId}`, { key: tenant.apiKey });
    expect(read.body.data.results[0].transactionStatus).toEqual({ ongoingIndicator: true, messagesInQueue: true });
  });

  it('asks about any transaction without a transactionId: messagesInQueue alone', async () => {
    const { body } = await post({ siteId: tenant.siteId });
    expect(received).toEqual([{}]);
    const results = body.data.results as { chargerId: number; status: string; transactionStatus?: unknown }[];
    expect(results.find((r) => r.chargerId === station201().id)).toMatchObject({
      status: 'accepted',
      transactionStatus: { messagesInQueue: false },
    });
    expect(results.find((r) => r.chargerId === station201().id)!.transactionStatus).not.toHaveProperty(
      'ongoingIndicator',
    );
  });

  it('records a station that does not implement it as notSupported', async () => {
    answer = () => {
      throw createRPCError('NotImplemented', 'no transaction status here');
    };
    const { body } = await post({ chargerId: station201().id });
    expect(body.data.results[0]).toMatchObject({ status: 'notSupported', error: { code: 'NotImplemented' } });
    expect(body.data.results[0].transactionStatus).toBeUndefined();
  });
});

describe('GetTransactionStatus elsewhere and bad bodies', () => {
  it('records a 1.6 charger as notSupported and sends it nothing', async () => {
    const { status, body } = await post({ chargerId: tenant.chargers[0]!.id });
    expect(status).toBe(200);
    // The command path's own answer, given without a CALL (a charger's CALLERROR would be NotImplemented here).
    expect(body.data.results[0]).toMatchObject({
      status: 'notSupported',
      error: { code: 'NotSupported', description: 'OCPP 1.6 has no GetTransactionStatus' },
    });
  });

  it('refuses a bad transactionId or target with 400 naming the field, and sends nothing', async () => {
    const chargerId = station201().id;
    const cases: [unknown, string][] = [
      [{ chargerId, transactionId: 'x'.repeat(37) }, 'body.transactionId'],
      [{ chargerId, transactionId: '' }, 'body.transactionId'],
      [{ chargerId, transactionId: 42 }, 'body.transactionId'],
      [{ siteId: tenant.siteId, transactionId: 'tx-7' }, 'body.transactionId'],
      [{ chargerIds: [chargerId], transactionId: 'tx-7' }, 'body.transactionId'],
      [{ chargerId, evseId: 1 }, 'body.evseId'],
      [{ portId: station201().ports[0]!.id }, 'body.portId'],
      [{ chargerId, siteId: tenant.siteId }, 'body.siteId'],
    ];
    for (const [body, field] of cases) {
      const refused = await post(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    expect((await post({ chargerId: 999_999 })).status).toBe(404);
    expect(received).toEqual([]);
  });
});

describe('operator CLI: chargers transaction-status', () => {
  it('asks through the command path and prints the answer; names --transaction-id when it is too long', async () => {
    answer = () => ({ ongoingIndicator: false, messagesInQueue: true });
    const ask = (transactionId: string) =>
      runOperationCommand(
        stack,
        tenant.organizationId,
        ...[
          'chargers',
          'transaction-status',
          '--charger-id',
          String(station201().id),
          '--transaction-id',
          transactionId,
        ],
      );
    const asked = await ask('tx-9');
    expect(asked.stderr).toBe('');
    expect(asked.json).toMatchObject({
      action: 'getTransactionStatus',
      requestedBy: { operator: 'cli' },
      results: [{ status: 'accepted', transactionStatus: { ongoingIndicator: false, messagesInQueue: true } }],
    });
    expect(received).toEqual([{ transactionId: 'tx-9' }]);
    const refused = await ask('x'.repeat(37));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/--transaction-id/);
    expect(received).toEqual([{ transactionId: 'tx-9' }]);
  }, 60_000); // two CLI processes, each starting tsx
});
