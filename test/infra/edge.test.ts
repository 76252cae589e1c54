/**
 * The edge of the deployed stack: CloudFront is the only way in. Both APIs keep their execute-api
 * endpoints (CloudFront's origins, and the `@connections` management API that PostToConnection
 * needs), so CloudFront adds a secret origin header that the APIs' functions require.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { HTTP_FUNCTIONS } from '../../shared/api/routes';
import { OCPP_FUNCTIONS } from '../../lib/constructs/ocpp-api';
import { ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER } from '../../lib/constructs/origin-verify';
import { synthesise } from './support/template';

describe('secret origin header (CloudFront cannot be bypassed)', () => {
  const { template, resources, idOf, functionId } = synthesise();
  const secretId = idOf('AWS::SecretsManager::Secret', {});
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
    const origins = config.Origins as Record<string, any>[];
    expect(origins).toHaveLength(2);
    for (const origin of origins) {
      expect(origin.OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: secretValue }]);
    }
  });

  it('makes every HTTP function and OCPP $connect require the same secret', () => {
    const httpEntries = Object.keys(HTTP_FUNCTIONS).map((name) => `lambdas/http/${name}.ts`);
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
