/**
 * The chargers' OCPP-J endpoint: an API Gateway WebSocket API whose `$connect`, `$default` and
 * `$disconnect` routes invoke `lambdas/ocpp/{connect,message,disconnect}.ts`
 * (docs/architecture.md, "Shape"), on a stage named {@link OCPP_STAGE_NAME}.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import {
  LogGroupLogDestination,
  WebSocketApi,
  WebSocketStage,
  type ThrottleSettings,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Grant, IGrantable } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { acknowledgeWildcardResource, executeApiDomainName } from './execute-api';
import { createFunction } from './functions';
import { createLogGroup } from './logs';
import type { NetworkTable } from './table';
import { counterRow, ROWS, type RowWrites } from './table-rows';
import type { OriginVerifySecret } from './origin-verify';
import type { OcppMessageLogMode } from '../../shared/ocpp/message-log';

/**
 * Name of the WebSocket stage, hence the first path segment of the endpoint
 * (`wss://<api>/ocpp`). The CloudFront Function `lib/aws/edge/ocpp-path-rewrite.js` rewrites
 * `/ocpp/<ocppId>` to exactly this path, and the distribution's `/ocpp/*` behaviour routes
 * to it: changing it means changing both.
 */
export const OCPP_STAGE_NAME = 'ocpp';

/** One OCPP function: which WebSocket route invokes it and what it may do. */
interface OcppFunctionSpec {
  /** API Gateway route key. */
  readonly routeKey: '$connect' | '$default' | '$disconnect';
  /** Items it may write (`lib/aws/table-rows.ts`); reads are always granted. */
  readonly writes: RowWrites;
  /** Whether the route returns the function's response to the charger (OCPP CALLRESULTs). */
  readonly twoWay: boolean;
  /** Whether the function posts frames to connections (`WS_MANAGEMENT_ENDPOINT`). */
  readonly postsToConnections: boolean;
}

/**
 * Memory of the OCPP functions, MB, sized from `npm run bench -- cost` (docs/cost-and-scale.md): a frame
 * takes 5–20 ms of CPU and waits on DynamoDB the rest; the `$default` bundle holds 64 MB resident
 * after a frame. At 256 MB a MeterValues bills ~57 ms against ~41 ms at 512 MB, for 1.5 % less cost
 * per charger; below it the memory headroom goes and cold starts pass a second.
 */
export const OCPP_FUNCTION_MEMORY_MB = 256;

/**
 * Memory of `$connect`, MB: its scrypt password check is ~50–80 ms of CPU, billed the same at any
 * memory below one vCPU (1,769 MB) since CPU scales with memory, while more memory shortens it and
 * so raises how many handshakes a second its reserved concurrency admits (a fleet reconnecting).
 */
export const CONNECT_FUNCTION_MEMORY_MB = 1024;

/**
 * The OCPP functions (`lambdas/ocpp/<name>.ts`). Writes follow what each handler does:
 * `connect` closes the charger's older connection (DeleteConnection), then records the new one and
 * marks the charger Connected in one TransactWriteItems (Put + Update, + Delete of the older
 * connection's record); `disconnect` conditionally marks the charger Disconnected (Update) and
 * deletes the connection record (Delete); `message` runs every OCPP action: the charger's boot,
 * status and firmware reports, its ports (created on first sight) with their status and the session
 * in progress, session items, the port and session ID counters, reservations a session uses or the
 * charger ends, and the message-log entries of our CALLs its replies complete (with the command
 * lane on the charger), and the connection's `lastMessageAt` (at most every 5 minutes). No OCPP
 * function can write API keys, organizations, sites, access IDs, vehicles or departures.
 */
export const OCPP_FUNCTIONS = {
  connect: {
    routeKey: '$connect',
    writes: {
      'dynamodb:PutItem': [ROWS.connections],
      'dynamodb:UpdateItem': [ROWS.chargers, ROWS.chargerHistory],
      'dynamodb:DeleteItem': [ROWS.connections],
    },
    twoWay: false,
    postsToConnections: true,
  },
  message: {
    routeKey: '$default',
    writes: {
      'dynamodb:PutItem': [
        ROWS.chargers,
        ROWS.portLocations,
        ROWS.chargingSessions,
        ROWS.sessionHistory,
        ROWS.chargerErrors,
        ROWS.ocppMessages,
      ],
      'dynamodb:UpdateItem': [
        ROWS.chargers,
        ROWS.connections,
        ROWS.chargingSessions,
        ROWS.reservations,
        counterRow('port'),
        counterRow('chargingSession'),
        ROWS.sessionHistory,
        ROWS.chargerHistory,
        counterRow('chargerError'),
        ROWS.ocppMessages,
      ],
    },
    twoWay: true,
    postsToConnections: true,
  },
  disconnect: {
    routeKey: '$disconnect',
    writes: { 'dynamodb:UpdateItem': [ROWS.chargers, ROWS.chargerHistory], 'dynamodb:DeleteItem': [ROWS.connections] },
    twoWay: false,
    postsToConnections: false,
  },
} as const satisfies Record<string, OcppFunctionSpec>;

/** Name of an OCPP function. */
export type OcppFunctionName = keyof typeof OCPP_FUNCTIONS;

const ROUTE_AUTHORIZATION: Record<OcppFunctionSpec['routeKey'], string> = {
  $connect:
    'Authorized in the handler: $connect checks that the charge point is registered and verifies its HTTP Basic password against a scrypt hash (OCPP security profiles 1 and 2), then negotiates the subprotocol; a refusal fails the handshake. An API Gateway authorizer could not negotiate the subprotocol.',
  $default:
    'API Gateway only routes messages of connections that $connect accepted, so every frame comes from an authenticated charger.',
  $disconnect: 'API Gateway only raises $disconnect for connections that $connect accepted.',
};

/** Properties of {@link OcppApi}. */
export interface OcppApiProps {
  /** The table the functions use. */
  readonly table: NetworkTable;
  /** The secret origin header `$connect` requires (chargers must connect through CloudFront). */
  readonly originVerify: OriginVerifySecret;
  /**
   * AWS X-Ray active tracing on the functions (`createFunction`'s `tracing`).
   * @default false
   */
  readonly tracing?: boolean;
  /**
   * Throttling of the stage, all routes together (`$connect` and every frame).
   * @default { burstLimit: 500, rateLimit: 200 } (requests, requests per second)
   */
  readonly throttle?: ThrottleSettings;
  /**
   * Concurrency reserved for `$connect`, which also caps it: a connect verifies a scrypt password
   * hash (16 MiB, tens of ms of CPU), so a flood of handshakes (or a depot's chargers all
   * reconnecting) must not take the account's whole concurrency from the other functions. About
   * 20 concurrent connects handle a few hundred handshakes per second; beyond that handshakes
   * are refused (throttled) and chargers retry. `false` reserves nothing (needed in accounts whose concurrency quota is
   * still the new-account 10, where Lambda refuses any reservation).
   * @default 20
   */
  readonly connectReservedConcurrency?: number | false;
  /**
   * What the OCPP message log keeps (`OCPP_MESSAGE_LOG` of the message function).
   * @default 'all'
   */
  readonly ocppMessageLog?: OcppMessageLogMode;
  /**
   * Access logging on the stage. WebSocket (unlike HTTP) APIs can only log to CloudWatch once
   * the region's API Gateway account settings name a CloudWatch Logs role; deploying with `true`
   * in an account without one fails with "CloudWatch Logs role ARN must be set in account
   * settings to enable logging". That setting is account-wide, so this stack does not own it.
   * @default false: the functions log every connect, frame and disconnect themselves
   */
  readonly accessLogging?: boolean;
}

/** The reserved concurrency of `$connect` ({@link OcppApiProps.connectReservedConcurrency}). */
function connectConcurrency(props: OcppApiProps): number | undefined {
  const reserved = props.connectReservedConcurrency ?? 20;
  if (reserved === false) return undefined;
  if (!Number.isInteger(reserved) || reserved < 1) {
    throw new Error(`connectReservedConcurrency must be a positive integer or false, got ${reserved}`);
  }
  return reserved;
}

/**
 * The OCPP WebSocket API with its stage, functions, grants and the management endpoint
 * (`@connections`) that functions use to send CALLs to chargers.
 *
 * Its `execute-api` endpoint stays enabled: it is CloudFront's origin, and the management API
 * (PostToConnection, IAM-signed) is only served there without a custom domain. `$connect` refuses
 * a handshake that did not come through CloudFront (the secret origin header), so a charger
 * cannot connect to the endpoint directly.
 */
export class OcppApi extends Construct {
  /** The API Gateway WebSocket API. */
  public readonly webSocketApi: WebSocketApi;
  /** The `ocpp` stage. */
  public readonly stage: WebSocketStage;
  /** One function per entry of {@link OCPP_FUNCTIONS}. */
  public readonly functions: Readonly<Record<OcppFunctionName, NodejsFunction>>;
  /**
   * URL of the API Gateway management API for this stage,
   * `https://<apiId>.execute-api.<region>.amazonaws.com/ocpp`: the endpoint of
   * `ApiGatewayManagementApiClient` for PostToConnection.
   */
  public readonly managementEndpoint: string;

  constructor(scope: Construct, id: string, props: OcppApiProps) {
    super(scope, id);
    const { table } = props;

    this.webSocketApi = new WebSocketApi(this, 'Api', {
      description: 'OCPP-J endpoint for chargers (served at /ocpp/{ocppId} through CloudFront)',
      // OCPP-J frames are JSON arrays, so no frame has an `action` and all fall to $default.
      routeSelectionExpression: '$request.body.action',
    });
    const accessLogSettings = props.accessLogging
      ? { destination: new LogGroupLogDestination(createLogGroup(this, 'AccessLogs')) }
      : undefined;
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.webSocketApi,
      stageName: OCPP_STAGE_NAME,
      autoDeploy: true,
      throttle: props.throttle ?? { burstLimit: 500, rateLimit: 200 },
      accessLogSettings,
    });
    if (!accessLogSettings) {
      Validations.of(this.stage).acknowledge({
        id: 'AwsSolutions-APIG1',
        reason:
          'WebSocket access logs need the account-wide API Gateway CloudWatch Logs role, which this stack does not own (see OcppApiProps.accessLogging); the $connect/$default/$disconnect functions log every connection, frame and refusal with the connectionId.',
      });
    }
    this.managementEndpoint = this.stage.callbackUrl;

    const functions: Partial<Record<OcppFunctionName, NodejsFunction>> = {};
    for (const [name, spec] of Object.entries(OCPP_FUNCTIONS) as [OcppFunctionName, OcppFunctionSpec][]) {
      const fn = createFunction(this, name, {
        entry: `lambdas/ocpp/${name}.ts`,
        description: `OCPP ${spec.routeKey}`,
        memorySize: spec.routeKey === '$connect' ? CONNECT_FUNCTION_MEMORY_MB : OCPP_FUNCTION_MEMORY_MB,
        tracing: props.tracing,
        ...(spec.routeKey === '$connect' ? { reservedConcurrentExecutions: connectConcurrency(props) } : {}),
        environment: {
          TABLE_NAME: table.tableName,
          ...(spec.postsToConnections ? { WS_MANAGEMENT_ENDPOINT: this.managementEndpoint } : {}),
          ...(spec.routeKey === '$default' ? { OCPP_MESSAGE_LOG: props.ocppMessageLog ?? 'all' } : {}),
        },
      });
      // Only $connect takes requests from outside: later frames and $disconnect belong to a
      // connection that $connect accepted.
      if (spec.routeKey === '$connect') props.originVerify.requireOn(fn);
      table.grantReadData(fn);
      table.grantRowWrites(fn, spec.writes);
      if (spec.postsToConnections) this.grantManageConnections(fn);

      const route = this.webSocketApi.addRoute(spec.routeKey, {
        integration: new WebSocketLambdaIntegration(`${name}Integration`, fn),
        returnResponse: spec.twoWay,
      });
      Validations.of(route).acknowledge({ id: 'AwsSolutions-APIG4', reason: ROUTE_AUTHORIZATION[spec.routeKey] });
      functions[name] = fn;
    }
    this.functions = functions as Record<OcppFunctionName, NodejsFunction>;
  }

  /** Host name of the API's default endpoint (CloudFront's origin for `/ocpp/*`). */
  public get domainName(): string {
    return executeApiDomainName(this.webSocketApi);
  }

  /**
   * Allows `execute-api:ManageConnections` (PostToConnection, GetConnection, DeleteConnection)
   * on this stage's `@connections/*`, e.g. for the HTTP command functions that send CALLs.
   * Pair it with the `WS_MANAGEMENT_ENDPOINT` environment variable ({@link managementEndpoint}).
   *
   * @param grantee - the principal (usually a Lambda function)
   * @returns the grant
   */
  public grantManageConnections(grantee: IGrantable): Grant {
    const grant = this.stage.grantManagementApiAccess(grantee);
    const principal = grantee.grantPrincipal;
    if (Construct.isConstruct(principal)) {
      const stack = Stack.of(this);
      const apiArn = stack.formatArn({ service: 'execute-api', resource: this.webSocketApi.apiId });
      acknowledgeWildcardResource(
        principal,
        `${apiArn}/${this.stage.stageName}/*/@connections/*`,
        'Connection IDs are assigned by API Gateway at $connect, so the grant covers every connection of this stage (and only this stage).',
      );
    }
    return grant;
  }
}
