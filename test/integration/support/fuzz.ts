/**
 * Test support for fuzzing: inputs made by mutating a valid example (fast-check, fixed seed), and
 * the changes of a test table (its DynamoDB stream) to prove that a refused input changed nothing.
 *
 * A mutation picks a node of the example (any value, the root included) and replaces it with a
 * value of the same JSON type at the edges of its range (huge or negative numbers, long, empty or
 * unusual unicode strings, dates out of range), with any value at all (wrong types, nulls, nested
 * JSON), deletes it, or adds an extra property; one to three mutations per input.
 */
import fc from 'fast-check';
import { DynamoDBClient, DescribeTableCommand, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { localEndpointConfig } from '../../../shared/aws-clients';

/** A JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The seed of every fuzz run: the same inputs on every run. */
export const FUZZ_SEED = 20_261_121;

const EDGE_NUMBERS = [
  0,
  -0,
  -1,
  -3,
  1.5,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  1e15,
  1e21,
  1e300,
  -1e308,
  5e-324,
];
const EDGE_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e308',
  'NaN',
  'null',
  '\u0000',
  '\u202e\u0301',
  '💥'.repeat(40),
  'a'.repeat(5000),
  '9999-12-31T23:59:59Z',
  '0001-01-01T00:00:00Z',
  '2026-02-30T10:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '2026-11-21T10:00:00+14:00',
  '../../x',
  '%00',
  '#',
  '$cn#chargerId_1',
  '{"$ne":null}',
];

/** Any value: edge values of every type, random unicode, nested JSON. */
export const anyValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(null, true, false, ...EDGE_NUMBERS, ...EDGE_STRINGS),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
);

/** One mutation, with a value of each kind ready (the node it hits is only known when applied). */
const mutation = fc.record({
  kind: fc.constantFrom('same', 'same', 'same', 'any', 'any', 'delete', 'extra'),
  pick: fc.nat(),
  integer: fc.oneof(fc.constantFrom(...EDGE_NUMBERS.filter(Number.isInteger)), fc.integer({ min: -100, max: 100_000 })),
  number: fc.oneof(fc.constantFrom(...EDGE_NUMBERS), fc.double({ noNaN: true, noDefaultInfinity: true })),
  string: fc.oneof(fc.constantFrom(...EDGE_STRINGS), fc.string({ unit: 'grapheme', maxLength: 40 })),
  boolean: fc.boolean(),
  any: anyValue,
  key: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'id')),
});
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

type Path = (string | number)[];

/** Every node of a value (the root is `[]`). */
function paths(value: Json, at: Path = []): Path[] {
  const children =
    value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, child]) => paths(child, [...at, Array.isArray(value) ? Number(key) : key]))
      : [];
  return [at, ...children];
}

/** `value` with the node at `path` replaced (`replace` returns undefined to delete it). */
function update(value: Json, path: Path, replace: (node: Json) => Json | undefined): Json | undefined {
  if (path.length === 0) return replace(value);
  const [key, ...rest] = path;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  const child = update(copy[key!], rest, replace);
  if (child !== undefined) copy[key!] = child;
  else if (Array.isArray(copy)) copy.splice(key as number, 1);
  else delete copy[key!];
  return copy;
}

/** A value like `node` (same JSON type) from the mutation's ready values. */
function sameType(node: Json, m: Mutation): Json {
  if (typeof node === 'number') return Number.isInteger(node) ? m.integer : m.number;
  if (typeof node === 'string') return m.string;
  if (typeof node === 'boolean') return m.boolean;
  return m.any;
}

function apply(value: Json, m: Mutation): Json {
  const all = paths(value);
  const path = all[m.pick % all.length]!;
  const mutated = update(value, path, (node) => {
    switch (m.kind) {
      case 'same':
        return sameType(node, m);
      case 'delete':
        return path.length ? undefined : {};
      case 'extra':
        return node && typeof node === 'object' && !Array.isArray(node)
          ? Object.defineProperty({ ...node }, m.key, { value: m.any, enumerable: true })
          : m.any;
      default:
        return m.any;
    }
  });
  return mutated === undefined ? null : mutated;
}

/** Inputs made from a valid example by one to three mutations. */
export function mutationsOf(example: Json): fc.Arbitrary<Json> {
  return fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => ms.reduce(apply, example));
}

/** `count` inputs of an arbitrary, the same on every run. */
export function sampled<T>(arbitrary: fc.Arbitrary<T>, count: number, salt = 0): T[] {
  return fc.sample(arbitrary, { seed: FUZZ_SEED + salt, numRuns: count });
}

/** A change the table's stream reports: the entity and the keys of the item written. */
export interface TableChange {
  event: string;
  entity: string;
  keys: Record<string, unknown>;
}

/**
 * The changes made to a table, read from its DynamoDB stream (enabled by {@link ChangeFeed.open}):
 * each {@link ChangeFeed.read} returns what was written since the previous one, in time
 * proportional to the changes, not to the table.
 */
export class ChangeFeed {
  private constructor(
    private readonly streams: DynamoDBStreamsClient,
    private readonly streamArn: string,
    private iterators: Map<string, string | undefined>,
  ) {}

  /** Reads the stream of a (test) table from now, enabling it when the table has none. */
  static async open(tableName: string): Promise<ChangeFeed> {
    const endpoint = process.env.DYNAMODB_ENDPOINT!;
    const local = localEndpointConfig(endpoint);
    const dynamo = new DynamoDBClient(local);
    const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
    let streamArn = Table?.StreamSpecification?.StreamEnabled ? Table.LatestStreamArn : undefined;
    if (!streamArn) {
      const { TableDescription } = await dynamo.send(
        new UpdateTableCommand({
          TableName: tableName,
          StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
        }),
      );
      streamArn = TableDescription!.LatestStreamArn!;
    }
    dynamo.destroy();
    const feed = new ChangeFeed(new DynamoDBStreamsClient(local), streamArn, new Map());
    await feed.discoverShards('LATEST');
    return feed;
  }

  /** Starts reading the shards not read yet (a shard is closed and followed by a new one now and then). */
  private async discoverShards(type: 'LATEST' | 'TRIM_HORIZON'): Promise<void> {
    const { StreamDescription } = await this.streams.send(new DescribeStreamCommand({ StreamArn: this.streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      if (this.iterators.has(shard.ShardId!)) continue;
      const iterator = await this.streams.send(
        new GetShardIteratorCommand({ StreamArn: this.streamArn, ShardId: shard.ShardId!, ShardIteratorType: type }),
      );
      this.iterators.set(shard.ShardId!, iterator.ShardIterator);
    }
  }

  /** The changes since the previous read. */
  async read(): Promise<TableChange[]> {
    const changes: TableChange[] = [];
    let closed = false;
    for (const [shardId, iterator] of this.iterators) {
      if (!iterator) continue;
      const { Records = [], NextShardIterator } = await this.streams.send(
        new GetRecordsCommand({ ShardIterator: iterator }),
      );
      this.iterators.set(shardId, NextShardIterator);
      closed ||= !NextShardIterator;
      for (const record of Records) {
        const image = record.dynamodb?.NewImage ?? record.dynamodb?.OldImage;
        changes.push({
          event: record.eventName ?? '',
          entity: image?.__edb_e__?.S ?? '?',
          keys: record.dynamodb?.Keys ?? {},
        });
      }
    }
    if (closed) {
      await this.discoverShards('TRIM_HORIZON');
      changes.push(...(await this.read()));
    }
    return changes;
  }

  close(): void {
    this.streams.destroy();
  }
}
