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

/** Writes of the operation functions (`lib/aws/table-rows.ts`); the two workers write alike. */
export const OPERATION_FUNCTION_WRITES = {
  /**
   * Each charger's result, the operation's end and its pending marker; the command lane of the
   * CALLs it sends (and a gone charger marked Disconnected), the OCPP message log of them.
   */
  perform: {
    'dynamodb:PutItem': [ROWS.ocppMessages],
    // The charger's partition also holds its customer information, display-messages and
    // publish-firmware requests and its configuration (targeted reports noted), numbered by their
    // counters; a display message set without an id takes ours from its counter.
    'dynamodb:UpdateItem': [
      ROWS.chargerOperations,
      ROWS.pendingChargerOperations,
      ROWS.chargers,
      counterRow('customerInformationRequest'),
      counterRow('displayMessagesRequest'),
      counterRow('displayMessage'),
      counterRow('publishFirmwareRequest'),
      counterRow('reportRequest'),
    ],
    'dynamodb:DeleteItem': [ROWS.pendingChargerOperations],
  },
  /** The log requests' worker: as `perform`, its log requests (`chargerLog`) numbered by the `logRequest` counter. */
  performLogs: {
    'dynamodb:PutItem': [ROWS.ocppMessages],
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

/**
 * The operation workers (every kind but logs; log requests, which alone need S3) and the sweep,
 * their grants and the starters' right to invoke the workers.
 */
export class ChargerOperations extends Construct {
  /** `lambdas/operations/perform.ts`, `perform-logs.ts`, `sweep.ts`. */
  public readonly functions: Readonly<Record<'perform' | 'performLogs' | 'sweep', NodejsFunction>>;

  constructor(scope: Construct, id: string, props: ChargerOperationsProps) {
    super(scope, id);
    const { table, ocppApi, starter } = props;
    const worker = (id: 'perform' | 'performLogs', entry: string, description: string) => {
      const fn = createTableFunction(this, id, {
        entry,
        description,
        // An operation's deadline is at most 14 minutes (shared/charger-operations/operations.ts).
        timeout: Duration.minutes(15),
        tracing: props.tracing,
        table,
        writes: OPERATION_FUNCTION_WRITES[id],
        chargerCalls: { ocppApi, messageLog: props.ocppMessageLog },
      });
      // A crashed worker is not run again (its CALLs may have reached chargers): the sweep ends what it left open.
      fn.configureAsyncInvoke({ retryAttempts: 0 });
      return fn;
    };
    const perform = worker(
      'perform',
      'lambdas/operations/perform.ts',
      'Charger operations: performs one operation on its chargers',
    );
    // Log requests alone sign S3 upload URLs (s3:PutObject) and read the URL secret: the other worker may do neither.
    const performLogs = worker(
      'performLogs',
      'lambdas/operations/perform-logs.ts',
      'Charger operations: performs one log request on its chargers',
    );

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
    // The sweep starts firmware campaigns' updates only; log requests come from the HTTP API.
    grantStart(performLogs, starter, 'LOG_OPERATION_FUNCTION_NAME');
    this.functions = { perform, performLogs, sweep };
  }
}
