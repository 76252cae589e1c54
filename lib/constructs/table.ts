/**
 * The single DynamoDB table (ARCHITECTURE.md, "Data"), its key schema taken from
 * {@link TABLE_KEYS} so the stack, the local table and the entity layer cannot drift apart.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { TABLE_KEYS } from '../../shared/db/entities';

/**
 * Item reads a function may make: point reads, batch reads, Queries (on the table and its GSIs)
 * and the condition checks of transactions. `Scan` is deliberately absent: no request path scans
 * (ARCHITECTURE.md, "Data"), and IAM makes that a rule rather than a convention.
 */
export const READ_DATA_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
] as const;

/** An item write API action; `TransactWriteItems` is authorised per item by these same actions. */
export type ItemWriteAction =
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:BatchWriteItem';

/** Every item write action: what {@link NetworkTable.grantReadWriteData} grants besides reads. */
export const ITEM_WRITE_ACTIONS: readonly ItemWriteAction[] = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

/** Properties of {@link NetworkTable}. */
export interface NetworkTableProps {
  /**
   * What happens to the table when it leaves the stack (or the stack is deleted).
   * @default RemovalPolicy.RETAIN: the network's data outlives any deployment mistake
   */
  readonly removalPolicy?: RemovalPolicy;
}

/**
 * The network's one DynamoDB table: `pk`/`sk` string keys, GSIs `gsi1` and `gsi2` projecting all
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
   * Grants only the named item writes, on the table (GSIs are written through the table).
   * Used for functions that mostly read, such as HTTP reads that also count rate-limit windows
   * with `UpdateItem`.
   *
   * @param grantee - the principal
   * @param actions - the write actions to allow; at least one
   * @returns the grant
   */
  public grantItemWrites(grantee: IGrantable, actions: readonly ItemWriteAction[]): Grant {
    if (actions.length === 0) throw new Error('grantItemWrites needs at least one action');
    return Grant.addToPrincipal({ grantee, actions: [...actions], resourceArns: [this.table.tableArn] });
  }

  /**
   * Grants reads ({@link grantReadData}) and every item write ({@link ITEM_WRITE_ACTIONS}).
   *
   * @param grantee - the principal
   * @returns the combined grant
   */
  public grantReadWriteData(grantee: IGrantable): Grant {
    return this.grantReadData(grantee).combine(this.grantItemWrites(grantee, ITEM_WRITE_ACTIONS));
  }
}
