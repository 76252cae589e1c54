/**
 * Routes of the `openapi` function: what a client reads before it has any credential, the API's
 * own description and where people sign in.
 */
import * as z from 'zod';
import { defineRoutes } from './define';

/**
 * `GET /api/sign-in`: the OpenID provider people sign in with (Cognito's user pool on AWS, the
 * local provider under `npm start`), so the console needs no configuration of its own: it runs
 * discovery against `issuer` and the authorization code flow with PKCE as `clientId`
 * (docs/people-and-roles.md, "The console").
 */
export const SignInResponse = z
  .object({
    data: z
      .object({
        issuer: z.string().meta({
          description: 'The issuer URL (`iss` of its tokens); discovery at `<issuer>/.well-known/openid-configuration`',
        }),
        clientId: z.string().meta({ description: "The console's client ID: public, no secret, PKCE S256" }),
        scope: z.string().meta({ description: 'The scopes to ask for, space-separated' }),
        logoutEndpoint: z.string().nullable().meta({
          description:
            "Cognito's sign-out endpoint (`/logout`, with `client_id` and `logout_uri`); null: the issuer's discovery names its end-session endpoint, if any",
        }),
      })
      .nullable()
      .meta({ description: 'null when people cannot sign in here (no OIDC_ISSUER): API keys only' }),
  })
  .meta({ id: 'SignInResponse' });

/** The routes, in the order the OpenAPI document lists them. */
export const openApiRoutes = defineRoutes('openapi', {
  'GET /api/openapi.json': {
    authenticated: false,
    summary: "This API's OpenAPI 3.1 document",
    description: 'Public: needs no API key.',
    tags: ['Meta'],
    responses: { 200: { description: 'OpenAPI 3.1 document', schema: z.record(z.string(), z.unknown()) } },
  },
  'GET /api/sign-in': {
    authenticated: false,
    summary: 'Where people sign in',
    description:
      "Public: needs no credential. The OpenID provider's issuer, the console's client ID and the scopes to ask for (authorization code with PKCE); null when only API keys are accepted.",
    tags: ['Meta'],
    responses: { 200: { description: 'The sign-in settings', schema: SignInResponse } },
  },
});
