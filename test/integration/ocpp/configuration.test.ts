/**
 * Charger configuration over both OCPP versions (docs/charger-configuration.md), on the local stack
 * with strict-mode OCPP clients: 1.6 GetConfiguration / ChangeConfiguration, 2.0.1 GetBaseReport
 * with NotifyReport pages (in and out of order, never complete), GetVariables and SetVariables;
 * guarded settings, bad input, another organization's charger, a charger that does not answer.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRPCError } from 'ocpp-rpc';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectCharger, connectRaw, pollUntil } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { startSimulator } from '../../../lib/simulator';
import { runAdmin } from '../support/admin';

// A short command deadline, so the timeout path is quick (the production default is 20 s).
process.env.OCPP_COMMAND_TIMEOUT_MS = '1500';

let stack: LocalStack;
let tenant: Tenant;
let other: Tenant;
const ids = { v16: uniqueOcppId('CFG16'), v201: uniqueOcppId('CFG201'), raw: uniqueOcppId('CFGRAW') };
const simulated = { 'ocpp1.6': uniqueOcppId('SIMCFG16'), 'ocpp2.0.1': uniqueOcppId('SIMCFG201') };

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId: ids.v16, name: 'Config 1.6', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    { ocppId: ids.v201, name: 'Config 2.0.1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
    { ocppId: simulated['ocpp1.6'], name: 'Sim 1.6', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    { ocppId: simulated['ocpp2.0.1'], name: 'Sim 2.0.1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
    { ocppId: ids.raw, name: 'Raw 2.0.1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
  ]);
  other = await createTenant(stack, [
    { ocppId: uniqueOcppId('CFGX'), name: 'Elsewhere', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);
});
afterAll(async () => stack?.close());

const call = (path: string, method = 'GET', body?: unknown, key = tenant.apiKey) =>
  api(stack, path, { key, method, ...(body !== undefined ? { body } : {}) });
const configurationOf = (chargerId: number) => `/api/chargers/${chargerId}/configuration`;

/** A strict-mode charger whose CALL handlers record what they got and answer with `answer`. */
async function charger(ocppId: string, protocol: 'ocpp1.6' | 'ocpp2.0.1', actions: string[]) {
  const received: { action: string; params: any }[] = [];
  const state = { answer: (_action: string, _params: any): unknown => ({}) };
  const client = await connectCharger(stack, ocppId, protocol, undefined, (c) => {
    for (const action of actions) {
      c.handle(action, async ({ params }: { params?: unknown }) => {
        received.push({ action, params });
        return state.answer(action, params) as Record<string, unknown>;
      });
    }
  });
  return { client, received, state };
}

describe('an OCPP 1.6 charger', () => {
  let cp: Awaited<ReturnType<typeof charger>>;
  const keys = new Map<string, { readonly: boolean; value: string }>([
    ['HeartbeatInterval', { readonly: false, value: '540' }],
    ['ConnectionTimeOut', { readonly: false, value: '60' }],
    ['NumberOfConnectors', { readonly: true, value: '1' }],
    ['WebSocketPingInterval', { readonly: false, value: '0' }],
    ['AuthorizationKey', { readonly: false, value: '' }],
  ]);
  /** GetConfiguration / ChangeConfiguration over `keys`: WebSocketPingInterval needs a reboot. */
  const answer16 = (action: string, params: any): unknown => {
    if (action === 'GetConfiguration') {
      const asked: string[] = params.key ?? [...keys.keys()];
      const known = asked.filter((k) => keys.has(k));
      const unknown = asked.filter((k) => !keys.has(k));
      return {
        configurationKey: known.map((key) => ({ key, ...keys.get(key)! })),
        ...(unknown.length ? { unknownKey: unknown } : {}),
      };
    }
    const entry = keys.get(params.key);
    if (!entry) return { status: 'NotSupported' };
    if (entry.readonly) return { status: 'Rejected' };
    entry.value = params.value;
    return { status: params.key === 'WebSocketPingInterval' ? 'RebootRequired' : 'Accepted' };
  };
  const chargerId = () => tenant.chargers[0]!.id;

  beforeAll(async () => {
    cp = await charger(ids.v16, 'ocpp1.6', ['GetConfiguration', 'ChangeConfiguration']);
    cp.state.answer = answer16;
    await cp.client.call('BootNotification', { chargePointVendor: 'V', chargePointModel: 'M' });
  });
  // Forced: a handler of the timeout test never answers.
  afterAll(async () => cp?.client.close({ force: true }));
  afterEach(() => {
    cp.received.length = 0;
    cp.state.answer = answer16;
  });

  it('has no configuration until it is read, then serves the last GetConfiguration answer and when it was read', async () => {
    const before = await call(configurationOf(chargerId()));
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({ chargerId: chargerId(), ocppProtocol: 'ocpp1.6', readAt: null });

    const started = Date.now();
    const refresh = await call(`${configurationOf(chargerId())}/refresh`, 'POST', {});
    expect(refresh.status).toBe(200);
    expect(refresh.body.data.status).toBe('accepted');
    expect(cp.received).toEqual([{ action: 'GetConfiguration', params: {} }]);

    const { body } = await call(configurationOf(chargerId()));
    expect(body.data.source).toBe('GetConfiguration');
    expect(Date.parse(body.data.readAt)).toBeGreaterThanOrEqual(started - 1000);
    expect(body.data.keys.map((k: any) => k.key)).toEqual([...keys.keys()]);
    const byKey = Object.fromEntries(body.data.keys.map((k: any) => [k.key, k]));
    expect(byKey.NumberOfConnectors).toEqual({ key: 'NumberOfConnectors', readonly: true, value: '1' });
    expect(byKey.HeartbeatInterval.guarded).toMatch(/540 s heartbeat interval/);
    expect(byKey.ConnectionTimeOut.guarded).toBeUndefined();
    expect(refresh.body.data.configuration).toEqual(body.data);
  });

  it('reads some keys (GetConfiguration key) and keeps the keys the charger does not know', async () => {
    const { status, body } = await call(`${configurationOf(chargerId())}/refresh`, 'POST', {
      keys: ['ConnectionTimeOut', 'NoSuchKey'],
    });
    expect(status).toBe(200);
    expect(cp.received).toEqual([{ action: 'GetConfiguration', params: { key: ['ConnectionTimeOut', 'NoSuchKey'] } }]);
    expect(body.data.readings).toEqual([
      { name: 'ConnectionTimeOut', status: 'Accepted', readonly: false, value: keys.get('ConnectionTimeOut')!.value },
      { name: 'NoSuchKey', status: 'UnknownKey' },
    ]);
    expect(body.data.configuration.unknownKeys).toEqual(['NoSuchKey']);
  });

  it('changes keys one ChangeConfiguration each, with Accepted, RebootRequired, Rejected and NotSupported', async () => {
    const changes = [
      { key: 'ConnectionTimeOut', value: '90' },
      { key: 'WebSocketPingInterval', value: '30' },
      { key: 'NumberOfConnectors', value: '3' },
      { key: 'NoSuchKey', value: 'x' },
    ];
    const { status, body } = await call(configurationOf(chargerId()), 'PATCH', { changes });
    expect(status).toBe(200);
    expect(cp.received.map((r) => r.params)).toEqual(changes);
    expect(body.data.status).toBe('rejected');
    expect(body.data.results).toEqual([
      { key: 'ConnectionTimeOut', value: '90', status: 'Accepted' },
      { key: 'WebSocketPingInterval', value: '30', status: 'RebootRequired' },
      { key: 'NumberOfConnectors', value: '3', status: 'Rejected' },
      { key: 'NoSuchKey', value: 'x', status: 'NotSupported' },
    ]);
    const stored = Object.fromEntries(body.data.configuration.keys.map((k: any) => [k.key, k]));
    expect(stored.ConnectionTimeOut).toEqual({ key: 'ConnectionTimeOut', readonly: false, value: '90' });
    expect(stored.WebSocketPingInterval).toEqual({
      key: 'WebSocketPingInterval',
      readonly: false,
      value: '30',
      rebootRequired: true,
    });
    expect(stored.NumberOfConnectors.value).toBe('1');
  });

  it('refuses a key the product relies on without force, naming it and why; sends it with force', async () => {
    const refused = await call(configurationOf(chargerId()), 'PATCH', {
      changes: [
        { key: 'ConnectionTimeOut', value: '30' },
        { key: 'heartbeatinterval', value: '60' },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { path: 'body.changes.1.key', message: expect.stringMatching(/relies on it: .*540 s.*force: true/) },
    ]);
    expect(cp.received).toEqual([]);

    const forced = await call(configurationOf(chargerId()), 'PATCH', {
      changes: [{ key: 'HeartbeatInterval', value: '60' }],
      force: true,
    });
    expect(forced.status).toBe(200);
    expect(forced.body.data.results).toEqual([
      { key: 'HeartbeatInterval', value: '60', status: 'Accepted', guarded: expect.stringMatching(/heartbeat/) },
    ]);
    expect(cp.received.map((r) => r.action)).toEqual(['ChangeConfiguration']);
  });

  it('never changes a credential here, even with force', async () => {
    const { status, body } = await call(configurationOf(chargerId()), 'PATCH', {
      changes: [{ key: 'AuthorizationKey', value: '00112233445566778899aabbccddeeff' }],
      force: true,
    });
    expect(status).toBe(400);
    expect(body.errors[0]).toEqual({ path: 'body.changes.0.key', message: expect.stringMatching(/credential/) });
    expect(cp.received).toEqual([]);
  });

  it.each([
    ['a key over 50 characters', { changes: [{ key: 'K'.repeat(51), value: '1' }] }, 'body.changes.0.key'],
    [
      'a value over 500 characters',
      { changes: [{ key: 'ConnectionTimeOut', value: '9'.repeat(501) }] },
      'body.changes.0.value',
    ],
    ['no change', { changes: [] }, 'body.changes'],
    ['an unknown field', { changes: [{ key: 'A', value: '1' }], dryRun: true }, 'body.dryRun'],
  ])('answers 400 for %s, naming the field, and sends nothing', async (_what, request, path) => {
    const { status, body } = await call(configurationOf(chargerId()), 'PATCH', request);
    expect(status).toBe(400);
    expect(body.errors.map((e: any) => e.path)).toContain(path);
    expect(cp.received).toEqual([]);
  });

  it('answers 400 for a 2.0.1 variable or report to a 1.6 charger, and sends nothing', async () => {
    const change = await call(configurationOf(chargerId()), 'PATCH', {
      changes: [{ component: { name: 'OCPPCommCtrlr' }, variable: { name: 'WebSocketPingInterval' }, value: '30' }],
    });
    expect(change.status).toBe(400);
    expect(change.body.errors[0]).toEqual({ path: 'body.changes.0', message: expect.stringMatching(/OCPP 1.6/) });
    const refresh = await call(`${configurationOf(chargerId())}/refresh`, 'POST', { reportBase: 'FullInventory' });
    expect(refresh.status).toBe(400);
    expect(refresh.body.errors[0].path).toBe('body.reportBase');
    expect(cp.received).toEqual([]);
  });

  it("answers 404 for another organization's charger and an unknown one, sending nothing", async () => {
    for (const id of [other.chargers[0]!.id, 999_999]) {
      expect((await call(configurationOf(id))).status).toBe(404);
      expect((await call(`${configurationOf(id)}/refresh`, 'POST', {})).status).toBe(404);
      const change = await call(configurationOf(id), 'PATCH', { changes: [{ key: 'ConnectionTimeOut', value: '1' }] });
      expect(change.status).toBe(404);
    }
    // The other organization's key does not reach this charger either.
    expect((await call(configurationOf(chargerId()), 'GET', undefined, other.apiKey)).status).toBe(404);
    expect(cp.received).toEqual([]);
  });

  it('reports a charger that does not answer as a timeout, the rest of the changes not sent (not a 5xx)', async () => {
    cp.state.answer = () => new Promise(() => undefined);
    const { status, body } = await call(configurationOf(chargerId()), 'PATCH', {
      changes: [
        { key: 'ConnectionTimeOut', value: '70' },
        { key: 'WebSocketPingInterval', value: '10' },
      ],
    });
    expect(status).toBe(200);
    expect(body.data.status).toBe('timeout');
    expect(body.data.error.code).toBe('Timeout');
    expect(body.data.results.map((r: any) => r.status)).toEqual(['NotSent', 'NotSent']);
    expect(cp.received).toHaveLength(1);
    const refresh = await call(`${configurationOf(chargerId())}/refresh`, 'POST', {});
    expect(refresh.status).toBe(200);
    expect(refresh.body.data).toMatchObject({ status: 'timeout', configuration: { chargerId: chargerId() } });
  });

  it('is changed and read with the operator CLI (chargers configure, chargers configuration)', async () => {
    const ws = ['--ws-endpoint', stack.url];
    const refreshed = await runAdmin(
      stack,
      'chargers',
      'configuration',
      '--id',
      String(chargerId()),
      '--refresh',
      ...ws,
    );
    expect(refreshed.json).toMatchObject({ status: 'accepted', configuration: { source: 'GetConfiguration' } });
    cp.received.length = 0;
    const changed = await runAdmin(
      stack,
      'chargers',
      'configure',
      '--id',
      String(chargerId()),
      'ConnectionTimeOut=75',
      ...ws,
    );
    expect(changed.stderr).toBe('');
    expect(changed.json.results).toEqual([{ key: 'ConnectionTimeOut', value: '75', status: 'Accepted' }]);
    expect(cp.received.map((r) => r.params)).toEqual([{ key: 'ConnectionTimeOut', value: '75' }]);
    const guarded = await runAdmin(
      stack,
      'chargers',
      'configure',
      '--id',
      String(chargerId()),
      'HeartbeatInterval=60',
      ...ws,
    );
    expect(guarded.code).toBe(1);
    expect(guarded.stderr).toMatch(/changes\.0\.key: the product relies on it/);
    const read = await runAdmin(stack, 'chargers', 'configuration', '--id', String(chargerId()));
    expect(read.json.keys.find((k: any) => k.key === 'ConnectionTimeOut').value).toBe('75');
    expect(read.json.readAt).toEqual(expect.any(String));
    expect(cp.received).toHaveLength(1);
  }, 90_000); // four CLI processes

  it("reports a CALLERROR as a failed result with the charger's code", async () => {
    cp.state.answer = () => {
      throw createRPCError('InternalError', 'flash busy');
    };
    const { status, body } = await call(configurationOf(chargerId()), 'PATCH', {
      changes: [{ key: 'ConnectionTimeOut', value: '70' }],
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: 'failed', error: { code: 'InternalError', description: 'flash busy' } });
  });
});

describe('an OCPP 2.0.1 charger', () => {
  let cs: Awaited<ReturnType<typeof charger>>;
  const chargerId = () => tenant.chargers[1]!.id;
  const generatedAt = new Date().toISOString();
  const variable = (component: string, name: string, value: string, mutability = 'ReadWrite') => ({
    component: { name: component },
    variable: { name },
    variableAttribute: [{ type: 'Actual', value, mutability }],
    variableCharacteristics: { dataType: 'integer', supportsMonitoring: false },
  });
  /** A report of three pages: what each holds. */
  const pages = [
    [variable('OCPPCommCtrlr', 'HeartbeatInterval', '540'), variable('OCPPCommCtrlr', 'WebSocketPingInterval', '0')],
    [variable('SampledDataCtrlr', 'TxUpdatedInterval', '60')],
    [
      {
        ...variable('EVSE', 'Power', '150000', 'ReadOnly'),
        component: { name: 'EVSE', evse: { id: 1 } },
        variableAttribute: [
          { type: 'Actual', value: '150000', mutability: 'ReadOnly' },
          { type: 'MaxSet', value: '150000', mutability: 'ReadWrite' },
        ],
      },
    ],
  ];
  /** Sends the report's pages `order` (seqNos) after the GetBaseReport answer. */
  const reportIn = (order: number[]) => (action: string, params: any) => {
    if (action !== 'GetBaseReport') return {};
    setImmediate(async () => {
      for (const seqNo of order) {
        await cs.client.call('NotifyReport', {
          requestId: params.requestId,
          generatedAt,
          seqNo,
          tbc: seqNo < pages.length - 1,
          reportData: pages[seqNo],
        });
      }
    });
    return { status: 'Accepted' };
  };

  beforeAll(async () => {
    cs = await charger(ids.v201, 'ocpp2.0.1', ['GetBaseReport', 'GetVariables', 'SetVariables']);
    await cs.client.call('BootNotification', { reason: 'PowerUp', chargingStation: { vendorName: 'V', model: 'M' } });
  });
  afterAll(async () => cs?.client.close());
  afterEach(() => {
    cs.received.length = 0;
  });

  it('asks for a report and assembles its NotifyReport pages, sent out of order, into the device model', async () => {
    cs.state.answer = reportIn([2, 0, 1]);
    const { status, body } = await call(`${configurationOf(chargerId())}/refresh`, 'POST', {
      reportBase: 'ConfigurationInventory',
    });
    expect(status).toBe(200);
    expect(cs.received).toEqual([
      { action: 'GetBaseReport', params: { requestId: expect.any(Number), reportBase: 'ConfigurationInventory' } },
    ]);
    const { requestId } = cs.received[0]!.params;
    const configuration = body.data.configuration;
    expect(body.data).toMatchObject({ status: 'accepted', ocppStatus: 'Accepted' });
    expect(configuration).toMatchObject({
      ocppProtocol: 'ocpp2.0.1',
      source: 'NotifyReport',
      report: { requestId, reportBase: 'ConfigurationInventory', generatedAt },
    });
    expect(configuration.pendingReport).toBeUndefined();
    // In seqNo order, whatever order the pages came in.
    expect(configuration.variables.map((v: any) => `${v.component.name}.${v.variable.name}`)).toEqual([
      'OCPPCommCtrlr.HeartbeatInterval',
      'OCPPCommCtrlr.WebSocketPingInterval',
      'SampledDataCtrlr.TxUpdatedInterval',
      'EVSE.Power',
    ]);
    expect(configuration.variables[0].guarded).toMatch(/heartbeat/);
    expect(configuration.variables[3]).toEqual({
      component: { name: 'EVSE', evse: { id: 1 } },
      variable: { name: 'Power' },
      attributes: [
        { type: 'Actual', value: '150000', mutability: 'ReadOnly' },
        { type: 'MaxSet', value: '150000', mutability: 'ReadWrite' },
      ],
      characteristics: { dataType: 'integer', supportsMonitoring: false },
    });
    expect((await call(configurationOf(chargerId()))).body.data).toEqual(configuration);
  });

  it('shows a report whose pages stop coming as pending with the missing pages, keeping the last complete one', async () => {
    const previous = (await call(configurationOf(chargerId()))).body.data;
    cs.state.answer = reportIn([0, 2]);
    const { status, body } = await call(`${configurationOf(chargerId())}/refresh`, 'POST', {});
    expect(status).toBe(202);
    expect(body.data.status).toBe('pending');
    const { requestId } = cs.received[0]!.params;
    expect(body.data.configuration.pendingReport).toMatchObject({
      requestId,
      reportBase: 'FullInventory',
      status: 'inProgress',
      received: [0, 2],
      lastSeqNo: 2,
      missing: [1],
    });
    expect(body.data.configuration.variables).toEqual(previous.variables);
    expect(body.data.configuration.report).toEqual(previous.report);
    // The late page completes it.
    await cs.client.call('NotifyReport', { requestId, generatedAt, seqNo: 1, tbc: true, reportData: pages[1] });
    const completed = await pollUntil(
      async () => (await call(configurationOf(chargerId()))).body.data,
      (data) => data.report.requestId === requestId,
      'the report assembled',
    );
    expect(completed.pendingReport).toBeUndefined();
    expect(completed.variables).toHaveLength(4);
  });

  it('answers a NotifyReport that breaks the schema with a CALLERROR and stores nothing; a valid one is stored', async () => {
    const raw = await connectRaw(stack, ids.raw, 'ocpp2.0.1');
    try {
      const chargerId = tenant.chargers[4]!.id;
      const page = { requestId: 5, generatedAt, seqNo: 0, reportData: pages[1] };
      const { seqNo: _, ...noSeqNo } = page;
      const refused = (await raw.exchange(JSON.stringify([2, 'bad-1', 'NotifyReport', noSeqNo]))) as unknown[];
      expect(refused.slice(0, 3)).toEqual([4, 'bad-1', 'OccurrenceConstraintViolation']);
      expect((await call(configurationOf(chargerId))).body.data.readAt).toBeNull();
      // A report the CSMS did not ask for, in one page with a number DynamoDB could not hold.
      const huge = {
        ...pages[1]![0]!,
        variableCharacteristics: { dataType: 'decimal', maxLimit: 1e300, supportsMonitoring: true },
      };
      const accepted = await raw.exchange(JSON.stringify([2, 'ok-1', 'NotifyReport', { ...page, reportData: [huge] }]));
      expect(accepted).toEqual([3, 'ok-1', {}]);
      const stored = (await call(configurationOf(chargerId))).body.data;
      expect(stored).toMatchObject({ source: 'NotifyReport', report: { requestId: 5 } });
      expect(stored.variables[0].characteristics.maxLimit).toBe(1e300);
    } finally {
      await raw.close();
    }
  });

  it('reports GetBaseReport refusals as results', async () => {
    for (const [ocppStatus, status] of [
      ['NotSupported', 'notSupported'],
      ['Rejected', 'rejected'],
    ]) {
      cs.state.answer = () => ({ status: ocppStatus });
      const { status: http, body } = await call(`${configurationOf(chargerId())}/refresh`, 'POST', {
        reportBase: 'SummaryInventory',
      });
      expect(http).toBe(200);
      expect(body.data).toMatchObject({ status, ocppStatus });
      // The report noted before it was asked for is withdrawn: nothing is shown as coming.
      expect(body.data.configuration.pendingReport).toBeUndefined();
      expect((await call(configurationOf(chargerId()))).body.data.pendingReport).toBeUndefined();
    }
  });

  it("keeps a report's own base when its pages come before the charger's answer (SAP's simulator does so)", async () => {
    // An earlier report of another base is stored (the FullInventory completed by a late page).
    expect((await call(configurationOf(chargerId()))).body.data.report.reportBase).toBe('FullInventory');
    cs.state.answer = async (action: string, params: any) => {
      if (action !== 'GetBaseReport') return {};
      for (const [seqNo, reportData] of pages.entries()) {
        await cs.client.call('NotifyReport', {
          requestId: params.requestId,
          generatedAt: new Date().toISOString(),
          seqNo,
          tbc: seqNo < pages.length - 1,
          reportData,
        });
      }
      return { status: 'Accepted' };
    };
    const { status, body } = await call(`${configurationOf(chargerId())}/refresh`, 'POST', {
      reportBase: 'SummaryInventory',
    });
    expect(status).toBe(200);
    const { requestId } = cs.received[0]!.params;
    expect(body.data).toMatchObject({
      status: 'accepted',
      configuration: { report: { requestId, reportBase: 'SummaryInventory' } },
    });
    expect(body.data.configuration.pendingReport).toBeUndefined();
  });

  it('reads some variables (GetVariables) per variable and merges them into the device model', async () => {
    cs.state.answer = (_action, params: any) => ({
      getVariableResult: params.getVariableData.map((d: any) =>
        d.component.name === 'OCPPCommCtrlr'
          ? { ...d, attributeStatus: 'Accepted', attributeValue: '20' }
          : { ...d, attributeStatus: 'UnknownComponent' },
      ),
    });
    const variables = [
      { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'WebSocketPingInterval' } },
      { component: { name: 'Nope' }, variable: { name: 'Nothing' }, attributeType: 'Target' },
    ];
    const { status, body } = await call(`${configurationOf(chargerId())}/refresh`, 'POST', { variables });
    expect(status).toBe(200);
    expect(cs.received[0]).toEqual({ action: 'GetVariables', params: { getVariableData: variables } });
    expect(body.data.readings.map((r: any) => [r.name, r.attributeType, r.status, r.value])).toEqual([
      ['WebSocketPingInterval', 'Actual', 'Accepted', '20'],
      ['Nothing', 'Target', 'UnknownComponent', undefined],
    ]);
    const ping = body.data.configuration.variables.find((v: any) => v.variable.name === 'WebSocketPingInterval');
    expect(ping.attributes).toEqual([{ type: 'Actual', value: '20', mutability: 'ReadWrite' }]);
  });

  it('sets variables in one SetVariables with a status per variable and attribute type', async () => {
    const statuses: Record<string, string> = {
      'OCPPCommCtrlr.WebSocketPingInterval': 'RebootRequired',
      'EVSE.Power': 'Accepted',
      'TxCtrlr.EVConnectionTimeOut': 'Rejected',
      'Nope.Nothing': 'UnknownComponent',
      'TxCtrlr.Nothing': 'UnknownVariable',
    };
    // Answered in reverse order: the results are matched by variable, not by position.
    cs.state.answer = (_action, params: any) => ({
      setVariableResult: [...params.setVariableData].reverse().map((d: any) => ({
        component: d.component,
        variable: d.variable,
        ...(d.attributeType ? { attributeType: d.attributeType } : {}),
        attributeStatus:
          d.attributeType === 'Target'
            ? 'NotSupportedAttributeType'
            : statuses[`${d.component.name}.${d.variable.name}`],
      })),
    });
    const changes = [
      { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'WebSocketPingInterval' }, value: '30' },
      {
        component: { name: 'EVSE', evse: { id: 1 } },
        variable: { name: 'Power' },
        attributeType: 'MaxSet',
        value: '50000',
      },
      { component: { name: 'TxCtrlr' }, variable: { name: 'EVConnectionTimeOut' }, value: 'soon' },
      { component: { name: 'Nope' }, variable: { name: 'Nothing' }, value: '1' },
      { component: { name: 'TxCtrlr' }, variable: { name: 'Nothing' }, value: '1' },
      {
        component: { name: 'TxCtrlr' },
        variable: { name: 'EVConnectionTimeOut' },
        attributeType: 'Target',
        value: '1',
      },
    ];
    const { status, body } = await call(configurationOf(chargerId()), 'PATCH', { changes });
    expect(status).toBe(200);
    expect(cs.received).toHaveLength(1);
    expect(cs.received[0]!.params.setVariableData).toEqual(
      changes.map(({ value, ...rest }) => ({ ...rest, attributeValue: value })),
    );
    expect(body.data.status).toBe('rejected');
    expect(body.data.results.map((r: any) => r.status)).toEqual([
      'RebootRequired',
      'Accepted',
      'Rejected',
      'UnknownComponent',
      'UnknownVariable',
      'NotSupportedAttributeType',
    ]);
    const power = body.data.configuration.variables.find((v: any) => v.variable.name === 'Power');
    expect(power.attributes).toContainEqual({ type: 'MaxSet', value: '50000', mutability: 'ReadWrite' });
    const ping = body.data.configuration.variables.find((v: any) => v.variable.name === 'WebSocketPingInterval');
    expect(ping.attributes[0]).toMatchObject({ value: '30', rebootRequired: true });
  });

  it("refuses guarded variables and the other version's keys, and bad names and values, sending nothing", async () => {
    const cases: [unknown, string, RegExp?][] = [
      [
        { changes: [{ component: { name: 'ocppcommctrlr' }, variable: { name: 'HeartbeatInterval' }, value: '60' }] },
        'body.changes.0.variable.name',
        /relies on it/,
      ],
      [
        {
          changes: [{ component: { name: 'SecurityCtrlr' }, variable: { name: 'BasicAuthPassword' }, value: 'x' }],
          force: true,
        },
        'body.changes.0.variable.name',
        /credential/,
      ],
      [{ changes: [{ key: 'HeartbeatInterval', value: '60' }], force: true }, 'body.changes.0', /OCPP 2.0.1/],
      [
        { changes: [{ component: { name: 'C'.repeat(51) }, variable: { name: 'V' }, value: '1' }] },
        'body.changes.0.component.name',
      ],
      [
        { changes: [{ component: { name: 'C' }, variable: { name: 'V' }, value: 'v'.repeat(1001) }] },
        'body.changes.0.value',
      ],
    ];
    for (const [request, path, message] of cases) {
      const { status, body } = await call(configurationOf(chargerId()), 'PATCH', request);
      expect(status, path).toBe(400);
      expect(body.errors.map((e: any) => e.path)).toContain(path);
      if (message) expect(body.errors.find((e: any) => e.path === path).message).toMatch(message);
    }
    const refresh = await call(`${configurationOf(chargerId())}/refresh`, 'POST', { keys: ['HeartbeatInterval'] });
    expect(refresh.status).toBe(400);
    expect(refresh.body.errors[0].path).toBe('body.keys');
    expect(cs.received).toEqual([]);
  });
});

describe.each(['ocpp1.6', 'ocpp2.0.1'] as const)('the bundled simulator over %s (docs/simulator.md)', (protocol) => {
  it('is read (2.0.1: a report of several pages) and changed, a reboot-bound setting marked so', async () => {
    const simulator = await startSimulator({ ocppId: simulated[protocol], protocol, url: stack.ocppUrl });
    try {
      const chargerId = tenant.chargers[protocol === 'ocpp1.6' ? 2 : 3]!.id;
      const refresh = await call(`${configurationOf(chargerId)}/refresh`, 'POST', {});
      expect(refresh.status).toBe(200);
      const configuration = refresh.body.data.configuration;
      if (protocol === 'ocpp1.6') {
        expect(configuration.keys.find((k: any) => k.key === 'NumberOfConnectors')).toMatchObject({
          readonly: true,
          value: '1',
        });
      } else {
        // More variables than one page holds: the report came in several pages, assembled.
        expect(configuration.variables.length).toBeGreaterThan(8);
        expect(configuration.report.reportBase).toBe('FullInventory');
      }
      const change =
        protocol === 'ocpp1.6'
          ? { key: 'WebSocketPingInterval', value: '45' }
          : { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'WebSocketPingInterval' }, value: '45' };
      const { body } = await call(configurationOf(chargerId), 'PATCH', { changes: [change] });
      expect(body.data.results).toEqual([{ ...change, status: 'RebootRequired' }]);
      const stored = (await call(configurationOf(chargerId))).body.data;
      const ping =
        protocol === 'ocpp1.6'
          ? stored.keys.find((k: any) => k.key === 'WebSocketPingInterval')
          : stored.variables.find((v: any) => v.variable.name === 'WebSocketPingInterval').attributes[0];
      expect(ping).toMatchObject({ value: '45', rebootRequired: true });
    } finally {
      await simulator.close();
    }
  });
});
