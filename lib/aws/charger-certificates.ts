/**
 * Chargers' certificates on AWS (docs/certificates.md): the CSMS CA's key in KMS (ECC_NIST_P256,
 * SIGN_VERIFY, never leaving KMS), its certificate made at deployment by a custom resource
 * (`lambdas/certificates/ca-setup.ts`) and kept in a private, versioned bucket beside the trust
 * store's bundle; CloudFront's trust store made from that bundle (viewer mTLS, `edge.ts`); the
 * certificate function (`lambdas/certificates/sign.ts`) fed by the table's stream with the CSRs
 * that `$default` accepted; and the CA in the environment of the functions that need it: the
 * trust anchors of `$connect`, the CA of the certificate function, the "a CA is configured" of
 * `$default`. Only the set-up and the certificate function may use the key (`kms:Sign`,
 * `kms:GetPublicKey`).
 */
import { X509Certificate } from 'node:crypto';
import { CustomResource, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { CfnTrustStore, type CfnDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { TRUST_STORE_OBJECTS } from '../../shared/certificates';
import { CA_ENV, CERTIFICATE_SIGNING_ENTITIES } from '../../shared/ocpp/certificate-signing';
import { CHARGER_TRUST_ANCHORS_ENV } from '../../shared/ocpp/connect-certificates';
import type { OcppMessageLogMode } from '../../shared/ocpp/message-log';
import { acknowledgeWildcardResource } from './execute-api';
import { createFunction } from './functions';
import type { OcppApi } from './ocpp-api';
import type { NetworkTable } from './table';
import { createTableFunction } from './table-functions';
import { ROWS, type RowWrites } from './table-rows';

/**
 * Writes of the certificate function (`lib/aws/table-rows.ts`), all in the charger's partition but
 * the message log: the issued certificate and a refused CSR's security event (PutItem), the CSR's
 * item deleted once served, the command lane of CertificateSigned (UpdateItem), and the message log.
 */
export const CERTIFICATE_FUNCTION_WRITES = {
  'dynamodb:PutItem': [ROWS.chargers, ROWS.ocppMessages],
  'dynamodb:UpdateItem': [ROWS.chargers],
  'dynamodb:DeleteItem': [ROWS.chargers],
} as const satisfies RowWrites;

/** How long the certificate function waits for a charger's answer to CertificateSigned, ms. */
export const CERTIFICATE_SIGNED_WAIT_MS = 20_000;

/**
 * CSRs per invocation of the certificate function: each may wait {@link CERTIFICATE_SIGNED_WAIT_MS}
 * for its charger, one after another, so a batch must fit the function's timeout
 * ({@link SIGN_TIMEOUT}).
 */
export const SIGN_BATCH_SIZE = 5;

/** The certificate function's timeout: a full batch of silent chargers, and 30 s for the signatures and writes. */
const SIGN_TIMEOUT = Duration.millis(SIGN_BATCH_SIZE * CERTIFICATE_SIGNED_WAIT_MS + 30_000);

/** Years the CA certificate made at deployment is valid: longer than any charger certificate it issues. */
export const CA_CERTIFICATE_YEARS = 20;

/**
 * The most bytes of operator CAs (`extraTrustAnchors`) the stack takes: they go with the CA
 * certificate into `$connect`'s environment, which Lambda limits to 4 KB in all.
 */
export const MAX_EXTRA_TRUST_ANCHOR_BYTES = 2_048;

/** Properties of {@link ChargerCertificates}. */
export interface ChargerCertificatesProps {
  readonly table: NetworkTable;
  /** The OCPP API: CertificateSigned goes through its management endpoint. */
  readonly ocppApi: OcppApi;
  /** `$connect` (`CHARGER_TRUST_ANCHORS`) and `$default` (`CA_KMS_KEY_ID`, `CA_CERTIFICATE`). */
  readonly ocppFunctions: { readonly connect: NodejsFunction; readonly message: NodejsFunction };
  /**
   * The CA certificate's subject (RFC 4514): CN the CA's name, O the operator's.
   * @default `CN=<stack name> CSMS CA, O=Charging Network`
   */
  readonly caSubject?: string;
  /**
   * PEM CA certificates of the operator's own, trusted beside the CSMS CA (chargers whose
   * certificates another CA issued: docs/certificates.md "Bringing your own CA"); at most
   * {@link MAX_EXTRA_TRUST_ANCHOR_BYTES}.
   * @default none
   */
  readonly extraTrustAnchors?: string;
  /** Days a charger certificate is valid (`CERTIFICATE_LIFETIME_DAYS`, 1–825). @default 365 */
  readonly certificateLifetimeDays?: number;
  /** AWS X-Ray active tracing on the functions. @default false */
  readonly tracing?: boolean;
  /** What the OCPP message log keeps of the CALLs sent. @default 'all' */
  readonly ocppMessageLog?: OcppMessageLogMode;
}

/**
 * Checks the operator's extra trust anchors: PEM certificates of CAs, within
 * {@link MAX_EXTRA_TRUST_ANCHOR_BYTES}.
 * @throws Error naming the problem (at synthesis)
 */
export function checkExtraTrustAnchors(pem: string): void {
  if (Buffer.byteLength(pem) > MAX_EXTRA_TRUST_ANCHOR_BYTES)
    throw new Error(`extraTrustAnchors must be at most ${MAX_EXTRA_TRUST_ANCHOR_BYTES} bytes of PEM`);
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new Error('extraTrustAnchors holds no PEM certificate');
  for (const block of blocks) {
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(block);
    } catch {
      throw new Error('extraTrustAnchors holds a block that is not a certificate');
    }
    if (!certificate.ca) throw new Error(`extraTrustAnchors: ${certificate.subject} is not a CA certificate`);
  }
}

/** The CSMS CA, CloudFront's trust store for chargers, and the certificate function. */
export class ChargerCertificates extends Construct {
  /** The CA's key (ECC_NIST_P256, SIGN_VERIFY), retained when the stack is deleted. */
  public readonly key: Key;
  /** `ca.pem` and the trust store's `bundle.pem` (versioned, retained). */
  public readonly bucket: Bucket;
  /** CloudFront's trust store of chargers' CAs. */
  public readonly trustStore: CfnTrustStore;
  /** The CA certificate (PEM), known at deployment (the `ChargerCaCertificate` output). */
  public readonly caCertificatePem: string;
  /** `lambdas/certificates/{sign,ca-setup}.ts`. */
  public readonly functions: { readonly sign: NodejsFunction; readonly caSetup: NodejsFunction };

  constructor(scope: Construct, id: string, props: ChargerCertificatesProps) {
    super(scope, id);
    if (props.extraTrustAnchors) checkExtraTrustAnchors(props.extraTrustAnchors);
    const extraTrustAnchors = props.extraTrustAnchors?.trim() ? `${props.extraTrustAnchors.trim()}\n` : '';
    this.key = new Key(this, 'CaKey', {
      description: "CSMS CA of chargers' certificates (ECDSA P-256): signs chargers' certificates",
      keySpec: KeySpec.ECC_NIST_P256,
      keyUsage: KeyUsage.SIGN_VERIFY,
      // Every charger certificate issued under it depends on it.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.bucket = new Bucket(this, 'TrustStoreBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // The trust store names the bundle's version; the CA certificate must outlive the stack.
      versioned: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const caSetup = this.createCaSetup(props);
    const ca = new CustomResource(this, 'Ca', {
      serviceToken: new Provider(this, 'CaSetupProvider', { onEventHandler: caSetup }).serviceToken,
      resourceType: 'Custom::ChargerCa',
      properties: {
        KeyId: this.key.keyArn,
        Bucket: this.bucket.bucketName,
        Subject: props.caSubject ?? `CN=${Stack.of(this).stackName} CSMS CA, O=Charging Network`,
        Years: String(CA_CERTIFICATE_YEARS),
        ExtraTrustAnchors: extraTrustAnchors,
      },
    });
    this.caCertificatePem = ca.getAttString('CaCertificate');
    this.trustStore = new CfnTrustStore(this, 'ViewerTrustStore', {
      name: `${Stack.of(this).stackName}-chargers`,
      caCertificatesBundleSource: {
        caCertificatesBundleS3Location: {
          bucket: this.bucket.bucketName,
          key: TRUST_STORE_OBJECTS.bundle,
          region: Stack.of(this).region,
          version: ca.getAttString('BundleVersion'),
        },
      },
    });
    const sign = this.createSignFunction(props);
    props.ocppFunctions.connect.addEnvironment(CHARGER_TRUST_ANCHORS_ENV, this.caCertificatePem + extraTrustAnchors);
    props.ocppFunctions.message.addEnvironment(CA_ENV.kmsKeyId, this.key.keyArn);
    props.ocppFunctions.message.addEnvironment(CA_ENV.certificate, this.caCertificatePem);
    this.functions = { sign, caSetup };
    this.acknowledgeFindings(caSetup);
  }

  /** The custom resource's function: may sign with the key once and write the bucket's two objects. */
  private createCaSetup(props: ChargerCertificatesProps): NodejsFunction {
    const caSetup = createFunction(this, 'caSetup', {
      entry: 'lambdas/certificates/ca-setup.ts',
      description: "Deployment: makes the CSMS CA's certificate with the KMS key and the trust store bundle",
      timeout: Duration.minutes(1),
      tracing: props.tracing,
    });
    this.key.grant(caSetup, 'kms:Sign', 'kms:GetPublicKey');
    caSetup.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject'],
        resources: Object.values(TRUST_STORE_OBJECTS).map((key) => this.bucket.arnForObjects(key)),
      }),
    );
    // Without ListBucket a missing ca.pem reads as AccessDenied instead of NoSuchKey.
    caSetup.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn] }));
    return caSetup;
  }

  /**
   * The certificate function: the CSRs from the stream ({@link SIGN_BATCH_SIZE} at a time, failed
   * records reported and retried), one `kms:Sign` per certificate, CertificateSigned.
   */
  private createSignFunction(props: ChargerCertificatesProps): NodejsFunction {
    const sign = createTableFunction(this, 'sign', {
      entry: 'lambdas/certificates/sign.ts',
      description: "Chargers' CSRs (SignCertificate): checks them, issues certificates, sends CertificateSigned",
      timeout: SIGN_TIMEOUT,
      tracing: props.tracing,
      table: props.table,
      writes: CERTIFICATE_FUNCTION_WRITES,
      chargerCalls: { ocppApi: props.ocppApi, messageLog: props.ocppMessageLog, timeoutMs: CERTIFICATE_SIGNED_WAIT_MS },
      environment: {
        [CA_ENV.kmsKeyId]: this.key.keyArn,
        [CA_ENV.certificate]: this.caCertificatePem,
        ...(props.certificateLifetimeDays ? { [CA_ENV.lifetimeDays]: String(props.certificateLifetimeDays) } : {}),
      },
    });
    this.key.grant(sign, 'kms:Sign', 'kms:GetPublicKey');
    // Small batches that fit the timeout, and only the failed records retried: each CSR is claimed
    // before it is signed (`lambdas/certificates/sign.ts`), so a retried one is not signed twice.
    props.table.streamChangesTo(sign, CERTIFICATE_SIGNING_ENTITIES, {
      batchSize: SIGN_BATCH_SIZE,
      reportBatchItemFailures: true,
    });
    return sign;
  }

  /**
   * Viewer mTLS for the distribution (`edge.ts`): optional mode (password chargers and browsers
   * connect without a certificate), this trust store, expired certificates refused at the handshake.
   */
  public get viewerMtlsConfig(): CfnDistribution.ViewerMtlsConfigProperty {
    return {
      mode: 'optional',
      trustStoreConfig: { trustStoreId: this.trustStore.attrId, ignoreCertificateExpiry: false },
    };
  }

  private acknowledgeFindings(caSetup: NodejsFunction): void {
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'The bucket holds two public certificates (the CA and the trust store bundle), written at deployment and read by CloudFront; access logs would record nothing of interest.',
    });
    const provider = this.node.findChild('CaSetupProvider');
    Validations.of(provider).acknowledge({
      id: 'AwsSolutions-L1',
      reason: "The runtime of CDK's custom resource provider framework is chosen and updated by aws-cdk-lib.",
    });
    Validations.of(provider).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason:
        "CDK's provider framework function logs with AWSLambdaBasicExecutionRole, as aws-cdk-lib defines it; it only invokes the set-up function.",
    });
    acknowledgeWildcardResource(
      provider,
      `${caSetup.functionArn}:*`,
      "CDK's provider framework may invoke the set-up function and its versions, as aws-cdk-lib defines it.",
    );
  }
}
