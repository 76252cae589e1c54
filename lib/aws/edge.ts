/**
 * The one public domain (docs/architecture.md, "Shape"): a CloudFront distribution that sends `/api/*`
 * to the HTTP API and `/ocpp/*` to the OCPP WebSocket API, with a CloudFront Function moving the
 * charge point identity from the path into the query string, and `/uploads/*` (chargers' log
 * uploads to our short URL, docs/charger-logs.md) to the HTTP API too.
 */
import { fileURLToPath } from 'node:url';
import { Token, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  type CfnDistribution,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, type HttpOriginProps } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Construct } from 'constructs';
import { OCPP_STAGE_NAME } from './ocpp-api';
import type { OriginVerifySecret } from './origin-verify';
import { AWS_UPLOAD_MAX_BYTES } from '../../shared/charger-logs';

/** Path of the CloudFront Function source (cloudfront-js-2.0, no imports). */
export const OCPP_PATH_REWRITE_SOURCE = fileURLToPath(new URL('./edge/ocpp-path-rewrite.js', import.meta.url));

/**
 * Path of the CloudFront Function of `/uploads/*` (cloudfront-js-2.0, no imports): 413 for a
 * declared `Content-Length` over {@link AWS_UPLOAD_MAX_BYTES}, which the upload function could
 * not even be invoked with (Lambda's 6 MB request payload).
 */
export const UPLOAD_SIZE_LIMIT_SOURCE = fileURLToPath(new URL('./edge/upload-size-limit.js', import.meta.url));

/** The path prefix of chargers' log uploads to our short URL. */
export const UPLOADS_PATH_PREFIX = '/uploads/';

/** CloudFront's path pattern of chargers' log uploads to our short URL. */
export const UPLOADS_PATH_PATTERN = `${UPLOADS_PATH_PREFIX}*`;

/** Properties of {@link EdgeDistribution}. */
export interface EdgeDistributionProps {
  /** Host name of the HTTP API's endpoint (`<apiId>.execute-api.<region>.amazonaws.com`). */
  readonly httpApiDomainName: string;
  /** Host name of the WebSocket API's endpoint; its stage must be {@link OCPP_STAGE_NAME}. */
  readonly webSocketApiDomainName: string;
  /**
   * Headers CloudFront adds to every request to both origins: the secret origin header that the
   * APIs' functions check ({@link OriginVerifySecret}). A viewer's header of the same name is
   * overwritten by CloudFront.
   */
  readonly originCustomHeaders: Record<string, string>;
  /**
   * Edge locations used.
   * @default PriceClass.PRICE_CLASS_100 (North America, Europe, Israel)
   */
  readonly priceClass?: PriceClass;
  /**
   * A domain of the deployer's (`charging.example.com`) served with its ACM certificate and the
   * `TLSv1.2_2021` security policy.
   * @default none: the distribution's `*.cloudfront.net` name (whose TLS policy CloudFront fixes)
   */
  readonly customDomain?: CustomDomain;
  /**
   * ARN of the CLOUDFRONT-scope AWS WAF web ACL to attach ({@link attachableWebAclArn}).
   * @default none
   */
  readonly webAclArn?: string;
  /**
   * The operator console's behaviours (`lib/aws/console.ts`): the default one and
   * `/api/docs*`, placed before `/api/*`.
   * @default none: every other path reaches the HTTP API
   */
  /**
   * Viewer mutual TLS (chargers' certificates, security profile 3: `charger-certificates.ts`): the
   * mode and trust store. CloudFront adds the `CloudFront-Viewer-Cert-*` headers to the viewer's
   * request, which the charger path's origin request policy (all viewer headers but `Host`) forwards
   * to `$connect`.
   * @default none: no client certificates are asked for
   */
  readonly viewerMtls?: CfnDistribution.ViewerMtlsConfigProperty;
  readonly console?: {
    readonly defaultBehavior: BehaviorOptions;
    readonly additionalBehaviors: Record<string, BehaviorOptions>;
  };
}

/** A custom domain name for the distribution. */
export interface CustomDomain {
  /** The host name viewers use, e.g. `charging.example.com` (a CNAME to the distribution). */
  readonly domainName: string;
  /** ARN of an ACM certificate for {@link domainName}; CloudFront requires it in us-east-1. */
  readonly certificateArn: string;
}

/**
 * Checks a custom domain's certificate ARN: an ACM certificate in us-east-1 (CloudFront's only
 * region for certificates). A token (known at deployment only) passes.
 *
 * @throws Error naming the problem when the ARN is not an ACM ARN in us-east-1
 */
export function checkCertificateArn(certificateArn: string): void {
  if (Token.isUnresolved(certificateArn)) return;
  if (!/^arn:aws[\w-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
    throw new Error(`certificateArn must be an ACM certificate in us-east-1 (CloudFront), got ${certificateArn}`);
  }
}

/**
 * The CloudFront distribution in front of both APIs. Nothing is cached (every response is
 * per-caller), and viewers must use HTTPS (wss for chargers). Every request to an API carries the
 * secret origin header, without which the APIs' functions refuse it (403).
 *
 * Both behaviours forward the viewer's headers except `Host` with the managed
 * `AllViewerExceptHostHeader` origin request policy: API Gateway routes on its own `Host`, and
 * `Authorization` (the integrators' API key, the chargers' Basic credentials) can only be
 * forwarded by this managed "all viewer headers" policy: CloudFront rejects `Authorization` in a
 * custom policy's header allow-list, and a cache policy could carry it only with caching on.
 * The same policy forwards the WebSocket handshake headers (`Sec-WebSocket-Key`, `-Version`,
 * `-Protocol`, `-Extensions`) and every query string, including the `ocppId` the
 * function adds.
 */
export class EdgeDistribution extends Construct {
  /** The distribution. */
  public readonly distribution: Distribution;
  /** The viewer-request function of `/ocpp/*` (source {@link OCPP_PATH_REWRITE_SOURCE}). */
  public readonly ocppPathRewrite: CloudFrontFunction;
  /** The viewer-request function of `/uploads/*` (source {@link UPLOAD_SIZE_LIMIT_SOURCE}). */
  public readonly uploadSizeLimit: CloudFrontFunction;
  /** The custom domain name, if any. */
  public readonly customDomainName?: string;

  constructor(scope: Construct, id: string, props: EdgeDistributionProps) {
    super(scope, id);

    this.ocppPathRewrite = new CloudFrontFunction(this, 'OcppPathRewrite', {
      comment: `Moves /${OCPP_STAGE_NAME}/<ocppId> to /${OCPP_STAGE_NAME}?ocppId=<ocppId>`,
      code: FunctionCode.fromFile({ filePath: OCPP_PATH_REWRITE_SOURCE }),
      runtime: FunctionRuntime.JS_2_0,
    });

    this.uploadSizeLimit = new CloudFrontFunction(this, 'UploadSizeLimit', {
      comment: `413 for an upload to /uploads/* declaring more than ${AWS_UPLOAD_MAX_BYTES} bytes`,
      code: FunctionCode.fromFile({ filePath: UPLOAD_SIZE_LIMIT_SOURCE }),
      runtime: FunctionRuntime.JS_2_0,
    });

    const originOptions = {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: props.originCustomHeaders,
    } satisfies HttpOriginProps;
    const uncachedBehavior = {
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    } satisfies Partial<BehaviorOptions>;
    const api: BehaviorOptions = {
      ...uncachedBehavior,
      origin: new HttpOrigin(props.httpApiDomainName, originOptions),
      allowedMethods: AllowedMethods.ALLOW_ALL,
    };
    // The API's origin, with the edge's 413 for a declared body over the upload function's limit.
    const uploads: BehaviorOptions = {
      ...api,
      functionAssociations: [{ function: this.uploadSizeLimit, eventType: FunctionEventType.VIEWER_REQUEST }],
    };
    const ocpp: BehaviorOptions = {
      ...uncachedBehavior,
      origin: new HttpOrigin(props.webSocketApiDomainName, originOptions),
      // The WebSocket opening handshake is a GET.
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      functionAssociations: [{ function: this.ocppPathRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
    };

    const domain = props.customDomain;
    if (domain) checkCertificateArn(domain.certificateArn);
    this.customDomainName = domain?.domainName;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Charging network: /api/* and /uploads/* HTTP API, /ocpp/* OCPP WebSocket API',
      priceClass: props.priceClass ?? PriceClass.PRICE_CLASS_100,
      // The console at / (else any other path reaches the HTTP API's $default route: a 404 problem document).
      defaultBehavior: props.console?.defaultBehavior ?? api,
      // CloudFront takes the first pattern that matches: the console's /api/docs* before /api/*.
      // /uploads/*: chargers' log uploads to our short URL (the HTTP API's upload routes, lib/aws/charger-logs.ts).
      additionalBehaviors: {
        ...props.console?.additionalBehaviors,
        '/api/*': api,
        [`/${OCPP_STAGE_NAME}/*`]: ocpp,
        [UPLOADS_PATH_PATTERN]: uploads,
      },
      webAclId: props.webAclArn,
      ...(domain
        ? {
            domainNames: [domain.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });
    if (props.viewerMtls) this.enableViewerMtls(props.viewerMtls);
    this.acknowledgeFindings(props);
  }

  /** Viewer mTLS on the distribution: a property the L2 `Distribution` does not have yet. */
  private enableViewerMtls(config: CfnDistribution.ViewerMtlsConfigProperty): void {
    const cfn = this.distribution.node.defaultChild as CfnDistribution;
    const trustStore = config.trustStoreConfig as CfnDistribution.TrustStoreConfigProperty | undefined;
    cfn.addPropertyOverride('DistributionConfig.ViewerMtlsConfig', {
      Mode: config.mode,
      ...(trustStore
        ? {
            TrustStoreConfig: {
              TrustStoreId: trustStore.trustStoreId,
              ...(trustStore.ignoreCertificateExpiry === undefined
                ? {}
                : { IgnoreCertificateExpiry: trustStore.ignoreCertificateExpiry }),
            },
          }
        : {}),
    });
  }

  private acknowledgeFindings(props: EdgeDistributionProps): void {
    const acknowledge = (id: string, reason: string) => Validations.of(this.distribution).acknowledge({ id, reason });
    acknowledge(
      'AwsSolutions-CFR1',
      'No geo restriction: chargers and integrators connect from wherever the network operates, and access is controlled by API keys and charger credentials, not by country.',
    );
    if (!props.webAclArn) {
      acknowledge(
        'AwsSolutions-CFR2',
        'No web ACL: the stack is outside us-east-1, where CloudFront web ACLs live, and no webAclArn was given (docs/deploy.md, "AWS WAF", shows how to make one). Every /api request still needs an API key and is rate-limited per key, both stages are throttled, and chargers authenticate at $connect.',
      );
    }
    acknowledge(
      'AwsSolutions-CFR3',
      'Nothing is cached, so requests are logged where they are handled: HTTP API access logs and function logs for /api, function logs for every OCPP connect, frame and disconnect. Edge-only 400/404s of the OCPP path function show in CloudFront metrics.',
    );
    if (!props.customDomain) {
      acknowledge(
        'AwsSolutions-CFR4',
        'No custom domain: the distribution uses the default *.cloudfront.net certificate, for which CloudFront fixes the minimum security policy at TLSv1. With domainName and certificateArn the distribution uses TLSv1.2_2021.',
      );
    }
  }

  /** The domain viewers use: the custom domain, else the distribution's `dxxxx.cloudfront.net`. */
  public get domainName(): string {
    return this.customDomainName ?? this.distribution.distributionDomainName;
  }

  /** Base URL of the HTTP API for integrators, `https://<domain>/api`. */
  public get apiUrl(): string {
    return `https://${this.domainName}/api`;
  }

  /** OCPP-J endpoint for chargers, `wss://<domain>/ocpp`; a charger appends `/<ocppId>`. */
  public get ocppUrl(): string {
    return `wss://${this.domainName}/${OCPP_STAGE_NAME}`;
  }
}
