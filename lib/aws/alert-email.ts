/**
 * What a function needs to e-mail alert recipients (`shared/alert-recipients/email.ts`,
 * docs/alert-recipients.md): permission to send through Amazon SES from the sender identity only,
 * its environment (`ALERT_EMAIL_FROM`, `CONSOLE_URL`), and its table writes (the per-recipient
 * markers, the alert's `recipientIds`). The function that calls `emailAlerts` (the webhook fan-out,
 * fed by the table's stream) is given it with {@link grantAlertEmail}; no other function sends.
 */
import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { NetworkTable } from './table';
import { ROWS, type RowWrites } from './table-rows';

/** The table writes of `emailAlerts`: a marker per (alert, recipient), created and (on failure) deleted; the alert's `recipientIds`. */
export const ALERT_EMAIL_WRITES = {
  'dynamodb:PutItem': [ROWS.alertEmailMarkers],
  'dynamodb:DeleteItem': [ROWS.alertEmailMarkers],
  'dynamodb:UpdateItem': [ROWS.alerts],
} as const satisfies RowWrites;

/** Properties of {@link grantAlertEmail}. */
export interface AlertEmailProps {
  /** The table the markers and alerts are in. */
  readonly table: NetworkTable;
  /**
   * The sender: an address (`alerts@fleet.example.com`) of an SES identity verified in the stack's
   * region, the address itself or its domain (CDK context `alertEmailSender`).
   * @default none: e-mail is off (the function logs it once and sends nothing)
   */
  readonly sender?: string;
  /**
   * The console's base URL (`https://<domain>`), linked from each message.
   * @default none: no link
   */
  readonly consoleUrl?: string;
}

/**
 * Lets `fn` e-mail alert recipients: `ses:SendEmail` on the sender's identities (the address and its
 * domain) with `ses:FromAddress` fixed to the sender, `ALERT_EMAIL_FROM` and `CONSOLE_URL` in its
 * environment, and {@link ALERT_EMAIL_WRITES} on the table. Without a sender, only the table writes
 * are granted (e-mail is off).
 * @param fn the function that calls `emailAlerts`
 */
export function grantAlertEmail(fn: LambdaFunction, props: AlertEmailProps): void {
  props.table.grantRowWrites(fn, ALERT_EMAIL_WRITES);
  if (props.consoleUrl) fn.addEnvironment('CONSOLE_URL', props.consoleUrl);
  if (!props.sender) return;
  const domain = props.sender.slice(props.sender.lastIndexOf('@') + 1);
  const identity = (name: string) =>
    Stack.of(fn).formatArn({ service: 'ses', resource: 'identity', resourceName: name });
  fn.addEnvironment('ALERT_EMAIL_FROM', props.sender);
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [...new Set([identity(props.sender), identity(domain)])],
      conditions: { StringEquals: { 'ses:FromAddress': props.sender } },
    }),
  );
}
