/**
 * The operator console on AWS: the static files of `npm run build:console` in a private S3
 * bucket, read by CloudFront through Origin Access Control, at the distribution's root (`/`) and
 * at `/api/docs` (the API reference), beside the `/api/*` and `/ocpp/*` behaviours.
 *
 * `cdk synth` builds the console itself: the asset's local bundling runs `lib/console/build.ts`
 * (the files `npm run build:console` writes to `dist/console`) with the local esbuild, offline and
 * without Docker; a `BucketDeployment` uploads them. Objects carry `Cache-Control: no-cache`, so
 * browsers revalidate and a deployment shows at once; the pages get the same security headers as
 * on `npm start` (`lib/console/headers.ts`).
 *
 * @module
 */
import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Role, ServicePrincipal, type IRole, type Policy } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import { buildConsole, CONSOLE_SOURCE_DIR, describeBuild } from '../console/build';
import { CONSOLE_CACHE_CONTROL, consoleContentSecurityPolicy } from '../console/headers';
import { createLogGroup } from './logs';

/** Path of the CloudFront Function naming the pages' index documents (cloudfront-js-2.0, no imports). */
export const CONSOLE_INDEX_SOURCE = fileURLToPath(new URL('./edge/console-index.js', import.meta.url));

/** Path pattern of the API reference's behaviour; it must come before `/api/*`. */
export const API_DOCS_PATH_PATTERN = '/api/docs*';

/**
 * The console's bucket, origin, behaviours and deployment. Give {@link defaultBehavior} and
 * {@link additionalBehaviors} to the distribution (the additional ones first, before `/api/*`).
 */
export class OperatorConsole extends Construct {
  /** The private bucket holding the built console. */
  public readonly bucket: Bucket;
  /** The viewer-request function of both behaviours (source {@link CONSOLE_INDEX_SOURCE}). */
  public readonly indexRewrite: CloudFrontFunction;
  /** The distribution's default behaviour: the console. */
  public readonly defaultBehavior: BehaviorOptions;
  /** `/api/docs*`: the API reference. */
  public readonly additionalBehaviors: Record<string, BehaviorOptions>;
  /** Uploads the build to the bucket on every deployment. */
  public readonly deployment: BucketDeployment;

  /**
   * @param props.identityOrigins the OpenID provider's origins the console calls to sign people in
   *   (its CSP's `connect-src`; `lib/aws/people.ts`) @default none: API keys only
   */
  constructor(scope: Construct, id: string, props: { identityOrigins?: readonly string[] } = {}) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Build output only: nothing to keep when the stack goes.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    this.indexRewrite = new CloudFrontFunction(this, 'IndexRewrite', {
      comment: 'Operator console: / to /index.html, /api/docs to /api/docs/index.html',
      code: FunctionCode.fromFile({ filePath: CONSOLE_INDEX_SOURCE }),
      runtime: FunctionRuntime.JS_2_0,
    });
    const behavior: BehaviorOptions = {
      origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      // Compression (the Swagger UI bundle shrinks from 1.7 MB to 0.45 MB) needs a caching policy.
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      compress: true,
      responseHeadersPolicy: this.securityHeaders(props.identityOrigins ?? []),
      functionAssociations: [{ function: this.indexRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
    };
    this.defaultBehavior = behavior;
    this.additionalBehaviors = { [API_DOCS_PATH_PATTERN]: behavior };
    this.deployment = this.deploy();
    this.acknowledgeFindings();
  }

  /** The upload, run by CDK's deployment function with a role that may write only its own logs and the two buckets. */
  private deploy(): BucketDeployment {
    const logGroup = createLogGroup(this, 'DeploymentLogGroup');
    const role = new Role(this, 'DeploymentRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Uploads the operator console to its bucket',
    });
    logGroup.grantWrite(role);
    return new BucketDeployment(this, 'Deployment', {
      sources: [consoleSource()],
      destinationBucket: this.bucket,
      cacheControl: [CacheControl.fromString(CONSOLE_CACHE_CONTROL)],
      memoryLimit: 512,
      role,
      logGroup,
    });
  }

  private securityHeaders(identityOrigins: readonly string[]): ResponseHeadersPolicy {
    return new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Operator console: CSP (this origin, and sign-in calls), HSTS, nosniff, no framing, no referrer',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: consoleContentSecurityPolicy(identityOrigins),
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
      },
    });
  }

  private acknowledgeFindings(): void {
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        "The bucket holds only the console's build output, the same public files for every viewer, read only by " +
        'CloudFront (OAC); its reads would log nothing of interest.',
    });
    const sync =
      "BucketDeployment's own grants for `aws s3 sync` from the CDK assets bucket to the console bucket" +
      ' (get, list, put, delete)';
    for (const action of ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*']) {
      Validations.of(this.deployment.handlerRole).acknowledge({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason: `${sync}; limited to those two buckets.`,
      });
    }
    // The object ARNs (`<bucket>/*`) of both buckets, as cdk-nag names them.
    for (const resource of objectWildcards(this.deployment.handlerRole)) {
      Validations.of(this.deployment.handlerRole).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${resource}]`,
        reason: `${sync}: every object of the bucket is part of the upload.`,
      });
    }
    // The deployment function is CDK's singleton at the stack's root, not under this construct.
    const handler = Stack.of(this).node.children.find((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    if (handler) {
      Validations.of(handler).acknowledge({
        id: 'AwsSolutions-L1',
        reason:
          "The runtime of CDK's BucketDeployment function is chosen and updated by aws-cdk-lib, not by this project.",
      });
    }
  }
}

/** The resources ending in `/*` of `role`'s default policy, flattened as cdk-nag reports them. */
function objectWildcards(role: IRole): string[] {
  const policy = role.node.tryFindChild('DefaultPolicy') as Policy | undefined;
  if (!policy) return [];
  const document = Stack.of(role).resolve(policy.document.toJSON()) as { Statement: { Resource: unknown }[] };
  return document.Statement.flatMap((statement) => [statement.Resource].flat())
    .map((resource) => flattenCfnReference(resource))
    .filter((resource) => resource.endsWith('/*'));
}

/**
 * The built console as a CDK asset: bundling runs the same build as `npm run build:console`
 * (printing its sizes) straight into the asset's directory, so a synth never touches the
 * `dist/console` a local gateway may be serving. The hash is the output's, so an unchanged build
 * is not uploaded again.
 */
function consoleSource() {
  return Source.asset(CONSOLE_SOURCE_DIR, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never pulled: local bundling always succeeds or throws.
      image: DockerImage.fromRegistry('scratch'),
      local: {
        tryBundle(outputDir) {
          process.stderr.write(`${describeBuild(buildConsole(outputDir))}\n`);
          return true;
        },
      },
    },
  });
}
