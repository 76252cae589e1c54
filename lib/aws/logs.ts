/**
 * CloudWatch Logs defaults shared by every log group of the stack (Lambda function logs and API
 * Gateway access logs), so retention and removal are decided in one place.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** Retention of every log group the stack creates. */
export const LOG_RETENTION = RetentionDays.ONE_MONTH;

/** Options of {@link createLogGroup}. */
export interface LogGroupOptions {
  /**
   * How long CloudWatch Logs keeps the events.
   * @default LOG_RETENTION (one month)
   */
  readonly retention?: RetentionDays;
}

/**
 * Creates a log group with the stack's retention. Log groups are destroyed with the stack (their
 * events expire anyway), unlike the table, which is retained.
 *
 * @param scope - construct scope
 * @param id - construct ID
 * @returns the new log group
 */
export function createLogGroup(scope: Construct, id: string, options: LogGroupOptions = {}): LogGroup {
  return new LogGroup(scope, id, {
    retention: options.retention ?? LOG_RETENTION,
    removalPolicy: RemovalPolicy.DESTROY,
  });
}
