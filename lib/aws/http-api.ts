/**
 * The integrators' HTTP API (API Gateway HTTP API, payload format 2.0), built from the route table
 * in `shared/api/routes/` (one module per function): one function per entry of {@link HTTP_FUNCTIONS}
 * (`lambdas/http/<name in kebab-case>.ts`), one route per entry of {@link routeList}, and the `$default` route to
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
import { HTTP_FUNCTIONS, httpHandlerEntry, routeList, type HttpFunctionName } from '../../shared/api/routes';
import { executeApiDomainName } from './execute-api';
import { createFunction } from './functions';
import { createLogGroup } from './logs';
import type { NetworkTable } from './table';
import { counterRow, mergeRowWrites, RATE_LIMITED, ROWS, type RowWrites } from './table-rows';
import type { OcppApi } from './ocpp-api';
import type { OriginVerifySecret } from './origin-verify';
import type { OcppMessageLogMode } from '../../shared/ocpp/message-log';

/**
 * The items each HTTP function may write (`lib/aws/table-rows.ts`), derived from what its
 * handler's data-layer calls write; reads are granted on the whole table to every function that
 * has `tableAccess` (`shared/api/routes/define.ts`). Every authenticated route counts its key's requests.
 * docs/architecture.md ("What each function may write") has the same as a table.
 */
export const HTTP_FUNCTION_WRITES: Record<HttpFunctionName, RowWrites> = {
  chargers: RATE_LIMITED,
  sites: RATE_LIMITED,
  // Reservations (claimed, activated or released, ended), remote starts noted on the port, the
  // reservation support learnt on the charger, a local-list resync asked (the charger's partition);
  // a charger that is gone is marked Disconnected. The CALLs it sends are logged (OCPP message
  // log), and taken back when one is not sent after all. A charger certificate revoked: its
  // serial added to its CA's revocation list, its `revokedAt` (the charger's partition).
  commands: mergeRowWrites(RATE_LIMITED, {
    'dynamodb:PutItem': [ROWS.reservations, ROWS.ocppMessages],
    'dynamodb:UpdateItem': [ROWS.reservations, ROWS.chargers, ROWS.certificateRevocations, counterRow('remoteStart')],
    'dynamodb:DeleteItem': [ROWS.reservations, ROWS.ocppMessages],
  }),
  // Access IDs (one, or a batch), the vehicles they create or link (with their name and VIN
  // markers) and the customers they name.
  // The operation and its pending marker (one transaction); a result failed when the worker could
  // not be started, or settled by a campaign's read, the operation's end (its marker deleted); a
  // firmware campaign, its running marker, each advance (conditional PutItem) and its end.
  chargerOperations: mergeRowWrites(RATE_LIMITED, {
    'dynamodb:PutItem': [
      ROWS.chargerOperations,
      ROWS.pendingChargerOperations,
      ROWS.firmwareCampaigns,
      ROWS.runningFirmwareCampaigns,
    ],
    'dynamodb:UpdateItem': [ROWS.chargerOperations],
    'dynamodb:DeleteItem': [ROWS.pendingChargerOperations, ROWS.runningFirmwareCampaigns],
  }),
  // A result settled or ended by a read of its operation, the operation's end (its marker deleted).
  chargerOperationReads: mergeRowWrites(RATE_LIMITED, {
    'dynamodb:UpdateItem': [ROWS.chargerOperations],
    'dynamodb:DeleteItem': [ROWS.pendingChargerOperations],
  }),
  accessIds: mergeRowWrites(RATE_LIMITED, {
    'dynamodb:PutItem': [ROWS.accessIds, ROWS.organizations, ROWS.vehicleNameMarkers, ROWS.vehicleVinMarkers],
    'dynamodb:UpdateItem': [
      ROWS.accessIds,
      ROWS.organizations,
      counterRow('accessId'),
      counterRow('vehicle'),
      counterRow('customer'),
    ],
    // A vehicle's VIN changes through its access ID; its name (the access ID's) does not.
    'dynamodb:DeleteItem': [ROWS.vehicleVinMarkers],
    'dynamodb:BatchWriteItem': [ROWS.accessIds, ROWS.organizations],
  }),
  // Vehicles with their markers, the access IDs they create or attach, their customers (all in
  // one transaction per request).
  vehicles: mergeRowWrites(RATE_LIMITED, {
    'dynamodb:PutItem': [ROWS.organizations, ROWS.accessIds, ROWS.vehicleNameMarkers, ROWS.vehicleVinMarkers],
    'dynamodb:UpdateItem': [
      ROWS.organizations,
      ROWS.accessIds,
      counterRow('vehicle'),
      counterRow('accessId'),
      counterRow('customer'),
    ],
    'dynamodb:DeleteItem': [ROWS.vehicleNameMarkers, ROWS.vehicleVinMarkers],
  }),
  // Departure plans (replaced, or merged from a VIN into its vehicle) and past departures.
  departureTimes: mergeRowWrites(RATE_LIMITED, {
    'dynamodb:PutItem': [ROWS.departures],
    'dynamodb:UpdateItem': [counterRow('departure')],
    'dynamodb:DeleteItem': [ROWS.departures],
    'dynamodb:BatchWriteItem': [ROWS.departures],
  }),
  // Power limits and the tariff live in their site's partition, beside the site's DCFC charger count
  // (and the site's older time-of-use periods, which a tariff removes).
  siteLimits: mergeRowWrites(RATE_LIMITED, {
    'dynamodb:PutItem': [ROWS.sites],
    'dynamodb:UpdateItem': [ROWS.sites],
    'dynamodb:DeleteItem': [ROWS.sites],
  }),
  // An override is an attribute of its port (the charger's partition).
  sitePower: mergeRowWrites(RATE_LIMITED, { 'dynamodb:UpdateItem': [ROWS.chargers] }),
  // Reads, plus the charger-health rate-limit window (`<keyHash>:health`) and the key's
  // `includeIntervals` lease.
  history: mergeRowWrites(RATE_LIMITED, {
    'dynamodb:PutItem': [ROWS.requestLeases],
    'dynamodb:DeleteItem': [ROWS.requestLeases],
  }),
  // A window (its own partition) created with its ID, changed, deleted.
  maintenanceWindows: mergeRowWrites(RATE_LIMITED, {
    'dynamodb:PutItem': [ROWS.maintenanceWindows],
    'dynamodb:UpdateItem': [ROWS.maintenanceWindows, counterRow('maintenanceWindow')],
    'dynamodb:DeleteItem': [ROWS.maintenanceWindows],
  }),
  // A recipient (its own partition) created with its ID, changed, deleted.
  alertRecipients: mergeRowWrites(RATE_LIMITED, {
    'dynamodb:PutItem': [ROWS.alertRecipients],
    'dynamodb:UpdateItem': [ROWS.alertRecipients, counterRow('alertRecipient')],
    'dynamodb:DeleteItem': [ROWS.alertRecipients],
  }),
  // The organization's alert settings (an attribute of the organization item) and an alert's
  // acknowledgement (who and when, nothing else of it).
  alerts: mergeRowWrites(RATE_LIMITED, { 'dynamodb:UpdateItem': [ROWS.organizations, ROWS.alerts] }),
  // An endpoint (its own partition) created with its ID, changed, rotated, deleted; a test
  // delivery created, a delivery retried.
  webhooks: mergeRowWrites(RATE_LIMITED, {
    'dynamodb:PutItem': [ROWS.webhookEndpoints, ROWS.webhookDeliveries],
    'dynamodb:UpdateItem': [ROWS.webhookEndpoints, ROWS.webhookDeliveries, counterRow('webhookEndpoint')],
    'dynamodb:DeleteItem': [ROWS.webhookEndpoints],
  }),
  // A person (its own partition) invited with its ID and its address's marker, changed, removed
  // (the marker released); the organization's owner count moved in the same transactions.
  users: mergeRowWrites(RATE_LIMITED, {
    'dynamodb:PutItem': [ROWS.users, ROWS.userEmailMarkers],
    'dynamodb:UpdateItem': [ROWS.users, ROWS.organizations, counterRow('user')],
    'dynamodb:DeleteItem': [ROWS.users, ROWS.userEmailMarkers],
  }),
  openapi: {},
  fallback: {},
};

/** What the route table says about an HTTP function. */
type HttpFunctionSpec = { tableAccess: 'none' | 'read' | 'readWrite'; sendsOcppCommands?: boolean };

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
   * What the OCPP message log keeps of the CALLs the command functions send (`OCPP_MESSAGE_LOG`).
   * @default 'all'
   */
  readonly ocppMessageLog?: OcppMessageLogMode;
  /**
   * Throttling of the `$default` stage, for all routes together (the per-key limit of spec §8 is
   * enforced in the app; this only caps the whole API).
   * @default { burstLimit: 200, rateLimit: 100 } (requests, requests per second)
   */
  readonly throttle?: ThrottleSettings;
}

const AUTHORIZED_IN_APP =
  'Authorized in the handler: every authenticated route requires `Authorization: Bearer <API key>`, looked up by its SHA-256 in DynamoDB (kept by the instance for 60 s), which also scopes the request to the key\'s organization or site and rate-limits it (docs/api.md, "Authentication"). HTTP APIs offer no API-key authorizer, and a Lambda authorizer cannot answer a refusal with the problem document of spec §7.';
const PUBLIC_ROUTE =
  'Public by design: the OpenAPI document and the `$default` route (404/405 problem documents for unknown routes) need no API key.';

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

    this.functions = Object.fromEntries(
      (Object.entries(HTTP_FUNCTIONS) as [HttpFunctionName, HttpFunctionSpec][]).map(([name, spec]) => [
        name,
        this.createHttpFunction(name, spec, props),
      ]),
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

    // One integration per function; API Gateway shares it between that function's routes. One
    // invoke permission per function (any route of this API) rather than one per route: the same
    // caller, and about a hundred fewer resources under CloudFormation's 500 per stack.
    const integrations = Object.fromEntries(
      Object.entries(this.functions).map(([name, fn]) => [
        name,
        new HttpLambdaIntegration(`${name}Integration`, fn, { scopePermissionToRoute: false }),
      ]),
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

  /** One HTTP function with its environment, origin check and grants (its rows, connections). */
  private createHttpFunction(name: HttpFunctionName, spec: HttpFunctionSpec, props: IntegratorApiProps) {
    const { table, ocppApi } = props;
    const fn = createFunction(this, name, {
      entry: httpHandlerEntry(name),
      description: `HTTP API: ${name}`,
      tracing: props.tracing,
      environment: {
        ...(spec.tableAccess === 'none' ? {} : { TABLE_NAME: table.tableName }),
        ...(spec.sendsOcppCommands
          ? { WS_MANAGEMENT_ENDPOINT: ocppApi.managementEndpoint, OCPP_MESSAGE_LOG: props.ocppMessageLog ?? 'all' }
          : {}),
      },
      // A command waits for the charger up to its 20 s deadline; API Gateway gives up at 30 s.
      ...(spec.sendsOcppCommands ? { timeout: Duration.seconds(29) } : {}),
    });
    props.originVerify.requireOn(fn);
    if (spec.tableAccess !== 'none') {
      table.grantReadData(fn);
      table.grantRowWrites(fn, HTTP_FUNCTION_WRITES[name]);
    }
    if (spec.sendsOcppCommands) ocppApi.grantManageConnections(fn);
    return fn;
  }

  /** Host name of the API's default endpoint (CloudFront's origin for `/api/*`). */
  public get domainName(): string {
    return executeApiDomainName(this.httpApi);
  }
}
