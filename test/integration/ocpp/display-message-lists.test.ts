/**
 * Listing display messages (`POST /api/ocpp/get-display-messages`, OCPP 2.0.1 GetDisplayMessages
 * O03/O04) against ocpp-rpc strict clients: the CALL with its filters, the NotifyDisplayMessages
 * pages assembled in arrival order settling the result (a page after the last ignored), Unknown
 * accepted at once with no messages, a listing past the cap truncated, a page of no request of ours
 * answered and ignored, a 1.6 charger notSupported with nothing sent (a filter for it refused), and
 * bad bodies refused with the field named and nothing sent.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RPCClient } from 'ocpp-rpc';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectRecordingCharger, type BaseProtocol } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';
import { MAX_LISTED_MESSAGES } from '../../../shared/charger-operations/display-report';

process.env.OCPP_COMMAND_TIMEOUT_MS = '3000';
process.env.OPERATION_WAIT_MS = '4000';

let stack: LocalStack;
let tenant: Tenant;
const ids: Record<BaseProtocol, string> = { 'ocpp1.6': uniqueOcppId('DML16'), 'ocpp2.0.1': uniqueOcppId('DML201') };

/** What each charger received of GetDisplayMessages, and how it answers it. */
const received: { action: string; params: any }[] = [];
let answer: (action: string, params: any) => unknown = () => ({ status: 'Accepted' });

const connect = (protocol: BaseProtocol) =>
  connectRecordingCharger(stack, ids[protocol], protocol, ['GetDisplayMessages'], received, () => answer);

beforeAll(async () => {
  stack = await startTestStack();
  tenant = await createTenant(stack, [
    { ocppId: ids['ocpp1.6'], name: 'List 1.6', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
    { ocppId: ids['ocpp2.0.1'], name: 'List 2.0.1', type: 'DCFC', ports: [{ connectorType: 'CCS1' }] },
  ]);
});
afterAll(async () => stack?.close());
afterEach(() => {
  received.length = 0;
  answer = () => ({ status: 'Accepted' });
});

const list = (body: unknown) =>
  api(stack, '/api/ocpp/get-display-messages', { key: tenant.apiKey, method: 'POST', body });
const read = (operationId: string) => api(stack, `/api/charger-operations/${operationId}`, { key: tenant.apiKey });

/** A message as a charger reports it. */
const shown = (id: number, content: string) => ({
  id,
  priority: 'NormalCycle',
  message: { format: 'UTF8', content },
});

describe('an OCPP 2.0.1 station', () => {
  let client: RPCClient;
  const chargerId = () => tenant.chargers[1]!.id;
  beforeAll(async () => {
    client = await connect('ocpp2.0.1');
  });
  afterAll(async () => client?.close());

  /** Lists with `filters`; returns the operation's ID and our requestId as sent. */
  const listed = async (filters: Record<string, unknown> = {}) => {
    const { status, body } = await list({ chargerId: chargerId(), ...filters });
    expect(status).toBe(202);
    expect(body.data.results[0]).toMatchObject({ status: 'scheduled', ocppStatus: 'Accepted' });
    return { operationId: body.data.operationId as string, requestId: received.at(-1)!.params.requestId as number };
  };

  it('asks with the filters; the pages, in arrival order, settle the result with the messages', async () => {
    const { operationId, requestId } = await listed({ id: [3, 1], priority: 'InFront', state: 'Idle' });
    expect(received).toEqual([
      { action: 'GetDisplayMessages', params: { requestId, id: [3, 1], priority: 'InFront', state: 'Idle' } },
    ]);
    const first = {
      ...shown(3, 'Welkom'),
      priority: 'InFront',
      state: 'Idle',
      startDateTime: '2030-01-01T08:00:00.000Z',
      transactionId: 'tx-9',
      message: { format: 'UTF8', language: 'nl', content: 'Welkom', customData: { vendorId: 'V' } },
      display: { name: 'Display', instance: 'front', evse: { id: 1, connectorId: 1 } },
      customData: { vendorId: 'V' },
    };
    await client.call('NotifyDisplayMessages', { requestId, tbc: true, messageInfo: [first] });
    expect((await read(operationId)).body.data.results[0]).toMatchObject({
      status: 'scheduled',
      displayMessages: { requestId, complete: false },
    });
    await client.call('NotifyDisplayMessages', {
      requestId,
      messageInfo: [{ ...shown(1, 'Hi'), priority: 'InFront' }],
    });
    // A page after the last changes nothing.
    await client.call('NotifyDisplayMessages', { requestId, messageInfo: [shown(2, 'Late')] });
    const { body } = await read(operationId);
    expect(body.data).toMatchObject({ action: 'getDisplayMessages', status: 'completed' });
    expect(body.data.results[0]).toMatchObject({
      status: 'accepted',
      note: `requestId ${requestId}: 2 messages listed`,
    });
    expect(body.data.results[0].displayMessages).toEqual({
      requestId,
      complete: true,
      messages: [
        {
          id: 3,
          priority: 'InFront',
          state: 'Idle',
          startDateTime: '2030-01-01T08:00:00.000Z',
          transactionId: 'tx-9',
          message: { format: 'UTF8', language: 'nl', content: 'Welkom' },
          display: { name: 'Display', instance: 'front', evse: { id: 1, connectorId: 1 } },
        },
        { id: 1, priority: 'InFront', message: { format: 'UTF8', content: 'Hi' } },
      ],
    });
  });

  it('takes Unknown (nothing matches) as an empty list at once', async () => {
    answer = () => ({ status: 'Unknown' });
    const { status, body } = await list({ chargerId: chargerId(), priority: 'AlwaysFront' });
    expect(status).toBe(200);
    expect(body.data.status).toBe('completed');
    expect(body.data.results[0]).toMatchObject({
      status: 'accepted',
      ocppStatus: 'Unknown',
      displayMessages: { requestId: received[0]!.params.requestId, complete: true, messages: [] },
    });
  });

  it(`keeps at most ${MAX_LISTED_MESSAGES} messages of a long listing, marked truncated`, async () => {
    const { operationId, requestId } = await listed();
    const page = (from: number) => Array.from({ length: 30 }, (_, i) => shown(from + i, `Message ${from + i}`));
    await client.call('NotifyDisplayMessages', { requestId, tbc: true, messageInfo: page(0) });
    await client.call('NotifyDisplayMessages', { requestId, tbc: true, messageInfo: page(30) });
    await client.call('NotifyDisplayMessages', { requestId, tbc: false, messageInfo: page(60) });
    const result = (await read(operationId)).body.data.results[0];
    expect(result.status).toBe('accepted');
    expect(result.displayMessages.truncated).toBe(true);
    expect(result.displayMessages.messages.map((m: { id: number }) => m.id)).toEqual(
      Array.from({ length: MAX_LISTED_MESSAGES }, (_, i) => i),
    );
  });

  it('answers a page of no request of ours and stores nothing', async () => {
    const requestId = 987_654_321;
    await expect(client.call('NotifyDisplayMessages', { requestId, messageInfo: [shown(1, 'x')] })).resolves.toEqual(
      {},
    );
    const { data } = await stack.db.displayMessagesRequest.get({ chargerId: chargerId(), requestId }).go();
    expect(data).toBeNull();
  });

  it('refuses bad bodies with 400 naming the field, and sends nothing', async () => {
    const to = { chargerId: chargerId() };
    const cases: [unknown, string][] = [
      [{ ...to, priority: 'Urgent' }, 'body.priority'],
      [{ ...to, state: 'Sleeping' }, 'body.state'],
      [{ ...to, id: [] }, 'body.id'],
      [{ ...to, id: [-1] }, 'body.id.0'],
      [{ ...to, id: 'all' }, 'body.id'],
      [{ ...to, requestId: 5 }, 'body.requestId'],
      [{ priority: 'InFront' }, 'body'],
    ];
    for (const [body, field] of cases) {
      const refused = await list(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    expect((await list({ chargerId: 999_999 })).status).toBe(404);
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

  it('has no display messages: notSupported, nothing sent; a filter for it is 400 naming it', async () => {
    const { status, body } = await list({ chargerId: chargerId() });
    expect(status).toBe(200);
    expect(body.data.results[0]).toMatchObject({ status: 'notSupported' });
    expect(body.data.results[0].displayMessages).toBeUndefined();
    const filtered = await list({ chargerId: chargerId(), priority: 'InFront' });
    expect(filtered.status).toBe(400);
    expect(filtered.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.priority']);
    // The refused one was not recorded: the audit trail holds the first only.
    const operations = await api(stack, `/api/charger-operations?chargerId=${chargerId()}&action=getDisplayMessages`, {
      key: tenant.apiKey,
    });
    expect(operations.body.data).toHaveLength(1);
    expect(received).toEqual([]);
  });
});
