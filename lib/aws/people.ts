/**
 * Where people sign in on AWS (docs/people-and-roles.md, "On AWS"): an Amazon Cognito user pool
 * with managed login on a Cognito prefix domain, and the console's app client (authorization code
 * with PKCE, no secret). The HTTP functions verify its access tokens (`OIDC_ISSUER`,
 * `OIDC_CLIENT_ID`, `shared/api/tokens.ts`); the `users` function creates and deletes its accounts
 * (`USER_POOL_ID`, AdminCreateUser / AdminDeleteUser on this pool only).
 *
 * - People are invited (AdminCreateUser e-mails a temporary password); self-sign-up is off.
 * - Sign-in by e-mail address, case-insensitive; the password policy is cdk-nag's strong one, and
 *   longer (12 characters); TOTP MFA is optional (each person may add an authenticator app); no SMS.
 * - Essentials feature plan (managed login); threat protection (the Plus plan) is not bought.
 */
import { Duration, Fn, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnManagedLoginBranding,
  type CfnUserPoolClient,
  FeaturePlan,
  ManagedLoginVersion,
  Mfa,
  OAuthScope,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
} from 'aws-cdk-lib/aws-cognito';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';

/** Properties of {@link PeopleSignIn}. */
export interface PeopleSignInProps {
  /** The console's URL (`https://<distribution>/`): the app client's callback and sign-out URL, the invitation's link. */
  readonly consoleUrl: string;
  /** The Cognito domain's prefix (see {@link cognitoDomainPrefix}). */
  readonly domainPrefix: string;
}

/**
 * The prefix of the user pool's Cognito domain (`<prefix>.auth.<region>.amazoncognito.com`): the
 * one given, else `charging-` and the stack's ID (a UUID: unique, as Cognito requires of a prefix
 * in its Region, and stable across deployments).
 */
export function cognitoDomainPrefix(scope: Construct, given?: string): string {
  return given ?? Fn.join('-', ['charging', Fn.select(2, Fn.split('/', Stack.of(scope).stackId))]);
}

/**
 * The origins the console calls to sign people in (its CSP's `connect-src`): the pool's issuer
 * (discovery) and the Cognito domain (the token endpoint).
 */
export function cognitoOrigins(scope: Construct, domainPrefix: string): string[] {
  const region = Stack.of(scope).region;
  return [`https://cognito-idp.${region}.amazonaws.com`, `https://${domainPrefix}.auth.${region}.amazoncognito.com`];
}

/** The user pool, its managed login domain and the console's app client. */
export class PeopleSignIn extends Construct {
  /** The people's accounts. */
  public readonly userPool: UserPool;
  /** The console's app client: public (no secret), authorization code. */
  public readonly consoleClient: UserPoolClient;
  /** `https://<prefix>.auth.<region>.amazoncognito.com`: managed login. */
  public readonly domainUrl: string;

  constructor(scope: Construct, id: string, props: PeopleSignInProps) {
    super(scope, id);
    this.userPool = new UserPool(this, 'UserPool', {
      featurePlan: FeaturePlan.ESSENTIALS,
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      userInvitation: {
        emailSubject: 'Your charging network console account',
        emailBody:
          `You are invited to the charging network console, ${props.consoleUrl}. Choose Sign in, then ` +
          'sign in with {username} and the temporary password {####}; you will choose your own password. ' +
          'It expires in 7 days.',
      },
    });
    const domain = this.userPool.addDomain('Domain', {
      cognitoDomain: { domainPrefix: props.domainPrefix },
      managedLoginVersion: ManagedLoginVersion.NEWER_MANAGED_LOGIN,
    });
    this.domainUrl = domain.baseUrl();
    this.consoleClient = this.userPool.addClient('Console', {
      generateSecret: false,
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL],
        callbackUrls: [props.consoleUrl],
        logoutUrls: [props.consoleUrl],
      },
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
      preventUserExistenceErrors: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.hours(12),
    });
    // Managed login only: no password or SRP sign-in through the API with this client ID (left
    // unset, Cognito would allow SRP and custom auth), refresh tokens only.
    (this.consoleClient.node.defaultChild as CfnUserPoolClient).explicitAuthFlows = ['ALLOW_REFRESH_TOKEN_AUTH'];
    // Managed login shows a client's pages with a style; Cognito's own is used.
    new CfnManagedLoginBranding(this, 'Branding', {
      userPoolId: this.userPool.userPoolId,
      clientId: this.consoleClient.userPoolClientId,
      useCognitoProvidedValues: true,
    });
    this.acknowledgeFindings();
  }

  /** The issuer of the pool's tokens (`OIDC_ISSUER`). */
  public get issuer(): string {
    return this.userPool.userPoolProviderUrl;
  }

  /**
   * Points the HTTP functions at the pool (every one verifies tokens; the `openapi` function's
   * `GET /api/sign-in` names the issuer, the client and Cognito's sign-out endpoint), and lets the
   * `users` function create and delete the pool's accounts.
   */
  public wire(functions: Readonly<Record<string, NodejsFunction>>, users: NodejsFunction): void {
    for (const fn of Object.values(functions)) {
      fn.addEnvironment('OIDC_ISSUER', this.issuer);
      fn.addEnvironment('OIDC_CLIENT_ID', this.consoleClient.userPoolClientId);
      fn.addEnvironment('OIDC_LOGOUT_ENDPOINT', `${this.domainUrl}/logout`);
    }
    users.addEnvironment('USER_POOL_ID', this.userPool.userPoolId);
    this.userPool.grant(users, 'cognito-idp:AdminCreateUser', 'cognito-idp:AdminDeleteUser');
  }

  private acknowledgeFindings(): void {
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is optional, not required: each person may add a TOTP authenticator app at sign-in; requiring it ' +
          'would lock out the depot staff who share a tablet. Owners can make it required in the pool later.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          "The Essentials plan (managed login) is enough: the Plus plan's threat protection (adaptive authentication, " +
          'compromised credentials; the former advanced security mode) costs more per monthly active user, and the ' +
          'pool holds invited staff only (no self-sign-up), with strong passwords and TOTP MFA available.',
      },
    );
  }
}
