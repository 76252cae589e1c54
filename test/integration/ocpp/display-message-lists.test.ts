/**
 * Listing display messages (`POST /api/ocpp/get-display-messages`, OCPP 2.0.1 GetDisplayMessages
 * O03/O04) against ocpp-rpc strict clients: the CALL with its filters, the NotifyDisplayMessages
 * pages assembled in arrival order settling the result (a page after the last ignored), Unknown
 * accepted at once with no messages, a listing past the cap truncated, a page of no request of ours
 * answered and ignored, a 1.6 charger notSupported with nothing sent (a filter for it refused), and
 * bad bodies refused with the field named and nothing sent.
 */
import { describe, expect, it } from 'vitest';
import { useOperationChargers } from '../support/operation-chargers';
import { MAX_LISTED_MESSAGES } from '../../../shared/charger-operations/display-report';

/** The chargers, and what they received of GetDisplayMessages and how they answer it. */
const chargers = useOperationChargers({
  idPrefix: 'DML',
  name: 'List',
  actions: ['GetDisplayMessages'],
  defaultAnswer: () => ({ status: 'Accepted' }),
});
const { received, operation: read } = chargers;
const list = (body: unknown) => chargers.post('get-display-messages', body);

/** A message as a charger reports it. */
const shown = (id: number, content: string) => ({
  id,
  priority: 'NormalCycle',
  message: { format: 'UTF8', content },
});

describe('an OCPP 2.0.1 station', () => {
  const station = chargers.connected('ocpp2.0.1');
  const { chargerId } = station;

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
    await station.client.call('NotifyDisplayMessages', { requestId, tbc: true, messageInfo: [first] });
    expect((await read(operationId)).body.data.results[0]).toMatchObject({
      status: 'scheduled',
      displayMessages: { requestId, complete: false },
    });
    await station.client.call('NotifyDisplayMessages', {
      requestId,
      messageInfo: [{ ...shown(1, 'Hi'), priority: 'InFront' }],
    });
    // A page after the last changes nothing.
    await station.client.call('NotifyDisplayMessages', { requestId, messageInfo: [shown(2, 'Late')] });
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
    chargers.answer = () => ({ status: 'Unknown' });
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
    await station.client.call('NotifyDisplayMessages', { requestId, tbc: true, messageInfo: page(0) });
    await station.client.call('NotifyDisplayMessages', { requestId, tbc: true, messageInfo: page(30) });
    await station.client.call('NotifyDisplayMessages', { requestId, tbc: false, messageInfo: page(60) });
    const result = (await read(operationId)).body.data.results[0];
    expect(result.status).toBe('accepted');
    expect(result.displayMessages.truncated).toBe(true);
    expect(result.displayMessages.messages.map((m: { id: number }) => m.id)).toEqual(
      Array.from({ length: MAX_LISTED_MESSAGES }, (_, i) => i),
    );
  });

  it('answers a page of no request of ours and stores nothing', async () => {
    const requestId = 987_654_321;
    await expect(
      station.client.call('NotifyDisplayMessages', { requestId, messageInfo: [shown(1, 'x')] }),
    ).resolves.toEqual({});
    const { data } = await chargers.stack.db.displayMessagesRequest.get({ chargerId: chargerId(), requestId }).go();
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
    await chargers.expectRefused(cases.map(([body, field]) => ['get-display-messages', body, field] as const));
    expect((await list({ chargerId: 999_999 })).status).toBe(404);
    expect(received).toEqual([]);
  });
});

describe('an OCPP 1.6 charger', () => {
  const { chargerId } = chargers.connected('ocpp1.6');

  it('has no display messages: notSupported, nothing sent; a filter for it is 400 naming it', async () => {
    const { status, body } = await list({ chargerId: chargerId() });
    expect(status).toBe(200);
    expect(body.data.results[0]).toMatchObject({ status: 'notSupported' });
    expect(body.data.results[0].displayMessages).toBeUndefined();
    const filtered = await list({ chargerId: chargerId(), priority: 'InFront' });
    expect(filtered.status).toBe(400);
    expect(filtered.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.priority']);
    // The refused one was not recorded: the audit trail holds the first only.
    const operations = await chargers.operationsOf(chargerId(), 'getDisplayMessages');
    expect(operations.body.data).toHaveLength(1);
    expect(received).toEqual([]);
  });
});
