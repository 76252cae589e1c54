import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { httpHandler } from '../../../lambdas/http/lib/http-handler';
import { defineRoutes } from '../../../shared/api/routes/define';
import { ConflictError, InvalidError } from '../../../shared/errors';
import type { Db } from '../../../shared/db';

// A write route of our own, public so that no table is needed: the composition is what is tested.
const routes = defineRoutes('sites', {
  'POST /api/things/{id}': {
    authenticated: false,
    fieldRoot: 'body.thing',
    summary: 'test',
    tags: [],
    request: {
      pathParameters: z.strictObject({ id: z.string().regex(/^\d+$/).transform(Number) }),
      queryStringParameters: z.strictObject({ dryRun: z.enum(['true', 'false']).optional() }),
      body: z.strictObject({ thing: z.strictObject({ name: z.string().min(1), count: z.number().int() }) }),
    },
    responses: { 201: { description: 'created' } },
  },
});

const received: unknown[] = [];
const handler = httpHandler(
  routes,
  {
    'POST /api/things/{id}': async (request) => {
      received.push(request.body);
      return { statusCode: 201, body: { id: request.pathParameters, thing: request.body } };
    },
  },
  { db: () => ({}) as Db },
);

/** A handler of the same route whose implementation throws `error`. */
function throwing(error: Error) {
  return httpHandler(
    routes,
    {
      'POST /api/things/{id}': async () => {
        throw error;
      },
    },
    { db: () => ({}) as Db },
  );
}

function event(
  body: string | undefined,
  headers: Record<string, string> = { 'content-type': 'application/json' },
  id = '5',
): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /api/things/{id}',
    rawPath: `/api/things/${id}`,
    rawQueryString: '',
    headers,
    pathParameters: { id },
    body,
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', path: `/api/things/${id}` } } as APIGatewayProxyEventV2['requestContext'],
  };
}

async function call(e: APIGatewayProxyEventV2) {
  const result = (await handler(e, {} as Context)) as APIGatewayProxyStructuredResultV2;
  return {
    status: result.statusCode,
    headers: result.headers ?? {},
    body: result.body ? JSON.parse(result.body) : undefined,
  };
}

describe('httpHandler', () => {
  it('passes the validated, typed request to the implementation and shapes JSON', async () => {
    const result = await call(event(JSON.stringify({ thing: { name: 'a', count: 2 } })));
    expect(result.status).toBe(201);
    expect(result.headers['content-type']).toBe('application/json');
    expect(result.body).toEqual({ id: { id: 5 }, thing: { thing: { name: 'a', count: 2 } } });
  });

  it.each([
    ['a body that is not JSON', event('{"thing":'), 'body'],
    ['no Content-Type', event('{"thing":{}}', {}), 'headers.content-type'],
    ['a text/plain Content-Type', event('{"thing":{}}', { 'content-type': 'text/plain' }), 'headers.content-type'],
    ['no body at all', event(undefined), 'body'],
    ['JSON of the wrong type', event('[1,2,3]'), 'body'],
    ['a wrongly typed field', event('{"thing":{"name":"a","count":"2"}}'), 'body.thing.count'],
    ['an unknown field', event('{"thing":{"name":"a","count":2,"colour":"red"}}'), 'body.thing.colour'],
    [
      'a path parameter that is not a number',
      event('{"thing":{"name":"a","count":2}}', undefined, 'abc'),
      'pathParameters.id',
    ],
  ])('answers 400 naming the field for %s', async (_name, e, path) => {
    const before = received.length;
    const result = await call(e);
    expect(result.status).toBe(400);
    expect(result.headers['content-type']).toBe('application/problem+json');
    expect(result.body.errors.map((x: { path: string }) => x.path)).toContain(path);
    expect(result.body.error).toBe(result.body.detail);
    expect(received.length).toBe(before);
  });

  it('answers 413 for a body over 1 MiB without parsing it', async () => {
    const result = await call(event(JSON.stringify({ thing: { name: 'x'.repeat(1024 * 1024), count: 1 } })));
    expect(result.status).toBe(413);
    expect(result.body.type).toBe('/problems/payload-too-large');
  });

  it('answers a 500 problem that reveals nothing when the implementation throws', async () => {
    const result = (await throwing(new Error('secret detail'))(
      event(JSON.stringify({ thing: { name: 'a', count: 1 } })),
      {} as Context,
    )) as APIGatewayProxyStructuredResultV2;
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('secret');
  });

  it("answers a domain refusal as a problem naming the field under the route's fieldRoot", async () => {
    const body = JSON.stringify({ thing: { name: 'a', count: 1 } });
    const invalid = (await throwing(new InvalidError('name', 'is taken by a wall'))(
      event(body),
      {} as Context,
    )) as APIGatewayProxyStructuredResultV2;
    expect(invalid.statusCode).toBe(400);
    expect(JSON.parse(invalid.body!).errors).toEqual([{ path: 'body.thing.name', message: 'is taken by a wall' }]);
    const conflict = (await throwing(new ConflictError('Name taken', 'name', 'already used'))(
      event(body),
      {} as Context,
    )) as APIGatewayProxyStructuredResultV2;
    expect(conflict.statusCode).toBe(409);
    expect(JSON.parse(conflict.body!)).toMatchObject({
      type: '/problems/conflict',
      errors: [{ path: 'body.thing.name', message: 'already used' }],
    });
  });
});
