/**
 * The OpenAPI 3.1 document, generated from the route table's zod schemas
 * (`@asteasolutions/zod-to-openapi`). Every route also documents its error answers as problem
 * documents. Decisions the spec left open are described in the route descriptions and in
 * `info.description`.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { Problem } from './schemas/common';
import { routeList } from './routes';

let cached: object | undefined;

const problemContent = { 'application/problem+json': { schema: Problem } };

/** Builds (once per process) and returns the OpenAPI 3.1 document. */
export function openApiDocument(): object {
  if (cached) return cached;
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'apiKey', { type: 'http', scheme: 'bearer', description: 'API key: `Authorization: Bearer cnk_…`' });
  for (const route of routeList) {
    const errors: Record<number, { description: string; content: typeof problemContent }> = {
      400: { description: 'Invalid parameters (the invalid fields are named in `errors`)', content: problemContent },
      404: { description: 'Not found (also: a resource of another organization)', content: problemContent },
      500: { description: 'Internal error', content: problemContent },
    };
    if (route.authenticated) {
      errors[401] = { description: 'Missing, malformed, unknown or revoked API key', content: problemContent };
      errors[429] = { description: 'More than 200 requests per minute for this key; see `Retry-After`', content: problemContent };
    }
    if (route.request?.body) errors[413] = { description: 'Body larger than 1 MiB', content: problemContent };
    if (route.function === 'commands') {
      errors[409] = { description: 'Conflict: the charger is not connected (nothing was sent), or the request conflicts with stored data', content: problemContent };
      errors[502] = { description: 'The charger answered with a CALLERROR (its code is named) or an invalid reply', content: problemContent };
      errors[504] = { description: 'The charger did not answer within the command deadline (20 s)', content: problemContent };
    }
    for (const [status, description] of Object.entries(route.errors ?? {})) errors[Number(status)] = { description, content: problemContent };
    registry.registerPath({
      method: route.method.toLowerCase() as 'get',
      path: route.path,
      summary: route.summary,
      description: route.description,
      tags: route.tags,
      security: route.authenticated ? [{ apiKey: [] }] : [],
      request: {
        params: route.request?.pathParameters,
        query: route.request?.queryStringParameters,
        ...(route.request?.body ? { body: { required: true, content: { 'application/json': { schema: route.request.body } } } } : {}),
      },
      responses: {
        ...Object.fromEntries(
          Object.entries(route.responses).map(([status, r]) => [
            status,
            { description: r.description, ...(r.schema ? { content: { 'application/json': { schema: r.schema } } } : {}) },
          ]),
        ),
        ...errors,
      },
    });
  }
  cached = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Charging Network Management API',
      version: '0.1.0',
      description:
        'HTTP API for managing EV chargers, access IDs, vehicles and site power limits. Errors are RFC 9457 problem documents with an extra `error` member. 200 requests per minute per API key.',
    },
    servers: [{ url: '/' }],
  });
  return cached;
}
