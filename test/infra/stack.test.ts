/**
 * The synthesised ChargingNetwork stack: the table, both APIs built from their route tables, the
 * functions' runtime and least-privilege grants, the CloudFront distribution and the outputs;
 * and cdk-nag's AWS Solutions checks, which must find nothing unacknowledged.
 *
 * Resources are found by their properties (route keys, function descriptions naming the entry
 * file), never by logical ID (`./support/template.ts`).
 */
import { App, type Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { AwsSolutionsChecks } from 'cdk-nag';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HTTP_FUNCTIONS, httpHandlerEntry, routeList, type HttpFunctionName } from '../../shared/api/routes';
import { TABLE_KEYS } from '../../shared/db/entities';
import { OCPP_PATH_REWRITE_SOURCE } from '../../lib/aws/edge';
import { SOURCE_MAPS_CONTEXT } from '../../lib/aws/functions';
import { ALLOCATE_FUNCTION_MEMORY_MB } from '../../lib/aws/smart-charging';
import {
  CONNECT_FUNCTION_MEMORY_MB,
  OCPP_FUNCTION_MEMORY_MB,
  OCPP_FUNCTIONS,
  OCPP_STAGE_NAME,
} from '../../lib/aws/ocpp-api';
import { POWER_FUNCTION_WRITES } from '../../lib/aws/smart-charging';
import { ALERT_FUNCTION_WRITES } from '../../lib/aws/alerts';
import { OPERATION_FUNCTION_WRITES } from '../../lib/aws/charger-operations';
import { LOCAL_LIST_FUNCTIONS } from '../../lib/aws/local-list';
import { WEBHOOK_FUNCTIONS } from '../../lib/aws/webhooks';
import { UPLOAD_FUNCTION_ENTRY, UPLOAD_ROUTE_KEYS } from '../../lib/aws/charger-logs';
import { ChargingNetworkStack, type ChargingNetworkStackProps } from '../../lib/aws/stack';
import { appWithoutBundling, synthesise, type CfnResource } from './support/template';

const { stack, template, resources, idOf, functionId, actionsOf } = synthesise();

/** True for a function bundled from `lambdas/` (not CDK's own, e.g. the console's deployment). */
const isHandler = (fn: { Properties?: Record<string, any> }) =>
  /(^|\()lambdas\//.test(String(fn.Properties?.Description));

/** Entry file of the function a route invokes (route → integration → function description). */
function entryOfRoute(route: CfnResource): string {
  const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref as string;
  // HTTP integrations name the function ARN; WebSocket ones embed it in an invocation URI.
  const uri = JSON.stringify(resources[integrationId]!.Properties.IntegrationUri);
  const functionLogicalId = /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(uri)![1]!;
  const description = resources[functionLogicalId]!.Properties.Description as string;
  return /(lambdas\/\S+\.ts)\)?$/.exec(description)![1]!;
}

/** The routes of the API with `protocolType`, by route key. */
function routesOf(protocolType: 'HTTP' | 'WEBSOCKET'): Map<string, CfnResource> {
  const apiId = idOf('AWS::ApiGatewayV2::Api', { ProtocolType: protocolType });
  const routes = template.findResources('AWS::ApiGatewayV2::Route', { Properties: { ApiId: { Ref: apiId } } });
  return new Map(Object.values(routes).map((route) => [route.Properties.RouteKey as string, route as CfnResource]));
}

describe('ChargingNetwork stack', () => {
  describe('table', () => {
    it('is the single-table model of TABLE_KEYS, on demand, with PITR and TTL, retained on deletion', () => {
      const keySchema = (partitionKey: string, sortKey: string) => [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ];

      template.resourceCountIs('AWS::DynamoDB::Table', 1);
      template.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: Match.objectLike({
          KeySchema: keySchema(TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey),
          GlobalSecondaryIndexes: TABLE_KEYS.gsis.map((gsi) => ({
            IndexName: gsi.indexName,
            KeySchema: keySchema(gsi.partitionKey, gsi.sortKey),
            Projection: { ProjectionType: 'ALL' },
          })),
          BillingMode: 'PAY_PER_REQUEST',
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
          SSESpecification: { SSEEnabled: true },
        }),
      });
    });
  });

  describe('HTTP API', () => {
    const routes = routesOf('HTTP');

    it("has exactly one route per entry of the route table, plus $default and the log upload's", () => {
      expect([...routes.keys()].sort()).toEqual(
        [...routeList.map((route) => route.routeKey), ...UPLOAD_ROUTE_KEYS, '$default'].sort(),
      );
    });

    it.each(UPLOAD_ROUTE_KEYS)('routes %s to the log upload function', (routeKey) => {
      expect(entryOfRoute(routes.get(routeKey)!)).toBe(UPLOAD_FUNCTION_ENTRY);
    });

    it.each(routeList.map((route) => [route.routeKey, route.function] as const))(
      'routes %s to the %s function (lambdas/http/<name in kebab-case>.ts)',
      (routeKey, fn) => {
        expect(entryOfRoute(routes.get(routeKey)!)).toBe(httpHandlerEntry(fn));
        expect(existsSync(httpHandlerEntry(fn))).toBe(true);
      },
    );

    it('routes $default (unknown paths and methods) to the fallback function', () => {
      expect(entryOfRoute(routes.get('$default')!)).toBe('lambdas/http/fallback.ts');
    });

    it('uses payload format 2.0 for every integration', () => {
      const apiId = idOf('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
      const integrations = template.findResources('AWS::ApiGatewayV2::Integration', {
        Properties: { ApiId: { Ref: apiId } },
      });
      // One per HTTP function, and the log upload function's.
      expect(Object.keys(integrations)).toHaveLength(Object.keys(HTTP_FUNCTIONS).length + 1);
      for (const integration of Object.values(integrations)) {
        expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
      }
    });

    it('serves a throttled, access-logged $default stage', () => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        ApiId: { Ref: idOf('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' }) },
        StageName: '$default',
        AutoDeploy: true,
        DefaultRouteSettings: { ThrottlingBurstLimit: 200, ThrottlingRateLimit: 100 },
        AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      });
    });
  });

  describe('OCPP WebSocket API', () => {
    const routes = routesOf('WEBSOCKET');

    it('has the $connect, $default and $disconnect routes, each to its handler', () => {
      expect(Object.fromEntries([...routes].map(([key, route]) => [key, entryOfRoute(route)]))).toEqual({
        $connect: 'lambdas/ocpp/connect.ts',
        $default: 'lambdas/ocpp/message.ts',
        $disconnect: 'lambdas/ocpp/disconnect.ts',
      });
    });

    it('answers frames through a two-way $default route (a RouteResponse on $default only)', () => {
      const defaultRouteId = Object.entries(resources).find(([, r]) => r === routes.get('$default'))?.[0];
      const responses = Object.values(template.findResources('AWS::ApiGatewayV2::RouteResponse'));
      expect(responses).toHaveLength(1);
      expect(responses[0]!.Properties).toMatchObject({
        RouteId: { Ref: defaultRouteId },
        RouteResponseKey: '$default',
      });
    });

    it(`deploys automatically to the ${OCPP_STAGE_NAME} stage, throttled`, () => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        ApiId: { Ref: idOf('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' }) },
        StageName: OCPP_STAGE_NAME,
        AutoDeploy: true,
        DefaultRouteSettings: { ThrottlingBurstLimit: 500, ThrottlingRateLimit: 200 },
      });
    });
  });

  describe('functions', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function')).filter(isHandler);

    it('builds one function per HTTP, OCPP, smart-charging, charger-operation, alert-sweep, local-list, webhook, log-upload, alert-trigger, certificate and certificate-status handler', () => {
      expect(functions).toHaveLength(
        Object.keys(HTTP_FUNCTIONS).length +
          Object.keys(OCPP_FUNCTIONS).length +
          Object.keys(POWER_FUNCTION_WRITES).length +
          Object.keys(OPERATION_FUNCTION_WRITES).length +
          Object.keys(ALERT_FUNCTION_WRITES).length +
          LOCAL_LIST_FUNCTIONS.length +
          WEBHOOK_FUNCTIONS.length +
          // The log upload function, the alert rules' trigger, the certificate function, the CA set-up
          // and the certificate status function.
          5,
      );
    });

    it('runs every function on Node.js 22, arm64, with its own JSON log group without platform lines and no source maps by default', () => {
      for (const fn of functions) {
        expect(fn.Properties).toMatchObject({
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
          Handler: 'index.handler',
          LoggingConfig: { LogGroup: { Ref: expect.any(String) }, LogFormat: 'JSON', SystemLogLevel: 'WARN' },
        });
        expect(fn.Properties.Environment?.Variables.NODE_OPTIONS).toBeUndefined();
      }
    });

    it('sizes the OCPP functions from the cost benchmark ($connect for its password check), the planner at 1 GB, the others at 512 MB', () => {
      const ocpp = functions.filter((fn) => String(fn.Properties.Description).startsWith('OCPP '));
      expect(ocpp).toHaveLength(Object.keys(OCPP_FUNCTIONS).length);
      const memory = (fn: any) => {
        if (String(fn.Properties.Description).startsWith('OCPP $connect')) return CONNECT_FUNCTION_MEMORY_MB;
        if (String(fn.Properties.Description).includes('lambdas/power/allocate.ts')) return ALLOCATE_FUNCTION_MEMORY_MB;
        return ocpp.includes(fn) ? OCPP_FUNCTION_MEMORY_MB : 512;
      };
      for (const fn of functions) expect(fn.Properties.MemorySize).toBe(memory(fn));
    });

    it('turns source maps on for every function with -c lambdaSourceMaps=true, and refuses other values', () => {
      const app = new App({ context: { 'aws:cdk:bundling-stacks': [], [SOURCE_MAPS_CONTEXT]: 'true' } });
      const withMaps = Template.fromStack(new ChargingNetworkStack(app, 'ChargingNetwork'));
      const handlers = Object.values(withMaps.findResources('AWS::Lambda::Function')).filter(isHandler);
      expect(handlers).toHaveLength(functions.length);
      for (const fn of handlers) expect(fn.Properties.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');

      const bad = new App({ context: { 'aws:cdk:bundling-stacks': [], [SOURCE_MAPS_CONTEXT]: 'yes' } });
      expect(() => new ChargingNetworkStack(bad, 'ChargingNetwork')).toThrow(
        /lambdaSourceMaps must be true or false, got yes/,
      );
    });

    it('gives the table name to every function that may use the table', () => {
      const tableId = idOf('AWS::DynamoDB::Table', {});
      const entries = [
        ...Object.entries(HTTP_FUNCTIONS)
          .filter(([, spec]) => spec.tableAccess !== 'none')
          .map(([name]) => httpHandlerEntry(name as HttpFunctionName)),
        ...Object.keys(OCPP_FUNCTIONS).map((name) => `lambdas/ocpp/${name}.ts`),
      ];
      for (const entry of entries) {
        expect(resources[functionId(entry)]!.Properties.Environment.Variables.TABLE_NAME).toEqual({ Ref: tableId });
      }
    });
  });

  describe('grants', () => {
    it('lets a read function (chargers) read and count rate limits, but not put or delete', () => {
      const actions = actionsOf('lambdas/http/chargers.ts');

      expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem']));
      expect(actions).not.toEqual(expect.arrayContaining(['dynamodb:PutItem']));
      expect(actions).not.toEqual(expect.arrayContaining(['dynamodb:DeleteItem']));
      expect(actions).not.toEqual(expect.arrayContaining(['dynamodb:BatchWriteItem']));
    });

    it.each(['openapi', 'fallback'])('gives the %s function no DynamoDB action', (name) => {
      expect(actionsOf(`lambdas/http/${name}.ts`).filter((action) => action.startsWith('dynamodb:'))).toEqual([]);
    });

    it('lets $connect put the connection, update the charger, and close and delete an older connection', () => {
      const actions = actionsOf('lambdas/ocpp/connect.ts');

      expect(actions).toEqual(
        expect.arrayContaining([
          'dynamodb:GetItem',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
          'dynamodb:DeleteItem',
          'execute-api:ManageConnections',
        ]),
      );
    });

    it('lets $disconnect update the charger and delete the connection, but not put', () => {
      const actions = actionsOf('lambdas/ocpp/disconnect.ts');

      expect(actions).toEqual(
        expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']),
      );
      expect(actions).not.toContain('dynamodb:PutItem');
    });

    it('lets the message function put and update items (never delete) and post to connections through the stage', () => {
      const actions = actionsOf('lambdas/ocpp/message.ts');
      const fn = resources[functionId('lambdas/ocpp/message.ts')]!;

      expect(actions).toEqual(
        expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'execute-api:ManageConnections']),
      );
      expect(actions).not.toContain('dynamodb:DeleteItem');
      expect(actions).not.toContain('dynamodb:BatchWriteItem');
      expect(JSON.stringify(fn.Properties.Environment.Variables.WS_MANAGEMENT_ENDPOINT)).toMatch(
        new RegExp(`^.*https://.*execute-api.*/${OCPP_STAGE_NAME}"\\]\\]\\}$`),
      );
    });

    it('lets the OCPP command function post to connections, with the stage endpoint and a timeout beyond the 20 s command deadline', () => {
      const fn = resources[functionId('lambdas/http/commands.ts')]!;

      expect(actionsOf('lambdas/http/commands.ts')).toEqual(
        expect.arrayContaining(['dynamodb:PutItem', 'execute-api:ManageConnections']),
      );
      expect(JSON.stringify(fn.Properties.Environment.Variables.WS_MANAGEMENT_ENDPOINT)).toMatch(/execute-api/);
      expect(fn.Properties.Timeout).toBe(29);
    });

    it.each(['chargers', 'sites', 'openapi', 'fallback'])(
      'does not let the %s function post to connections',
      (name) => {
        expect(actionsOf(`lambdas/http/${name}.ts`)).not.toContain('execute-api:ManageConnections');
      },
    );

    it.each(['disconnect'])('does not let %s post to connections', (name) => {
      expect(actionsOf(`lambdas/ocpp/${name}.ts`)).not.toContain('execute-api:ManageConnections');
    });

    it('never grants Scan or a wildcard action (no request path scans the table)', () => {
      const roles = Object.values(template.findResources('AWS::Lambda::Function'))
        .filter(isHandler)
        .map((fn) => fn.Properties.Role['Fn::GetAtt'][0]);
      const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
        policy.Properties.Roles.some((role: { Ref: string }) => roles.includes(role.Ref)),
      );
      const actions = policies.flatMap((policy) =>
        (policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((s) =>
          [s.Action].flat(),
        ),
      );
      expect(actions).not.toContain('dynamodb:Scan');
      expect(actions.filter((action) => action.includes('*'))).toEqual([]);
    });
  });

  describe('CloudFront', () => {
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'));
    const config = distribution[0]!.Properties.DistributionConfig;
    const behaviour = (pathPattern: string) =>
      (config.CacheBehaviors as Record<string, any>[]).find((b) => b.PathPattern === pathPattern);
    const originApiOf = (b: Record<string, any>) =>
      (config.Origins as Record<string, any>[]).find((o) => o.Id === b.TargetOriginId)!.DomainName['Fn::Join'][1][0]
        .Ref as string;
    const uncached = {
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      ViewerProtocolPolicy: 'https-only',
    };

    it('is one distribution, PriceClass_100, with no default root object', () => {
      expect(distribution).toHaveLength(1);
      expect(config.PriceClass).toBe('PriceClass_100');
      expect(config.DefaultRootObject).toBeUndefined();
    });

    it('sends /api/* to the HTTP API, uncached, all methods, all viewer headers but Host', () => {
      const api = behaviour('/api/*')!;

      expect(api).toMatchObject(uncached);
      expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
      expect(originApiOf(api)).toBe(idOf('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' }));
    });

    it('sends /ocpp/* to the WebSocket API through the path-rewriting viewer-request function', () => {
      const ocpp = behaviour(`/${OCPP_STAGE_NAME}/*`)!;
      const functionId = idOf('AWS::CloudFront::Function', {
        FunctionCode: readFileSync(OCPP_PATH_REWRITE_SOURCE, 'utf8'),
      });

      expect(ocpp).toMatchObject(uncached);
      expect(ocpp.FunctionAssociations).toEqual([
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
      ]);
      expect(originApiOf(ocpp)).toBe(idOf('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET' }));
    });

    it('runs lib/aws/edge/ocpp-path-rewrite.js, as is, on cloudfront-js-2.0', () => {
      template.hasResourceProperties('AWS::CloudFront::Function', {
        FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
        FunctionCode: readFileSync(OCPP_PATH_REWRITE_SOURCE, 'utf8'),
        AutoPublish: true,
      });
    });
  });

  describe('outputs', () => {
    const domain = { 'Fn::GetAtt': [idOf('AWS::CloudFront::Distribution', {}), 'DomainName'] };

    it('gives integrators https://<distribution>/api', () => {
      template.hasOutput('ApiUrl', { Value: { 'Fn::Join': ['', ['https://', domain, '/api']] } });
    });

    it('gives chargers wss://<distribution>/ocpp', () => {
      template.hasOutput('OcppUrl', { Value: { 'Fn::Join': ['', ['wss://', domain, `/${OCPP_STAGE_NAME}`]] } });
    });

    it('names the table, the log bucket and the user pool, and only the CloudFront URLs: no execute-api endpoint is advertised', () => {
      template.hasOutput('TableName', { Value: { Ref: idOf('AWS::DynamoDB::Table', {}) } });
      expect(Object.keys(template.findOutputs('*')).sort()).toEqual([
        'ApiUrl',
        'ChargerCaCertificate',
        'ConsoleUrl',
        'LogBucketName',
        'OcppUrl',
        'TableName',
        'UserPoolId',
      ]);
      expect(JSON.stringify(template.findOutputs('*'))).not.toMatch(/execute-api|ApiEndpoint/);
    });
  });

  it('synthesises without CDK errors', () => {
    expect(Annotations.fromStack(stack).findError('*', Match.anyValue())).toEqual([]);
  });
});

describe('cdk-nag AwsSolutions checks', () => {
  /** Synthesises a fresh stack and returns cdk-nag's unacknowledged findings as readable lines. */
  function findings(props?: ChargingNetworkStackProps): string[] {
    const app = appWithoutBundling();
    const nagStack: Stack = new ChargingNetworkStack(app, 'ChargingNetwork', props);
    app.synth();
    const report = new AwsSolutionsChecks(app).validateScope(nagStack);
    return report.violations.map(
      (v) => `${v.ruleName} (${v.severity}): ${v.violatingResources.map((r) => r.constructPath).join(', ')}`,
    );
  }

  it('finds nothing unacknowledged in an environment-agnostic stack', () => {
    expect(findings()).toEqual([]);
  });

  it('finds nothing unacknowledged with a concrete account and region', () => {
    expect(findings({ env: { account: '123456789012', region: 'eu-west-1' } })).toEqual([]);
  });

  it('finds nothing unacknowledged in us-east-1 with a custom domain (web ACL created, TLS 1.2)', () => {
    const props = {
      env: { account: '123456789012', region: 'us-east-1' },
      domainName: 'charging.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0b1c2d3e-4f5a-6b7c-8d9e-0f1a2b3c4d5e',
    };
    expect(findings(props)).toEqual([]);
  });

  it('finds nothing unacknowledged in another region with a web ACL ARN', () => {
    const webAclArn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/edge/0b1c2d3e-4f5a-6b7c-8d9e-0f1a2b3c4d5e';
    expect(findings({ env: { account: '123456789012', region: 'eu-west-1' }, webAclArn })).toEqual([]);
  });
});
