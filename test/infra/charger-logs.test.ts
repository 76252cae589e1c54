/**
 * Chargers' logs in the synthesised template: one private bucket (encrypted, public access
 * blocked, TLS only, no ACLs, objects expiring), the worker may only put log objects (it signs
 * upload URLs), the HTTP function and the OCPP message function may only get them (download URLs,
 * the size of an uploaded file), each named in their environment; no other function touches it.
 */
import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { synthesise, type PolicyStatement } from './support/template';

const { template, resources, statementsOf } = synthesise();
const WORKER = 'lambdas/operations/perform.ts';
const HTTP = 'lambdas/http/charger-operations.ts';
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

  it.each([HTTP, OCPP_MESSAGE])('lets %s get log objects (download URLs, sizes) and nothing else of S3', (entry) => {
    const statements = s3Statements(entry);
    expect(statements).toHaveLength(1);
    expect(statements[0]!.Action).toBe('s3:GetObject');
    expect(onLogObjects(statements[0]!)).toBe(true);
  });

  it('names the bucket to those three functions and grants no other function of ours anything on it', () => {
    const named = Object.values(resources).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Environment?.Variables?.LOG_BUCKET_NAME,
    );
    const descriptions = named.map((r) => r.Properties.Description as string);
    expect(descriptions).toHaveLength(3);
    for (const entry of [HTTP, OCPP_MESSAGE, WORKER]) expect(descriptions.some((d) => d.includes(entry))).toBe(true);
    for (const r of named) expect(r.Properties.Environment.Variables.LOG_BUCKET_NAME).toEqual({ Ref: bucketId });
    const policies = Object.values(resources).filter((r) => r.Type === 'AWS::IAM::Policy');
    const touching = policies.filter((p) => JSON.stringify(p.Properties.PolicyDocument).includes(`"${bucketId}"`));
    expect(touching).toHaveLength(3);
  });
});
