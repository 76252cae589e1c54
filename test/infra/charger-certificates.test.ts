/**
 * Chargers' certificates in the synthesised template (docs/certificates.md): the CSMS CA's KMS key
 * (ECC_NIST_P256, SIGN_VERIFY) that only the CA set-up and the certificate function may use; the
 * CA certificate made at deployment by the custom resource and handed to `$connect` (trust
 * anchors), `$default` and the certificate function; CloudFront's trust store from the bundle the
 * set-up writes, and viewer mTLS in optional mode with the certificate headers reaching `$connect`;
 * the certificate function fed by the stream with CSRs, writing only the charger and message-log rows.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_SIGNED_WAIT_MS,
  checkExtraTrustAnchors,
  MAX_EXTRA_TRUST_ANCHOR_BYTES,
  SIGN_BATCH_SIZE,
} from '../../lib/aws/charger-certificates';
import { createCaCertificate } from '../../shared/certificates';
import { generateEcKey, keyObjectSigner } from '../../shared/certificates/ca-signer';
import { CERTIFICATE_SIGNING_ENTITIES } from '../../shared/ocpp/certificate-signing';
import { rowWritesOf } from './support/iam';
import { synthesise } from './support/template';

const { template, resources, statementsOf, actionsOf, streamMappingOf, functionId } = synthesise();
const SIGN = 'lambdas/certificates/sign.ts';
const CA_SETUP = 'lambdas/certificates/ca-setup.ts';

/** Logical ID of the one resource of `type`. */
function onlyOf(type: string): string {
  const ids = Object.keys(template.findResources(type));
  expect(ids, type).toHaveLength(1);
  return ids[0]!;
}

/** The roles whose policies grant `action` on anything. */
function rolesGranting(action: string): string[] {
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy')
    .filter((policy) =>
      (policy.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).some((s) =>
        [s.Action].flat().some((a) => a === action || a === 'kms:*'),
      ),
    )
    .flatMap((policy) => (policy.Properties.Roles as { Ref: string }[]).map((role) => role.Ref))
    .sort();
}

/** The role of the function bundled from `entry`. */
function roleOf(entry: string): string {
  return resources[functionId(entry)]!.Properties.Role['Fn::GetAtt'][0] as string;
}

/** The environment of the function bundled from `entry`. */
function environmentOf(entry: string): Record<string, unknown> {
  return resources[functionId(entry)]!.Properties.Environment.Variables;
}

const caCertificate = { 'Fn::GetAtt': [onlyOf('Custom::ChargerCa'), 'CaCertificate'] };

describe("chargers' certificates on AWS", () => {
  it('keeps the CA key in KMS (ECC_NIST_P256, SIGN_VERIFY), retained, used only by the set-up and the certificate function', () => {
    const keyId = onlyOf('AWS::KMS::Key');
    expect(resources[keyId]).toMatchObject({
      Properties: { KeySpec: 'ECC_NIST_P256', KeyUsage: 'SIGN_VERIFY' },
      DeletionPolicy: 'Retain',
    });
    expect(rolesGranting('kms:Sign')).toEqual([roleOf(CA_SETUP), roleOf(SIGN)].sort());
    for (const entry of [CA_SETUP, SIGN]) {
      const kms = statementsOf(entry).filter((s) => [s.Action].flat().some((a) => a.startsWith('kms:')));
      expect(kms.flatMap((s) => [s.Action].flat()).sort()).toEqual(['kms:GetPublicKey', 'kms:Sign']);
      expect(kms.every((s) => JSON.stringify(s.Resource) === JSON.stringify({ 'Fn::GetAtt': [keyId, 'Arn'] }))).toBe(
        true,
      );
    }
  });

  it('makes the CA certificate at deployment and hands it to $connect, $default and the certificate function', () => {
    template.hasResourceProperties('Custom::ChargerCa', {
      KeyId: { 'Fn::GetAtt': [onlyOf('AWS::KMS::Key'), 'Arn'] },
      Subject: 'CN=ChargingNetwork CSMS CA, O=Charging Network',
      Years: '20',
    });
    expect(environmentOf('lambdas/ocpp/connect.ts').CHARGER_TRUST_ANCHORS).toEqual(caCertificate);
    expect(environmentOf('lambdas/ocpp/message.ts')).toMatchObject({ CA_CERTIFICATE: caCertificate });
    expect(environmentOf(SIGN)).toMatchObject({ CA_CERTIFICATE: caCertificate });
    // The set-up reads and writes its two objects, and lists the bucket (a missing object is then NoSuchKey).
    expect(
      actionsOf(CA_SETUP)
        .filter((a) => a.startsWith('s3:'))
        .sort(),
    ).toEqual(['s3:GetObject', 's3:ListBucket', 's3:PutObject']);
    template.hasOutput('ChargerCaCertificate', { Value: caCertificate });
  });

  it('builds CloudFront trust store from the versioned bundle and asks viewers for certificates in optional mode', () => {
    const versioned = template.findResources('AWS::S3::Bucket', {
      Properties: { VersioningConfiguration: { Status: 'Enabled' } },
    });
    expect(Object.keys(versioned)).toHaveLength(1);
    const bucketId = Object.keys(versioned)[0]!;
    template.hasResourceProperties('AWS::CloudFront::TrustStore', {
      CaCertificatesBundleSource: {
        CaCertificatesBundleS3Location: {
          Bucket: { Ref: bucketId },
          Key: 'bundle.pem',
          Version: { 'Fn::GetAtt': [onlyOf('Custom::ChargerCa'), 'BundleVersion'] },
        },
      },
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        ViewerMtlsConfig: {
          Mode: 'optional',
          TrustStoreConfig: {
            TrustStoreId: { 'Fn::GetAtt': [onlyOf('AWS::CloudFront::TrustStore'), 'Id'] },
            IgnoreCertificateExpiry: false,
          },
        },
      }),
    });
  });

  it('forwards every viewer header but Host on the charger path, the CloudFront-Viewer-Cert-* headers among them', () => {
    const distribution = resources[onlyOf('AWS::CloudFront::Distribution')]!.Properties.DistributionConfig;
    const ocpp = (distribution.CacheBehaviors as { PathPattern: string; OriginRequestPolicyId: string }[]).find(
      (b) => b.PathPattern === '/ocpp/*',
    );
    // The managed AllViewerExceptHostHeader policy.
    expect(ocpp?.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac');
  });

  it('feeds the certificate function the CSRs from the stream; it writes only charger and message-log rows', () => {
    expect(streamMappingOf(SIGN).newImageEntities).toEqual([...CERTIFICATE_SIGNING_ENTITIES]);
    // A batch of chargers that each take CertificateSigned's full wait fits the timeout; failed records are reported.
    expect(streamMappingOf(SIGN).properties).toMatchObject({
      BatchSize: SIGN_BATCH_SIZE,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const timeoutSeconds = resources[functionId(SIGN)]!.Properties.Timeout as number;
    expect(timeoutSeconds * 1000).toBeGreaterThan(SIGN_BATCH_SIZE * CERTIFICATE_SIGNED_WAIT_MS);
    expect(timeoutSeconds).toBeLessThanOrEqual(900);
    const writes = rowWritesOf(statementsOf(SIGN));
    expect(writes.unconfined).toBe(0);
    expect(writes.patterns).toEqual(new Set(['$cn#chargerid_*', '$cn#day_*#chargerid_*']));
    expect([...writes.actions].sort()).toEqual(['dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
    expect(actionsOf(SIGN)).toContain('execute-api:ManageConnections');
  });

  it("trusts an operator's own CAs beside the CSMS CA, in CloudFront's bundle and $connect's anchors", async () => {
    const signer = keyObjectSigner(generateEcKey(), 'test');
    const now = new Date();
    const operatorCa = await createCaCertificate(signer, {
      subject: 'CN=Operator Charger CA',
      notBefore: now,
      notAfter: new Date(now.getTime() + 86_400_000),
    });
    const pem = operatorCa.toString('pem');
    const withOperatorCa = synthesise({ extraChargerTrustAnchors: pem });
    withOperatorCa.template.hasResourceProperties('Custom::ChargerCa', { ExtraTrustAnchors: `${pem}\n` });
    const connect = withOperatorCa.resources[withOperatorCa.functionId('lambdas/ocpp/connect.ts')]!;
    expect(connect.Properties.Environment.Variables.CHARGER_TRUST_ANCHORS).toEqual({
      'Fn::Join': ['', [caCertificate, `${pem}\n`]],
    });
  });

  it("refuses operator trust anchors that are not CA certificates, or too many bytes for $connect's environment", () => {
    expect(() => checkExtraTrustAnchors('not a certificate')).toThrow(/no PEM certificate/);
    expect(() => checkExtraTrustAnchors('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----')).toThrow(
      /not a certificate/,
    );
    expect(() => checkExtraTrustAnchors('x'.repeat(MAX_EXTRA_TRUST_ANCHOR_BYTES + 1))).toThrow(/at most/);
  });
});
