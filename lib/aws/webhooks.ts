/**
 * Webhooks on AWS's own parts (docs/webhooks.md, "The queue"): the table's change stream drives
 * the fan-out (`lambdas/webhooks/fan-out.ts`, filtered to alerts and the entities whose changes
 * make events), which writes one delivery per subscribed endpoint and sends one SQS message per
 * delivery; the worker (`lambdas/webhooks/deliver.ts`, SQS event source with partial batch
 * responses) makes each attempt and sends the next one (waits past 15 minutes go in hops of
 * `DelaySeconds`). A message whose handling keeps failing (the table or the queue, not the
 * receiver) goes to the dead-letter queue after {@link MAX_RECEIVE_COUNT} receives. Both queues are
 * encrypted (SSE-SQS) and refuse requests without TLS. Endpoints' secrets are encrypted with a
 * generated Secrets Manager secret that only the worker and the HTTP function of webhooks read.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { FAN_OUT_ENTITIES } from '../../shared/webhooks';
import type { NetworkTable } from './table';
import { createTableFunction } from './table-functions';
import { ROWS, type RowWrites } from './table-rows';

/** Receives of a message before it goes to the dead-letter queue. */
export const MAX_RECEIVE_COUNT = 5;

/** The webhooks' functions: `lambdas/webhooks/<name>.ts`. */
export const WEBHOOK_FUNCTIONS = ['fan-out', 'deliver'] as const;

/** Writes of each function (`lib/aws/table-rows.ts`). */
export const WEBHOOK_FUNCTION_WRITES = {
  // The deliveries it makes (conditional PutItem).
  'fan-out': { 'dynamodb:PutItem': [ROWS.webhookDeliveries] },
  // Each attempt's outcome on the delivery; the endpoint's failing streak, or its disabling.
  deliver: { 'dynamodb:UpdateItem': [ROWS.webhookDeliveries, ROWS.webhookEndpoints] },
} as const satisfies Record<(typeof WEBHOOK_FUNCTIONS)[number], RowWrites>;

/** Properties of {@link Webhooks}. */
export interface WebhooksProps {
  readonly table: NetworkTable;
  /** The HTTP function of the webhook routes: it encrypts secrets and queues tests and retries. */
  readonly httpFunction: NodejsFunction;
  /** AWS X-Ray active tracing on the functions. @default false */
  readonly tracing?: boolean;
}

/** The delivery queue, its dead-letter queue, the fan-out, the worker and the secrets' key. */
export class Webhooks extends Construct {
  public readonly queue: Queue;
  public readonly deadLetterQueue: Queue;
  /** The key endpoints' secrets are encrypted with (generated, never in the template). */
  public readonly secretsKey: Secret;
  public readonly functions: Readonly<Record<(typeof WEBHOOK_FUNCTIONS)[number], NodejsFunction>>;

  constructor(scope: Construct, id: string, props: WebhooksProps) {
    super(scope, id);
    const { table } = props;
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This is the dead-letter queue of the webhook delivery queue.',
    });
    const deliver = createTableFunction(this, 'deliver', {
      entry: 'lambdas/webhooks/deliver.ts',
      description: 'Webhooks: signed delivery attempts, from the delivery queue',
      // Ten attempts at a time, each cut at 15 s.
      timeout: Duration.seconds(60),
      tracing: props.tracing,
      table,
      writes: WEBHOOK_FUNCTION_WRITES.deliver,
    });
    this.queue = new Queue(this, 'Deliveries', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Six times the worker's timeout, as Lambda's event source advises.
      visibilityTimeout: Duration.minutes(6),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_RECEIVE_COUNT },
    });
    deliver.addEventSource(new SqsEventSource(this.queue, { batchSize: 10, reportBatchItemFailures: true }));
    const fanOut = createTableFunction(this, 'fan-out', {
      entry: 'lambdas/webhooks/fan-out.ts',
      description: "Webhooks: the table's events to the subscribed endpoints' deliveries",
      timeout: Duration.minutes(1),
      tracing: props.tracing,
      table,
      writes: WEBHOOK_FUNCTION_WRITES['fan-out'],
    });
    table.streamChangesTo(fanOut, FAN_OUT_ENTITIES);
    this.secretsKey = new Secret(this, 'SecretsKey', {
      description: "Encrypts webhook endpoints' signing secrets (AES-256-GCM, shared/webhooks/secrets.ts)",
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    Validations.of(this.secretsKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        "A rotation would make every stored endpoint secret unreadable (they are encrypted with it); the functions read it once per process. Replace it by hand, with the endpoints' secrets rotated, if it leaks (docs/webhooks.md).",
    });
    this.functions = { 'fan-out': fanOut, deliver };
    const readKey = new PolicyStatement({
      actions: ['secretsmanager:GetSecretValue'],
      resources: [this.secretsKey.secretArn],
    });
    for (const fn of [fanOut, deliver, props.httpFunction]) {
      this.queue.grantSendMessages(fn);
      fn.addEnvironment('WEBHOOK_QUEUE_URL', this.queue.queueUrl);
    }
    for (const fn of [deliver, props.httpFunction]) {
      fn.addToRolePolicy(readKey);
      fn.addEnvironment('WEBHOOK_KEY_SECRET_ARN', this.secretsKey.secretArn);
    }
  }
}
