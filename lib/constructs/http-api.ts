/**
 * The integrators' HTTP API (API Gateway HTTP API, payload format 2.0), built from the route table
 * in `shared/api/routes.ts`: one function per entry of {@link HTTP_FUNCTIONS}
 * (`lambdas/http/<name>.ts`), one route per entry of {@link routeList}, and the `$default` route to
 * the `fallback` function, which answers 404/405 problem documents for everything else.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  type ThrottleSettings,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { HTTP_FUNCTIONS, routeList, type HttpFunctionName } from '../../shared/api/routes';
import { executeApiDomainName } from './execute-api';
import { createFunction } from './functions';
import { createLogGroup } from './logs';
import type { NetworkTable } from './table';
import type { OcppApi } from './ocpp-api';
import type { OriginVerifySecret } from './origin-verify';

/**
 * What an HTTP function may do with the table (`tableAccess` in {@link HTTP_FUNCTIONS}):
 * `none`; `read` = reads plus `UpdateItem` (the per-key rate-limit counters); `readWrite`.
 */
export type TableAccess = 'none' | 'read' | 'readWrite';

/** Properties of {@link IntegratorApi}. */
export interface IntegratorApiProps {
  /** The table the functions use. */
  readonly table: NetworkTable;
  /** The OCPP WebSocket API that functions sending OCPP commands post to. */
  readonly ocppApi: OcppApi;
  /** The secret origin header every function requires (requests must come through CloudFront). */
  readonly originVerify: OriginVerifySecret;
  /**
   * AWS X-Ray active tracing on the functions (`createFunction`'s `tracing`).
   * @default false
   */
  readonly tracing?: boolean;
  /**
   * Throttling of the `$default` stage, for all routes together (the per-key limit of spec §8 is
   * enforced in the app; this only caps the whole API).
   * @default { burstLimit: 200, rateLimit: 100 } (requests, requests per second)
   */
  readonly throttle?: ThrottleSettings;
}

const AUTHORIZED_IN_APP =
  'Authorized in the handler: every authenticated route requires `Authorization: Bearer <API key>`, looked up by its SHA-256 in DynamoDB, which also scopes the request to the key\'s organization or site and rate-limits it (ARCHITECTURE.md, "HTTP conventions"). HTTP APIs offer no API-key authorizer, and a Lambda authorizer would repeat the key lookup the handler needs anyway for organization scoping.';
const PUBLIC_ROUTE =
  'Public by design: the OpenAPI document and the `$default` route (404/405 problem documents for unknown routes) need no API key.';

/**
 * Grants a function what its {@link TableAccess} allows.
 *
 * @param table - the network table
 * @param fn - the function
 * @param access - the declared access
 */
export function grantTableAccess(table: NetworkTable, fn: NodejsFunction, access: TableAccess): void {
  switch (access) {
    case 'none':
      return;
    case 'read':
      table.grantReadData(fn);
      table.grantItemWrites(fn, ['dynamodb:UpdateItem']);
      return;
    case 'readWrite':
      table.grantReadWriteData(fn);
      return;
  }
}

/**
 * The HTTP API behind `/api/*`: functions, routes, a throttled `$default` stage with access logs.
 * Routes carry no API Gateway authorizer; authentication is the handlers' job (see
 * `AUTHORIZED_IN_APP`), and so is refusing requests that bypassed CloudFront (every function
 * requires the secret origin header). The `execute-api` endpoint stays enabled: it is
 * CloudFront's origin.
 */
export class IntegratorApi extends Construct {
  /** The API Gateway HTTP API. */
  public readonly httpApi: HttpApi;
  /** Its `$default` stage (the API is served at the root of its endpoint). */
  public readonly stage: HttpStage;
  /** One function per entry of {@link HTTP_FUNCTIONS}. */
  public readonly functions: Readonly<Record<HttpFunctionName, NodejsFunction>>;

  constructor(scope: Construct, id: string, props: IntegratorApiProps) {
    super(scope, id);
    const { table } = props;

    this.functions = Object.fromEntries(
      (Object.entries(HTTP_FUNCTIONS) as [HttpFunctionName, { tableAccess: TableAccess; sendsOcppCommands?: boolean }][]).map(([name, spec]) => {
        const fn = createFunction(this, name, {
          entry: `lambdas/http/${name}.ts`,
          description: `HTTP API: ${name}`,
          tracing: props.tracing,
          environment: {
            ...(spec.tableAccess === 'none' ? {} : { TABLE_NAME: table.tableName }),
            ...(spec.sendsOcppCommands ? { WS_MANAGEMENT_ENDPOINT: props.ocppApi.managementEndpoint } : {}),
          },
          // A command waits for the charger up to its 20 s deadline; API Gateway gives up at 30 s.
          ...(spec.sendsOcppCommands ? { timeout: Duration.seconds(29) } : {}),
        });
        props.originVerify.requireOn(fn);
        grantTableAccess(table, fn, spec.tableAccess);
        if (spec.sendsOcppCommands) props.ocppApi.grantManageConnections(fn);
        return [name, fn];
      }),
    ) as Record<HttpFunctionName, NodejsFunction>;

    this.httpApi = new HttpApi(this, 'Api', {
      description: 'Charging network API for integrators (served at /api/* through CloudFront)',
      createDefaultStage: false,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle ?? { burstLimit: 200, rateLimit: 100 },
      accessLogSettings: { destination: new LogGroupLogDestination(createLogGroup(this, 'AccessLogs')) },
    });

    // One integration per function; API Gateway shares it between that function's routes.
    const integrations = Object.fromEntries(
      Object.entries(this.functions).map(([name, fn]) => [name, new HttpLambdaIntegration(`${name}Integration`, fn)]),
    ) as Record<HttpFunctionName, HttpLambdaIntegration>;

    for (const route of routeList) {
      const httpRoute = new HttpRoute(this, route.routeKey, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrations[route.function],
      });
      Validations.of(httpRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: route.authenticated ? AUTHORIZED_IN_APP : PUBLIC_ROUTE,
      });
    }
    const defaultRoute = new HttpRoute(this, '$default', {
      httpApi: this.httpApi,
      routeKey: HttpRouteKey.DEFAULT,
      integration: integrations.fallback,
    });
    Validations.of(defaultRoute).acknowledge({ id: 'AwsSolutions-APIG4', reason: PUBLIC_ROUTE });
  }

  /** Host name of the API's default endpoint (CloudFront's origin for `/api/*`). */
  public get domainName(): string {
    return executeApiDomainName(this.httpApi);
  }
}
