/**
 * Where people sign in on AWS (lib/aws/people.ts), on the synthesised stack: the Cognito user pool
 * (invited people only, e-mail sign-in, strong passwords, optional TOTP MFA, the invitation
 * e-mail naming the console), its managed login domain, the console's app client (authorization
 * code, no secret, the console's URL as callback and sign-out URL), every HTTP function pointed at
 * the pool and the client, the `users` function allowed AdminCreateUser and AdminDeleteUser on
 * this pool only, and the console's CSP allowing the pool's origins.
 */
import { describe, expect, it } from 'vitest';
import { synthesise } from './support/template';
import { HTTP_FUNCTIONS, httpHandlerEntry, type HttpFunctionName } from '../../shared/api/routes';

const { template, resources, functionId, statementsOf } = synthesise();

const only = (type: string) => {
  const found = Object.entries(resources).filter(([, r]) => r.Type === type);
  expect(found, type).toHaveLength(1);
  return { id: found[0]![0], properties: found[0]![1].Properties };
};
const pool = only('AWS::Cognito::UserPool');
const client = only('AWS::Cognito::UserPoolClient');
const distributionId = only('AWS::CloudFront::Distribution').id;

/** CloudFormation's value of the console's URL: `https://<distribution domain>/`. */
const consoleUrl = { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }, '/']] };

describe('the user pool', () => {
  it('takes invited people only, signing in by e-mail, case-insensitively', () => {
    expect(pool.properties).toMatchObject({
      UserPoolTier: 'ESSENTIALS',
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      UsernameConfiguration: { CaseSensitive: false },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
  });

  it('asks for strong passwords, and offers TOTP MFA (optional, no SMS)', () => {
    expect(pool.properties.Policies.PasswordPolicy).toMatchObject({
      MinimumLength: 12,
      RequireLowercase: true,
      RequireUppercase: true,
      RequireNumbers: true,
      RequireSymbols: true,
      TemporaryPasswordValidityDays: 7,
    });
    expect(pool.properties.MfaConfiguration).toBe('OPTIONAL');
    expect(pool.properties.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
  });

  it("e-mails the invitation with the console's URL, the user name and the temporary password", () => {
    const invitation = pool.properties.AdminCreateUserConfig.InviteMessageTemplate;
    expect(invitation.EmailSubject).toBe('Your charging network console account');
    const body = JSON.stringify(invitation.EmailMessage);
    expect(body).toContain(distributionId);
    expect(body).toContain('{username}');
    expect(body).toContain('{####}');
  });

  it('has a managed login domain, with a style for the console client', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolDomain', {
      UserPoolId: { Ref: pool.id },
      ManagedLoginVersion: 2,
    });
    template.hasResourceProperties('AWS::Cognito::ManagedLoginBranding', {
      UserPoolId: { Ref: pool.id },
      ClientId: { Ref: client.id },
      UseCognitoProvidedValues: true,
    });
  });
});

describe("the console's app client", () => {
  it('is public (no secret) and uses the authorization code flow only, back to the console', () => {
    expect(client.properties).toMatchObject({
      UserPoolId: { Ref: pool.id },
      GenerateSecret: false,
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: ['openid', 'email'],
      SupportedIdentityProviders: ['COGNITO'],
      CallbackURLs: [consoleUrl],
      LogoutURLs: [consoleUrl],
      PreventUserExistenceErrors: 'ENABLED',
    });
    // No password or SRP flow: people sign in through managed login only.
    expect(client.properties.ExplicitAuthFlows).toEqual(['ALLOW_REFRESH_TOKEN_AUTH']);
  });
});

describe('the HTTP functions', () => {
  const environmentOf = (name: HttpFunctionName) =>
    resources[functionId(httpHandlerEntry(name))]!.Properties.Environment.Variables as Record<string, unknown>;

  it.each(Object.keys(HTTP_FUNCTIONS) as HttpFunctionName[])(
    "%s verifies the pool's access tokens for the console's client",
    (name) => {
      const env = environmentOf(name);
      expect(env.OIDC_ISSUER).toEqual({ 'Fn::GetAtt': [pool.id, 'ProviderURL'] });
      expect(env.OIDC_CLIENT_ID).toEqual({ Ref: client.id });
      expect(JSON.stringify(env.OIDC_LOGOUT_ENDPOINT)).toContain('/logout');
    },
  );

  it("lets the users function create and delete the pool's accounts, and no other", () => {
    expect(environmentOf('users').USER_POOL_ID).toEqual({ Ref: pool.id });
    const cognito = statementsOf(httpHandlerEntry('users')).filter((s) =>
      [s.Action].flat().some((a) => a.startsWith('cognito-idp:')),
    );
    expect(cognito).toEqual([
      expect.objectContaining({
        Effect: 'Allow',
        Action: ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminDeleteUser'],
        Resource: { 'Fn::GetAtt': [pool.id, 'Arn'] },
      }),
    ]);
    for (const name of Object.keys(HTTP_FUNCTIONS).filter((n) => n !== 'users') as HttpFunctionName[]) {
      const actions = statementsOf(httpHandlerEntry(name)).flatMap((s) => [s.Action].flat());
      expect(
        actions.filter((a) => a.startsWith('cognito-idp:')),
        name,
      ).toEqual([]);
    }
  });
});

describe("the console's Content-Security-Policy", () => {
  it("lets the console call the pool's issuer and its Cognito domain, nothing else", () => {
    const policy = only('AWS::CloudFront::ResponseHeadersPolicy').properties.ResponseHeadersPolicyConfig
      .SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    const text = JSON.stringify(policy);
    expect(text).toContain("connect-src 'self' https://cognito-idp.");
    expect(text).toContain('.amazonaws.com https://');
    expect(text).toContain('.auth.');
    expect(text).toContain('.amazoncognito.com;');
    expect(text).toContain("script-src 'self'");
  });
});
