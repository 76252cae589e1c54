/**
 * The stream-raised alerts on AWS's own parts (docs/alerts.md): the table's change stream drives
 * `lambdas/alerts/trigger.ts` through its own event source mapping (a sibling of smart charging's
 * trigger, filtered to `ALERT_TRIGGERING_ENTITIES`: site allocations, charger error reports,
 * session records, port readings and security events; batched), which raises, updates and clears
 * `lateCharging`, `profileDrift`, `chargingSessionError`, `chargingCompleted`, `lowBattery` and
 * `securityEvent`.
 */
import { Duration } from 'aws-cdk-lib';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { ALERT_TRIGGERING_ENTITIES } from '../../shared/alerts';
import type { NetworkTable } from './table';
import { createTableFunction } from './table-functions';
import { counterRow, ROWS, type RowWrites } from './table-rows';

/**
 * Writes of the trigger (`lib/aws/table-rows.ts`): the alert and its active-episode marker
 * (one transaction), the alert ID counter.
 */
export const ALERT_TRIGGER_WRITES = {
  'dynamodb:PutItem': [ROWS.alerts, ROWS.activeAlertMarkers],
  'dynamodb:UpdateItem': [ROWS.alerts, counterRow('alert')],
  'dynamodb:DeleteItem': [ROWS.activeAlertMarkers],
} as const satisfies RowWrites;

/** Properties of {@link AlertTrigger}. */
export interface AlertTriggerProps {
  readonly table: NetworkTable;
  /** AWS X-Ray active tracing on the function. @default false */
  readonly tracing?: boolean;
}

/** The alert rules' stream consumer. */
export class AlertTrigger extends Construct {
  /** `lambdas/alerts/trigger.ts`. */
  public readonly trigger: NodejsFunction;

  constructor(scope: Construct, id: string, props: AlertTriggerProps) {
    super(scope, id);
    const { table } = props;
    this.trigger = createTableFunction(this, 'trigger', {
      entry: 'lambdas/alerts/trigger.ts',
      description: 'Alerts: late charging, session errors, charging completed and low battery from table changes',
      timeout: Duration.seconds(60),
      tracing: props.tracing,
      table,
      writes: ALERT_TRIGGER_WRITES,
    });
    table.streamChangesTo(this.trigger, ALERT_TRIGGERING_ENTITIES);
  }
}
