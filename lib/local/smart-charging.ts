/**
 * Smart charging on the local stack, driven the way AWS drives it: the table's change stream
 * (DynamoDB Local serves DynamoDB Streams) is polled and its records, filtered to the same
 * entities as the CDK event source mapping, are handed to `lambdas/power/trigger.ts` in batches;
 * `lambdas/power/schedule.ts` runs every minute, as the EventBridge rule does. `allocate` is
 * started through the local Lambda Invoke API (`lambda-api.ts`).
 */
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { createDocumentClient } from '../../shared/db';
import { TRIGGERING_ENTITIES } from '../../shared/site-power/triggers';
import { lambdaContext } from './lambda-events';
import type { InvokableHandlers } from './lambda-api';

/** How often an idle stream is read, ms. */
const POLL_MS = 250;
/** Records are gathered this long (or up to {@link BATCH_SIZE}) before the trigger gets them, as the event source mapping's batching window. */
const BATCHING_WINDOW_MS = 1_000;
const BATCH_SIZE = 100;
/** How often the schedule runs, ms (the EventBridge rule's rate). */
const SCHEDULE_MS = 60_000;
/** How often new shards are looked for, ms. */
const SHARDS_MS = 10_000;

/** A running smart-charging loop. */
export interface SmartChargingLoop {
  /** Stops polling and the schedule; resolves when the current batch is handled. */
  stop(): Promise<void>;
}

/** Whether a record concerns an entity the trigger cares about (the event source's filter). */
function passesFilter(record: _Record): boolean {
  const entity = (record.dynamodb?.NewImage ?? record.dynamodb?.OldImage)?.__edb_e__?.S;
  return entity !== undefined && (TRIGGERING_ENTITIES as readonly string[]).includes(entity);
}

/** Reads one shard from its iterator until the loop stops or the shard closes, in batches (window and size as on AWS). */
async function readShard(
  streams: DynamoDBStreamsClient,
  iterator: string | undefined,
  deliver: (records: _Record[]) => Promise<void>,
  running: () => boolean,
): Promise<void> {
  let next = iterator;
  let batch: _Record[] = [];
  let windowEnds = 0;
  while (next && running()) {
    const { Records = [], NextShardIterator } = await streams.send(
      new GetRecordsCommand({ ShardIterator: next, Limit: BATCH_SIZE }),
    );
    const records = Records.filter(passesFilter);
    if (records.length && batch.length === 0) windowEnds = Date.now() + BATCHING_WINDOW_MS;
    batch.push(...records);
    next = NextShardIterator;
    if (batch.length && (batch.length >= BATCH_SIZE || Date.now() >= windowEnds || !next)) {
      await deliver(batch);
      batch = [];
    }
    if (Records.length === 0)
      await new Promise((resolve) =>
        setTimeout(resolve, batch.length ? Math.min(POLL_MS, Math.max(0, windowEnds - Date.now())) : POLL_MS),
      );
  }
}

/**
 * Starts reading the table's stream into the trigger and running the schedule.
 * @param options.handlers the power handlers (`trigger`, `schedule`)
 */
export async function startSmartChargingLoop(options: {
  dynamoDbEndpoint: string;
  tableName: string;
  handlers: InvokableHandlers;
}): Promise<SmartChargingLoop> {
  const local = {
    endpoint: options.dynamoDbEndpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  };
  const client = createDocumentClient({ endpoint: options.dynamoDbEndpoint });
  const { Table } = await client.send(new DescribeTableCommand({ TableName: options.tableName }));
  client.destroy();
  const streams = new DynamoDBStreamsClient(local);
  let running = true;
  const deliver = async (records: _Record[]) => {
    const event = {
      Records: records.map((r) => ({ ...r, eventSource: 'aws:dynamodb' })),
    } as unknown as DynamoDBStreamEvent;
    await options.handlers.trigger!(event, lambdaContext('trigger')).catch((error: unknown) =>
      console.error('smart charging trigger failed', error),
    );
  };
  const streamArn = Table!.LatestStreamArn!;
  const readers = new Map<string, Promise<void>>();
  /** Starts a reader per open shard not read yet: from its end for the shards open at start, from its start after. */
  const discover = async (from: 'LATEST' | 'TRIM_HORIZON') => {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      if (readers.has(shard.ShardId!) || shard.SequenceNumberRange?.EndingSequenceNumber) continue;
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shard.ShardId!, ShardIteratorType: from }),
      );
      const reader = readShard(streams, ShardIterator, deliver, () => running).catch((error: unknown) => {
        if (running) console.error('smart charging stream reader stopped', error);
      });
      readers.set(shard.ShardId!, reader);
    }
  };
  await discover('LATEST');
  const shardWatch = setInterval(() => {
    discover('TRIM_HORIZON').catch(
      (error: unknown) => running && console.error('smart charging: stream shards unreadable', error),
    );
  }, SHARDS_MS);
  const schedule = setInterval(() => {
    options.handlers.schedule!({}, lambdaContext('schedule')).catch((error: unknown) =>
      console.error('smart charging schedule failed', error),
    );
  }, SCHEDULE_MS);
  return {
    async stop() {
      running = false;
      clearInterval(schedule);
      clearInterval(shardWatch);
      await Promise.allSettled(readers.values());
      streams.destroy();
    },
  };
}
