/**
 * Chargers' log files on AWS (docs/charger-logs.md): a private S3 bucket, encrypted (SSE-S3),
 * every public access blocked, TLS only, objects owned by the bucket owner (no ACLs), and every
 * object expired after {@link ChargerLogsProps.retentionDays}. Chargers upload with HTTP PUT to a
 * presigned PutObject URL the operation worker issues; the API hands out presigned GetObject URLs;
 * where a result is settled (the HTTP function, the sweep) the object's size is read. Each
 * presigning function holds exactly the S3 action its URLs use, on the log objects only (a
 * presigned URL carries the signer's rights, no more).
 *
 * A presigned URL is too long for 2.0.1 (512 characters), so there the worker issues our short
 * upload URL instead (`https://<domain>/uploads/<token>`): a token signed with a generated Secrets
 * Manager secret, taken by the upload function (`lambdas/logs/upload.ts`) on the HTTP API's
 * `PUT|POST /uploads/{token}[/{fileName}]` routes (CloudFront's `/uploads/*` behaviour,
 * `edge.ts`), which writes the object itself. The worker and the upload function may read the
 * secret; the upload function may put log objects and nothing else.
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledgeWildcardResource } from './execute-api';
import { createFunction } from './functions';
import type { OriginVerifySecret } from './origin-verify';

/** The upload function's handler module. */
export const UPLOAD_FUNCTION_ENTRY = 'lambdas/logs/upload.ts';

/** The HTTP API routes of our upload URL (a file name after the token is accepted and ignored). */
export const UPLOAD_ROUTE_KEYS = [
  'PUT /uploads/{token}',
  'POST /uploads/{token}',
  'PUT /uploads/{token}/{fileName}',
  'POST /uploads/{token}/{fileName}',
] as const;

/** The prefix of every log object (`shared/charger-logs/log-storage.ts`, `storageKeyOf`). */
export const LOG_OBJECT_PREFIX = 'logs/';

/** Properties of {@link ChargerLogs}. */
export interface ChargerLogsProps {
  /** Issues upload URLs (s3:PutObject): the log requests' operation worker. */
  readonly uploadSigners: readonly NodejsFunction[];
  /**
   * Issue download URLs and read the objects' size (s3:GetObject; s3:ListBucket of the bucket,
   * so that a missing object is a 404) where a result is settled or shown: the HTTP function
   * of charger operations, the sweep.
   */
  readonly readers: readonly NodejsFunction[];
  /** Days an uploaded log is kept. @default 30 */
  readonly retentionDays?: number;
  /** The HTTP API the upload routes are added to (CloudFront's origin for `/uploads/*`). */
  readonly httpApi: HttpApi;
  /** The secret origin header the upload function requires (uploads come through CloudFront). */
  readonly originVerify: OriginVerifySecret;
  /**
   * Where chargers reach the upload routes: `https://<the CloudFront domain, or the custom domain>`
   * (the upload signers' `LOG_UPLOAD_BASE_URL`).
   */
  readonly uploadBaseUrl: string;
  /**
   * AWS X-Ray active tracing on the upload function.
   * @default false
   */
  readonly tracing?: boolean;
}

/** The log bucket and its grants. */
export class ChargerLogs extends Construct {
  public readonly bucket: Bucket;
  /** The secret upload tokens are signed with (generated, never in the template). */
  public readonly urlSecret: Secret;
  /** The upload function behind `/uploads/*`. */
  public readonly functions: { readonly upload: NodejsFunction };

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
      // Without ListBucket, S3 answers a HeadObject of a missing object 403 instead of 404, and a
      // charger that reported Uploaded without storing a file could not be told UploadMissing. No
      // s3:prefix condition: a HeadObject carries no prefix, so a conditioned grant would not count;
      // the bucket holds nothing but logs.
      fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn] }));
      fn.addEnvironment('LOG_BUCKET_NAME', this.bucket.bucketName);
    }
    this.urlSecret = new Secret(this, 'UrlSecret', {
      description: "Signs the tokens of chargers' short log upload URLs (https://<domain>/uploads/<token>)",
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    const readSecret = new PolicyStatement({
      actions: ['secretsmanager:GetSecretValue'],
      resources: [this.urlSecret.secretArn],
    });
    for (const fn of props.uploadSigners) {
      fn.addToRolePolicy(readSecret);
      fn.addEnvironment('LOG_URL_SECRET_ARN', this.urlSecret.secretArn);
      fn.addEnvironment('LOG_UPLOAD_BASE_URL', props.uploadBaseUrl);
    }
    const upload = this.createUploadFunction(props, objects, readSecret);
    this.functions = { upload };
    Validations.of(this.urlSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A rotation would void every upload URL already sent to chargers (valid for LOG_UPLOAD_TIMEOUT_MS); the functions read the value once per process. Replace it by hand if it leaks (docs/charger-logs.md).',
    });
    for (const fn of [...props.uploadSigners, ...props.readers, upload]) {
      acknowledgeWildcardResource(
        fn.role!,
        objects,
        "The log objects' keys are made per request (logs/<organization>/<charger>/<request>): the function signs, writes or reads any of them, and nothing outside the prefix.",
      );
    }
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Every upload and download goes through a presigned URL that this product issues and records (the charger operation, the OCPP message log); server access logs would repeat that.',
    });
  }

  /**
   * The upload function behind our short upload URL, with its grants (put log objects, read the
   * URL secret) and the HTTP API routes {@link UPLOAD_ROUTE_KEYS}.
   */
  private createUploadFunction(props: ChargerLogsProps, objects: string, readSecret: PolicyStatement): NodejsFunction {
    const upload = createFunction(this, 'Upload', {
      entry: UPLOAD_FUNCTION_ENTRY,
      description: "Chargers' log uploads to our short URL",
      tracing: props.tracing,
      environment: { LOG_BUCKET_NAME: this.bucket.bucketName, LOG_URL_SECRET_ARN: this.urlSecret.secretArn },
    });
    props.originVerify.requireOn(upload);
    upload.addToRolePolicy(readSecret);
    upload.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [objects] }));
    const integration = new HttpLambdaIntegration('UploadIntegration', upload, { scopePermissionToRoute: false });
    for (const routeKey of UPLOAD_ROUTE_KEYS) {
      const [method, path] = routeKey.split(' ') as [keyof typeof HttpMethod, string];
      const route = new HttpRoute(this, routeKey, {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(path, HttpMethod[method]),
        integration,
      });
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          'Authorized in the handler by the token in the path: HMAC-signed with a generated secret, for one log object, expiring (a charger sends no credentials with an upload).',
      });
    }
    return upload;
  }
}
