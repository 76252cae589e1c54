/**
 * The OCPP message log keeps frames as text: whatever a charger puts in a frame (numbers beyond
 * DynamoDB's range or above 2^53, empty values, deep nesting) makes an item DynamoDB stores, and
 * a frame over 32 KB is cut on a character boundary with its size. The table is a stand-in that
 * keeps what `logChargerCall` would put (the items reach DynamoDB in the integration tests).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { marshall } from '@aws-sdk/util-dynamodb';
import { callOf, logChargerCall, MAX_FRAME_BYTES } from '../../../shared/ocpp/message-log';
import { keptFrame } from '../../../shared/ocpp/frames';
import { answerOf } from '../../../shared/ocpp/commands/correlation';
import type { ChargerConnection } from '../../../shared/charging/charger-connection';
import type { Db } from '../../../shared/db';

const connection = {
  connectionId: 'c',
  chargerId: 7,
  organizationId: 1,
  siteId: 1,
  chargerType: 'DCFC',
  ocppId: 'CP',
  protocol: 'ocpp1.6',
} as ChargerConnection;

/** A table stand-in that keeps the items put into the message log. */
function fakeDb() {
  const items: Record<string, unknown>[] = [];
  const db = { ocppMessage: { put: (item: Record<string, unknown>) => ({ go: async () => items.push(item) }) } };
  return { db: db as unknown as Db, items };
}

const nested = (depth: number): string => (depth === 0 ? '1' : `{"a":${nested(depth - 1)}}`);

/** Frames with what DynamoDB refuses in a parsed payload. */
const ODD_PAYLOADS: [string, string][] = [
  ['a number beyond DynamoDB’s range', '{"connectorId":1e308}'],
  ['an integer above 2^53', '{"transactionId":9007199254740993}'],
  ['a number beyond a double', '{"meterStop":1e400}'],
  ['empty values and an empty key', '{"":"","idTag":"","list":[],"map":{}}'],
  ['nesting 100 deep', nested(100)],
  ['a lone surrogate escape', '{"idTag":"\\ud800"}'],
];

afterEach(() => {
  delete process.env.OCPP_MESSAGE_LOG;
});

describe('logChargerCall', () => {
  it.each(ODD_PAYLOADS)('keeps a CALL with %s as its text, in an item DynamoDB stores', async (_what, payload) => {
    const { db, items } = fakeDb();
    const text = `[2,"m-1","StopTransaction",${payload}]`;
    const reply = '[4,"m-1","TypeConstraintViolation","bad",{}]';
    await logChargerCall(db, connection, text, reply, '2026-11-27T10:00:00.000Z');
    expect(items).toHaveLength(1);
    const item = items[0]!;
    expect(item).toMatchObject({
      chargerId: 7,
      messageId: 'm-1',
      messageType: 'StopTransaction',
      frame: text,
      frameBytes: Buffer.byteLength(text),
      responseType: 'CALLERROR',
      responseFrame: reply,
    });
    // Strings and safe numbers only, one level deep: nothing DynamoDB (or the SDK) refuses.
    for (const value of Object.values(item)) {
      expect(typeof value === 'string' || Number.isSafeInteger(value)).toBe(true);
    }
    expect(() => marshall(item)).not.toThrow();
  });

  it('shows why: the same payloads parsed are refused by the SDK', () => {
    expect(() => marshall({ p: JSON.parse('{"connectorId":1e308}') })).toThrow();
    expect(() => marshall({ p: JSON.parse('{"transactionId":9007199254740993}') })).toThrow();
  });

  it('cuts a frame over 32 KB at 32 KB and keeps its whole size', async () => {
    const { db, items } = fakeDb();
    const text = `[2,"big","DataTransfer",{"vendorId":"v","data":"${'é'.repeat(40_000)}"}]`;
    await logChargerCall(db, connection, text, '[3,"big",{"status":"Accepted"}]', '2026-11-27T10:00:00.000Z');
    const item = items[0]!;
    expect(Buffer.byteLength(item.frame as string)).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    expect(text.startsWith(item.frame as string)).toBe(true);
    expect(item.frameBytes).toBe(Buffer.byteLength(text));
  });

  it('logs a CALL of any shape with a messageId, and nothing without one', async () => {
    const { db, items } = fakeDb();
    const at = '2026-11-27T10:00:00.000Z';
    for (const text of ['[2,"x",42,{}]', '[2,"y","Heartbeat"]', '[2,"z","Heartbeat",{},"extra"]'])
      await logChargerCall(db, connection, text, '[4,"x","FormatViolation","",{}]', at);
    for (const text of ['not json', '[2,"","Heartbeat",{}]', '[2,5,"Heartbeat",{}]', '[3,"r",{}]', '{"a":1}'])
      await logChargerCall(db, connection, text, undefined, at);
    expect(items.map((i) => [i.messageId, i.messageType])).toEqual([
      ['x', ''],
      ['y', 'Heartbeat'],
      ['z', 'Heartbeat'],
    ]);
  });

  it('with the log on errors, keeps only CALLs we answered with a CALLERROR', async () => {
    process.env.OCPP_MESSAGE_LOG = 'errors';
    const { db, items } = fakeDb();
    const at = '2026-11-27T10:00:00.000Z';
    await logChargerCall(db, connection, '[2,"a","Heartbeat",{}]', '[3,"a",{"currentTime":"t"}]', at);
    await logChargerCall(db, connection, '[2,"b","Heartbeat",{"x":1e308}]', '[4,"b","FormatViolation","",{}]', at);
    expect(items.map((i) => i.messageId)).toEqual(['b']);
  });
});

describe('callOf', () => {
  it('cuts the messageId to 36 characters and the action to 64, and replaces lone surrogates', () => {
    expect(callOf(`[2,"${'i'.repeat(50)}","${'A'.repeat(70)}",{}]`)).toEqual({
      messageId: 'i'.repeat(36),
      action: 'A'.repeat(64),
    });
    expect(callOf('[2,"\\ud800x","\\udc00",{}]')).toEqual({ messageId: '\ufffdx', action: '\ufffd' });
  });
});

describe('keptFrame', () => {
  it('keeps a short frame whole and never cuts inside a character', () => {
    expect(keptFrame('[3,"a",{}]', 100)).toEqual({ text: '[3,"a",{}]', bytes: 10 });
    // 'é' is 2 bytes: a bound of 5 bytes keeps 2 characters (4 bytes), not half of the third.
    expect(keptFrame('ééé', 5)).toEqual({ text: 'éé', bytes: 6 });
    expect(keptFrame('a€', 3)).toEqual({ text: 'a', bytes: 4 });
  });
});

describe('answerOf', () => {
  it('reads the charger’s answer from the stored frame, odd values and all', () => {
    expect(answerOf('[3,"m",{"status":"Accepted","n":1e308}]')).toEqual({
      ok: true,
      result: { status: 'Accepted', n: 1e308 },
    });
    expect(answerOf('[4,"m","NotSupported","no",{}]')).toEqual({
      ok: false,
      errorCode: 'NotSupported',
      errorDescription: 'no',
    });
    expect(answerOf('[2,"m","Heartbeat",{}]')).toMatchObject({ ok: false, errorCode: 'GenericError' });
  });
});
