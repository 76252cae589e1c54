/**
 * Chargers' log files on AWS (docs/charger-logs.md): a private S3 bucket, encrypted (SSE-S3),
 * every public access blocked, TLS only, objects owned by the bucket owner (no ACLs), and every
 * object expired after {@link ChargerLogsProps.retentionDays}. Chargers upload with HTTP PUT to a
 * presigned PutObject URL the operation worker issues; the API hands out presigned GetObject URLs;
 * the OCPP message function reads the object's size when a charger reports it uploaded. Each
 * presigning function holds exactly the S3 action its URLs use, on the log objects only (a
 * presigned URL carries the signer's rights, no more).
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledgeWildcardResource } from './execute-api';

/** The prefix of every log object (`shared/charger-logs/log-storage.ts`, `storageKeyOf`). */
export const LOG_OBJECT_PREFIX = 'logs/';

/** Properties of {@link ChargerLogs}. */
export interface ChargerLogsProps {
  /** Issues upload URLs (s3:PutObject): the operation worker. */
  readonly uploadSigners: readonly NodejsFunction[];
  /** Issue download URLs and read the objects' size (s3:GetObject): the HTTP function, the OCPP message function. */
  readonly readers: readonly NodejsFunction[];
  /** Days an uploaded log is kept. @default 30 */
  readonly retentionDays?: number;
}

/** The log bucket and its grants. */
export class ChargerLogs extends Construct {
  public readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: ChargerLogsProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [
        {
          id: 'expire-logs',
          expiration: Duration.days(props.retentionDays ?? 30),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      // Chargers' logs are operational records: kept when the stack goes (they expire by themselves).
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const objects = this.bucket.arnForObjects(`${LOG_OBJECT_PREFIX}*`);
    for (const fn of props.uploadSigners) {
      fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [objects] }));
      fn.addEnvironment('LOG_BUCKET_NAME', this.bucket.bucketName);
    }
    for (const fn of props.readers) {
      fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [objects] }));
      fn.addEnvironment('LOG_BUCKET_NAME', this.bucket.bucketName);
    }
    for (const fn of [...props.uploadSigners, ...props.readers]) {
      acknowledgeWildcardResource(
        fn.role!,
        objects,
        "The log objects' keys are made per request (logs/<organization>/<charger>/<request>): the function signs or reads any of them, and nothing outside the prefix.",
      );
    }
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Every upload and download goes through a presigned URL that this product issues and records (the charger operation, the OCPP message log); server access logs would repeat that.',
    });
  }
}
