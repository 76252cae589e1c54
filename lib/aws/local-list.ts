/**
 * The local authorization list on AWS's own parts (docs/local-authorization-list.md): the table's
 * change stream drives `lambdas/local-list/sync.ts` through its own event source mapping (a
 * sibling of smart charging's trigger, filtered to access IDs, chargers and local-list items,
 * batched), which sends SendLocalList through the OCPP WebSocket API's management endpoint. The
 * same function is the stream's sender of the site tariffs' messages, CostUpdated (OCPP 2.0.1 I04)
 * and the OCPP 2.1 tariffs (docs/tariffs.md): site tariff items pass its filter too
 * (`LOCAL_LIST_SYNC_STREAM`), so a tariff change's messages need no function of their own.
 */
import { Duration } from 'aws-cdk-lib';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { LOCAL_LIST_SYNC_STREAM } from '../../shared/local-auth-list';
import type { OcppMessageLogMode } from '../../shared/ocpp/message-log';
import type { OcppApi } from './ocpp-api';
import type { NetworkTable } from './table';
import { createTableFunction } from './table-functions';
import { ROWS, type RowWrites } from './table-rows';

/**
 * Writes of the sync function (`lib/aws/table-rows.ts`): the charger's `localAuthList` item
 * and its command lane (both in the charger's partition), the OCPP message log of the CALLs it sends.
 */
export const LOCAL_LIST_FUNCTION_WRITES = {
  'dynamodb:PutItem': [ROWS.ocppMessages],
  'dynamodb:UpdateItem': [ROWS.chargers],
} as const satisfies RowWrites;

/** The local list's functions: `lambdas/local-list/<name>.ts`. */
export const LOCAL_LIST_FUNCTIONS = ['sync'] as const;

/** Properties of {@link LocalAuthList}. */
export interface LocalAuthListProps {
  readonly table: NetworkTable;
  /** The OCPP API whose management endpoint carries the lists. */
  readonly ocppApi: OcppApi;
  /** AWS X-Ray active tracing on the function. @default false */
  readonly tracing?: boolean;
  /** What the OCPP message log keeps of the CALLs sent (`OCPP_MESSAGE_LOG`). @default 'all' */
  readonly ocppMessageLog?: OcppMessageLogMode;
}

/** The local list's synchronisation function and its stream. */
export class LocalAuthList extends Construct {
  /** `lambdas/local-list/sync.ts`. */
  public readonly functions: Readonly<Record<(typeof LOCAL_LIST_FUNCTIONS)[number], NodejsFunction>>;

  constructor(scope: Construct, id: string, props: LocalAuthListProps) {
    super(scope, id);
    const { table, ocppApi } = props;
    const sync = createTableFunction(this, 'sync', {
      entry: 'lambdas/local-list/sync.ts',
      description:
        "Local authorization list: sends chargers' lists when access IDs change, at boot, on resync; CostUpdated; 2.1 tariffs",
      // A batch's chargers run 25 at a time, each a few CALLs of up to 10 s.
      timeout: Duration.minutes(5),
      tracing: props.tracing,
      table,
      writes: LOCAL_LIST_FUNCTION_WRITES,
      chargerCalls: { ocppApi, messageLog: props.ocppMessageLog, timeoutMs: 10_000 },
    });
    table.streamChangesTo(sync, LOCAL_LIST_SYNC_STREAM);
    this.functions = { sync };
  }
}
