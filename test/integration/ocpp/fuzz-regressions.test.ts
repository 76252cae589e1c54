/** Inputs the fuzz test (`test/integration/fuzz.test.ts`) found to break a rule, kept as regressions. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestStack, uniqueOcppId } from '../support/stack';
import { connectRaw, type RawCharger } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';

let stack: LocalStack;
let raw: RawCharger;
let chargerId: number;
const ocppId = uniqueOcppId('FZR');

beforeAll(async () => {
  stack = await startTestStack();
  const tenant = await createTenant(stack, [
    { ocppId, name: 'Regressions', type: 'Level 2', ports: [{ connectorType: 'J1772' }] },
  ]);
  chargerId = tenant.chargers[0]!.id;
  raw = await connectRaw(stack, ocppId, 'ocpp2.0.1');
});
afterAll(async () => {
  await raw?.close();
  await stack?.close();
});

/** Every frame the connection receives from now on. */
function received(): unknown[] {
  const frames: unknown[] = [];
  raw.ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
  return frames;
}

describe('fuzz regressions', () => {
  it('a CALLRESULT answering nothing, with numbers DynamoDB cannot store, gets no CALLERROR and stores nothing', async () => {
    const frames = received();
    raw.ws.send(JSON.stringify([3, '2leng', { 'm8d, O': 'x', CaEq2: 1.5e-323, big: -2.7338518958906734e157 }]));
    expect(await raw.exchange('[2, "alive", "Heartbeat", {}]')).toEqual([
      3,
      'alive',
      { currentTime: expect.any(String) },
    ]);
    expect(frames.filter((f) => (f as unknown[])[1] !== 'alive')).toEqual([]);
    // Only the Heartbeat is in the charger's log: the reply created no record of its own.
    const { data } = await stack.db.ocppMessage.query
      .primary({ chargerId, day: new Date().toISOString().slice(0, 10) })
      .go();
    expect(data.map((m) => m.messageId)).toEqual(['alive']);
  });
});
