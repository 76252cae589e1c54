/**
 * People's access tokens (docs/people-and-roles.md, "Tokens"): JWTs of the identity provider (an
 * Amazon Cognito user pool on AWS, the local stack's OpenID provider on a laptop), verified in the
 * handler wrapper with `jose` against the issuer's public keys (JWKS). The key set is fetched once
 * per instance and kept (again only for a key ID it has not seen, at most every 30 s), so a
 * verification costs no request.
 *
 * Why `jose` rather than `aws-jwt-verify`: one verifier for any OpenID issuer, Cognito's `https`
 * one and the local provider's `http` one, with a remote key set it caches itself; why not API
 * Gateway's JWT authorizer: people's tokens and integrators' API keys share the
 * `Authorization: Bearer` header, and an authorizer on a route would refuse every API key, and
 * answer a refused token with its own body rather than a problem document.
 *
 * A token is accepted when it is signed by a key of the issuer's JWKS (RS256 or ES256), its `iss`
 * is `OIDC_ISSUER`, it has not expired (`exp`, `nbf`, 30 s of clock skew), it was issued to the
 * console's app client (`client_id` is `OIDC_CLIENT_ID`: Cognito's access tokens carry no `aud`,
 * so this is the audience check), it is not an ID token (`token_use`, when present, is `access`),
 * and, with `OIDC_AUDIENCE` set, its `aud` includes it. Anything else is a 401.
 *
 * Only `jwtVerify` and `createLocalJWKSet` of `jose` are imported (about 16 KiB of every HTTP
 * function's bundle, docs/benchmarks.md), not its namespace (a dynamic `import('jose')` would put
 * all of it, 61 KiB, in each bundle, and the largest functions are at their 800 KiB ceiling): the
 * key set is fetched here (one GET, kept), jose selects and imports the keys and verifies.
 */
import { createLocalJWKSet, jwtVerify } from 'jose';
import { UnauthorizedError } from './errors';

/** Where people's tokens come from and for whom they must be. */
export interface IdentityConfig {
  /** The `iss` of every token, e.g. `https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC`. */
  issuer: string;
  /** The issuer's public keys. @default `<issuer>/.well-known/jwks.json` (Cognito's, the local provider's) */
  jwksUri: string;
  /** The console's app client: the `client_id` of every token. */
  clientId: string;
  /** When set, the `aud` every token must include (the local provider's resource indicator). */
  audience?: string;
}

/**
 * The identity configuration of the environment (`OIDC_ISSUER`, `OIDC_CLIENT_ID`, optional
 * `OIDC_JWKS_URI`, `OIDC_AUDIENCE`), or undefined when sign-in is off (no `OIDC_ISSUER`).
 * @throws Error when `OIDC_ISSUER` is set without `OIDC_CLIENT_ID` (a deployment bug)
 */
export function identityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig | undefined {
  const issuer = env.OIDC_ISSUER;
  if (!issuer) return undefined;
  const clientId = env.OIDC_CLIENT_ID;
  if (!clientId) throw new Error('OIDC_ISSUER is set without OIDC_CLIENT_ID');
  return {
    issuer,
    clientId,
    jwksUri: env.OIDC_JWKS_URI || `${issuer.replace(/\/$/, '')}/.well-known/jwks.json`,
    ...(env.OIDC_AUDIENCE ? { audience: env.OIDC_AUDIENCE } : {}),
  };
}

/** What a verified token says: whose it is and until when. */
export interface VerifiedToken {
  /** `sub`: the person's account at the identity provider. */
  subject: string;
  /** `exp`, epoch ms. */
  expiresAt: number;
}

/** True when `token` has the shape of a JWT (three base64url parts): a person's token, not an API key. */
export function looksLikeJwt(token: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token);
}

/** Fetching the key set again (a key ID not in it: the issuer rotated its keys) waits this long after the last fetch. */
const REFETCH_AFTER_MS = 30_000;

/** The key set of the configuration in use, kept by the instance. */
let keySet: { uri: string; fetchedAt: number; get: ReturnType<typeof createLocalJWKSet> } | undefined;

/**
 * The issuer's key set: fetched on first use (3 s at most) and kept; fetched again when `refresh`
 * (a token named a key ID the set lacks) and the last fetch is older than {@link REFETCH_AFTER_MS}.
 * @throws Error when the issuer does not answer with a key set (a 500: not the caller's fault)
 */
async function keysOf(config: IdentityConfig, refresh = false): Promise<ReturnType<typeof createLocalJWKSet>> {
  const now = Date.now();
  const fresh = keySet?.uri === config.jwksUri && (!refresh || now - keySet.fetchedAt < REFETCH_AFTER_MS);
  if (keySet && fresh) return keySet.get;
  const response = await fetch(config.jwksUri, { signal: AbortSignal.timeout(3000) });
  if (!response.ok) throw new Error(`The identity provider's key set ${config.jwksUri} answered ${response.status}`);
  keySet = { uri: config.jwksUri, fetchedAt: now, get: createLocalJWKSet((await response.json()) as never) };
  return keySet.get;
}

/** Verifies with the kept key set, and once more with a fresh one when the token's key ID was not in it. */
async function verifyWithKeys(token: string, config: IdentityConfig, options: Parameters<typeof jwtVerify>[2]) {
  try {
    return await jwtVerify(token, await keysOf(config), options);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_JWKS_NO_MATCHING_KEY') throw error;
    return jwtVerify(token, await keysOf(config, true), options);
  }
}

/**
 * Verifies a person's access token (no request on a warm instance: the key set is kept).
 * @throws UnauthorizedError (401) when sign-in is off here, or the token is malformed, forged,
 *   expired, not yet valid, of another issuer or client, or an ID token
 * @throws Error when the issuer's keys cannot be fetched (a 500, logged: not the caller's fault)
 */
export async function verifyAccessToken(
  token: string,
  config: IdentityConfig | undefined = identityConfig(),
): Promise<VerifiedToken> {
  if (!config) throw new UnauthorizedError('Sign-in is not configured on this API: use an API key');
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await verifyWithKeys(token, config, {
      issuer: config.issuer,
      algorithms: ['RS256', 'ES256'],
      clockTolerance: 30,
      ...(config.audience ? { audience: config.audience } : {}),
    }));
  } catch (error) {
    throw tokenProblem(error);
  }
  if (payload.client_id !== config.clientId) throw new UnauthorizedError('The token was issued to another client');
  if (payload.token_use !== undefined && payload.token_use !== 'access')
    throw new UnauthorizedError('Not an access token: send the access token');
  if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number')
    throw new UnauthorizedError('The token names no subject or expiry');
  return { subject: payload.sub, expiresAt: payload.exp * 1000 };
}

/**
 * A verification failure as the 401 it is (jose's errors carry a `code`, `ERR_J…`), or the
 * server-side failure it is (the issuer's keys unreachable or not a key set: no code).
 */
function tokenProblem(error: unknown): Error {
  const { code, claim } = error as { code?: string; claim?: string };
  if (code === 'ERR_JWT_EXPIRED') return new UnauthorizedError('The token has expired: sign in again');
  if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED')
    return new UnauthorizedError(`Invalid token: its ${claim} claim is not accepted here`);
  if (code === 'ERR_JWKS_INVALID') return error as Error;
  if (code?.startsWith('ERR_J')) return new UnauthorizedError('Invalid token: its signature or form is not valid');
  return error as Error;
}
