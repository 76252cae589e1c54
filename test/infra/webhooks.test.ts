/**
 * Webhooks in the synthesised template (docs/webhooks.md, "The queue"): the delivery queue and its
 * dead-letter queue (encrypted, TLS only), the worker fed by the queue with partial batch
 * responses, the fan-out fed by the table's stream filtered to alerts and the notifying entities,
 * the secrets' key readable by the worker and the HTTP function only, and each function's writes
 * confined to its rows.
 */
import { describe, expect, it } from 'vitest';
import { FAN_OUT_ENTITIES } from '../../shared/webhooks/fan-out';
import { httpHandlerEntry } from '../../shared/api/routes';
import { MAX_RECEIVE_COUNT } from '../../lib/aws/webhooks';
import { synthesise } from './support/template';
import { rowWritesOf } from './support/iam';

const { template, resources, statementsOf, actionsOf, streamMappingOf, functionId } = synthesise();
const FAN_OUT = 'lambdas/webhooks/fan-out.ts';
const DELIVER = 'lambdas/webhooks/deliver.ts';
const HTTP = httpHandlerEntry('webhooks');

const queues = Object.entries(template.findResources('AWS::SQS::Queue'));
const deliveryQueueId = queues.find(([, q]) => q.Properties.RedrivePolicy)![0];
const deadLetterId = queues.find(([, q]) => !q.Properties.RedrivePolicy)![0];

/** The row patterns and actions of a function's table writes. */
function writesOf(entry: string) {
  const { patterns, actions } = rowWritesOf(statementsOf(entry));
  return { patterns, actions };
}

describe('webhooks', () => {
  it('has a delivery queue and a dead-letter queue, both encrypted and TLS only', () => {
    expect(queues).toHaveLength(2);
    expect(resources[deliveryQueueId]!.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 360,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [deadLetterId, 'Arn'] },
        maxReceiveCount: MAX_RECEIVE_COUNT,
      },
    });
    expect(resources[deadLetterId]!.Properties).toMatchObject({ SqsManagedSseEnabled: true });
    const policies = Object.values(template.findResources('AWS::SQS::QueuePolicy'));
    for (const id of [deliveryQueueId, deadLetterId]) {
      const policy = policies.find((p) => JSON.stringify(p.Properties.Queues).includes(id))!;
      expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('feeds the queue to the worker, ten at a time, with partial batch failures', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [deliveryQueueId, 'Arn'] },
      FunctionName: { Ref: functionId(DELIVER) },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it("feeds the table's stream to the fan-out, filtered to alerts and the notifying entities", () => {
    const mapping = streamMappingOf(FAN_OUT);
    expect(FAN_OUT_ENTITIES).toContain('alert');
    expect(mapping.newImageEntities).toEqual([...FAN_OUT_ENTITIES]);
    expect(mapping.oldImageEntities).toEqual([...FAN_OUT_ENTITIES]);
  });

  it('confines each function to its rows, the queue and (worker, HTTP function) the key', () => {
    // Its deliveries; and, as the caller of emailAlerts, the e-mail markers and the alerts' recipientIds.
    expect(writesOf(FAN_OUT)).toEqual({
      patterns: new Set(['$cn#deliveryid_*', '$cn#constraint_alertEmail:*#value_*', '$cn#alertid_*']),
      actions: new Set(['dynamodb:PutItem', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem']),
    });
    expect(writesOf(DELIVER)).toEqual({
      patterns: new Set(['$cn#deliveryid_*', '$cn#webhookendpointid_*']),
      actions: new Set(['dynamodb:UpdateItem']),
    });
    for (const entry of [FAN_OUT, DELIVER, HTTP]) {
      expect(actionsOf(entry)).toContain('sqs:SendMessage');
      expect(resources[functionId(entry)]!.Properties.Environment.Variables.WEBHOOK_QUEUE_URL).toEqual({
        Ref: deliveryQueueId,
      });
    }
    const secretId = Object.keys(template.findResources('AWS::SecretsManager::Secret')).find((id) =>
      JSON.stringify(resources[id]!.Properties.Description).includes('webhook'),
    )!;
    const knowing = Object.values(resources).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && JSON.stringify(r.Properties).includes(`"${secretId}"`),
    );
    expect(knowing.map((r) => /(lambdas\/\S+\.ts)\)?$/.exec(r.Properties.Description)![1]).sort()).toEqual(
      [DELIVER, HTTP].sort(),
    );
    expect(actionsOf(FAN_OUT)).not.toContain('secretsmanager:GetSecretValue');
    expect(actionsOf(DELIVER)).toContain('secretsmanager:GetSecretValue');
  });

  it('lets the fan-out alone e-mail alerts, from the alertEmailSender identity only, linking the console', () => {
    expect(actionsOf(FAN_OUT)).not.toContain('ses:SendEmail');
    const withSender = synthesise({ alertEmailSender: 'alerts@fleet.example.com' });
    const senders = Object.entries(withSender.resources).filter(
      ([, r]) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties).includes('ses:SendEmail'),
    );
    expect(senders).toHaveLength(1);
    expect(withSender.actionsOf(FAN_OUT)).toContain('ses:SendEmail');
    const statement = withSender.statementsOf(FAN_OUT).find((s) => [s.Action].flat().includes('ses:SendEmail'))!;
    expect(statement.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'alerts@fleet.example.com' } });
    const environment = withSender.resources[withSender.functionId(FAN_OUT)]!.Properties.Environment.Variables;
    expect(environment.ALERT_EMAIL_FROM).toBe('alerts@fleet.example.com');
    expect(JSON.stringify(environment.CONSOLE_URL)).toMatch(/https:\/\//);
  });
});
