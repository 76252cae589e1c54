/**
 * The alert e-mail grant (`lib/aws/alert-email.ts`) on its own, until the webhook fan-out
 * function that calls `emailAlerts` uses it: SES sending from the sender identity only, the
 * environment, and the table rows `emailAlerts` writes.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { grantAlertEmail } from '../../lib/aws/alert-email';
import { NetworkTable } from '../../lib/aws/table';
import { stackPropsFromContext } from '../../lib/aws/stack';

function synth(props: { sender?: string; consoleUrl?: string }) {
  const stack = new Stack(new App(), 'AlertEmail', { env: { account: '123456789012', region: 'eu-west-1' } });
  const table = new NetworkTable(stack, 'Data');
  const fn = new LambdaFunction(stack, 'FanOut', {
    runtime: Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: Code.fromInline('exports.handler = async () => {}'),
  });
  grantAlertEmail(fn, { table, ...props });
  return Template.fromStack(stack);
}

type Statement = { Action: string | string[]; Resource: unknown; Condition?: Record<string, Record<string, unknown>> };
const statements = (template: Template): Statement[] =>
  Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
    (p) => (p as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument.Statement,
  );

/** An ARN as text, `{ Ref: AWS::Partition }` read as `aws`. */
const arnText = (arn: unknown): string =>
  typeof arn === 'string'
    ? arn
    : (arn as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1]
        .map((part) => (typeof part === 'string' ? part : 'aws'))
        .join('');

describe('alert e-mail grant', () => {
  it('lets the function send from the sender identity only, and sets its environment', () => {
    const template = synth({ sender: 'alerts@fleet.example.com', consoleUrl: 'https://charging.example.com' });
    const ses = statements(template)
      .filter((s) => [s.Action].flat().some((a) => a.startsWith('ses:')))
      .map((s) => ({ ...s, Resource: [s.Resource].flat().map(arnText) }));
    expect(ses).toEqual([
      {
        Action: 'ses:SendEmail',
        Effect: 'Allow',
        Resource: [
          'arn:aws:ses:eu-west-1:123456789012:identity/alerts@fleet.example.com',
          'arn:aws:ses:eu-west-1:123456789012:identity/fleet.example.com',
        ],
        Condition: { StringEquals: { 'ses:FromAddress': 'alerts@fleet.example.com' } },
      },
    ]);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          ALERT_EMAIL_FROM: 'alerts@fleet.example.com',
          CONSOLE_URL: 'https://charging.example.com',
        }),
      },
    });
  });

  it('confines its table writes to the e-mail markers and the alerts', () => {
    const writes = statements(synth({ sender: 'alerts@fleet.example.com' })).filter((s) =>
      [s.Action].flat().some((a) => a.startsWith('dynamodb:')),
    );
    const byAction = Object.fromEntries(
      writes.flatMap((s) =>
        [s.Action].flat().map((a) => [a, s.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys']]),
      ),
    );
    expect(byAction).toEqual({
      'dynamodb:PutItem': ['$cn#constraint_alertEmail:*#value_*'],
      'dynamodb:DeleteItem': ['$cn#constraint_alertEmail:*#value_*'],
      'dynamodb:UpdateItem': ['$cn#alertid_*'],
    });
  });

  it('grants no sending and sets no sender without one (e-mail off)', () => {
    const template = synth({});
    expect(statements(template).filter((s) => [s.Action].flat().some((a) => a.startsWith('ses:')))).toEqual([]);
    expect(JSON.stringify(template.toJSON())).not.toContain('ALERT_EMAIL_FROM');
  });

  it('reads the sender from the CDK context alertEmailSender', () => {
    const context: Record<string, string> = { alertEmailSender: 'alerts@fleet.example.com' };
    expect(stackPropsFromContext((key) => context[key])).toEqual({ alertEmailSender: 'alerts@fleet.example.com' });
  });
});
