/**
 * Entry point of the data layer: the process-wide {@link Db} (lazy, from the environment), numeric
 * ID allocation, and table creation for DynamoDB Local.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { processClient } from '../aws-clients';
import { createDocumentClient, dbConfigFromEnv, type DbConfig } from './client';
import { createEntities, TABLE_KEYS, type Db } from './entities';

export { createEntities, TABLE_KEYS, type Db } from './entities';
export {
  consumedCapacity,
  createDocumentClient,
  dbConfigFromEnv,
  requestCounts,
  totalRequests,
  type DbConfig,
} from './client';
export { allocateIds, transactWithIds, type IdKind, type IdBlocks } from './ids';
export {
  transact,
  type TransactionOutcome,
  type TransactionEntities,
  type TransactionWrite,
  type LabelledWrites,
  MAX_TRANSACTION_ITEMS,
} from './transactions';
export { claimUnique, releaseUnique } from './unique';
export { batchGet, batchPut, batchDelete, BatchIncompleteError } from './batch';
export { withRetry, retryRaces, RetryableError, pollUntil } from './retry';
export { queryPartition } from './partition';

/**
 * The process's data layer, kept as the SDK clients are (`processClient`), by table and endpoint; a
 * replaced one is left to the garbage collector rather than destroyed (a request may still hold it).
 */
const processDb = /* @__PURE__ */ processClient(
  () => {
    const { endpoint, tableName } = dbConfigFromEnv();
    return `${endpoint ?? ''}|${tableName}`;
  },
  () => openDb(dbConfigFromEnv()),
);

/**
 * The process's data layer, created on first use from `TABLE_NAME` / `DYNAMODB_ENDPOINT` and
 * again when they change (one process running local stacks one after another, as the benchmarks do).
 * @throws Error when `TABLE_NAME` is not set
 */
export function getDb(): Db {
  return processDb();
}

/** Opens the data layer for an explicit table (operator CLI, tests, the local stack). */
export function openDb(config: DbConfig): Db {
  return createEntities(createDocumentClient(config), config.tableName);
}

/** The change stream smart charging reads (new and old images). */
const STREAM = { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } as const;

/**
 * Creates the single table (PAY_PER_REQUEST, every GSI of {@link TABLE_KEYS}, TTL on `expiresAt`,
 * the change stream) unless it exists; an existing table (a local `.data/` from an older version)
 * gets the GSIs and the stream it lacks. Used for DynamoDB Local; on AWS the CDK stack owns the table.
 */
export async function ensureTable(client: DynamoDBDocumentClient, tableName: string): Promise<void> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    await addMissingIndexes(client, tableName, new Set((Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName)));
    if (!Table?.StreamSpecification?.StreamEnabled) {
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: STREAM }));
    }
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const keyNames = [
    TABLE_KEYS.partitionKey,
    TABLE_KEYS.sortKey,
    ...TABLE_KEYS.gsis.flatMap((g) => [g.partitionKey, g.sortKey]),
  ];
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_KEYS.gsis.map((g) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      StreamSpecification: STREAM,
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_KEYS.ttl, Enabled: true },
    }),
  );
}

/** Adds the GSIs of {@link TABLE_KEYS} that an existing table lacks, one UpdateTable each. */
async function addMissingIndexes(client: DynamoDBDocumentClient, tableName: string, existing: Set<string | undefined>) {
  for (const g of TABLE_KEYS.gsis.filter((index) => !existing.has(index.indexName))) {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [g.partitionKey, g.sortKey].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: g.indexName,
              KeySchema: [
                { AttributeName: g.partitionKey, KeyType: 'HASH' },
                { AttributeName: g.sortKey, KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          },
        ],
      }),
    );
  }
}
