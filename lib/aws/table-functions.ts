/**
 * The shapes most of the stack's functions share: a function that reads the table and writes its
 * own rows (`TABLE_NAME`, read access, {@link RowWrites}), optionally sending CALLs to chargers
 * through the OCPP WebSocket API's management endpoint; and a function that starts another one
 * asynchronously (Lambda Invoke, `Event`).
 */
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';
import type { OcppMessageLogMode } from '../../shared/ocpp/message-log';
import { acknowledgeWildcardResource } from './execute-api';
import { createFunction, type NetworkFunctionProps } from './functions';
import type { OcppApi } from './ocpp-api';
import type { NetworkTable } from './table';
import type { RowWrites } from './table-rows';

/** How a function sends CALLs to chargers. */
export interface ChargerCalls {
  /** The OCPP API whose management endpoint carries the CALLs (`WS_MANAGEMENT_ENDPOINT`). */
  readonly ocppApi: OcppApi;
  /** What the OCPP message log keeps of the CALLs sent (`OCPP_MESSAGE_LOG`). @default 'all' */
  readonly messageLog?: OcppMessageLogMode;
  /**
   * How long a CALL waits for its CALLRESULT, ms (`OCPP_COMMAND_TIMEOUT_MS`).
   * @default the command path's own default (shared/ocpp), for a function that waits as long as an API call may
   */
  readonly timeoutMs?: number;
}

/** Properties of {@link createTableFunction}. */
export interface TableFunctionProps extends NetworkFunctionProps {
  readonly table: NetworkTable;
  /** The rows the function writes, granted item by item (`lib/aws/table-rows.ts`). */
  readonly writes: RowWrites;
  /** Given when the function sends CALLs to chargers: its connections are granted. @default none */
  readonly chargerCalls?: ChargerCalls;
}

/**
 * Creates a function ({@link createFunction}) that reads the table and writes `props.writes`, with
 * `TABLE_NAME` in its environment; with `props.chargerCalls`, also the management endpoint, the
 * message log mode and the CALL timeout, and the right to post to the API's connections.
 *
 * @param scope - construct scope
 * @param id - construct ID of the group (function, log group, role)
 * @param props - the function's settings, its table and rows, and how it calls chargers
 * @returns the function
 */
export function createTableFunction(scope: Construct, id: string, props: TableFunctionProps): NodejsFunction {
  const { table, writes, chargerCalls, ...functionProps } = props;
  const fn = createFunction(scope, id, {
    ...functionProps,
    environment: {
      TABLE_NAME: table.tableName,
      ...(chargerCalls
        ? {
            WS_MANAGEMENT_ENDPOINT: chargerCalls.ocppApi.managementEndpoint,
            ...(chargerCalls.timeoutMs ? { OCPP_COMMAND_TIMEOUT_MS: String(chargerCalls.timeoutMs) } : {}),
            OCPP_MESSAGE_LOG: chargerCalls.messageLog ?? 'all',
          }
        : {}),
      ...functionProps.environment,
    },
  });
  table.grantReadData(fn);
  table.grantRowWrites(fn, writes);
  chargerCalls?.ocppApi.grantManageConnections(fn);
  return fn;
}

/**
 * Lets `starter` invoke `worker` (and only it): the worker's name in the starter's environment as
 * `environmentName`, and `lambda:InvokeFunction` on the worker and its versions/aliases (CDK's
 * `grantInvoke`, whose `:*` resource is acknowledged for cdk-nag with that reason).
 *
 * @param worker - the function started
 * @param starter - the function that starts it
 * @param environmentName - the environment variable that names the worker to the starter
 */
export function grantStart(worker: NodejsFunction, starter: NodejsFunction, environmentName: string): void {
  starter.addEnvironment(environmentName, worker.functionName);
  worker.grantInvoke(starter);
  acknowledgeWildcardResource(
    starter.role!,
    `${worker.functionArn}:*`,
    "lambda:InvokeFunction on the function it starts and that function's versions/aliases (CDK's grantInvoke): it may start that one function and no other.",
  );
}
