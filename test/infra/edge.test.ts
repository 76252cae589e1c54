/**
 * The edge of the deployed stack: CloudFront is the only way in. Both APIs keep their execute-api
 * endpoints (CloudFront's origins, and the `@connections` management API that PostToConnection
 * needs), so CloudFront adds a secret origin header that the APIs' functions require.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { HTTP_FUNCTIONS, httpHandlerEntry, type HttpFunctionName } from '../../shared/api/routes';
import { OCPP_FUNCTIONS } from '../../lib/aws/ocpp-api';
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from '../../lib/aws/origin-verify';
import { synthesise } from './support/template';

describe('secret origin header (CloudFront cannot be bypassed)', () => {
  const { template, resources, idOf, functionId } = synthesise();
  const secretId = idOf('AWS::SecretsManager::Secret', {
    Description: Match.stringLikeRegexp('header CloudFront adds'),
  });
  const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!;
  const config = distribution.Properties.DistributionConfig;
  /** The dynamic reference CloudFormation resolves to the secret's value at deployment. */
  const secretValue = { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] };

  it('generates the secret at deployment (its value is in neither the template nor the assembly)', () => {
    const secret = resources[secretId]!.Properties;
    expect(secret.GenerateSecretString).toMatchObject({ PasswordLength: 48, ExcludePunctuation: true });
    expect(secret.SecretString).toBeUndefined();
  });

  it('has CloudFront send the secret header to both API origins', () => {
    const all = config.Origins as Record<string, any>[];
    const origins = all.filter((origin) => origin.CustomOriginConfig);
    expect(origins).toHaveLength(2);
    // The third origin is the console's bucket (Origin Access Control): no secret goes there.
    expect(all.filter((origin) => !origin.CustomOriginConfig).map((o) => o.OriginCustomHeaders)).toEqual([undefined]);
    for (const origin of origins) {
      expect(origin.OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: secretValue }]);
    }
  });

  it('makes every HTTP function and OCPP $connect require the same secret', () => {
    const httpEntries = (Object.keys(HTTP_FUNCTIONS) as HttpFunctionName[]).map(httpHandlerEntry);
    const entries = [...httpEntries, 'lambdas/ocpp/connect.ts'];
    for (const entry of entries) {
      const variables = resources[functionId(entry)]!.Properties.Environment.Variables;
      expect(variables[ORIGIN_VERIFY_ENV], entry).toEqual(secretValue);
    }
  });

  it('does not give the secret to functions of connections $connect already accepted', () => {
    for (const name of Object.keys(OCPP_FUNCTIONS).filter((name) => name !== 'connect')) {
      const variables = resources[functionId(`lambdas/ocpp/${name}.ts`)]!.Properties.Environment.Variables;
      expect(variables).not.toHaveProperty(ORIGIN_VERIFY_ENV);
    }
  });

  it('keeps both execute-api endpoints: the origins and the @connections management API live there', () => {
    for (const api of Object.values(template.findResources('AWS::ApiGatewayV2::Api'))) {
      expect(api.Properties.DisableExecuteApiEndpoint ?? false).toBe(false);
    }
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('lambdas/ocpp/message\\.ts'),
      Environment: { Variables: Match.objectLike({ WS_MANAGEMENT_ENDPOINT: Match.anyValue() }) },
    });
  });
});

describe('AWS WAF web ACL (one keyless client cannot starve everyone)', () => {
  const webAclArnOf = (template: ReturnType<typeof synthesise>['template']) =>
    Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig.WebACLId;

  it('is created in us-east-1 and attached to the distribution', () => {
    const { template, idOf } = synthesise({ env: { account: '123456789012', region: 'us-east-1' } });
    const webAclId = idOf('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT' });

    expect(webAclArnOf(template)).toEqual({ 'Fn::GetAtt': [webAclId, 'Arn'] });
    expect(template.findResources('AWS::WAFv2::WebACL')[webAclId]!.Condition).toBeUndefined();
  });

  it('is created only if the region turns out to be us-east-1 when the stack is environment-agnostic', () => {
    const { template, idOf } = synthesise();
    const webAclId = idOf('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT' });
    const condition = template.findResources('AWS::WAFv2::WebACL')[webAclId]!.Condition as string;

    expect(template.toJSON().Conditions[condition]).toEqual({ 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-east-1'] });
    expect(webAclArnOf(template)).toEqual({
      'Fn::If': [condition, { 'Fn::GetAtt': [webAclId, 'Arn'] }, { Ref: 'AWS::NoValue' }],
    });
  });

  it('is not created in another region, where webAclArn attaches one made in us-east-1', () => {
    const env = { account: '123456789012', region: 'eu-west-1' };
    const arn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/edge/0b1c2d3e-4f5a-6b7c-8d9e-0f1a2b3c4d5e';
    const without = synthesise({ env }).template;
    const withArn = synthesise({ env, webAclArn: arn }).template;

    without.resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(webAclArnOf(without)).toBeUndefined();
    withArn.resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(webAclArnOf(withArn)).toBe(arn);
  });

  describe('rules', () => {
    const { template } = synthesise({ env: { account: '123456789012', region: 'us-east-1' }, rateLimitPerIp: 1200 });
    const webAcl = Object.values(template.findResources('AWS::WAFv2::WebACL'))[0]!.Properties;
    const rule = (name: string) => (webAcl.Rules as Record<string, any>[]).find((r) => r.Name === name)!;

    it('allows by default', () => {
      expect(webAcl.DefaultAction).toEqual({ Allow: {} });
    });

    it('blocks an IP over the rate limit with a 429 problem document', () => {
      const rate = rule('RateLimitPerIp');
      const statement = rate.Statement.RateBasedStatement;
      expect(statement).toEqual({ Limit: 1200, AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
      const { ResponseCode, CustomResponseBodyKey } = rate.Action.Block.CustomResponse;
      expect(ResponseCode).toBe(429);
      const body = webAcl.CustomResponseBodies[CustomResponseBodyKey];
      expect(body.ContentType).toBe('APPLICATION_JSON');
      expect(JSON.parse(body.Content)).toMatchObject({ status: 429, type: '/problems/rate-limited' });
    });

    it('applies the AWS managed common rule set, counting only the body-size and no-User-Agent rules, and not to log uploads', () => {
      const common = rule('AWSManagedRulesCommonRuleSet');
      expect(common.OverrideAction).toEqual({ None: {} });
      expect(common.Statement.ManagedRuleGroupStatement).toEqual({
        VendorName: 'AWS',
        Name: 'AWSManagedRulesCommonRuleSet',
        RuleActionOverrides: [
          { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
          { Name: 'NoUserAgent_HEADER', ActionToUse: { Count: {} } },
        ],
        ScopeDownStatement: {
          NotStatement: {
            Statement: {
              ByteMatchStatement: {
                FieldToMatch: { UriPath: {} },
                PositionalConstraint: 'STARTS_WITH',
                SearchString: '/uploads/',
                TextTransformations: [{ Priority: 0, Type: 'NONE' }],
              },
            },
          },
        },
      });
    });

    it('evaluates the rate limit first and publishes metrics for every rule', () => {
      expect(rule('RateLimitPerIp').Priority).toBeLessThan(rule('AWSManagedRulesCommonRuleSet').Priority);
      for (const r of webAcl.Rules as Record<string, any>[]) {
        expect(r.VisibilityConfig).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true });
      }
    });
  });
});

describe('custom domain (TLS 1.2)', () => {
  const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0b1c2d3e-4f5a-6b7c-8d9e-0f1a2b3c4d5e';
  const domainName = 'charging.example.com';

  it('serves the domain with its certificate and TLSv1.2_2021, and gives URLs on it', () => {
    const { template, idOf } = synthesise({ domainName, certificateArn });
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0]!;
    const config = distribution.Properties.DistributionConfig;

    expect(config.Aliases).toEqual([domainName]);
    expect(config.ViewerCertificate).toEqual({
      AcmCertificateArn: certificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    template.hasOutput('ApiUrl', { Value: `https://${domainName}/api` });
    template.hasOutput('OcppUrl', { Value: `wss://${domainName}/ocpp` });
    template.hasOutput('DistributionDomainName', {
      Value: { 'Fn::GetAtt': [idOf('AWS::CloudFront::Distribution', {}), 'DomainName'] },
    });
  });

  it('refuses a domain without a certificate, and a certificate outside us-east-1', () => {
    expect(() => synthesise({ domainName })).toThrow(/domainName and certificateArn must be given together/);
    expect(() => synthesise({ domainName, certificateArn: certificateArn.replace('us-east-1', 'eu-west-1') })).toThrow(
      /ACM certificate in us-east-1/,
    );
  });
});

describe('reserved concurrency of $connect (scrypt cannot exhaust the account)', () => {
  const reservedOf = (props: Parameters<typeof synthesise>[0], entry: string) => {
    const { resources, functionId } = synthesise(props);
    return resources[functionId(entry)]!.Properties.ReservedConcurrentExecutions;
  };

  it('reserves 20 for $connect by default, and nothing for the other functions', () => {
    const { resources, functionId } = synthesise();
    expect(resources[functionId('lambdas/ocpp/connect.ts')]!.Properties.ReservedConcurrentExecutions).toBe(20);
    const reserved = Object.values(resources).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.ReservedConcurrentExecutions !== undefined,
    );
    expect(reserved).toHaveLength(1);
  });

  it('takes another amount, or none, from the props and refuses 0', () => {
    expect(reservedOf({ connectReservedConcurrency: 50 }, 'lambdas/ocpp/connect.ts')).toBe(50);
    expect(reservedOf({ connectReservedConcurrency: false }, 'lambdas/ocpp/connect.ts')).toBeUndefined();
    expect(() => synthesise({ connectReservedConcurrency: 0 })).toThrow(/positive integer or false/);
  });
});
