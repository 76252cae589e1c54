/**
 * `batchGet` / `batchPut` / `batchDelete` (shared/db/batch.ts): what DynamoDB leaves unprocessed
 * (UnprocessedKeys, UnprocessedItems: throttling) is sent again until nothing is left, a bounded
 * number of times, then a clear error. Before the toolkit, the access ID batch ignored unprocessed
 * keys of its BatchGetItem (and could then overwrite an existing access ID) and customers silently
 * dropped unprocessed writes.
 */
import { BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchDelete, batchGet, BatchIncompleteError, batchPut } from '../../../shared/db';
import { counterItem, counterKey, mockedDb, TABLE } from './mock-table';

let { db, mock } = mockedDb();
beforeEach(() => {
  ({ db, mock } = mockedDb());
});
afterEach(() => {
  vi.useRealTimers();
});

/** The keys each BatchGetItem call asked for. */
const keysAsked = () =>
  mock.commandCalls(BatchGetCommand).map((call) => call.args[0].input.RequestItems?.[TABLE]?.Keys);
/** The requests each BatchWriteItem call sent. */
const writesSent = () => mock.commandCalls(BatchWriteCommand).map((call) => call.args[0].input.RequestItems?.[TABLE]);

/** Runs `work` with fake timers, so that the backoff between attempts takes no real time. */
async function withoutWaiting<T>(work: () => Promise<T>): Promise<PromiseSettledResult<T>> {
  vi.useFakeTimers();
  const settled = Promise.allSettled([work()]);
  await vi.runAllTimersAsync();
  return (await settled)[0]!;
}

describe('batchGet', () => {
  it('sends up to four BatchGetItems of 100 keys at once', async () => {
    let inFlight = 0;
    let most = 0;
    mock.on(BatchGetCommand).callsFake(async (input) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      const keys = input.RequestItems[TABLE].Keys as Record<string, unknown>[];
      return { Responses: { [TABLE]: keys.map((_, i) => counterItem(db, `k${i}`, i)) }, UnprocessedKeys: {} };
    });
    const keys = Array.from({ length: 450 }, (_, i) => ({ name: `n${i}` }));
    expect(await batchGet(db.counter, keys)).toHaveLength(450);
    expect(keysAsked().map((asked) => asked?.length)).toEqual([100, 100, 100, 100, 50]);
    expect(most).toBe(4);
  });

  it('asks again for the keys DynamoDB left unprocessed, until every item is read', async () => {
    mock
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { [TABLE]: [counterItem(db, 'a', 1)] },
        UnprocessedKeys: { [TABLE]: { Keys: [counterKey(db, 'b'), counterKey(db, 'c')] } },
      })
      .resolvesOnce({
        Responses: { [TABLE]: [counterItem(db, 'c', 3)] },
        UnprocessedKeys: { [TABLE]: { Keys: [counterKey(db, 'b')] } },
      })
      .resolvesOnce({ Responses: { [TABLE]: [counterItem(db, 'b', 2)] }, UnprocessedKeys: {} });
    const found = await batchGet(db.counter, [{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    expect(found.map((c) => [c.name, c.value]).sort()).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    expect(keysAsked()).toEqual([
      [counterKey(db, 'a'), counterKey(db, 'b'), counterKey(db, 'c')],
      [counterKey(db, 'b'), counterKey(db, 'c')],
      [counterKey(db, 'b')],
    ]);
  });

  it('reads a key given twice once (DynamoDB refuses a batch with duplicate keys)', async () => {
    mock.on(BatchGetCommand).resolves({ Responses: { [TABLE]: [counterItem(db, 'a', 1)] }, UnprocessedKeys: {} });
    const found = await batchGet(db.counter, [{ name: 'a' }, { name: 'b' }, { name: 'a' }], true);
    expect(found).toEqual([{ name: 'a', value: 1 }]);
    expect(keysAsked()).toEqual([[counterKey(db, 'a'), counterKey(db, 'b')]]);
    expect(mock.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems?.[TABLE]?.ConsistentRead).toBe(true);
  });

  it('gives up with a BatchIncompleteError naming what is left when keys stay unprocessed through every retry', async () => {
    mock
      .on(BatchGetCommand)
      .resolves({ Responses: { [TABLE]: [] }, UnprocessedKeys: { [TABLE]: { Keys: [counterKey(db, 'b')] } } });
    const result = await withoutWaiting(() => batchGet(db.counter, [{ name: 'a' }, { name: 'b' }]));
    expect(result.status).toBe('rejected');
    const error = (result as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(BatchIncompleteError);
    expect(error).toMatchObject({ operation: 'BatchGetItem', left: 1 });
    expect(error.message).toMatch(/left 1 items of a BatchGetItem unprocessed after 9 attempts/);
    expect(mock.commandCalls(BatchGetCommand)).toHaveLength(9);
  });

  it('lets a DynamoDB error through at once', async () => {
    const denied = Object.assign(new Error('User is not authorized'), { name: 'AccessDeniedException' });
    mock.on(BatchGetCommand).rejects(denied);
    await expect(batchGet(db.counter, [{ name: 'a' }])).rejects.toThrow(/not authorized/);
    expect(mock.commandCalls(BatchGetCommand)).toHaveLength(1);
  });
});

describe('batchPut and batchDelete', () => {
  it('writes again the whole items DynamoDB left unprocessed, until none is left', async () => {
    mock
      .on(BatchWriteCommand)
      .resolvesOnce({ UnprocessedItems: { [TABLE]: [{ PutRequest: { Item: counterItem(db, 'b', 2) } }] } })
      .resolvesOnce({ UnprocessedItems: {} });
    await batchPut(db.counter, [
      { name: 'a', value: 1 },
      { name: 'b', value: 2 },
    ]);
    expect(writesSent()).toEqual([
      [{ PutRequest: { Item: counterItem(db, 'a', 1) } }, { PutRequest: { Item: counterItem(db, 'b', 2) } }],
      [{ PutRequest: { Item: counterItem(db, 'b', 2) } }],
    ]);
  });

  it('deletes again the keys DynamoDB left unprocessed, each key once', async () => {
    mock
      .on(BatchWriteCommand)
      .resolvesOnce({ UnprocessedItems: { [TABLE]: [{ DeleteRequest: { Key: counterKey(db, 'a') } }] } })
      .resolvesOnce({ UnprocessedItems: {} });
    await batchDelete(db.counter, [{ name: 'a' }, { name: 'b' }, { name: 'a' }]);
    expect(writesSent()).toEqual([
      [{ DeleteRequest: { Key: counterKey(db, 'a') } }, { DeleteRequest: { Key: counterKey(db, 'b') } }],
      [{ DeleteRequest: { Key: counterKey(db, 'a') } }],
    ]);
  });

  it('gives up with a BatchIncompleteError when items stay unprocessed through every retry', async () => {
    mock
      .on(BatchWriteCommand)
      .resolves({ UnprocessedItems: { [TABLE]: [{ PutRequest: { Item: counterItem(db, 'a', 1) } }] } });
    const result = await withoutWaiting(() => batchPut(db.counter, [{ name: 'a', value: 1 }]));
    expect((result as PromiseRejectedResult).reason).toMatchObject({
      name: 'BatchIncompleteError',
      operation: 'BatchWriteItem (put)',
      left: 1,
    });
    expect(mock.commandCalls(BatchWriteCommand)).toHaveLength(9);
  });
});
