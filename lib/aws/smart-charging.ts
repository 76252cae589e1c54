/**
 * Smart charging on AWS's own parts (docs/smart-charging.md): the table's change stream drives
 * `lambdas/power/trigger.ts` (DynamoDB Streams event source, filtered to the entities that can
 * matter, batched); an EventBridge rule runs `lambdas/power/schedule.ts` every minute for the sites
 * due a visit; both start `lambdas/power/allocate.ts` asynchronously (Lambda Invoke, `Event`), which
 * allocates one site under a lease and sends the charging profiles through the OCPP WebSocket
 * API's management endpoint.
 */
import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { PLANNER_FALLBACK_MESSAGE, TRIGGERING_ENTITIES } from '../../shared/site-power';
import type { OcppApi } from './ocpp-api';
import type { NetworkTable } from './table';
import { createTableFunction, grantStart } from './table-functions';
import { ROWS, type RowWrites } from './table-rows';
import type { OcppMessageLogMode } from '../../shared/ocpp/message-log';

/** Writes of the power functions (`lib/aws/table-rows.ts`). */
export const POWER_FUNCTION_WRITES = {
  /** The site's allocation state (a trigger); a vehicle's learnt battery (organization partitions). */
  trigger: { 'dynamodb:UpdateItem': [ROWS.sites, ROWS.organizations] },
  /** The site's allocation state (a visit). */
  schedule: { 'dynamodb:UpdateItem': [ROWS.sites] },
  /**
   * The allocation and its state, the schedule entry, what a charger says of smart charging, the
   * command lane of the profiles sent, the OCPP message log of them.
   */
  allocate: {
    'dynamodb:PutItem': [ROWS.sites, ROWS.scheduledSites, ROWS.ocppMessages],
    'dynamodb:UpdateItem': [ROWS.sites, ROWS.chargers],
    'dynamodb:DeleteItem': [ROWS.scheduledSites],
  },
} as const satisfies Record<string, RowWrites>;

/** Properties of {@link SmartCharging}. */
export interface SmartChargingProps {
  readonly table: NetworkTable;
  /** The OCPP API whose management endpoint carries the profiles. */
  readonly ocppApi: OcppApi;
  /** AWS X-Ray active tracing on the functions. @default false */
  readonly tracing?: boolean;
  /** What the OCPP message log keeps of the profiles sent (`OCPP_MESSAGE_LOG`). @default 'all' */
  readonly ocppMessageLog?: OcppMessageLogMode;
}

/** The planner's WebAssembly solver, shipped beside the `allocate` function's bundle. */
export const HIGHS_WASM = 'node_modules/highs/build/highs.wasm';
/**
 * Memory of the `allocate` function, MB: CPU scales with it, and the planner's two solves of a
 * 200-port site take about half a second of one core (`npm run bench -- site-allocation`).
 */
export const ALLOCATE_FUNCTION_MEMORY_MB = 1024;

/**
 * The metric counting the planner's fallbacks to the greedy allocation (a solver error or a solve
 * over its budget; a site with nothing to plan is none): one per warning the `allocate` function
 * logs with {@link PLANNER_FALLBACK_MESSAGE}.
 */
export const PLANNER_FALLBACK_METRIC = { metricNamespace: 'ChargingNetwork', metricName: 'PlannerFallbacks' } as const;

/** The smart-charging functions, their triggers and grants. */
export class SmartCharging extends Construct {
  /** `lambdas/power/trigger.ts`, `schedule.ts`, `allocate.ts`. */
  public readonly functions: Readonly<Record<'trigger' | 'schedule' | 'allocate', NodejsFunction>>;

  constructor(scope: Construct, id: string, props: SmartChargingProps) {
    super(scope, id);
    const { table, ocppApi } = props;
    const allocate = createTableFunction(this, 'allocate', {
      entry: 'lambdas/power/allocate.ts',
      description: 'Smart charging: allocates one site and sends its charging profiles',
      timeout: Duration.seconds(90),
      // The planner's solver, HiGHS compiled to WebAssembly: its loader finds it beside the bundle.
      bundledFiles: [HIGHS_WASM],
      memorySize: ALLOCATE_FUNCTION_MEMORY_MB,
      tracing: props.tracing,
      table,
      writes: POWER_FUNCTION_WRITES.allocate,
      chargerCalls: { ocppApi, messageLog: props.ocppMessageLog, timeoutMs: 10_000 },
    });
    const starter = (name: 'trigger' | 'schedule', description: string) => {
      const fn = createTableFunction(this, name, {
        entry: `lambdas/power/${name}.ts`,
        description,
        timeout: Duration.seconds(30),
        tracing: props.tracing,
        table,
        writes: POWER_FUNCTION_WRITES[name],
      });
      grantStart(allocate, fn, 'ALLOCATE_FUNCTION_NAME');
      return fn;
    };
    const trigger = starter('trigger', 'Smart charging: table changes that re-allocate a site');
    const schedule = starter('schedule', 'Smart charging: revisits the sites with sessions in progress');
    table.streamChangesTo(trigger, TRIGGERING_ENTITIES);
    new Rule(this, 'Every minute', {
      schedule: Schedule.rate(Duration.minutes(1)),
      targets: [new LambdaFunction(schedule)],
    });
    new MetricFilter(this, 'PlannerFallbacks', {
      logGroup: allocate.logGroup,
      filterPattern: FilterPattern.stringValue('$.message', '=', PLANNER_FALLBACK_MESSAGE),
      ...PLANNER_FALLBACK_METRIC,
      metricValue: '1',
      defaultValue: 0,
    });
    this.functions = { trigger, schedule, allocate };
  }
}
