/**
 * Display-message operations (`POST /api/ocpp/set-display-message`, `clear-display-message`)
 * against ocpp-rpc strict clients: the CALLs a 2.0.1 station takes (our id when the body gives
 * none), its answers mapped, a content longer than the charger's reported
 * DisplayMessageCtrlr.DisplayMessageMaxLength refused with the field named and nothing sent, a 1.6
 * charger notSupported with nothing sent, and bad bodies refused.
 */
import { describe, expect, it } from 'vitest';
import { pollUntil } from '../support/ocpp';
import { useOperationChargers, type RefusedBody } from '../support/operation-chargers';

/** The chargers, and what they received of the display CALLs and how they answer them. */
const chargers = useOperationChargers({
  idPrefix: 'DSP',
  name: 'Display',
  actions: ['SetDisplayMessage', 'ClearDisplayMessage'],
});
const { post, received } = chargers;

/** A message as the API takes it. */
const welcome = {
  priority: 'InFront',
  state: 'Idle',
  startDateTime: '2030-01-01T08:00:00.000Z',
  endDateTime: '2030-01-01T18:00:00.000Z',
  message: { format: 'UTF8', language: 'nl', content: 'Welkom bij het depot' },
};

describe('an OCPP 2.0.1 station', () => {
  const station = chargers.connected('ocpp2.0.1');
  const { chargerId } = station;

  it('shows a message under our id when none is given, and under the given one', async () => {
    chargers.answer = () => ({ status: 'Accepted' });
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
    const read = await chargers.operation(ours.body.data.operationId);
    expect(read.body.data.results[0].displayMessageId).toBe(id);
  });

  it('maps the charger’s refusals to rejected', async () => {
    for (const status of ['NotSupportedMessageFormat', 'NotSupportedPriority', 'UnknownTransaction']) {
      chargers.answer = () => ({ status });
      const { body } = await post('set-display-message', { chargerId: chargerId(), message: welcome });
      expect(body.data.results[0], status).toMatchObject({ status: 'rejected', ocppStatus: status });
    }
  });

  it('clears a message by id: Accepted accepted, Unknown rejected', async () => {
    chargers.answer = (_action, params) => ({ status: params.id === 7 ? 'Accepted' : 'Unknown' });
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
    await station.client.call('NotifyReport', {
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
      async () => (await chargers.configuration(chargerId())).body,
      (config) => config.data?.variables?.length === 1,
    );
    const long = { ...welcome, message: { format: 'UTF8', content: 'Eleven char' } };
    const refused = await post('set-display-message', { chargerId: chargerId(), message: long });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.message.message.content']);
    expect(received).toEqual([]);

    chargers.answer = () => ({ status: 'Accepted' });
    const fits = { ...welcome, message: { format: 'UTF8', content: 'Ten chars!' } };
    const { body } = await post('set-display-message', { chargerId: chargerId(), message: fits });
    expect(body.data.results[0]).toMatchObject({ status: 'accepted' });
    expect(received).toHaveLength(1);
  });

  it('refuses bad bodies with 400 naming the field, and sends nothing', async () => {
    const to = { chargerId: chargerId() };
    const content = (text: string) => ({ ...welcome, message: { format: 'UTF8', content: text } });
    const cases: RefusedBody[] = [
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
    await chargers.expectRefused(cases);
    expect((await post('clear-display-message', { chargerId: 999_999, id: 1 })).status).toBe(404);
    expect(received).toEqual([]);
  });
});

describe('an OCPP 1.6 charger', () => {
  const { chargerId } = chargers.connected('ocpp1.6');

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
