/**
 * The single DynamoDB table (docs/architecture.md, "The table"), its key schema taken from
 * {@link TABLE_KEYS} so the stack, the local table and the entity layer cannot drift apart.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  AttributeType,
  BillingMode,
  ProjectionType,
  StreamViewType,
  Table,
  TableEncryption,
} from 'aws-cdk-lib/aws-dynamodb';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, type IFunction, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Construct } from 'constructs';
import { TABLE_KEYS } from '../../shared/db/entities';
import { ENTITY_ATTRIBUTE } from '../../shared/db/table-changes';
import type { ItemWriteAction, RowWrites } from './table-rows';
import { acknowledgeWildcardResource } from './execute-api';

/**
 * Item reads a function may make: point reads, batch reads, Queries (on the table and its GSIs)
 * and the condition checks of transactions. `Scan` is deliberately absent: no request path scans
 * (docs/architecture.md, "The table"), and IAM makes that a rule rather than a convention.
 */
export const READ_DATA_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
] as const;

/** Properties of {@link NetworkTable}. */
export interface NetworkTableProps {
  /**
   * What happens to the table when it leaves the stack (or the stack is deleted).
   * @default RemovalPolicy.RETAIN: the network's data outlives any deployment mistake
   */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * The network's one DynamoDB table: `pk`/`sk` string keys, GSIs `gsi1`, `gsi2` and `gsi3` projecting all
 * attributes, on-demand capacity, point-in-time recovery, TTL on `expiresAt` (correlation
 * records, rate-limit windows), AWS-managed encryption at rest, retained on deletion.
 *
 * Its grant methods name exact ARNs (the table, each GSI) rather than `index/*`, so the IAM
 * policies need no wildcard and no cdk-nag acknowledgement.
 */
export class NetworkTable extends Construct {
  /** The DynamoDB table. */
  public readonly table: Table;

  constructor(scope: Construct, id: string, props: NetworkTableProps = {}) {
    super(scope, id);
    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE_KEYS.ttl,
      encryption: TableEncryption.AWS_MANAGED,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.RETAIN,
      // The change stream drives smart charging (`lib/aws/smart-charging.ts`).
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
    });
    for (const gsi of TABLE_KEYS.gsis) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
  }

  /** The table's name (what the functions receive as `TABLE_NAME`). */
  public get tableName(): string {
    return this.table.tableName;
  }

  /** ARNs of the table's GSIs, one per index (`<tableArn>/index/<indexName>`). */
  private get indexArns(): string[] {
    return TABLE_KEYS.gsis.map((gsi) => `${this.table.tableArn}/index/${gsi.indexName}`);
  }

  /**
   * Grants {@link READ_DATA_ACTIONS} on the table and each GSI.
   *
   * @param grantee - the principal (usually a Lambda function)
   * @returns the grant
   */
  public grantReadData(grantee: IGrantable): Grant {
    return Grant.addToPrincipal({
      grantee,
      actions: [...READ_DATA_ACTIONS],
      resourceArns: [this.table.tableArn, ...this.indexArns],
    });
  }

  /**
   * Grants item writes confined to rows: one statement per group of actions with the same
   * patterns, on the table (GSIs are written through the table), with the condition
   * `ForAllValues:StringLike` on `dynamodb:LeadingKeys`, so every item a request writes must have
   * a partition key matching one of the patterns (`lib/aws/table-rows.ts`).
   *
   * @param grantee - the principal (usually a Lambda function)
   * @param writes - partition-key patterns per write action; at least one action
   * @returns the grant
   * @throws Error when `writes` names no action or an action with no pattern
   */
  public grantRowWrites(grantee: IGrantable, writes: RowWrites): Grant {
    const byPatterns = new Map<string, ItemWriteAction[]>();
    for (const [action, rows] of Object.entries(writes) as [ItemWriteAction, readonly string[]][]) {
      if (rows.length === 0) throw new Error(`grantRowWrites: ${action} needs at least one row pattern`);
      const key = JSON.stringify([...new Set(rows)].sort());
      byPatterns.set(key, [...(byPatterns.get(key) ?? []), action]);
    }
    if (byPatterns.size === 0) throw new Error('grantRowWrites needs at least one action');
    const grants = [...byPatterns].map(([key, actions]) =>
      Grant.addToPrincipal({
        grantee,
        actions: actions.sort(),
        resourceArns: [this.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': JSON.parse(key) as string[] } },
      }),
    );
    return grants.reduce((all, grant) => all.combine(grant));
  }

  /**
   * Feeds the table's change stream (new and old images) to `consumer`: every change of `entities`
   * (ElectroDB's `__edb_e__`, on either image, so a deletion counts; the local stack's stream loop
   * passes the same through `streamSelects`, `shared/db/table-changes.ts`); `batchSize`
   * records or 1 s at a time, a failing batch retried twice and bisected. DynamoDB Streams'
   * `ListStreams` has no resource-level permission, so the wildcard the event source needs is
   * acknowledged here.
   *
   * @param consumer - the stream's Lambda function (`lambdas/power/trigger.ts`, `lambdas/local-list/sync.ts`)
   * @param entities - the entity names whose changes it reads
   * @param options - `batchSize` (default 100): at most as many records as the consumer serves
   *   within its timeout; `reportBatchItemFailures` (default false): the consumer answers
   *   `batchItemFailures`, and Lambda retries from the first record it reports
   */
  public streamChangesTo(
    consumer: IFunction,
    entities: readonly string[],
    options: { batchSize?: number; reportBatchItemFailures?: boolean } = {},
  ): void {
    const filters = streamFilters(entities).map((pattern) => FilterCriteria.filter(pattern));
    consumer.addEventSource(
      new DynamoEventSource(this.table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: options.batchSize ?? 100,
        maxBatchingWindow: Duration.seconds(1),
        retryAttempts: 2,
        bisectBatchOnError: true,
        reportBatchItemFailures: options.reportBatchItemFailures ?? false,
        filters,
      }),
    );
    acknowledgeWildcardResource(
      consumer.role!,
      '*',
      'dynamodb:ListStreams (part of the stream read the DynamoDB event source needs) has no resource-level permissions: "*" is the only form. The stream itself is read through its own ARN.',
    );
  }
}

/**
 * A stream consumer's entity names as event source filter patterns (any one passes a record): the
 * entities on the new image, and on the old one (so a deletion counts); none for an empty list.
 */
export function streamFilters(entities: readonly string[]): Record<string, unknown>[] {
  return entities.length
    ? (['NewImage', 'OldImage'] as const).map((image) => ({
        dynamodb: { [image]: { [ENTITY_ATTRIBUTE]: { S: FilterRule.or(...entities) } } },
      }))
    : [];
}
