/**
 * GetTransactionStatus as a charger operation (`POST /api/ocpp/get-transaction-status`, OCPP 2.0.1
 * E14), against ocpp-rpc strict clients: the CALL a 2.0.1 station takes with and without a
 * transactionId, its answer stored on the result; NotImplemented notSupported; a 1.6 charger
 * notSupported with nothing sent; bad bodies refused with the field named and nothing sent; the
 * operator CLI's `chargers transaction-status`.
 */
import { describe, expect, it } from 'vitest';
import { createRPCError } from 'ocpp-rpc';
import { runOperationCommand } from '../support/admin';
import { useOperationChargers } from '../support/operation-chargers';

/** The chargers, and what they received of GetTransactionStatus and how they answer it. */
const chargers = useOperationChargers({
  idPrefix: 'TS',
  name: 'Status',
  actions: ['GetTransactionStatus'],
  defaultAnswer: () => ({ messagesInQueue: false }),
});
chargers.connected('ocpp2.0.1');
chargers.connected('ocpp1.6');
const { received } = chargers;
/** The payloads of the GetTransactionStatus CALLs received. */
const requests = () => received.map((call) => call.params);
const post = (body: unknown) => chargers.post('get-transaction-status', body);
const station201 = () => chargers.tenant.chargers[1]!;

describe('GetTransactionStatus on a 2.0.1 station', () => {
  it('asks about one transaction: both indicators on the result, stored with the operation', async () => {
    chargers.answer = (_action, { transactionId }) => ({
      ongoingIndicator: transactionId === 'tx-7',
      messagesInQueue: true,
    });
    const { status, body } = await post({ chargerId: station201().id, transactionId: 'tx-7' });
    expect(status).toBe(200);
    expect(requests()).toEqual([{ transactionId: 'tx-7' }]);
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
    const read = await chargers.operation(body.data.operationId);
    expect(read.body.data.results[0].transactionStatus).toEqual({ ongoingIndicator: true, messagesInQueue: true });
  });

  it('asks about any transaction without a transactionId: messagesInQueue alone', async () => {
    const { body } = await post({ siteId: chargers.tenant.siteId });
    expect(requests()).toEqual([{}]);
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
    chargers.answer = () => {
      throw createRPCError('NotImplemented', 'no transaction status here');
    };
    const { body } = await post({ chargerId: station201().id });
    expect(body.data.results[0]).toMatchObject({ status: 'notSupported', error: { code: 'NotImplemented' } });
    expect(body.data.results[0].transactionStatus).toBeUndefined();
  });
});

describe('GetTransactionStatus elsewhere and bad bodies', () => {
  it('records a 1.6 charger as notSupported and sends it nothing', async () => {
    const { status, body } = await post({ chargerId: chargers.tenant.chargers[0]!.id });
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
      [{ siteId: chargers.tenant.siteId, transactionId: 'tx-7' }, 'body.transactionId'],
      [{ chargerIds: [chargerId], transactionId: 'tx-7' }, 'body.transactionId'],
      [{ chargerId, evseId: 1 }, 'body.evseId'],
      [{ portId: station201().ports[0]!.id }, 'body.portId'],
      [{ chargerId, siteId: chargers.tenant.siteId }, 'body.siteId'],
    ];
    await chargers.expectRefused(cases.map(([body, field]) => ['get-transaction-status', body, field] as const));
    expect((await post({ chargerId: 999_999 })).status).toBe(404);
    expect(received).toEqual([]);
  });
});

describe('operator CLI: chargers transaction-status', () => {
  it('asks through the command path and prints the answer; names --transaction-id when it is too long', async () => {
    chargers.answer = () => ({ ongoingIndicator: false, messagesInQueue: true });
    const ask = (transactionId: string) =>
      runOperationCommand(
        chargers.stack,
        chargers.tenant.organizationId,
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
    expect(requests()).toEqual([{ transactionId: 'tx-9' }]);
    const refused = await ask('x'.repeat(37));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/--transaction-id/);
    expect(requests()).toEqual([{ transactionId: 'tx-9' }]);
  }, 60_000); // two CLI processes, each starting tsx
});
