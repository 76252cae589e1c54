/**
 * The CSMS CA's set-up at deployment (docs/certificates.md "The CSMS CA", "On AWS"): a CloudFormation
 * custom resource (CDK's provider framework calls this handler on Create, Update and Delete). It
 * makes the CA certificate for the stack's KMS key the first time (self-signed, one `kms:Sign`) and
 * keeps it in the trust store bucket (`ca.pem`, written create-only, so a second deployment reuses
 * it and chargers' certificates stay valid), then writes the trust store's bundle (`bundle.pem`: the
 * CA certificate, then the operator's own CAs) for CloudFront's trust store. It answers the CA
 * certificate (`CaCertificate`, PEM: the connect function's trust anchors, the certificate
 * function's CA) and the bundle's S3 version (`BundleVersion`: a new version makes CloudFormation
 * update the trust store). Delete keeps everything: the key and the bucket are retained, and a
 * certificate issued under the CA stays valid if the stack is made again.
 *
 * Resource properties: `KeyId` (the KMS key), `Bucket`, `Subject` (RFC 4514), `Years`,
 * `ExtraTrustAnchors` (PEM, may be empty).
 */
import { GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { CdkCustomResourceEvent, CdkCustomResourceResponse } from 'aws-lambda';
import {
  type CaCertificateStore,
  ensureCaCertificate,
  kmsCaSigner,
  TRUST_STORE_OBJECTS,
} from '../../shared/certificates';
import { logger } from '../../shared/logger';

const s3 = new S3Client({});

/** The CA certificate's object, written create-only (`If-None-Match: *`: 412 when it exists). */
function s3Store(bucket: string): CaCertificateStore {
  return {
    async read() {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: TRUST_STORE_OBJECTS.caCertificate }));
        return await object.Body?.transformToString('utf8');
      } catch (error) {
        if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async create(pem) {
      try {
        await s3.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: TRUST_STORE_OBJECTS.caCertificate,
            Body: pem,
            ContentType: 'application/x-pem-file',
            IfNoneMatch: '*',
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 412) return false;
        throw error;
      }
    },
  };
}

/** The custom resource's properties, as the stack sets them (`lib/aws/charger-certificates.ts`). */
interface CaSetupProperties {
  KeyId: string;
  Bucket: string;
  Subject: string;
  Years: string;
  ExtraTrustAnchors?: string;
}

/**
 * The properties read from the event.
 * @throws Error naming a missing property (a template that is not the stack's)
 */
function caSetupProperties(properties: Record<string, unknown>): CaSetupProperties {
  for (const name of ['KeyId', 'Bucket', 'Subject', 'Years'] as const) {
    if (typeof properties[name] !== 'string' || !properties[name]) throw new Error(`${name} is required`);
  }
  return properties as unknown as CaSetupProperties;
}

/**
 * Creates or updates the CA's certificate and the trust store bundle; Delete keeps them.
 * @throws KMS's and S3's errors, and a stored CA certificate that is not the key's: the deployment
 *   fails (and rolls back) with the message
 */
export async function handler(event: CdkCustomResourceEvent): Promise<CdkCustomResourceResponse> {
  const { KeyId, Bucket, Subject, Years, ExtraTrustAnchors } = caSetupProperties(event.ResourceProperties);
  const physicalResourceId = `charger-ca:${KeyId}`;
  if (event.RequestType === 'Delete') return { PhysicalResourceId: event.PhysicalResourceId };
  const ca = await ensureCaCertificate(kmsCaSigner(KeyId), s3Store(Bucket), {
    subject: Subject,
    years: Number(Years),
  });
  const caCertificate = `${ca.certificate.toString('pem')}\n`;
  const bundle = await s3.send(
    new PutObjectCommand({
      Bucket,
      Key: TRUST_STORE_OBJECTS.bundle,
      Body: caCertificate + (ExtraTrustAnchors ?? ''),
      ContentType: 'application/x-pem-file',
    }),
  );
  logger.info('charger CA ready', { subject: ca.certificate.subject, serialNumber: ca.certificate.serialNumber });
  return {
    PhysicalResourceId: physicalResourceId,
    Data: { CaCertificate: caCertificate, BundleVersion: bundle.VersionId ?? '' },
  };
}
