/**
 * The OCPP message log keeps every frame as the text that went over the WebSocket
 * (docs/history-and-health.md): CALLs whose payloads DynamoDB could not store parsed, a frame over
 * 32 KB cut with its size, and a charger's odd answer to a CALL of ours, which its command still
 * reads; `GET /api/ocpp-messages` serves the text and the payloads parsed from it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTenant, startTestStack, uniqueOcppId, type Tenant } from '../support/stack';
import { connectRaw, type RawCharger } from '../support/ocpp';
import type { LocalStack } from '../../../lib/local/stack';

let stack: LocalStack;
let tenant: Tenant;
const ids = { 'ocpp1.6': uniqueOcppId('ODD16'), 'ocpp2.0.1': uniqueOcppId('ODD201') };
const raw: Partial<Record<keyof typeof ids, RawCharger>> = {};

beforeAll(async () => {
  stack = await startTestStack();
  const ports = [{ connectorType: 'J1772' as const }];
  tenant = await createTenant(stack, [
    { ocppId: ids['ocpp1.6'], name: 'Odd 1.6', type: 'Level 2', ports },
    { ocppId: ids['ocpp2.0.1'], name: 'Odd 2.0.1', type: 'Level 2', ports },
  ]);
  raw['ocpp1.6'] = await connectRaw(stack, ids['ocpp1.6'], 'ocpp1.6');
  raw['ocpp2.0.1'] = await connectRaw(stack, ids['ocpp2.0.1'], 'ocpp2.0.1');
});
afterAll(async () => {
  for (const charger of Object.values(raw)) await charger?.close();
  await stack?.close();
});

const nested = (depth: number): string => (depth === 0 ? '1' : `{"a":${nested(depth - 1)}}`);

/** The logged message of a messageId, as the API lists it. */
async function logged(chargerIndex: number, messageId: string) {
  const chargerId = tenant.chargers[chargerIndex]!.id;
  const { status, body } = await api(stack, `/api/ocpp-messages?chargerId=${chargerId}&limit=500`, {
    key: tenant.apiKey,
  });
  expect(status).toBe(200);
  return body.data.find((m: { id: string }) => m.id.endsWith(`-${messageId}`));
}

describe('frames a charger sends', () => {
  it('a CALL whose payload DynamoDB could not store parsed is listed as sent, with our CALLERROR', async () => {
    const payload = `{"n":1e308,"big":9007199254740993,"":"","deep":${nested(60)}}`;
    const text = `[2,"odd-1","Heartbeat",${payload}]`;
    const answer = (await raw['ocpp1.6']!.exchange(text)) as unknown[];
    expect(answer.slice(0, 2)).toEqual([4, 'odd-1']);
    const message = await logged(0, 'odd-1');
    expect(message).toMatchObject({
      messageType: 'Heartbeat',
      direction: 'fromCharger',
      responseType: 'CALLERROR',
      messageFrame: { text, bytes: Buffer.byteLength(text), truncated: false },
      responseFrame: { text: JSON.stringify(answer), truncated: false },
      messageResponse: { errorCode: answer[2], errorDescription: answer[3] },
    });
    // Parsed where JSON can hold it; the text has every digit.
    expect(message.messagePayload.n).toBe(1e308);
    expect(message.messageFrame.text).toContain('9007199254740993');
  });

  it('a frame over 32 KB is kept cut at 32 KB with its size, and marked truncated', async () => {
    const text = `[2,"big-1","DataTransfer",{"vendorId":"v","data":"${'x'.repeat(40_000)}"}]`;
    await raw['ocpp1.6']!.exchange(text);
    const message = await logged(0, 'big-1');
    expect(message.messageFrame).toEqual({ text: text.slice(0, 32 * 1024), bytes: text.length, truncated: true });
    expect(message.messagePayload).toEqual({ truncated: true, bytes: text.length });
    expect(message.responseType).toBe('CALLRESULT');
  });
});

describe("a charger's odd answer to a CALL of ours", () => {
  it('reaches the command, and the log keeps it as sent', async () => {
    const charger = raw['ocpp2.0.1']!;
    const call = new Promise<unknown[]>((resolve) =>
      charger.ws.once('message', (data) => resolve(JSON.parse(String(data)))),
    );
    const started = api(stack, '/api/ocpp/remote-start', {
      key: tenant.apiKey,
      method: 'POST',
      body: { portId: tenant.chargers[1]!.ports[0]!.id },
    });
    const [, messageId, action] = await call;
    expect(action).toBe('RequestStartTransaction');
    // customData takes any member (2.0.1 schemas): the answer is valid and holds what DynamoDB refuses parsed.
    const answer = `[3,"${messageId}",{"status":"Accepted","customData":{"vendorId":"v","n":1e308,"big":9007199254740993,"":"","deep":${nested(40)}}}]`;
    charger.ws.send(answer);
    const { status, body } = await started;
    expect(status).toBe(200);
    expect(body.data.status).toBe('Accepted');
    const message = await logged(1, messageId as string);
    expect(message).toMatchObject({
      direction: 'toCharger',
      messageType: 'RequestStartTransaction',
      responseType: 'CALLRESULT',
      responseFrame: { text: answer, truncated: false },
      messageResponse: { status: 'Accepted' },
    });
    expect(JSON.parse(message.messageFrame.text)).toEqual([
      2,
      messageId,
      'RequestStartTransaction',
      expect.any(Object),
    ]);
  });
});
