/**
 * Charger operations on AWS's own parts (docs/charger-operations.md): the worker
 * (`lambdas/operations/perform.ts`), started asynchronously (Lambda Invoke, `Event`) by the
 * `chargerOperations` HTTP function for each operation, performs it through the OCPP WebSocket
 * API's management endpoint; an EventBridge rule runs the sweep (`lambdas/operations/sweep.ts`)
 * every minute, which settles scheduled results and ends overdue operations.
 */
import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import type { OcppApi } from './ocpp-api';
import type { NetworkTable } from './table';
import { createTableFunction, grantStart } from './table-functions';
import { counterRow, ROWS, type RowWrites } from './table-rows';
import type { OcppMessageLogMode } from '../../shared/ocpp/message-log';

/** Writes of the operation functions (`lib/aws/table-rows.ts`). */
export const OPERATION_FUNCTION_WRITES = {
  /**
   * Each charger's result, the operation's end and its pending marker; the command lane of the
   * CALLs it sends (and a gone charger marked Disconnected), the OCPP message log of them.
   */
  perform: {
    'dynamodb:PutItem': [ROWS.ocppMessages],
    // The charger's partition also holds its log requests (`chargerLog`), numbered by the `logRequest` counter.
    'dynamodb:UpdateItem': [
      ROWS.chargerOperations,
      ROWS.pendingChargerOperations,
      ROWS.chargers,
      counterRow('logRequest'),
    ],
    'dynamodb:DeleteItem': [ROWS.pendingChargerOperations],
  },
  /**
   * Settled and overdue results, the operations' ends and their pending markers; the running
   * firmware campaigns' advances, the operations they start, their ends.
   */
  sweep: {
    'dynamodb:PutItem': [ROWS.chargerOperations, ROWS.pendingChargerOperations, ROWS.firmwareCampaigns],
    'dynamodb:UpdateItem': [ROWS.chargerOperations],
    'dynamodb:DeleteItem': [ROWS.pendingChargerOperations, ROWS.runningFirmwareCampaigns],
  },
} as const satisfies Record<string, RowWrites>;

/** Properties of {@link ChargerOperations}. */
export interface ChargerOperationsProps {
  readonly table: NetworkTable;
  /** The OCPP API whose management endpoint carries the CALLs. */
  readonly ocppApi: OcppApi;
  /** The HTTP function that starts the worker (`chargerOperations`). */
  readonly starter: NodejsFunction;
  /** AWS X-Ray active tracing on the functions. @default false */
  readonly tracing?: boolean;
  /** What the OCPP message log keeps of the CALLs sent (`OCPP_MESSAGE_LOG`). @default 'all' */
  readonly ocppMessageLog?: OcppMessageLogMode;
}

/** The operation worker and the sweep, their grants and the starter's right to invoke the worker. */
export class ChargerOperations extends Construct {
  /** `lambdas/operations/perform.ts`, `sweep.ts`. */
  public readonly functions: Readonly<Record<'perform' | 'sweep', NodejsFunction>>;

  constructor(scope: Construct, id: string, props: ChargerOperationsProps) {
    super(scope, id);
    const { table, ocppApi, starter } = props;
    const perform = createTableFunction(this, 'perform', {
      entry: 'lambdas/operations/perform.ts',
      description: 'Charger operations: performs one operation on its chargers',
      // An operation's deadline is at most 14 minutes (shared/charger-operations/operations.ts).
      timeout: Duration.minutes(15),
      tracing: props.tracing,
      table,
      writes: OPERATION_FUNCTION_WRITES.perform,
      chargerCalls: { ocppApi, messageLog: props.ocppMessageLog },
    });
    // A crashed worker is not run again (its CALLs may have reached chargers): the sweep ends what it left open.
    perform.configureAsyncInvoke({ retryAttempts: 0 });

    const sweep = createTableFunction(this, 'sweep', {
      entry: 'lambdas/operations/sweep.ts',
      description: 'Charger operations: settles scheduled results and ends overdue operations',
      timeout: Duration.seconds(60),
      tracing: props.tracing,
      table,
      writes: OPERATION_FUNCTION_WRITES.sweep,
    });
    new Rule(this, 'Every minute', {
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(sweep)],
    });

    // The HTTP function starts operations; the sweep too, for the firmware campaigns it advances.
    for (const fn of [starter, sweep]) grantStart(perform, fn, 'OPERATION_FUNCTION_NAME');
    this.functions = { perform, sweep };
  }
}
