/**
 * People's access tokens (docs/people-and-roles.md, "Token verification"): JWTs of the identity
 * provider (an Amazon Cognito user pool on AWS, the local stack's OpenID provider on a laptop),
 * verified in the handler wrapper with `aws-jwt-verify` against the issuer's public keys (JWKS),
 * which an instance fetches once and keeps (again only for a key ID it has not seen, at most every
 * 10 s), so a verification costs no request.
 *
 * Why here and not API Gateway's JWT authorizer: people's tokens and integrators' API keys share
 * the `Authorization: Bearer` header, and an authorizer on a route would refuse every API key; it
 * would also answer a refused token with its own body, not the problem document of spec §7.
 *
 * A token is accepted when it is signed by a key of the issuer's JWKS (RS256/ES256…), its `iss` is
 * `OIDC_ISSUER`, it has not expired (`exp`, `nbf`), it is an access token (`token_use: access`,
 * Cognito's claim, which the local provider sets too) and it was issued to the console's client
 * (`client_id` is `OIDC_CLIENT_ID`: a token of another app client is a wrong-audience token). Any
 * other token is a 401 problem document.
 *
 * Configuration (environment): `OIDC_ISSUER`, `OIDC_CLIENT_ID`, and `OIDC_JWKS_URI` (default
 * `<issuer>/.well-known/jwks.json`, Cognito's and the local provider's). Without `OIDC_ISSUER`,
 * sign-in is off and a token is refused like an unknown key.
 */
import { JwtVerifier } from 'aws-jwt-verify';
import {
  FetchError,
  JwksValidationError,
  JwtBaseError,
  JwtExpiredError,
  ParameterValidationError,
} from 'aws-jwt-verify/error';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { UnauthorizedError } from './errors';

/** Where people's tokens come from and for whom they must be. */
export interface IdentityConfig {
  /** The `iss` of every token, e.g. `https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC`. */
  issuer: string;
  /** The issuer's public keys. */
  jwksUri: string;
  /** The console's app client: the `client_id` of every token. */
  clientId: string;
}

/**
 * The identity configuration of the environment, or undefined when sign-in is off.
 * @throws Error when `OIDC_ISSUER` is set without `OIDC_CLIENT_ID` (a deployment bug)
 */
export function identityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig | undefined {
  const issuer = env.OIDC_ISSUER;
  if (!issuer) return undefined;
  const clientId = env.OIDC_CLIENT_ID;
  if (!clientId) throw new Error('OIDC_ISSUER is set without OIDC_CLIENT_ID');
  return { issuer, clientId, jwksUri: env.OIDC_JWKS_URI || `${issuer.replace(/\/$/, '')}/.well-known/jwks.json` };
}

/** What a verified token says: whose it is and until when. */
export interface VerifiedToken {
  /** `sub`: the person's account at the provider. */
  subject: string;
  /** `exp` in epoch ms. */
  expiresAt: number;
}

/**
 * Fetches the JWKS with the runtime's `fetch` (3 s at most): the same for the provider's `https`
 * URL on AWS and the local provider's `http` one (aws-jwt-verify's own fetcher speaks `https` only).
 */
const jwksFetcher = {
  async fetch(uri: string): Promise<ArrayBuffer> {
    const response = await fetch(uri, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) throw new Error(`The identity provider's JWKS ${uri} answered ${response.status}`);
    return response.arrayBuffer();
  },
};

type Verifier = { verify(token: string): Promise<{ sub?: unknown; exp?: unknown }> };
let current: { key: string; verifier: Verifier } | undefined;

/** The verifier of a configuration, made once per configuration (its JWKS cache lives with it). */
function verifierFor(config: IdentityConfig): Verifier {
  const key = JSON.stringify(config);
  if (current?.key === key) return current.verifier;
  const verifier = JwtVerifier.create(
    {
      issuer: config.issuer,
      jwksUri: config.jwksUri,
      // Cognito's access tokens carry no `aud`: the client is `client_id`, checked below.
      audience: null,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'access') throw new UnauthorizedError('Not an access token: send the access token');
        if (payload.client_id !== config.clientId)
          throw new UnauthorizedError('The token was issued to another client');
      },
    },
    { jwksCache: new SimpleJwksCache({ fetcher: jwksFetcher }) },
  ) as unknown as Verifier;
  current = { key, verifier };
  return verifier;
}

/** True when `token` has the shape of a JWT (three base64url parts), so is a person's token rather than an API key. */
export function looksLikeJwt(token: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token);
}

/**
 * Verifies a person's access token (no request on a warm instance: the JWKS is kept).
 * @throws UnauthorizedError (401) when sign-in is off, or the token is malformed, forged, expired,
 *   not yet valid, of another issuer or client, or not an access token
 * @throws Error when the issuer's keys cannot be fetched (a 500, logged: not the caller's fault)
 */
export async function verifyAccessToken(
  token: string,
  config: IdentityConfig | undefined = identityConfig(),
): Promise<VerifiedToken> {
  if (!config) throw new UnauthorizedError('Sign-in is not configured on this API: use an API key');
  try {
    const payload = await verifierFor(config).verify(token);
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number')
      throw new UnauthorizedError('The token names no subject or expiry');
    return { subject: payload.sub, expiresAt: payload.exp * 1000 };
  } catch (error) {
    throw tokenProblem(error);
  }
}

/** A verification failure as the 401 it is, or the server-side failure it is (keys unreachable, bad configuration). */
function tokenProblem(error: unknown): Error {
  if (error instanceof UnauthorizedError) return error;
  if (error instanceof FetchError || error instanceof JwksValidationError || error instanceof ParameterValidationError)
    return error;
  if (error instanceof JwtExpiredError)
    return new UnauthorizedError('The token has expired: sign in again');
  if (error instanceof JwtBaseError) return new UnauthorizedError(`Invalid token: ${error.message}`);
  return error as Error;
}
