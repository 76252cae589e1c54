/**
 * The table's change stream on the local stack, read the way AWS's event source mappings read it:
 * DynamoDB Local serves DynamoDB Streams; its records, filtered per consumer to the entities of
 * that consumer's mapping (`NetworkTable.streamChangesTo`), are handed over in batches of up to
 * 100 or 1 s ({@link startStreamLoop}): smart charging's `lambdas/power/trigger.ts`, the local
 * list's `lambdas/local-list/sync.ts` and the alert rules' `lambdas/alerts/trigger.ts`. Smart
 * charging's `lambdas/power/schedule.ts` runs every minute beside it, as the EventBridge rule does;
 * `allocate` is started through the local Lambda Invoke API (`lambda-api.ts`).
 */
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { createDocumentClient } from '../../shared/db';
import { localEndpointConfig } from '../../shared/aws-clients';
import { streamSelects } from '../../shared/db/table-changes';
import { TRIGGERING_ENTITIES } from '../../shared/site-power';
import { lambdaContext } from './lambda-events';
import type { InvokableHandlers } from './lambda-api';

/**
 * How the stream is read. The defaults are `npm start`'s; the integration tests shorten both waits
 * (their stacks hand a change on in a fraction of a second instead of about one), since what they
 * check does not depend on how long a window lasts.
 */
export interface StreamTiming {
  /** How often an idle shard is read, ms. */
  pollMs: number;
  /**
   * Records are gathered this long (or up to {@link BATCH_SIZE}) before the consumers get them, ms:
   * the event source mapping's batching window.
   */
  batchingWindowMs: number;
}

/** `npm start`'s timing: a shard read every 250 ms, batches gathered for up to 1 s. */
export const STREAM_TIMING: StreamTiming = { pollMs: 250, batchingWindowMs: 1_000 };
const BATCH_SIZE = 100;
/** How often the schedule runs, ms (the EventBridge rule's rate). */
const SCHEDULE_MS = 60_000;
/** How often new shards are looked for, ms. */
const SHARDS_MS = 10_000;

/** A running stream loop. */
export interface StreamLoop {
  /** Stops polling and the schedule; resolves when the current batch is handled. */
  stop(): Promise<void>;
}

/** A function fed by the table's stream, with what its event source mapping passes. */
export interface StreamConsumer {
  name: string;
  /** The entities whose every change it reads (`NetworkTable.streamChangesTo` takes the same). */
  entities: readonly string[];
  handler: (event: DynamoDBStreamEvent, context: Context) => Promise<unknown>;
}

/** Whether a record passes a consumer's entities (its event source's filters, `streamSelects`). */
function concerns(record: _Record, entities: readonly string[]): boolean {
  return streamSelects(entities, record.dynamodb);
}

/** Where a shard is read from when it has no position yet: its end (shards open at start) or its start (shards found later). */
export type ShardStart = 'LATEST' | 'TRIM_HORIZON';

/**
 * Errors after which a shard's iterator is useless but the shard is still readable from a fresh
 * one: the iterator expired (15 minutes unused, e.g. a laptop that slept) or points at records
 * trimmed away (DynamoDB Local trims a table's stream records when another table is deleted).
 */
const STALE_ITERATOR_ERRORS = new Set(['ExpiredIteratorException', 'TrimmedDataAccessException']);

/** A shard of the table's stream, with how far its records have been handed on. */
export interface ShardPosition {
  streamArn: string;
  shardId: string;
  /** The last record delivered to the trigger, or filtered out (undefined: none yet). */
  sequenceNumber?: string;
}

/**
 * An iterator for a shard: just after `after` (a sequence number), else at `start`; the oldest
 * record when that one has been trimmed away.
 * @param after @default the shard's position
 * @returns the iterator (undefined for a closed shard read to its end)
 */
export async function iteratorFor(
  streams: DynamoDBStreamsClient,
  shard: ShardPosition,
  start: ShardStart,
  after = shard.sequenceNumber,
): Promise<string | undefined> {
  const at = (type: ShardStart | 'AFTER_SEQUENCE_NUMBER') =>
    streams.send(
      new GetShardIteratorCommand({
        StreamArn: shard.streamArn,
        ShardId: shard.shardId,
        ShardIteratorType: type,
        ...(type === 'AFTER_SEQUENCE_NUMBER' ? { SequenceNumber: after } : {}),
      }),
    );
  if (!after) return (await at(start)).ShardIterator;
  try {
    return (await at('AFTER_SEQUENCE_NUMBER')).ShardIterator;
  } catch (error) {
    if ((error as Error).name !== 'TrimmedDataAccessException') throw error;
    return (await at('TRIM_HORIZON')).ShardIterator;
  }
}

/**
 * Reads one shard until the loop stops or the shard closes, in batches (window and size as on
 * AWS), keeping `shard.sequenceNumber` at the last record handed on. An expired or trimmed
 * iterator is replaced by a fresh one after the last record read (see
 * {@link STALE_ITERATOR_ERRORS}), as Lambda's event source mapping carries on reading a shard.
 * @param shard the shard and where its reading got to (updated as records are read)
 * @param first the iterator to start from ({@link iteratorFor})
 * @param start where a shard without a position is read from when the iterator goes stale
 * @param timing how often an idle shard is read and how long a batch is gathered
 * @throws the stream's other errors (the caller reads the shard again later, from its position)
 */
export async function readShard(
  streams: DynamoDBStreamsClient,
  shard: ShardPosition,
  first: string | undefined,
  start: ShardStart,
  deliver: (records: _Record[]) => Promise<void>,
  running: () => boolean,
  passes: (record: _Record) => boolean = (record) => concerns(record, TRIGGERING_ENTITIES),
  timing: StreamTiming = STREAM_TIMING,
): Promise<void> {
  const { pollMs, batchingWindowMs } = timing;
  let next = first;
  let batch: _Record[] = [];
  let windowEnds = 0;
  let lastRead = shard.sequenceNumber;
  while (next && running()) {
    let page: { Records?: _Record[]; NextShardIterator?: string };
    try {
      page = await streams.send(new GetRecordsCommand({ ShardIterator: next, Limit: BATCH_SIZE }));
    } catch (error) {
      if (!STALE_ITERATOR_ERRORS.has((error as Error).name)) throw error;
      console.warn(
        `smart charging: ${(error as Error).name} on shard ${shard.shardId}, reading on from a new iterator`,
      );
      next = await iteratorFor(streams, shard, start, lastRead);
      await sleep(pollMs); // a fresh iterator that goes stale at once is not tried in a busy loop
      continue;
    }
    const { Records = [], NextShardIterator } = page;
    const records = Records.filter(passes);
    if (records.length && batch.length === 0) windowEnds = Date.now() + batchingWindowMs;
    batch.push(...records);
    lastRead = Records.at(-1)?.dynamodb?.SequenceNumber ?? lastRead;
    next = NextShardIterator;
    if (batch.length && (batch.length >= BATCH_SIZE || Date.now() >= windowEnds || !next)) {
      await deliver(batch);
      batch = [];
    }
    if (batch.length === 0) shard.sequenceNumber = lastRead;
    if (Records.length === 0)
      await sleep(batch.length ? Math.min(pollMs, Math.max(0, windowEnds - Date.now())) : pollMs);
  }
  // The shard ended (its iterator gone, e.g. a closed shard read to its end) with records in the window.
  if (batch.length && running()) {
    await deliver(batch);
    shard.sequenceNumber = lastRead;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The readers of a stream's shards: {@link ShardReaders.discover} starts a reader per shard not
 * being read, from its end for the shards open at start (`LATEST`; the ones closed then are
 * history, never read), from its start after (a shard that opened and closed between two looks
 * included); a shard whose reader failed is read again from its position, and a shard that cannot
 * be started is tried again at the next look.
 */
interface ShardReaders {
  discover(from: ShardStart): Promise<void>;
  /** The readers running now. */
  readers: Set<Promise<void>>;
}

function shardReaders(
  streams: DynamoDBStreamsClient,
  streamArn: string,
  deliver: (records: _Record[]) => Promise<void>,
  running: () => boolean,
  passes: (record: _Record) => boolean,
  timing: StreamTiming,
): ShardReaders {
  /** The shards being read (or read to their end), by shard ID, with their positions. */
  const shards = new Map<string, ShardPosition & { reading: boolean; finished: boolean }>();
  /** The shards already closed at start: history, never read. */
  const closedAtStart = new Set<string>();
  const readers = new Set<Promise<void>>();
  const read = (
    shard: ShardPosition & { reading: boolean; finished: boolean },
    first: string | undefined,
    from: ShardStart,
  ) => {
    const reader = readShard(streams, shard, first, from, deliver, running, passes, timing)
      .then(() => {
        shard.finished = running();
      })
      .catch((error: unknown) => {
        if (running())
          console.error(
            `smart charging: shard ${shard.shardId} unreadable, read again within ${SHARDS_MS / 1000} s`,
            error,
          );
      })
      .finally(() => {
        shard.reading = false;
        readers.delete(reader);
      });
    readers.add(reader);
  };
  const discover = async (from: ShardStart) => {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const { ShardId, SequenceNumberRange } of StreamDescription?.Shards ?? []) {
      const known = shards.get(ShardId!);
      if (!known && SequenceNumberRange?.EndingSequenceNumber) {
        // Closed: history at start; later, a shard that opened and closed between two looks (read whole).
        if (from === 'LATEST') closedAtStart.add(ShardId!);
        if (closedAtStart.has(ShardId!)) continue;
      }
      if (known?.reading || known?.finished) continue;
      const shard = known ?? { streamArn, shardId: ShardId!, reading: false, finished: false };
      shard.reading = true; // before any wait: a look that outlasts the next one cannot start it twice
      shards.set(ShardId!, shard);
      try {
        // The first iterator before discover returns: at start, nothing written after it is missed.
        read(shard, await iteratorFor(streams, shard, from), from);
      } catch (error) {
        shard.reading = false;
        if (running()) console.error(`smart charging: shard ${shard.shardId} not started, tried again later`, error);
      }
    }
  };
  return { discover, readers };
}

/**
 * Starts reading the table's stream into the trigger and running the schedule.
 * @param options.handlers the power handlers (`trigger`, `schedule`)
 */
export async function startSmartChargingLoop(options: {
  dynamoDbEndpoint: string;
  tableName: string;
  handlers: InvokableHandlers;
}): Promise<StreamLoop> {
  return startStreamLoop({
    ...options,
    consumers: [{ name: 'trigger', entities: TRIGGERING_ENTITIES, handler: options.handlers.trigger! }],
    schedule: options.handlers.schedule,
  });
}

/**
 * Starts reading the table's stream into its consumers, each handed the records of its entities in
 * batches, and running the schedule (every minute) when one is given.
 * @param options.consumers the stream's functions and their filters
 * @param options.schedule smart charging's `schedule` handler
 * @param options.timing how the shards are read @default {@link STREAM_TIMING}
 */
export async function startStreamLoop(options: {
  dynamoDbEndpoint: string;
  tableName: string;
  consumers: readonly StreamConsumer[];
  schedule?: InvokableHandlers[string];
  timing?: StreamTiming;
}): Promise<StreamLoop> {
  const client = createDocumentClient({ endpoint: options.dynamoDbEndpoint });
  const { Table } = await client.send(new DescribeTableCommand({ TableName: options.tableName }));
  client.destroy();
  const streams = new DynamoDBStreamsClient(localEndpointConfig(options.dynamoDbEndpoint));
  let running = true;
  const deliver = async (records: _Record[]) => {
    await Promise.all(
      options.consumers.map(async ({ name, entities, handler }) => {
        const mine = records.filter((record) => concerns(record, entities));
        if (mine.length === 0) return;
        const event = {
          Records: mine.map((r) => ({ ...r, eventSource: 'aws:dynamodb' })),
        } as unknown as DynamoDBStreamEvent;
        await handler(event, lambdaContext(name)).catch((error: unknown) => console.error(`${name} failed`, error));
      }),
    );
  };
  const passes = (record: _Record) => options.consumers.some(({ entities }) => concerns(record, entities));
  const { discover, readers } = shardReaders(
    streams,
    Table!.LatestStreamArn!,
    deliver,
    () => running,
    passes,
    options.timing ?? STREAM_TIMING,
  );
  await discover('LATEST');
  /** Whether a look for shards is under way: one at a time, however long DynamoDB Local takes to answer. */
  let looking = false;
  const shardWatch = setInterval(() => {
    if (looking) return;
    looking = true;
    discover('TRIM_HORIZON')
      .catch((error: unknown) => {
        if (running) console.error('table stream: shards unreadable', error);
      })
      .finally(() => {
        looking = false;
      });
  }, SHARDS_MS);
  const { schedule: runSchedule } = options;
  const schedule = runSchedule
    ? setInterval(() => {
        runSchedule({}, lambdaContext('schedule')).catch((error: unknown) =>
          console.error('smart charging schedule failed', error),
        );
      }, SCHEDULE_MS)
    : undefined;
  return {
    async stop() {
      running = false;
      clearInterval(schedule);
      clearInterval(shardWatch);
      await Promise.allSettled([...readers]);
      streams.destroy();
    },
  };
}
