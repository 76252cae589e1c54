/**
 * Display-message operations (`POST /api/ocpp/set-display-message`, `clear-display-message`)
 * against ocpp-rpc strict clients: the CALLs a 2.0.1 station takes (our id when the body gives
 * none), its answers mapped, a content longer than the charger's reported
 * DisplayMessageCtrlr.DisplayMessageMaxLength refused with the field named and nothing sent, a 1.6
 * charger notSupported with nothing sent, and bad bodies refused.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectRecordingCharger, pollUntil, type BaseProtocol } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';

process.env.OCPP_COMMAND_TIMEOUT_MS = '3000';
process.env.OPERATION_WAIT_MS = '4000';

let stack: LocalStack;
let tenant: Tenant;
const ids: Record<BaseProtocol, string> = { 'ocpp1.6': uniqueOcppId('DSP16'), 'ocpp2.0.1': uniqueOcppId('DSP201') };
const DISPLAY_ACTIONS = ['SetDisplayMessage', 'ClearDisplayMessage'];

/** What each charger received of the display CALLs, and how it answers them. */
const received: { action: string; params: any }[] = [];
let answer: (action: string, params: any) => unknown = () => ({ status: 'Rejected' });

/** Connects a strict client that records and answers the CALLs of this test, and boots it. */
const connect = (protocol: BaseProtocol) =>
  connectRecordingCharger(stack, ids[protocol], protocol, DISPLAY_ACTIONS, received, () => answer);

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId: ids['ocpp1.6'], name: 'Display 1.6', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    { ocppId: ids['ocpp2.0.1'], name: 'Display 2.0.1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
  ]);
});
afterAll(async () => stack?.close());
afterEach(() => {
  received.length = 0;
  answer = () => ({ status: 'Rejected' });
});

const post = (route: string, body: unknown) =>
  api(stack, `/api/ocpp/${route}`, { key: tenant.apiKey, method: 'POST', body });

/** A message as the API takes it. */
const welcome = {
  priority: 'InFront',
  state: 'Idle',
  startDateTime: '2030-01-01T08:00:00.000Z',
  endDateTime: '2030-01-01T18:00:00.000Z',
  message: { format: 'UTF8', language: 'nl', content: 'Welkom bij het depot' },
};

describe('an OCPP 2.0.1 station', () => {
  let client: RPCClient;
  const chargerId = () => tenant.chargers[1]!.id;
  beforeAll(async () => {
    client = await connect('ocpp2.0.1');
  });
  afterAll(async () => client?.close());

  it('shows a message under our id when none is given, and under the given one', async () => {
    answer = () => ({ status: 'Accepted' });
    const ours = await post('set-display-message', { chargerId: chargerId(), message: welcome });
    expect(ours.status).toBe(200);
    const id = ours.body.data.results[0].displayMessageId;
    expect(Number.isInteger(id) && id > 0).toBe(true);
    expect(ours.body.data).toMatchObject({
      action: 'setDisplayMessage',
      status: 'completed',
      results: [{ chargerId: chargerId(), status: 'accepted', ocppStatus: 'Accepted', displayMessageId: id }],
    });
    const given = await post('set-display-message', {
      chargerId: chargerId(),
      message: { id: 7, priority: 'AlwaysFront', transactionId: 'tx-1', message: { format: 'ASCII', content: 'Hi' } },
    });
    expect(given.body.data.results[0]).toMatchObject({ status: 'accepted', displayMessageId: 7 });
    expect(received).toEqual([
      { action: 'SetDisplayMessage', params: { message: { ...welcome, id } } },
      {
        action: 'SetDisplayMessage',
        params: {
          message: {
            id: 7,
            priority: 'AlwaysFront',
            transactionId: 'tx-1',
            message: { format: 'ASCII', content: 'Hi' },
          },
        },
      },
    ]);
    const read = await api(stack, `/api/charger-operations/${ours.body.data.operationId}`, { key: tenant.apiKey });
    expect(read.body.data.results[0].displayMessageId).toBe(id);
  });

  it('maps the charger’s refusals to rejected', async () => {
    for (const status of ['NotSupportedMessageFormat', 'NotSupportedPriority', 'UnknownTransaction']) {
      answer = () => ({ status });
      const { body } = await post('set-display-message', { chargerId: chargerId(), message: welcome });
      expect(body.data.results[0], status).toMatchObject({ status: 'rejected', ocppStatus: status });
    }
  });

  it('clears a message by id: Accepted accepted, Unknown rejected', async () => {
    answer = (_action, params) => ({ status: params.id === 7 ? 'Accepted' : 'Unknown' });
    const cleared = await post('clear-display-message', { chargerId: chargerId(), id: 7 });
    expect(cleared.body.data.results[0]).toMatchObject({ status: 'accepted', ocppStatus: 'Accepted' });
    const unknown = await post('clear-display-message', { chargerId: chargerId(), id: 8 });
    expect(unknown.body.data.results[0]).toMatchObject({ status: 'rejected', ocppStatus: 'Unknown' });
    expect(received).toEqual([
      { action: 'ClearDisplayMessage', params: { id: 7 } },
      { action: 'ClearDisplayMessage', params: { id: 8 } },
    ]);
  });

  it('refuses a content longer than the limit its device model reports: 400 naming the field, nothing sent', async () => {
    await client.call('NotifyReport', {
      requestId: 4243,
      generatedAt: new Date().toISOString(),
      seqNo: 0,
      reportData: [
        {
          component: { name: 'DisplayMessageCtrlr' },
          variable: { name: 'DisplayMessageMaxLength' },
          variableAttribute: [{ type: 'Actual', value: '10', mutability: 'ReadOnly' }],
          variableCharacteristics: { dataType: 'integer', supportsMonitoring: false },
        },
      ],
    });
    await pollUntil(
      async () => (await api(stack, `/api/chargers/${chargerId()}/configuration`, { key: tenant.apiKey })).body,
      (config) => config.data?.variables?.length === 1,
    );
    const long = { ...welcome, message: { format: 'UTF8', content: 'Eleven char' } };
    const refused = await post('set-display-message', { chargerId: chargerId(), message: long });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.message.message.content']);
    expect(received).toEqual([]);

    answer = () => ({ status: 'Accepted' });
    const fits = { ...welcome, message: { format: 'UTF8', content: 'Ten chars!' } };
    const { body } = await post('set-display-message', { chargerId: chargerId(), message: fits });
    expect(body.data.results[0]).toMatchObject({ status: 'accepted' });
    expect(received).toHaveLength(1);
  });

  it('refuses bad bodies with 400 naming the field, and sends nothing', async () => {
    const to = { chargerId: chargerId() };
    const content = (text: string) => ({ ...welcome, message: { format: 'UTF8', content: text } });
    const cases: [string, unknown, string][] = [
      ['set-display-message', { ...to, message: content('x'.repeat(513)) }, 'body.message.message.content'],
      ['set-display-message', { ...to, message: content('') }, 'body.message.message.content'],
      [
        'set-display-message',
        { ...to, message: { ...welcome, endDateTime: welcome.startDateTime } },
        'body.message.endDateTime',
      ],
      ['set-display-message', { ...to, message: { ...welcome, priority: 'Urgent' } }, 'body.message.priority'],
      ['set-display-message', { ...to, message: { ...welcome, state: 'Sleeping' } }, 'body.message.state'],
      [
        'set-display-message',
        { ...to, message: { ...welcome, message: { format: 'PDF', content: 'x' } } },
        'body.message.message.format',
      ],
      ['set-display-message', { ...to, message: { ...welcome, id: -1 } }, 'body.message.id'],
      ['set-display-message', { ...to, message: { ...welcome, display: {} } }, 'body.message.display'],
      ['set-display-message', { message: welcome }, 'body'],
      ['clear-display-message', { ...to }, 'body.id'],
    ];
    for (const [route, body, field] of cases) {
      const refused = await post(route, body);
      expect(refused.status, `${route} ${JSON.stringify(body)}`).toBe(400);
      expect(refused.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    expect((await post('clear-display-message', { chargerId: 999_999, id: 1 })).status).toBe(404);
    expect(received).toEqual([]);
  });
});

describe('an OCPP 1.6 charger', () => {
  let client: RPCClient;
  const chargerId = () => tenant.chargers[0]!.id;
  beforeAll(async () => {
    client = await connect('ocpp1.6');
  });
  afterAll(async () => client?.close());

  it('has no display messages: notSupported, nothing sent', async () => {
    const set = await post('set-display-message', { chargerId: chargerId(), message: welcome });
    const clear = await post('clear-display-message', { chargerId: chargerId(), id: 1 });
    for (const { status, body } of [set, clear]) {
      expect(status).toBe(200);
      expect(body.data.results[0]).toMatchObject({ status: 'notSupported' });
    }
    expect(set.body.data.results[0].displayMessageId).toBeUndefined();
    expect(received).toEqual([]);
  });
});
