/**
 * Alerts on AWS's own parts (docs/alerts.md): an EventBridge rule runs the alert sweep
 * (`lambdas/alerts/sweep.ts`) every minute, which raises and clears `offlineCharger` (probing
 * silent chargers with TriggerMessage through the OCPP WebSocket API's management endpoint) and
 * `chargerFaulted`.
 */
import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import type { OcppMessageLogMode } from '../../shared/ocpp/message-log';
import type { OcppApi } from './ocpp-api';
import { createTableFunction } from './table-functions';
import type { NetworkTable } from './table';
import { counterRow, ROWS, type RowWrites } from './table-rows';

/** Writes of the alert functions (`lib/aws/table-rows.ts`). */
export const ALERT_FUNCTION_WRITES = {
  /**
   * Alerts raised (the alert, its ID counter and its episode's marker in one transaction),
   * updated, cleared (the marker released); a probed charger's connection (`lastMessageAt`), its
   * command lane (and a gone charger marked Disconnected) and the OCPP message log of the probe.
   */
  sweep: {
    'dynamodb:PutItem': [ROWS.alerts, ROWS.activeAlertMarkers, ROWS.ocppMessages],
    'dynamodb:UpdateItem': [ROWS.alerts, counterRow('alert'), ROWS.connections, ROWS.chargers],
    'dynamodb:DeleteItem': [ROWS.activeAlertMarkers],
  },
} as const satisfies Record<string, RowWrites>;

/** Properties of {@link Alerts}. */
export interface AlertsProps {
  readonly table: NetworkTable;
  /** The OCPP API whose management endpoint carries the probes. */
  readonly ocppApi: OcppApi;
  /** AWS X-Ray active tracing on the functions. @default false */
  readonly tracing?: boolean;
  /** What the OCPP message log keeps of the CALLs sent (`OCPP_MESSAGE_LOG`). @default 'all' */
  readonly ocppMessageLog?: OcppMessageLogMode;
}

/** The alert sweep, its schedule and its grants. */
export class Alerts extends Construct {
  /** `lambdas/alerts/sweep.ts`. */
  public readonly functions: Readonly<Record<'sweep', NodejsFunction>>;

  constructor(scope: Construct, id: string, props: AlertsProps) {
    super(scope, id);
    const { table, ocppApi } = props;
    const sweep = createTableFunction(this, 'sweep', {
      entry: 'lambdas/alerts/sweep.ts',
      description: 'Alerts: raises and clears offline chargers (after a probe) and faulted ports every minute',
      // The probes of an organization run at once and wait at most 20 s (shared/alerts/sweep.ts).
      timeout: Duration.seconds(60),
      tracing: props.tracing,
      table,
      writes: ALERT_FUNCTION_WRITES.sweep,
      chargerCalls: { ocppApi, messageLog: props.ocppMessageLog },
    });
    new Rule(this, 'Every minute', {
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(sweep)],
    });
    this.functions = { sweep };
  }
}
