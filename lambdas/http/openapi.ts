/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 document generated from the route table (public), and
 * `GET /api/sign-in`: where people sign in (public; the console reads it before anyone has signed in).
 *
 * The route needs no API key and reads no table, so, like the `$default` function, the handler
 * checks the origin and answers without `httpHandler`'s composition (authentication, rate limit,
 * the data layer's client). The generator and the route table (every route's zod schemas, built as
 * their modules load, and the domain modules they name) are imported on the first request, once
 * per instance: generating the document is all this function does, so a cold request costs what it
 * did, while the instance's init is the bundle's parse alone instead of the slowest of the stack.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { InternalServerError } from '../../shared/api/errors';
import { logger } from '../../shared/logger';
import { cameThroughCloudFront } from '../lib/origin-verify';
import { FORBIDDEN_DIRECT_ACCESS, problemResponse } from './lib/problem-response';

let document: Promise<string> | undefined;

/** The document as JSON, generated on the first call. */
async function generate(): Promise<string> {
  const { openApiDocument } = await import('../../shared/api/openapi');
  return JSON.stringify(openApiDocument());
}

/**
 * The sign-in settings of `GET /api/sign-in` (`SignInResponse`) from the function's environment,
 * the same the token verifier reads (`OIDC_ISSUER`, `OIDC_CLIENT_ID`), with `OIDC_SCOPE` (default
 * `openid email`) and `OIDC_LOGOUT_ENDPOINT` (Cognito's `/logout`, which its discovery does not
 * name); null without an issuer or a client (API keys only).
 */
export function signInSettings(env: NodeJS.ProcessEnv = process.env): {
  issuer: string;
  clientId: string;
  scope: string;
  logoutEndpoint: string | null;
} | null {
  const issuer = env.OIDC_ISSUER;
  const clientId = env.OIDC_CLIENT_ID;
  if (!issuer || !clientId) return null;
  return {
    issuer,
    clientId,
    scope: env.OIDC_SCOPE || 'openid email',
    logoutEndpoint: env.OIDC_LOGOUT_ENDPOINT || null,
  };
}

/**
 * Answers the document (or, for `GET /api/sign-in`, the sign-in settings) as JSON; 403 when the
 * request did not come through CloudFront, a 500 problem document (the cause logged) when the
 * document cannot be generated.
 */
export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  if (!cameThroughCloudFront(event.headers)) return problemResponse(FORBIDDEN_DIRECT_ACCESS);
  if (event.routeKey === 'GET /api/sign-in') {
    return {
      statusCode: 200,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-cache' },
      body: JSON.stringify({ data: signInSettings() }),
    };
  }
  try {
    document ??= generate();
    return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: await document };
  } catch (error) {
    document = undefined;
    logger.error('the OpenAPI document could not be generated', error as Error);
    return problemResponse(new InternalServerError());
  }
}
