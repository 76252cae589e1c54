/**
 * The one DynamoDB client of a process, configured from the environment.
 *
 * Lambdas get `TABLE_NAME` from the stack; the local stack and the tests also set
 * `DYNAMODB_ENDPOINT` (DynamoDB Local). Every request the client sends is counted per operation
 * so that benchmarks can report "DynamoDB requests per API call" without mocking anything.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { localEndpointConfig } from '../aws-clients';

/** Where the table lives. */
export interface DbConfig {
  /** DynamoDB table name. */
  tableName: string;
  /** Endpoint URL of DynamoDB Local (`http://127.0.0.1:8000`); unset on AWS. */
  endpoint?: string;
  /** AWS region; defaults to `AWS_REGION`, or `local` with an endpoint (`localEndpointConfig`). */
  region?: string;
}

/**
 * Reads the table configuration from `TABLE_NAME`, `DYNAMODB_ENDPOINT` and `AWS_REGION`.
 * @throws Error when `TABLE_NAME` is not set (a deployment or local-stack bug, not user input).
 */
export function dbConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DbConfig {
  const tableName = env.TABLE_NAME;
  if (!tableName) throw new Error('TABLE_NAME is not set');
  return { tableName, endpoint: env.DYNAMODB_ENDPOINT || undefined, region: env.AWS_REGION || undefined };
}

/** DynamoDB requests sent by this process, by operation name (`GetItem`, `Query`, …). */
export const requestCounts = new Map<string, number>();

/**
 * Capacity units this process's requests consumed, as DynamoDB reports them (read request units
 * for GetItem, BatchGetItem, Query, Scan, TransactGetItems; write request units for the rest,
 * secondary indexes and the doubling of transactions included). Counted only while `enabled`
 * (benchmarks): requests then ask for `ReturnConsumedCapacity: 'INDEXES'`, whose total DynamoDB
 * Local computes as the sum of its per-index parts (its `TOTAL` under-counts a transaction that
 * writes several items to several indexes, e.g. 18 instead of 22 units). A single-item write refused
 * by its condition counts 1 unit: DynamoDB bills it, but its error reports no capacity.
 */
export const consumedCapacity = { enabled: false, read: 0, write: 0 };

const READ_OPERATIONS = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan', 'TransactGetItems']);

type CapacityReport = { CapacityUnits?: number } | { CapacityUnits?: number }[] | undefined;

function addCapacity(operation: string, report: CapacityReport): void {
  const units = [report ?? []].flat().reduce((sum, r) => sum + (r.CapacityUnits ?? 0), 0);
  if (READ_OPERATIONS.has(operation)) consumedCapacity.read += units;
  else consumedCapacity.write += units;
}

/** Sum of {@link requestCounts}; benchmarks read it before and after a call. */
export function totalRequests(): number {
  let total = 0;
  for (const n of requestCounts.values()) total += n;
  return total;
}

/**
 * Creates a document client (plain JS values in and out, `undefined` values dropped).
 * With an endpoint (DynamoDB Local) it uses static dummy credentials so no AWS account is needed.
 */
export function createDocumentClient(config: Pick<DbConfig, 'endpoint' | 'region'>): DynamoDBDocumentClient {
  const local = config.endpoint ? localEndpointConfig(config.endpoint) : {};
  const client = new DynamoDBClient({ ...local, ...(config.region ? { region: config.region } : {}) });
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const op = String(context.commandName ?? 'Unknown').replace(/Command$/, '');
      requestCounts.set(op, (requestCounts.get(op) ?? 0) + 1);
      if (!consumedCapacity.enabled) return next(args);
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity ??= 'INDEXES';
      try {
        const result = await next(args);
        addCapacity(op, (result.output as { ConsumedCapacity?: CapacityReport }).ConsumedCapacity);
        return result;
      } catch (error) {
        if ((error as Error).name === 'ConditionalCheckFailedException') addCapacity(op, { CapacityUnits: 1 });
        throw error;
      }
    },
    { step: 'initialize', name: 'countDynamoDbRequests' },
  );
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}
