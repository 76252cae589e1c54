/**
 * The AWS WAF web ACL in front of the CloudFront distribution: a rate-based rule per client IP
 * (one keyless client must not starve everyone: rejected requests still cost Lambda invocations
 * and the APIs' stage-wide throttles) and the AWS managed common rule set.
 *
 * A web ACL for CloudFront has scope CLOUDFRONT and must be created in us-east-1, so
 * {@link attachableWebAclArn} decides where it comes from: an existing web ACL's ARN given by the
 * deployer, else one created here when the stack is in us-east-1, conditionally (a CloudFormation
 * condition on `AWS::Region`) when the stack's region is only known at deployment, and none in
 * another region.
 */
import { Aws, CfnCondition, Fn, Stack, Token } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { UPLOADS_PATH_PREFIX } from './edge';

/** Rules of the common rule set that only count (never block) because real traffic trips them. */
export const COMMON_RULE_SET_COUNT_ONLY = {
  /** 8 KB body limit: API bodies may be up to 1 MiB (batch upserts of access IDs). */
  SizeRestrictions_BODY: 'API bodies may be up to 1 MiB (batch upserts), the app enforces that limit',
  /** Charger firmware and integrators' scripts often send no User-Agent at the WebSocket handshake. */
  NoUserAgent_HEADER: 'charger firmware and scripts often send no User-Agent',
} as const;

/** Properties of {@link EdgeWebAcl}. */
export interface EdgeWebAclProps {
  /**
   * Requests one client IP may make in any 5-minute window before WAF answers 429. Integrators
   * are limited to 200 requests per minute per API key by the app (1,000 per 5 minutes); this
   * leaves room for a few keys, or a depot of chargers reconnecting, behind one address.
   * @default 3000
   */
  readonly rateLimitPerIp?: number;
}

const PROBLEM_BODY_KEY = 'rate-limited';
const TOO_MANY_REQUESTS_PROBLEM = JSON.stringify({
  type: '/problems/rate-limited',
  title: 'Too Many Requests',
  status: 429,
  detail: 'Too many requests from this address; slow down and retry in a minute',
  error: 'Too many requests from this address; slow down and retry in a minute',
});

function visibility(metricName: string): CfnWebACL.VisibilityConfigProperty {
  return { cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true };
}

/**
 * A CLOUDFRONT-scope web ACL (deploy it in us-east-1): allow by default; a rate-based rule that
 * blocks an IP above {@link EdgeWebAclProps.rateLimitPerIp} with a 429 problem document; the AWS
 * managed common rule set with {@link COMMON_RULE_SET_COUNT_ONLY} set to count. OCPP frames after
 * the handshake never reach WAF (CloudFront inspects only the WebSocket upgrade request).
 */
export class EdgeWebAcl extends Construct {
  /** The web ACL. */
  public readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeWebAclProps = {}) {
    super(scope, id);
    const limit = props.rateLimitPerIp ?? 3000;
    if (!Number.isInteger(limit) || limit < 10) {
      throw new Error(`rateLimitPerIp must be an integer ≥ 10 (AWS WAF's minimum), got ${limit}`);
    }
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'Charging network edge: rate limit per IP and AWS managed common rules',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('ChargingNetworkEdge'),
      customResponseBodies: {
        [PROBLEM_BODY_KEY]: { contentType: 'APPLICATION_JSON', content: TOO_MANY_REQUESTS_PROBLEM },
      },
      rules: [
        {
          name: 'RateLimitPerIp',
          priority: 0,
          statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP', evaluationWindowSec: 300 } },
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: PROBLEM_BODY_KEY } } },
          visibilityConfig: visibility('RateLimitPerIp'),
        },
        {
          name: 'AWSManagedRulesCommonRuleSet',
          priority: 1,
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              ruleActionOverrides: Object.keys(COMMON_RULE_SET_COUNT_ONLY).map((name) => ({
                name,
                actionToUse: { count: {} },
              })),
              // Not on chargers' log uploads: a log's text (URLs, paths, markup it recorded) trips the
              // body rules (GenericRFI_BODY, GenericLFI_BODY, CrossSiteScripting_BODY), and an upload
              // is only stored, never run or served inline; its token authorizes it.
              scopeDownStatement: {
                notStatement: {
                  statement: {
                    byteMatchStatement: {
                      fieldToMatch: { uriPath: {} },
                      positionalConstraint: 'STARTS_WITH',
                      searchString: UPLOADS_PATH_PREFIX,
                      textTransformations: [{ priority: 0, type: 'NONE' }],
                    },
                  },
                },
              },
            },
          },
          overrideAction: { none: {} },
          visibilityConfig: visibility('AWSManagedRulesCommonRuleSet'),
        },
      ],
    });
  }

  /** The web ACL's ARN (what CloudFront's `webAclId` takes for AWS WAF v2). */
  public get arn(): string {
    return this.webAcl.attrArn;
  }
}

/**
 * The web ACL ARN to attach to the distribution of the stack `scope` is in.
 *
 * @param scope - a construct in the stack; a created web ACL goes under it as `WebAcl`
 * @param existingArn - a CLOUDFRONT-scope web ACL the deployer made in us-east-1, used as is
 * @param props - the rules of a web ACL created here
 * @returns the ARN (possibly an `Fn::If` on the stack's region), or undefined when the stack is
 *   in a region other than us-east-1 and no ARN was given
 */
export function attachableWebAclArn(
  scope: Construct,
  existingArn?: string,
  props?: EdgeWebAclProps,
): string | undefined {
  if (existingArn) return existingArn;
  const region = Stack.of(scope).region;
  if (!Token.isUnresolved(region)) {
    return region === 'us-east-1' ? new EdgeWebAcl(scope, 'WebAcl', props).arn : undefined;
  }
  const inUsEast1 = new CfnCondition(scope, 'InUsEast1', { expression: Fn.conditionEquals(Aws.REGION, 'us-east-1') });
  const created = new EdgeWebAcl(scope, 'WebAcl', props);
  created.webAcl.cfnOptions.condition = inUsEast1;
  return Fn.conditionIf(inUsEast1.logicalId, created.arn, Aws.NO_VALUE).toString();
}
