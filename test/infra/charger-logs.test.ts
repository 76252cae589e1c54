/**
 * Chargers' logs in the synthesised template: one private bucket (encrypted, public access
 * blocked, TLS only, no ACLs, objects expiring), the worker may only put log objects (it signs
 * upload URLs), the HTTP function of the operations' reads and the sweep may only get them (download
 * URLs, the size of an uploaded file where a result is settled), the OCPP message function and the
 * HTTP function that asks for operations nothing, the upload function may only put them (our short upload URL),
 * each named in their environment; no other function touches it. The short upload URL: CloudFront's
 * `/uploads/*` behaviour to the HTTP API, its routes to the upload function, and the generated
 * secret its tokens are signed with, readable by the worker and the upload function only.
 */
import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { readFileSync } from 'node:fs';
import { LOG_OBJECT_PREFIX, UPLOAD_FUNCTION_ENTRY, UPLOAD_ROUTE_KEYS } from '../../lib/aws/charger-logs';
import { UPLOAD_SIZE_LIMIT_SOURCE } from '../../lib/aws/edge';
import { synthesise, type PolicyStatement } from './support/template';

const { template, resources, statementsOf, idOf, functionId } = synthesise();
/** The log requests' worker: it signs the upload URLs. */
const WORKER = 'lambdas/operations/perform-logs.ts';
const UPLOAD = UPLOAD_FUNCTION_ENTRY;
const HTTP = 'lambdas/http/charger-operation-reads.ts';
const HTTP_REQUESTS = 'lambdas/http/charger-operations.ts';
const SWEEP = 'lambdas/operations/sweep.ts';
const OCPP_MESSAGE = 'lambdas/ocpp/message.ts';

const buckets = template.findResources('AWS::S3::Bucket', {
  Properties: {
    LifecycleConfiguration: Match.objectLike({ Rules: Match.arrayWith([Match.objectLike({ Id: 'expire-logs' })]) }),
  },
});
const bucketIds = Object.keys(buckets);
const bucketId = bucketIds[0]!;

/** The statements of a function that name S3 actions. */
const s3Statements = (entry: string): PolicyStatement[] =>
  statementsOf(entry).filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));

/** Whether a statement's resources are the bucket's `logs/*` objects only. */
const onLogObjects = (statement: PolicyStatement) =>
  JSON.stringify(statement.Resource) ===
  JSON.stringify({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, '/logs/*']] });

describe('charger logs', () => {
  it('keeps logs in one private, encrypted bucket whose objects expire after 30 days', () => {
    expect(bucketIds).toHaveLength(1);
    const bucket = buckets[bucketId]!;
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      LifecycleConfiguration: {
        Rules: [
          expect.objectContaining({
            ExpirationInDays: 30,
            AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
            Status: 'Enabled',
          }),
        ],
      },
    });
    expect(bucket.DeletionPolicy).toBe('Retain');
  });

  it('denies every request without TLS', () => {
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            Principal: { AWS: '*' },
          }),
        ]),
      },
    });
  });

  it('lets the worker put log objects (upload URLs) and nothing else of S3', () => {
    const statements = s3Statements(WORKER);
    expect(statements).toHaveLength(1);
    expect(statements[0]!.Action).toBe('s3:PutObject');
    expect(onLogObjects(statements[0]!)).toBe(true);
  });

  it.each([HTTP, SWEEP])(
    'lets %s get log objects (download URLs, sizes), list the bucket (a missing one is a 404) and nothing else of S3',
    (entry) => {
      const statements = s3Statements(entry);
      expect(statements).toHaveLength(2);
      expect(statements[0]!.Action).toBe('s3:GetObject');
      expect(onLogObjects(statements[0]!)).toBe(true);
      expect(statements[1]).toMatchObject({ Action: 's3:ListBucket' });
      // On the bucket itself, without a prefix condition (a HeadObject carries none).
      expect(statements[1]!.Condition).toBeUndefined();
      expect(JSON.stringify(statements[1]!.Resource)).not.toContain(LOG_OBJECT_PREFIX);
    },
  );

  it('gives the OCPP message function nothing of S3: a status notification writes the table only', () => {
    expect(s3Statements(OCPP_MESSAGE)).toEqual([]);
  });

  it('gives the HTTP function that asks for operations nothing of S3: the worker issues the upload URLs', () => {
    expect(s3Statements(HTTP_REQUESTS)).toEqual([]);
  });

  it('names the bucket to those four functions and grants no other function of ours anything on it', () => {
    const named = Object.values(resources).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Environment?.Variables?.LOG_BUCKET_NAME,
    );
    const descriptions = named.map((r) => r.Properties.Description as string);
    expect(descriptions).toHaveLength(4);
    for (const entry of [HTTP, SWEEP, WORKER, UPLOAD]) {
      expect(descriptions.some((d) => d.includes(entry))).toBe(true);
    }
    for (const r of named) expect(r.Properties.Environment.Variables.LOG_BUCKET_NAME).toEqual({ Ref: bucketId });
    const policies = Object.values(resources).filter((r) => r.Type === 'AWS::IAM::Policy');
    const touching = policies.filter((p) => JSON.stringify(p.Properties.PolicyDocument).includes(`"${bucketId}"`));
    expect(touching).toHaveLength(4);
  });
});

describe('the short upload URL', () => {
  const secrets = template.findResources('AWS::SecretsManager::Secret', {
    Properties: { Description: Match.stringLikeRegexp('short log upload URLs') },
  });
  const secretId = Object.keys(secrets)[0]!;
  const readsSecret = (statement: PolicyStatement) =>
    JSON.stringify(statement) ===
    JSON.stringify({ Action: 'secretsmanager:GetSecretValue', Effect: 'Allow', Resource: { Ref: secretId } });

  it('signs tokens with a generated secret, whose value is not in the template', () => {
    expect(Object.keys(secrets)).toHaveLength(1);
    expect(secrets[secretId]!.Properties.GenerateSecretString).toEqual({
      ExcludePunctuation: true,
      PasswordLength: 48,
    });
    expect(secrets[secretId]!.Properties.SecretString).toBeUndefined();
  });

  it('gives the upload function exactly: put log objects, read the secret (and write its logs)', () => {
    const statements = statementsOf(UPLOAD);
    const others = statements.filter((s) => ![s.Action].flat().every((a) => a.startsWith('logs:')));
    expect(others).toHaveLength(2);
    const put = others.find((s) => s.Action === 's3:PutObject')!;
    expect(put).toBeDefined();
    expect(onLogObjects(put)).toBe(true);
    expect(others.filter(readsSecret)).toHaveLength(1);
    const fn = resources[functionId(UPLOAD)]!;
    expect(fn.Properties.Environment.Variables).toMatchObject({
      LOG_BUCKET_NAME: { Ref: bucketId },
      LOG_URL_SECRET_ARN: { Ref: secretId },
      ORIGIN_VERIFY_SECRET: expect.anything(),
    });
  });

  it('lets the worker read the secret and tells it the distribution domain to issue URLs on', () => {
    expect(statementsOf(WORKER).filter(readsSecret)).toHaveLength(1);
    const variables = resources[functionId(WORKER)]!.Properties.Environment.Variables;
    expect(variables.LOG_URL_SECRET_ARN).toEqual({ Ref: secretId });
    expect(variables.LOG_UPLOAD_BASE_URL).toEqual({
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [idOf('AWS::CloudFront::Distribution', {}), 'DomainName'] }]],
    });
  });

  it('lets no other function read the secret, nor know of it', () => {
    const policies = Object.values(resources).filter((r) => r.Type === 'AWS::IAM::Policy');
    const touching = policies.filter((p) => JSON.stringify(p.Properties.PolicyDocument).includes(`"${secretId}"`));
    expect(touching).toHaveLength(2);
    const knowing = Object.values(resources).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && JSON.stringify(r.Properties).includes(`"${secretId}"`),
    );
    expect(knowing.map((r) => /(lambdas\/\S+\.ts)\)?$/.exec(r.Properties.Description)![1]).sort()).toEqual(
      [UPLOAD, WORKER].sort(),
    );
  });

  it('routes PUT and POST /uploads/{token}[/{fileName}] of the HTTP API to the upload function', () => {
    const apiId = idOf('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
    const uploadFunction = functionId(UPLOAD);
    for (const routeKey of UPLOAD_ROUTE_KEYS) {
      const route = Object.values(
        template.findResources('AWS::ApiGatewayV2::Route', {
          Properties: { ApiId: { Ref: apiId }, RouteKey: routeKey },
        }),
      );
      expect(route, routeKey).toHaveLength(1);
      const integrationId = route[0]!.Properties.Target['Fn::Join'][1][1].Ref as string;
      expect(JSON.stringify(resources[integrationId]!.Properties.IntegrationUri)).toContain(`"${uploadFunction}"`);
    }
  });

  it('sends /uploads/* through CloudFront to the HTTP API, with the edge size check', () => {
    const config = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties
      .DistributionConfig;
    const uploads = (config.CacheBehaviors as Record<string, any>[]).find((b) => b.PathPattern === '/uploads/*')!;
    const api = (config.CacheBehaviors as Record<string, any>[]).find((b) => b.PathPattern === '/api/*')!;
    expect(uploads.TargetOriginId).toBe(api.TargetOriginId);
    expect(uploads.AllowedMethods).toEqual(expect.arrayContaining(['PUT', 'POST']));
    const sizeLimit = idOf('AWS::CloudFront::Function', {
      FunctionCode: readFileSync(UPLOAD_SIZE_LIMIT_SOURCE, 'utf8'),
    });
    expect(uploads.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [sizeLimit, 'FunctionARN'] } },
    ]);
  });
});
