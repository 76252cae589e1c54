/**
 * The local stack's reader of the table's stream (smart charging's trigger) carries on after an
 * iterator goes stale, from just after the last record it read, as Lambda's event source mapping
 * does. DynamoDB Local gives TrimmedDataAccessException only by accident (another table deleted
 * while a stream is read) and ExpiredIteratorException only after 15 idle minutes, so the Streams
 * client is mocked here.
 */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  TrimmedDataAccessException,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { iteratorFor, readShard, startSmartChargingLoop, type ShardPosition } from '../../../lib/local/table-stream';

/** A stream record of a port item (an entity the trigger's filter passes). */
const record = (sequenceNumber: string): _Record => ({
  eventName: 'MODIFY',
  dynamodb: { SequenceNumber: sequenceNumber, NewImage: { __edb_e__: { S: 'port' } } },
});

const streams = new DynamoDBStreamsClient({ region: 'local' });
/** Every Streams client's answers (the loop below makes its own client). */
const mock = mockClient(DynamoDBStreamsClient);

describe('readShard', () => {
  let shard: ShardPosition;
  let delivered: string[];
  const deliver = async (records: _Record[]) => {
    delivered.push(...records.map((r) => r.dynamodb!.SequenceNumber!));
  };

  beforeEach(() => {
    mock.reset();
    shard = { streamArn: 'arn:stream', shardId: 'shard-1' };
    delivered = [];
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['trimmed', () => new TrimmedDataAccessException({ message: 'trimmed', $metadata: {} })],
    ['expired', () => new ExpiredIteratorException({ message: 'expired', $metadata: {} })],
  ])('reads on after the last record when its iterator is %s, losing nothing', async (_kind, stale) => {
    mock
      .on(GetRecordsCommand, { ShardIterator: 'it-1' })
      .resolves({ Records: [record('100'), record('101')], NextShardIterator: 'it-2' })
      .on(GetRecordsCommand, { ShardIterator: 'it-2' })
      .rejects(stale())
      .on(GetShardIteratorCommand, { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: '101' })
      .resolves({ ShardIterator: 'it-after-101' })
      .on(GetRecordsCommand, { ShardIterator: 'it-after-101' })
      .resolves({ Records: [record('102')] }); // no NextShardIterator: the shard closed

    await readShard(streams, shard, 'it-1', 'LATEST', deliver, () => true);

    expect(delivered).toEqual(['100', '101', '102']);
    expect(shard.sequenceNumber).toBe('102');
    expect(mock.commandCalls(GetShardIteratorCommand)).toHaveLength(1);
  });

  it('reads from the oldest record left when even the last one read was trimmed away', async () => {
    mock
      .on(GetShardIteratorCommand, { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER' })
      .rejects(new TrimmedDataAccessException({ message: 'trimmed', $metadata: {} }))
      .on(GetShardIteratorCommand, { ShardIteratorType: 'TRIM_HORIZON' })
      .resolves({ ShardIterator: 'it-oldest' });

    const iterator = await iteratorFor(streams, { ...shard, sequenceNumber: '99' }, 'LATEST');

    expect(iterator).toBe('it-oldest');
  });

  it('starts a shard without a position where it is told to', async () => {
    mock.on(GetShardIteratorCommand, { ShardIteratorType: 'LATEST' }).resolves({ ShardIterator: 'it-latest' });

    expect(await iteratorFor(streams, shard, 'LATEST')).toBe('it-latest');
    expect(mock.commandCalls(GetShardIteratorCommand)[0]!.args[0].input).not.toHaveProperty('SequenceNumber');
  });

  it('gives up on any other error with its position at the last record handed on, so the next reader reads the rest again', async () => {
    const full = Array.from({ length: 100 }, (_, i) => record(String(1000 + i))); // a full batch: delivered at once
    mock
      .on(GetRecordsCommand, { ShardIterator: 'it-1' })
      .resolves({ Records: full, NextShardIterator: 'it-2' })
      .on(GetRecordsCommand, { ShardIterator: 'it-2' })
      .resolves({ Records: [record('1100')], NextShardIterator: 'it-3' }) // in the batching window when the error comes
      .on(GetRecordsCommand, { ShardIterator: 'it-3' })
      .rejects(new Error('socket hang up'));

    await expect(readShard(streams, shard, 'it-1', 'LATEST', deliver, () => true)).rejects.toThrow('socket hang up');

    expect(delivered).toHaveLength(100);
    expect(shard.sequenceNumber).toBe('1099');
  });

  it('hands on the records in its batching window when the shard ends on a stale iterator', async () => {
    mock
      .on(GetRecordsCommand, { ShardIterator: 'it-1' })
      .resolves({ Records: [record('100')], NextShardIterator: 'it-2' }) // waits in the 1-s window
      .on(GetRecordsCommand, { ShardIterator: 'it-2' })
      .rejects(new ExpiredIteratorException({ message: 'expired', $metadata: {} }))
      .on(GetShardIteratorCommand, { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: '100' })
      .resolves({}); // a closed shard read to its end has no iterator

    await readShard(streams, shard, 'it-1', 'LATEST', deliver, () => true);

    expect(delivered).toEqual(['100']);
    expect(shard.sequenceNumber).toBe('100');
  });
});

describe('startSmartChargingLoop', () => {
  const table = mockClient(DynamoDBDocumentClient);

  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    table.on(DescribeTableCommand).resolves({ Table: { LatestStreamArn: 'arn:stream' } });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    table.reset();
    mock.reset();
  });

  /** Starts the loop with a trigger that notes each batch it is handed (the records' sequence numbers). */
  async function startLoop() {
    const batches: string[][] = [];
    const trigger = async (event: { Records: _Record[] }) => {
      batches.push(event.Records.map((r) => r.dynamodb!.SequenceNumber!));
    };
    const loop = await startSmartChargingLoop({
      dynamoDbEndpoint: 'http://127.0.0.1:9',
      tableName: 'unit',
      handlers: { trigger, schedule: async () => undefined } as never,
    });
    return { loop, batches, sizes: () => batches.map((batch) => batch.length) };
  }

  /**
   * One open shard whose reader hands on a full batch (records 1000–1099) and then fails; read
   * again after record 1099, it gives record 1100 and closes. Returns the mock of that second
   * GetShardIterator, for a test to answer it its own way.
   */
  function shardFailingAfterOneBatch() {
    const full = Array.from({ length: 100 }, (_, i) => record(String(1000 + i)));
    mock
      .on(DescribeStreamCommand)
      .resolves({ StreamDescription: { Shards: [{ ShardId: 'shard-1', SequenceNumberRange: {} }] } })
      .on(GetShardIteratorCommand, { ShardIteratorType: 'LATEST' })
      .resolves({ ShardIterator: 'it-1' })
      .on(GetRecordsCommand, { ShardIterator: 'it-1' })
      .resolves({ Records: full, NextShardIterator: 'it-2' })
      .on(GetRecordsCommand, { ShardIterator: 'it-2' })
      .rejects(new Error('socket hang up'))
      .on(GetRecordsCommand, { ShardIterator: 'it-after-1099' })
      .resolves({ Records: [record('1100')] }); // then the shard closes
    return mock.on(GetShardIteratorCommand, { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: '1099' });
  }

  it('starts a failed shard reader again within 10 s, after the last record it handed on', async () => {
    shardFailingAfterOneBatch().resolves({ ShardIterator: 'it-after-1099' });

    const { loop, sizes } = await startLoop();
    await vi.waitFor(() => expect(console.error).toHaveBeenCalledOnce()); // the reader failed
    expect(sizes()).toEqual([100]);
    await vi.advanceTimersByTimeAsync(10_000); // the next look for shards
    await vi.waitFor(() => expect(sizes()).toEqual([100, 1]));
    await loop.stop();
  });

  it('reads a shard that opened and closed between two looks, and never one closed at start', async () => {
    const closed = { StartingSequenceNumber: '1', EndingSequenceNumber: '9' };
    mock
      .on(DescribeStreamCommand)
      .resolvesOnce({ StreamDescription: { Shards: [{ ShardId: 'history', SequenceNumberRange: closed }] } })
      .resolves({
        StreamDescription: {
          Shards: [
            { ShardId: 'history', SequenceNumberRange: closed },
            { ShardId: 'brief', SequenceNumberRange: { StartingSequenceNumber: '10', EndingSequenceNumber: '20' } },
          ],
        },
      })
      .on(GetShardIteratorCommand, { ShardId: 'brief', ShardIteratorType: 'TRIM_HORIZON' })
      .resolves({ ShardIterator: 'it-brief' })
      .on(GetRecordsCommand, { ShardIterator: 'it-brief' })
      .resolves({ Records: [record('15')] }); // read to its end

    const { loop, batches } = await startLoop();
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.waitFor(() => expect(batches).toEqual([['15']]));
    await vi.advanceTimersByTimeAsync(10_000);

    expect(batches).toEqual([['15']]);
    expect(mock.commandCalls(GetShardIteratorCommand, { ShardId: 'history' })).toHaveLength(0);
    await loop.stop();
  });

  it('starts one reader per shard when a look for shards outlasts the next one', async () => {
    let answer: (value: { ShardIterator: string }) => void = () => undefined;
    shardFailingAfterOneBatch().callsFake(() => new Promise((resolve) => (answer = resolve))); // DynamoDB Local stalls

    const { loop, sizes } = await startLoop();
    await vi.waitFor(() => expect(console.error).toHaveBeenCalledOnce());
    await vi.advanceTimersByTimeAsync(30_000); // three looks for shards while the first one waits
    answer({ ShardIterator: 'it-after-1099' });
    await vi.waitFor(() => expect(sizes()).toEqual([100, 1]));
    await vi.advanceTimersByTimeAsync(2_000);

    expect(sizes()).toEqual([100, 1]);
    expect(mock.commandCalls(GetShardIteratorCommand, { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER' })).toHaveLength(1);
    await loop.stop();
  });
});
