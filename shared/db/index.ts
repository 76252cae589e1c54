/**
 * Entry point of the data layer: the process-wide {@link Db} (lazy, from the environment), numeric
 * ID allocation, and table creation for DynamoDB Local.
 */
import { CreateTableCommand, DescribeTableCommand, UpdateTimeToLiveCommand, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient, dbConfigFromEnv, type DbConfig } from './client';
import { createEntities, TABLE_KEYS, type Db } from './entities';

export { createEntities, TABLE_KEYS, type Db } from './entities';
export { createDocumentClient, dbConfigFromEnv, requestCounts, totalRequests, type DbConfig } from './client';

let current: Db | undefined;

/** The process's data layer, created on first use from `TABLE_NAME` / `DYNAMODB_ENDPOINT`. */
export function getDb(): Db {
  current ??= openDb(dbConfigFromEnv());
  return current;
}

/** Opens the data layer for an explicit table (operator CLI, tests, the local stack). */
export function openDb(config: DbConfig): Db {
  return createEntities(createDocumentClient(config), config.tableName);
}

/** Kinds of numeric IDs; each has its own counter (spec IDs are numbers). */
export type IdKind = 'organization' | 'apiKey' | 'site' | 'charger' | 'port' | 'chargingSession' | 'remoteStart' | 'vehicle' | 'accessId' | 'departure';

/**
 * Allocates `count` consecutive numeric IDs of one kind with a single atomic UpdateItem (ADD).
 * @returns the first ID of the block; the block is `first .. first + count - 1`.
 * @throws RangeError when `count` is not a positive integer.
 */
export async function allocateIds(db: Db, kind: IdKind, count = 1): Promise<number> {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`count must be a positive integer, got ${count}`);
  const { data } = await db.counter.update({ name: kind }).add({ value: count }).go({ response: 'updated_new' });
  return (data.value ?? count) - count + 1;
}

/**
 * Creates the single table (PAY_PER_REQUEST, both GSIs, TTL on `expiresAt`) unless it exists.
 * Used for DynamoDB Local; on AWS the CDK stack owns the table.
 */
export async function ensureTable(client: DynamoDBDocumentClient, tableName: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const keyNames = [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, ...TABLE_KEYS.gsis.flatMap((g) => [g.partitionKey, g.sortKey])];
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
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TABLE_KEYS.ttl, Enabled: true } }),
  );
}
