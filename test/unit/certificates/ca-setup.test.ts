/**
 * The CSMS CA's set-up at deployment (`lambdas/certificates/ca-setup.ts`), a custom resource: KMS
 * and S3 stood in by aws-sdk-client-mock (no local KMS or S3 exists), KMS's signatures made by a
 * real key with openssl so the certificate verifies. The first Create makes the CA certificate
 * (one `kms:Sign`) and writes it create-only, then the bundle; a later Create or Update reuses the
 * stored certificate (no signature); a lost race takes the winner's; Delete writes nothing.
 */
import { createPrivateKey } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetPublicKeyCommand, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { CdkCustomResourceEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../lambdas/certificates/ca-setup';
import { generateEcKey, keyObjectSigner } from '../../../shared/certificates/ca-signer';
import { openssl, opensslBytes, temporaryDirectory } from './openssl';

const kms = mockClient(KMSClient);
const s3 = mockClient(S3Client);
const { dir, remove } = temporaryDirectory();
const keyFile = join(dir, 'ca-setup-key.pem');
/** The bucket's objects, by key. */
let objects: Map<string, string>;

const OPERATOR_CA = '-----BEGIN CERTIFICATE-----\nOPERATOR\n-----END CERTIFICATE-----\n';

/** A custom resource event of `type` with the stack's properties. */
function event(type: 'Create' | 'Update' | 'Delete'): CdkCustomResourceEvent {
  return {
    RequestType: type,
    ServiceToken: 'token',
    ResponseURL: 'https://example.com',
    StackId: 'stack',
    RequestId: 'request',
    LogicalResourceId: 'Ca',
    ResourceType: 'Custom::ChargerCa',
    ...(type === 'Create'
      ? {}
      : { PhysicalResourceId: 'charger-ca:arn:aws:kms:eu-west-1:1:key/k', OldResourceProperties: {} }),
    ResourceProperties: {
      ServiceToken: 'token',
      KeyId: 'arn:aws:kms:eu-west-1:1:key/k',
      Bucket: 'trust-store',
      Subject: 'CN=Test CSMS CA, O=Charging Network',
      Years: '20',
      ExtraTrustAnchors: OPERATOR_CA,
    },
  } as CdkCustomResourceEvent;
}

/** An object's body as the SDK hands it (only what the handler reads of it). */
function bodyOf(text: string) {
  return { Body: { transformToString: async () => text } } as never;
}

/** S3's NoSuchKey, as the SDK throws it. */
function noSuchKey(): S3ServiceException {
  return new S3ServiceException({ name: 'NoSuchKey', $fault: 'client', $metadata: { httpStatusCode: 404 } });
}

beforeAll(() => {
  writeFileSync(keyFile, generateEcKey().export({ type: 'pkcs8', format: 'pem' }));
  process.env.AWS_REGION = 'eu-west-1';
});

beforeEach(async () => {
  objects = new Map();
  const key = createPrivateKey(readFileSync(keyFile, 'utf8'));
  kms.on(GetPublicKeyCommand).resolves({
    KeySpec: 'ECC_NIST_P256',
    KeyUsage: 'SIGN_VERIFY',
    PublicKey: await keyObjectSigner(key, 'local').publicKey(),
  });
  // The digest signed as KMS signs it (openssl pkeyutl: no second hash).
  kms.on(SignCommand).callsFake((input) => ({
    Signature: new Uint8Array(opensslBytes(['pkeyutl', '-sign', '-inkey', keyFile], Buffer.from(input.Message))),
  }));
  s3.on(GetObjectCommand).callsFake((input) => {
    const body = objects.get(input.Key);
    if (body === undefined) throw noSuchKey();
    return bodyOf(body);
  });
  let version = 0;
  s3.on(PutObjectCommand).callsFake((input) => {
    if (input.IfNoneMatch === '*' && objects.has(input.Key)) {
      throw new S3ServiceException({
        name: 'PreconditionFailed',
        $fault: 'client',
        $metadata: { httpStatusCode: 412 },
      });
    }
    objects.set(input.Key, String(input.Body));
    version += 1;
    return { VersionId: `v${version}` };
  });
});

afterAll(() => remove());

afterEach(() => {
  kms.reset();
  s3.reset();
});

describe('the CA set-up at deployment', () => {
  it('makes the CA certificate with one kms:Sign, stores it create-only, and writes the bundle with the operator CAs', async () => {
    const answer = await handler(event('Create'));
    expect(kms.commandCalls(SignCommand)).toHaveLength(1);
    const pem = answer.Data?.CaCertificate as string;
    expect(objects.get('ca.pem')).toBe(pem);
    expect(objects.get('bundle.pem')).toBe(pem + OPERATOR_CA);
    expect(answer).toMatchObject({ PhysicalResourceId: 'charger-ca:arn:aws:kms:eu-west-1:1:key/k' });
    expect(answer.Data?.BundleVersion).toBe('v2');
    // A self-signed CA certificate whose signature verifies (KMS signed the SHA-256 of its TBS part).
    writeFileSync(join(dir, 'setup-ca.pem'), pem);
    expect(openssl(['verify', '-CAfile', join(dir, 'setup-ca.pem'), join(dir, 'setup-ca.pem')])).toMatch(/: OK/);
    expect(openssl(['x509', '-noout', '-subject', '-in', join(dir, 'setup-ca.pem')])).toMatch(/CN ?= ?Test CSMS CA/);
  });

  it('reuses the stored CA certificate on a later deployment: no signature, the same certificate, a new bundle version', async () => {
    const first = await handler(event('Create'));
    kms.resetHistory();
    const second = await handler(event('Update'));
    expect(kms.commandCalls(SignCommand)).toHaveLength(0);
    expect(second.Data?.CaCertificate).toBe(first.Data?.CaCertificate);
    expect(second.Data?.BundleVersion).not.toBe(first.Data?.BundleVersion);
  });

  it('takes the certificate another writer stored first when its create-only write loses', async () => {
    const winner = (await handler(event('Create'))).Data?.CaCertificate as string;
    // The next read finds nothing (as if before the winner's write), the create-only write then fails.
    s3.on(GetObjectCommand)
      .rejectsOnce(noSuchKey())
      .callsFake((input) => bodyOf(objects.get(input.Key)!));
    const answer = await handler(event('Create'));
    expect(answer.Data?.CaCertificate).toBe(winner);
  });

  it('keeps everything on Delete', async () => {
    const answer = await handler(event('Delete'));
    expect(answer.PhysicalResourceId).toBe('charger-ca:arn:aws:kms:eu-west-1:1:key/k');
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
    expect(kms.commandCalls(SignCommand)).toHaveLength(0);
  });

  it('fails the deployment when a property is missing', async () => {
    const broken = event('Create');
    delete (broken.ResourceProperties as Record<string, unknown>).KeyId;
    await expect(handler(broken)).rejects.toThrow(/KeyId is required/);
  });
});
