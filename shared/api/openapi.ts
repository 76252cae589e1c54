/**
 * The OpenAPI 3.1 document, generated from the route table's zod schemas
 * (`@asteasolutions/zod-to-openapi`). Every route also documents its error answers as problem
 * documents. Decisions the spec left open are described in the route descriptions and in
 * `info.description`.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { Problem } from './routes/common';
import { routeList, type RouteDefinition } from './routes';

let cached: object | undefined;

/**
 * A pattern as `@asteasolutions/zod-to-openapi` emits it for a regex with flags: the regex's
 * `toString()` without the leading slash, so `/^[^\p{Cc}]*$/u` becomes `^[^\p{Cc}]*$/u`. The
 * final `/` must be unescaped (preceded by an even number of backslashes): a regex source escapes
 * every `/` outside a character class, and one inside a class is followed by `]`, not by flags.
 */
const FLAGGED_PATTERN = /^((?:.*[^\\])?(?:\\\\)*)\/([a-z]+)$/s;

/**
 * Turns a pattern emitted for a flagged zod regex back into what JSON Schema means by `pattern`:
 * an ECMA-262 regex source that validators compile with the `u` flag (Ajv does). The `u` flag is
 * therefore dropped; any other flag cannot be expressed in a `pattern`.
 *
 * @param pattern - the emitted pattern
 * @returns the regex source, unchanged when it carries no flag suffix
 * @throws Error when the regex has a flag other than `u` (e.g. `i`): the schema must be rewritten
 */
export function jsonSchemaPattern(pattern: string): string {
  const match = FLAGGED_PATTERN.exec(pattern);
  if (!match) return pattern;
  const [, source, flags] = match as unknown as [string, string, string];
  if (flags !== 'u') {
    throw new Error(`pattern ${JSON.stringify(pattern)}: flags "${flags}" cannot be expressed in JSON Schema`);
  }
  return source;
}

/** Rewrites every `pattern` string of a generated document in place with {@link jsonSchemaPattern}. */
function fixPatterns(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) fixPatterns(item);
  } else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (key === 'pattern' && typeof value === 'string') record[key] = jsonSchemaPattern(value);
      else fixPatterns(value);
    }
  }
}

const problemContent = { 'application/problem+json': { schema: Problem } };

/** The problem answers a route may give, by status. */
function errorResponses(
  route: RouteDefinition,
): Record<number, { description: string; content: typeof problemContent }> {
  const errors: Record<number, { description: string; content: typeof problemContent }> = {
    400: { description: 'Invalid parameters (the invalid fields are named in `errors`)', content: problemContent },
    404: { description: 'Not found (also: a resource of another organization)', content: problemContent },
    500: { description: 'Internal error', content: problemContent },
  };
  if (route.authenticated) {
    errors[401] = {
      description: "Missing, malformed, unknown or revoked API key; an expired, forged or another issuer's token",
      content: problemContent,
    };
    errors[403] = {
      description: `The caller's role is below ${route.role} (the detail names the role needed)`,
      content: problemContent,
    };
    errors[429] = {
      description: 'More than 200 requests per minute for this key; see `Retry-After`',
      content: problemContent,
    };
  }
  if (route.request?.body) errors[413] = { description: 'Body larger than 1 MiB', content: problemContent };
  if (route.function === 'commands') {
    errors[409] = {
      description:
        'Conflict: the charger is not connected (nothing was sent), or the request conflicts with stored data',
      content: problemContent,
    };
    errors[502] = {
      description: 'The charger answered with a CALLERROR (its code is named) or an invalid reply',
      content: problemContent,
    };
    errors[504] = {
      description: 'The charger did not answer within the command deadline (20 s)',
      content: problemContent,
    };
  }
  for (const [status, description] of Object.entries(route.errors ?? {}))
    errors[Number(status)] = { description, content: problemContent };
  return errors;
}

/**
 * Builds (once per process) and returns the OpenAPI 3.1 document. Its `pattern`s are plain regex
 * sources (no `/u` suffix), valid as ECMA-262 regexes with the `u` flag (JSON Schema 2020-12).
 */
export function openApiDocument(): object {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description:
      "API key (`Authorization: Bearer cnk_…`) or a person's access token from the identity provider (`Authorization: Bearer <JWT>`); both carry a role (docs/people-and-roles.md)",
  });
  for (const route of routeList) {
    const errors = errorResponses(route);
    registry.registerPath({
      method: route.method.toLowerCase() as 'get',
      path: route.path,
      summary: route.summary,
      description: route.authenticated
        ? `${route.description ?? ''}\n\nRole: ${route.role} or above.`.trim()
        : route.description,
      'x-required-role': route.authenticated ? route.role : undefined,
      tags: route.tags,
      security: route.authenticated ? [{ apiKey: [] }] : [],
      request: {
        params: route.request?.pathParameters,
        query: route.request?.queryStringParameters,
        ...(route.request?.body
          ? { body: { required: true, content: { 'application/json': { schema: route.request.body } } } }
          : {}),
      },
      responses: {
        ...Object.fromEntries(
          Object.entries(route.responses).map(([status, r]) => [
            status,
            {
              description: r.description,
              ...(r.schema ? { content: { 'application/json': { schema: r.schema } } } : {}),
            },
          ]),
        ),
        ...errors,
      },
    });
  }
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Charging Network Management API',
      version: '0.1.0',
      description:
        'HTTP API for managing EV chargers, access IDs, vehicles and site power limits. Errors are RFC 9457 problem documents with an extra `error` member. 200 requests per minute per API key.',
    },
    servers: [{ url: '/' }],
  });
  fixPatterns(document);
  cached = document;
  return cached;
}
