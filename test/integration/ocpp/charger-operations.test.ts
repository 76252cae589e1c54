import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRPCError, type RPCClient } from 'ocpp-rpc';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger, pollUntil, type BaseProtocol, type OcppProtocol } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { requestOperation, settleOperation, sweepOperations } from '../../../shared/charger-operations/operations';
import { getOperationItem } from '../../../shared/charger-operations/results';
import { ocppChargerCommands } from '../../../shared/ocpp/commands/charger-commands';
import { CHARGER_OPERATION_COMMANDS } from '../../../shared/ocpp/commands/charger-operations';
import { startSimulator, type Simulator } from '../../../lib/simulator';
import { PENDING_QUEUE } from '../../../shared/db/entities/charger-operations';

// A short command deadline, so the timeout path is quick (the production default is 20 s), and a
// wait for the answers long enough for a charger that answers at once.
process.env.OCPP_COMMAND_TIMEOUT_MS = '1500';
process.env.OPERATION_WAIT_MS = '4000';
process.env.OPERATION_RESET_BOOT_WAIT_MS = '8000';

let stack: LocalStack;
let tenant: Tenant;
let other: Tenant;
const ids: Record<BaseProtocol, string> = { 'ocpp1.6': uniqueOcppId('OPS16'), 'ocpp2.0.1': uniqueOcppId('OPS201') };
const simIds: Record<BaseProtocol, string> = {
  'ocpp1.6': uniqueOcppId('OPSIM16'),
  'ocpp2.0.1': uniqueOcppId('OPSIM2'),
};

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId: ids['ocpp1.6'], name: 'Ops 1.6', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    { ocppId: ids['ocpp2.0.1'], name: 'Ops 2.0.1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
    { ocppId: uniqueOcppId('OPSOFF'), name: 'Offline', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    { ocppId: simIds['ocpp1.6'], name: 'Sim 1.6', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    { ocppId: simIds['ocpp2.0.1'], name: 'Sim 2.0.1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
  ]);
  other = await createTenant(stack, [
    { ocppId: uniqueOcppId('OPSX'), name: 'Other', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);
});
afterAll(async () => stack?.close());

const chargerOf = (protocol: OcppProtocol) => tenant.chargers[protocol === 'ocpp1.6' ? 0 : 1]!;
const offline = () => tenant.chargers[2]!;
const post = (path: string, body: unknown, key = tenant.apiKey) => api(stack, path, { key, method: 'POST', body });
const get = (path: string, key = tenant.apiKey) => api(stack, path, { key });

describe.each(['ocpp1.6', 'ocpp2.0.1'] as const)('charger operations on an %s charger', (protocol) => {
  let client: RPCClient;
  const received: { action: string; params: any }[] = [];
  let answer: (action: string, params: any) => unknown = () => ({ status: 'Accepted' });
  const v16 = protocol === 'ocpp1.6';
  const boot = (c: RPCClient) =>
    c.call(
      'BootNotification',
      v16
        ? { chargePointVendor: 'V', chargePointModel: 'M' }
        : { reason: 'RemoteReset', chargingStation: { vendorName: 'V', model: 'M' } },
    );
  const handlers = (c: RPCClient) => {
    for (const action of ['Reset', 'UnlockConnector', 'ChangeAvailability', 'TriggerMessage', 'ClearCache']) {
      c.handle(action, async ({ params }: { params?: unknown }) => {
        received.push({ action, params });
        return answer(action, params) as Record<string, unknown>;
      });
    }
  };

  beforeAll(async () => {
    client = await connectCharger(stack, ids[protocol], protocol, undefined, handlers);
    await boot(client);
  });
  afterAll(async () => client?.close());
  afterEach(() => {
    received.length = 0;
    answer = () => ({ status: 'Accepted' });
  });

  const chargerId = () => chargerOf(protocol).id;
  const portId = () => chargerOf(protocol).ports[0]!.id;

  it("resets with the version's type and answers 200 with the completed operation", async () => {
    const type = v16 ? 'Hard' : 'Immediate';
    const { status, body } = await post('/api/ocpp/reset', { chargerId: chargerId(), type });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      action: 'reset',
      status: 'completed',
      organizationId: tenant.organizationId,
      siteId: tenant.siteId,
      // Who asked, as the audit trail shows it: the key (it has no name).
      requestedBy: { apiKeyId: tenant.apiKeyId, userEmail: `API key ${tenant.apiKeyId}` },
      userEmail: `API key ${tenant.apiKeyId}`,
      request: { chargerId: chargerId(), type },
      results: [{ chargerId: chargerId(), ocppId: ids[protocol], status: 'accepted', ocppStatus: 'Accepted' }],
    });
    expect(body.data.completedAt).toEqual(expect.any(String));
    expect(received).toEqual([{ action: 'Reset', params: { type } }]);
    const read = await get(`/api/charger-operations/${body.data.operationId}`);
    expect(read.body.data).toEqual(body.data);
  });

  it("refuses a reset type or message the charger's version lacks (400 naming the field, nothing sent)", async () => {
    const reset = await post('/api/ocpp/reset', { chargerId: chargerId(), type: v16 ? 'OnIdle' : 'Soft' });
    expect(reset.status).toBe(400);
    expect(reset.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.type']);
    const message = v16 ? 'TransactionEvent' : 'DiagnosticsStatusNotification';
    const trigger = await post('/api/ocpp/trigger-message', { chargerId: chargerId(), requestedMessage: message });
    expect(trigger.status).toBe(400);
    expect(trigger.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.requestedMessage']);
    if (v16) {
      const portReset = await post('/api/ocpp/reset', { portId: portId(), type: 'Soft' });
      expect(portReset.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.portId']);
    }
    expect(received).toEqual([]);
  });

  it('unlocks a port: Unlocked is accepted, UnlockFailed rejected', async () => {
    answer = () => ({ status: 'Unlocked' });
    const ok = await post('/api/ocpp/unlock-connector', { portId: portId() });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      status: 'completed',
      results: [{ portId: portId(), portNumber: 1, status: 'accepted', ocppStatus: 'Unlocked' }],
    });
    answer = () => ({ status: 'UnlockFailed' });
    const failed = await post('/api/ocpp/unlock-connector', { portId: portId() });
    expect(failed.body.data).toMatchObject({
      status: 'failed',
      results: [{ status: 'rejected', ocppStatus: 'UnlockFailed' }],
    });
    expect(received.map((r) => r.params)).toEqual(
      Array(2).fill(v16 ? { connectorId: 1 } : { evseId: 1, connectorId: 1 }),
    );
  });

  it('changes availability: Scheduled is pending (202) and completes when the port turns Unavailable', async () => {
    answer = () => ({ status: 'Scheduled' });
    const { status, body } = await post('/api/ocpp/change-availability', {
      portId: portId(),
      operationalStatus: 'Inoperative',
    });
    expect(status).toBe(202);
    expect(body.data).toMatchObject({ status: 'pending', results: [{ status: 'scheduled', ocppStatus: 'Scheduled' }] });
    expect(received[0]!.params).toEqual(
      v16 ? { connectorId: 1, type: 'Inoperative' } : { operationalStatus: 'Inoperative', evse: { id: 1 } },
    );
    const timestamp = new Date().toISOString();
    await client.call(
      'StatusNotification',
      v16
        ? { connectorId: 1, status: 'Unavailable', errorCode: 'NoError', timestamp }
        : { timestamp, connectorStatus: 'Unavailable', evseId: 1, connectorId: 1 },
    );
    const done = await pollUntil(
      () => get(`/api/charger-operations/${body.data.operationId}`),
      (r) => r.body.data.status !== 'pending',
      'the scheduled change to settle',
    );
    expect(done.body.data).toMatchObject({
      status: 'completed',
      results: [{ status: 'accepted', ocppStatus: 'Scheduled', settledAt: expect.any(String) }],
    });
    answer = () => ({ status: 'Accepted' });
    const back = await post('/api/ocpp/change-availability', {
      chargerId: chargerId(),
      operationalStatus: 'Operative',
    });
    expect(back.body.data.status).toBe('completed');
    expect(received[1]!.params).toEqual(
      v16 ? { connectorId: 0, type: 'Operative' } : { operationalStatus: 'Operative' },
    );
  });

  it("triggers a message of the charger's version; NotImplemented is notSupported", async () => {
    const ok = await post('/api/ocpp/trigger-message', { portId: portId(), requestedMessage: 'StatusNotification' });
    expect(ok.body.data.results[0]).toMatchObject({ status: 'accepted' });
    expect(received[0]!.params).toEqual(
      v16
        ? { requestedMessage: 'StatusNotification', connectorId: 1 }
        : { requestedMessage: 'StatusNotification', evse: { id: 1 } },
    );
    answer = () => ({ status: 'NotImplemented' });
    const no = await post('/api/ocpp/trigger-message', { chargerId: chargerId(), requestedMessage: 'Heartbeat' });
    expect(no.body.data).toMatchObject({ status: 'failed', results: [{ status: 'notSupported' }] });
  });

  it('asks for LogStatusNotification with TriggerMessage (2.0.1), ExtendedTriggerMessage (1.6): without the extension, notSupported', async () => {
    const log = await post('/api/ocpp/trigger-message', {
      chargerId: chargerId(),
      requestedMessage: 'LogStatusNotification',
    });
    if (v16) {
      // This charger handles no ExtendedTriggerMessage: the strict client answers CALLERROR NotImplemented.
      expect(log.body.data).toMatchObject({
        status: 'failed',
        results: [{ status: 'notSupported', error: { code: 'NotImplemented' } }],
      });
      expect(received).toEqual([]);
    } else {
      expect(log.body.data.results[0]).toMatchObject({ status: 'accepted' });
      expect(received).toEqual([{ action: 'TriggerMessage', params: { requestedMessage: 'LogStatusNotification' } }]);
    }
  });

  it('clears the cache; CALLERROR NotSupported is notSupported, another CALLERROR failed with its code', async () => {
    expect((await post('/api/ocpp/clear-cache', { chargerId: chargerId() })).body.data.status).toBe('completed');
    answer = () => {
      throw createRPCError('NotSupported', 'no cache here');
    };
    const unsupported = await post('/api/ocpp/clear-cache', { chargerId: chargerId() });
    expect(unsupported.body.data.results[0]).toMatchObject({
      status: 'notSupported',
      error: { code: 'NotSupported', description: 'no cache here' },
    });
    answer = () => {
      throw createRPCError('InternalError', 'disk full');
    };
    const failed = await post('/api/ocpp/clear-cache', { chargerId: chargerId() });
    expect(failed.body.data.results[0]).toMatchObject({
      status: 'failed',
      error: { code: 'InternalError', description: 'disk full' },
    });
  });

  it('records a charger that never answers as timeout', async () => {
    answer = () => new Promise(() => {});
    const { status, body } = await post('/api/ocpp/clear-cache', { chargerId: chargerId() });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: 'failed', results: [{ status: 'timeout', error: { code: 'Timeout' } }] });
  });

  it('counts a reset the charger performs before answering (drops, then boots) as accepted', async () => {
    answer = () => {
      setTimeout(async () => {
        await client.close({ force: true });
        client = await connectCharger(stack, ids[protocol], protocol, undefined, handlers);
        await boot(client);
      }, 10);
      return new Promise(() => {});
    };
    const { body } = await post('/api/ocpp/reset', { chargerId: chargerId(), type: v16 ? 'Soft' : 'Immediate' });
    const done = await pollUntil(
      () => get(`/api/charger-operations/${body.data.operationId}`),
      (r) => r.body.data.status !== 'pending',
      'the reset to end',
    );
    expect(done.body.data).toMatchObject({
      status: 'completed',
      results: [{ status: 'accepted', note: expect.stringContaining('booted') }],
    });
  });
});

describe.each(['ocpp1.6', 'ocpp2.0.1'] as const)('the %s simulator performs the operations', (protocol) => {
  let sim: Simulator;
  const charger = () => tenant.chargers[protocol === 'ocpp1.6' ? 3 : 4]!;
  const stored = async () => (await stack.db.charger.get({ chargerId: charger().id }).go({ consistent: true })).data!;
  const portStatus = async () =>
    (await stack.db.port.get({ chargerId: charger().id, portNumber: 1 }).go({ consistent: true })).data?.ocppStatus
      ?.status;

  beforeAll(async () => {
    sim = await startSimulator({ ocppId: simIds[protocol], protocol, url: stack.ocppUrl });
  });
  afterAll(async () => sim?.close());

  it('reboots on a hard reset: a new connection, then BootNotification', async () => {
    const before = await stored();
    const { status, body } = await post('/api/ocpp/reset', {
      chargerId: charger().id,
      type: protocol === 'ocpp1.6' ? 'Hard' : 'Immediate',
    });
    expect(status).toBe(200);
    expect(body.data.results[0]).toMatchObject({ status: 'accepted', ocppStatus: 'Accepted' });
    const after = await pollUntil(
      stored,
      (c) => c.lastBootAt! > before.lastBootAt! && c.connectionStatus?.status === 'Connected',
      'the simulator to boot again',
    );
    expect(after.currentConnectionId).not.toBe(before.currentConnectionId);
  });

  it('unlocks, changes availability (status notifications follow), triggers a message, clears its cache', async () => {
    const port = charger().ports[0]!.id;
    const unlock = await post('/api/ocpp/unlock-connector', { portId: port });
    expect(unlock.body.data.results[0]).toMatchObject({ status: 'accepted', ocppStatus: 'Unlocked' });
    const off = await post('/api/ocpp/change-availability', { portId: port, operationalStatus: 'Inoperative' });
    expect(off.body.data.status).toBe('completed');
    await pollUntil(portStatus, (s) => s === 'Unavailable', 'the port to turn Unavailable');
    const on = await post('/api/ocpp/change-availability', { chargerId: charger().id, operationalStatus: 'Operative' });
    expect(on.body.data.status).toBe('completed');
    await pollUntil(portStatus, (s) => s === 'Available', 'the port to be Available again');
    const heartbeatsBefore = (await stored()).connectionStatus!.timestamp;
    const trigger = await post('/api/ocpp/trigger-message', {
      chargerId: charger().id,
      requestedMessage: 'BootNotification',
    });
    expect(trigger.body.data.results[0]).toMatchObject({ status: 'accepted' });
    await pollUntil(stored, (c) => c.lastBootAt! > trigger.body.data.createdAt, 'the triggered BootNotification');
    expect(heartbeatsBefore).toEqual(expect.any(String));
    const clear = await post('/api/ocpp/clear-cache', { chargerId: charger().id });
    expect(clear.body.data).toMatchObject({ status: 'completed', results: [{ ocppStatus: 'Accepted' }] });
  });
});

describe('charger operations: bad input, scoping, the audit trail, and ends', () => {
  const key = () => tenant.apiKey;

  it('answers 404 for an unknown or foreign charger, port or site, and 400 naming a bad field', async () => {
    expect((await post('/api/ocpp/clear-cache', { chargerId: 999_999 })).status).toBe(404);
    expect((await post('/api/ocpp/clear-cache', { chargerId: other.chargers[0]!.id })).status).toBe(404);
    expect((await post('/api/ocpp/unlock-connector', { portId: 999_999 })).status).toBe(404);
    expect((await post('/api/ocpp/clear-cache', { siteId: other.siteId })).status).toBe(404);
    const two = await post('/api/ocpp/clear-cache', { chargerId: offline().id, siteId: tenant.siteId });
    expect(two.status).toBe(400);
    expect(two.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.siteId']);
    const none = await post('/api/ocpp/reset', { type: 'Soft' });
    expect(none.body.errors.map((e: { path: string }) => e.path)).toEqual(['body']);
    const bad = await post('/api/ocpp/change-availability', { chargerId: offline().id, operationalStatus: 'Off' });
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.operationalStatus']);
    const list = await get('/api/charger-operations?action=clearCache&status=pending', key());
    expect(list.body.data).toEqual([]);
  });

  it('records a charger not connected as notConnected (nothing sent) and a site as bulk', async () => {
    const single = await post('/api/ocpp/clear-cache', { chargerId: offline().id });
    expect(single.status).toBe(200);
    expect(single.body.data).toMatchObject({
      status: 'failed',
      results: [{ status: 'notConnected', error: { code: 'NotConnected' } }],
    });
    const site = await post('/api/ocpp/clear-cache', { siteId: tenant.siteId });
    expect(site.body.data.results.map((r: { chargerId: number }) => r.chargerId).sort()).toEqual(
      tenant.chargers.map((c) => c.id).sort(),
    );
    // The test chargers and simulators have disconnected by now: nothing is sent to any.
    expect(site.body.data.status).toBe('failed');
    expect(site.body.data.results.map((r: { status: string }) => r.status)).toEqual(
      tenant.chargers.map(() => 'notConnected'),
    );
  });

  it("hides another organization's operation (404) and lists the trail by filters, page by page", async () => {
    const mine = await post('/api/ocpp/clear-cache', { chargerId: offline().id });
    expect((await get(`/api/charger-operations/${mine.body.data.operationId}`, other.apiKey)).status).toBe(404);
    const theirs = await get('/api/charger-operations', other.apiKey);
    expect(theirs.body.data).toEqual([]);
    const db = stack.db;
    const commands = ocppChargerCommands(db, CHARGER_OPERATION_COMMANDS);
    const scope = { organizationId: tenant.organizationId, scope: 'organization' as const };
    // 101 operations at once: one more than a page.
    await Promise.all(
      Array.from({ length: 101 }, () =>
        requestOperation(
          db,
          commands,
          async () => {},
          scope,
          {
            action: 'triggerMessage',
            body: { chargerId: offline().id, requestedMessage: 'Heartbeat' },
            requestedBy: { operator: 'test' },
          },
          { waitMs: 0 },
        ),
      ),
    );
    const query = `/api/charger-operations?action=triggerMessage&chargerId=${offline().id}`;
    const first = await get(query);
    expect(first.body.data).toHaveLength(100);
    expect(first.body.pagination.hasNextPage).toBe(true);
    const second = await get(`${query}&nextPageCursor=${first.body.pagination.nextPageCursor}`);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.pagination).toEqual({ hasNextPage: false, nextPageCursor: null });
    const ids = [...first.body.data, ...second.body.data].map((o: { operationId: string }) => o.operationId);
    expect(new Set(ids).size).toBe(101);
    expect([...ids].sort().reverse()).toEqual(ids);
    const foreignCursor = await get(`/api/charger-operations?nextPageCursor=${first.body.pagination.nextPageCursor}`);
    expect(foreignCursor.status).toBe(400);
    expect(foreignCursor.body.errors[0].path).toBe('queryStringParameters.nextPageCursor');
  });

  it('fails every result at once when the worker cannot be started, and answers 200 with it ended', async () => {
    const { operation, ended } = await requestOperation(
      stack.db,
      ocppChargerCommands(stack.db, CHARGER_OPERATION_COMMANDS),
      async () => {
        throw new Error('Invoke refused');
      },
      { organizationId: tenant.organizationId, scope: 'organization' },
      { action: 'clearCache', body: { chargerId: offline().id }, requestedBy: { operator: 'test' } },
      { waitMs: 0 },
    );
    expect(ended).toBe(true);
    expect(operation).toMatchObject({
      status: 'failed',
      results: [
        { status: 'failed', error: { code: 'InternalError', description: 'the operation could not be started' } },
      ],
    });
    expect(
      await stack.db.pendingChargerOperation.get({ queue: PENDING_QUEUE, operationId: operation.operationId }).go(),
    ).toEqual({
      data: null,
    });
  });

  it('ends an operation whose worker never ran as failed once past its deadline (the sweep)', async () => {
    process.env.OPERATION_DEADLINE_MS = '1';
    try {
      const { operation } = await requestOperation(
        stack.db,
        ocppChargerCommands(stack.db, CHARGER_OPERATION_COMMANDS),
        async () => {},
        { organizationId: tenant.organizationId, scope: 'organization' },
        { action: 'clearCache', body: { chargerId: offline().id }, requestedBy: { operator: 'test' } },
        { waitMs: 0 },
      );
      expect(operation.status).toBe('pending');
      await pollUntil(
        async () => Date.now(),
        (now) => now > Date.parse(operation.deadlineAt),
        'the deadline',
      );
      // A read that settles the copy it read while the sweep settles the same result (seen with SAP's
      // simulator): its write loses, and it answers the operation as it is now, not its stale copy.
      const stale = (await getOperationItem(stack.db, operation.operationId))!;
      expect(await sweepOperations(stack.db)).toBeGreaterThanOrEqual(1);
      expect(await settleOperation(stack.db, stale)).toMatchObject({
        status: 'failed',
        results: [{ status: 'failed', error: { code: 'NoOutcome' } }],
      });
      const read = await get(`/api/charger-operations/${operation.operationId}`);
      expect(read.body.data).toMatchObject({
        status: 'failed',
        results: [{ status: 'failed', error: { code: 'NoOutcome' } }],
      });
    } finally {
      delete process.env.OPERATION_DEADLINE_MS;
    }
  });
});
