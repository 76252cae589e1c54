/**
 * The operator console on AWS (lib/aws/console.ts): a private bucket read by CloudFront
 * through Origin Access Control, the default behaviour and `/api/docs*` (before `/api/*`) served
 * from it with the index rewrite and the security headers, the deployment of the build that
 * `cdk synth` makes (offline, no Docker), and cdk-nag's AWS Solutions checks.
 *
 * The console and the distribution are synthesised on their own, with bundling (it is only the
 * console build); the whole stack is synthesised without bundling to check the wiring.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { CachePolicy } from 'aws-cdk-lib/aws-cloudfront';
import { AwsSolutionsChecks } from 'cdk-nag';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONSOLE_CACHE_CONTROL, CONSOLE_CONTENT_SECURITY_POLICY } from '../../lib/console/headers';
import { API_DOCS_PATH_PATTERN, CONSOLE_INDEX_SOURCE, OperatorConsole } from '../../lib/aws/console';
import { EdgeDistribution } from '../../lib/aws/edge';
import { ChargingNetworkStack } from '../../lib/aws/stack';

const outdir = mkdtempSync(join(tmpdir(), 'console-cdk-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** The console and a distribution in front of two made-up API domains, synthesised with bundling. */
function consoleStack(env?: { account: string; region: string }) {
  const app = new App({ outdir });
  const stack = new Stack(app, 'ConsoleOnly', { env });
  const operatorConsole = new OperatorConsole(stack, 'Console');
  new EdgeDistribution(stack, 'Edge', {
    httpApiDomainName: 'api.example.com',
    webSocketApiDomainName: 'ws.example.com',
    originCustomHeaders: { 'x-origin-verify': 'test' },
    console: operatorConsole,
  });
  app.synth();
  return { app, stack };
}

const { app, stack } = consoleStack();
const template = Template.fromStack(stack);
const config = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
const behaviours = config.CacheBehaviors as Record<string, any>[];
const originOf = (behaviour: Record<string, any>) =>
  (config.Origins as Record<string, any>[]).find((o) => o.Id === behaviour.TargetOriginId)!;
const only = (type: string) => {
  const ids = Object.keys(template.findResources(type));
  expect(ids, type).toHaveLength(1);
  return ids[0]!;
};

describe('operator console on AWS', () => {
  it('keeps the files in a private, encrypted, TLS-only bucket that only this distribution may read', () => {
    const bucket = only('AWS::S3::Bucket');
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
    });
    const statements = Object.values(template.findResources('AWS::S3::BucketPolicy'))[0]!.Properties.PolicyDocument
      .Statement as Record<string, any>[];
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
    const read = statements.find((s) => s.Principal?.Service === 'cloudfront.amazonaws.com')!;
    expect(read).toMatchObject({ Effect: 'Allow', Action: 's3:GetObject' });
    expect(JSON.stringify(read.Resource)).toContain(bucket);
    expect(JSON.stringify(read.Condition.StringEquals['AWS:SourceArn'])).toContain(
      only('AWS::CloudFront::Distribution'),
    );
  });

  it('reads the bucket through Origin Access Control (signed requests), not a public website endpoint', () => {
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      }),
    });
    const origin = originOf(config.DefaultCacheBehavior);
    expect(origin.OriginAccessControlId).toEqual({
      'Fn::GetAtt': [only('AWS::CloudFront::OriginAccessControl'), 'Id'],
    });
    expect(origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
  });

  it('serves the console at / and the API reference at /api/docs*, placed before /api/*, from the bucket', () => {
    expect(behaviours.map((b) => b.PathPattern)).toEqual([API_DOCS_PATH_PATTERN, '/api/*', '/ocpp/*', '/uploads/*']);
    expect(behaviours[0]!.TargetOriginId).toBe(config.DefaultCacheBehavior.TargetOriginId);
    expect(originOf(behaviours[1]!).DomainName).toBe('api.example.com');
    for (const behaviour of [config.DefaultCacheBehavior, behaviours[0]!]) {
      expect(behaviour).toMatchObject({
        AllowedMethods: ['GET', 'HEAD'],
        ViewerProtocolPolicy: 'redirect-to-https',
        CachePolicyId: CachePolicy.CACHING_OPTIMIZED.cachePolicyId,
        Compress: true,
        ResponseHeadersPolicyId: { Ref: only('AWS::CloudFront::ResponseHeadersPolicy') },
        FunctionAssociations: [
          { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.any(String), 'FunctionARN'] } },
        ],
      });
    }
  });

  it('runs lib/aws/edge/console-index.js, as is, on those behaviours', () => {
    const functions = template.findResources('AWS::CloudFront::Function', {
      Properties: { FunctionCode: readFileSync(CONSOLE_INDEX_SOURCE, 'utf8') },
    });
    expect(Object.keys(functions)).toHaveLength(1);
    expect(config.DefaultCacheBehavior.FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0]).toBe(
      Object.keys(functions)[0],
    );
  });

  it("sends the console's security headers: CSP for this origin only, HSTS, nosniff, no framing, no referrer", () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { ContentSecurityPolicy: CONSOLE_CONTENT_SECURITY_POLICY, Override: true },
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'no-referrer', Override: true },
          StrictTransportSecurity: { AccessControlMaxAgeSec: 31_536_000, IncludeSubdomains: true, Override: true },
        },
      }),
    });
  });

  it('deploys the build to the bucket, every file with Cache-Control: no-cache', () => {
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketName: { Ref: only('AWS::S3::Bucket') },
      SystemMetadata: { 'cache-control': CONSOLE_CACHE_CONTROL },
    });
  });

  it('builds the console at synth (offline, no Docker) into the deployed asset', () => {
    const assets = readdirSync(outdir).filter(
      (name) => name.startsWith('asset.') && existsSync(join(outdir, name, 'console.js')),
    );
    expect(assets).toHaveLength(1);
    const asset = join(outdir, assets[0]!);

    expect(readdirSync(asset).sort()).toEqual(['api', 'console.css', 'console.js', 'favicon.svg', 'index.html']);
    expect(readdirSync(join(asset, 'api', 'docs'))).toEqual(
      expect.arrayContaining(['index.html', 'docs.js', 'swagger-ui-bundle.js', 'swagger-ui.css']),
    );
  });

  it.each([undefined, { account: '123456789012', region: 'eu-west-1' }])(
    "passes cdk-nag's AWS Solutions checks (env %j)",
    (env) => {
      const synthesised = env ? consoleStack(env) : { app, stack };
      const report = new AwsSolutionsChecks(synthesised.app).validateScope(synthesised.stack);
      expect(
        report.violations.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`),
      ).toEqual([]);
    },
  );
});

describe('ChargingNetwork stack with the console', () => {
  const full = new ChargingNetworkStack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'ChargingNetwork');
  const fullTemplate = Template.fromStack(full);
  const fullConfig = Object.values(fullTemplate.findResources('AWS::CloudFront::Distribution'))[0]!.Properties
    .DistributionConfig;

  it('serves the console by default and /api/docs* before the API', () => {
    const s3Origin = (fullConfig.Origins as Record<string, any>[]).find((o) => o.S3OriginConfig)!;
    expect(fullConfig.DefaultCacheBehavior.TargetOriginId).toBe(s3Origin.Id);
    expect((fullConfig.CacheBehaviors as Record<string, any>[]).map((b) => b.PathPattern)).toEqual([
      API_DOCS_PATH_PATTERN,
      '/api/*',
      '/ocpp/*',
      '/uploads/*',
    ]);
  });

  it('outputs the console URL, https://<distribution>/', () => {
    fullTemplate.hasOutput('ConsoleUrl', {
      Value: {
        'Fn::Join': [
          '',
          [
            'https://',
            {
              'Fn::GetAtt': [Object.keys(fullTemplate.findResources('AWS::CloudFront::Distribution'))[0], 'DomainName'],
            },
            '/',
          ],
        ],
      },
    });
  });
});
