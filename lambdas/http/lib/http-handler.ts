/**
 * The one composition every HTTP Lambda uses: `httpHandler({ [routeKey]: implementation })`.
 *
 * For the route API Gateway matched (`event.routeKey`, HTTP API payload format 2.0) it
 * authenticates the API key and counts the request (spec §5, §8), checks the body's size and
 * `Content-Type: application/json`, parses it (`@middy/http-json-body-parser`), validates path,
 * query and body with the route's zod schemas, calls the implementation and shapes its result as
 * JSON. Every failure becomes an RFC 9457 problem document; anything unexpected is logged and
 * answered with a 500 that reveals nothing.
 */
import middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import { ROUTES, type RouteDefinition, type RouteKey } from '../../../shared/api/routes';
import { BadRequestError, InternalServerError, MAX_BODY_BYTES, NotFoundError, PayloadTooLargeError, ProblemError, validationError } from '../../../shared/api/errors';
import { authenticate, type ApiPrincipal } from '../../../shared/api/auth';
import { countRequest } from '../../../shared/api/rate-limit';
import { getDb, type Db } from '../../../shared/db';
import { ChargerErrorResponse, ChargerNotConnectedError, ChargerTimeoutError } from '../../../shared/ocpp/commands/errors';
import { logger } from '../../../shared/logger';
import { problemResponse } from './problem-response';

type Parsed<R, K extends string> = R extends { [P in K]: infer S } ? (S extends z.ZodType ? z.output<S> : never) : Record<string, never>;
type RouteRequest<K extends RouteKey> = (typeof ROUTES)[K] extends { request: infer R } ? R : object;

/** The validated request an implementation receives. */
export interface ApiRequest<K extends RouteKey> {
  /** Null only on public routes. */
  principal: (typeof ROUTES)[K] extends { authenticated: true } ? ApiPrincipal : ApiPrincipal | null;
  pathParameters: Parsed<RouteRequest<K>, 'pathParameters'>;
  queryStringParameters: Parsed<RouteRequest<K>, 'queryStringParameters'>;
  body: Parsed<RouteRequest<K>, 'body'>;
  db: Db;
}

/** What an implementation returns: a JSON body with a status (default 200), or 204 without body. */
export interface ApiResult {
  statusCode?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Implementation of one route. */
export type RouteImplementation<K extends RouteKey> = (request: ApiRequest<K>) => Promise<ApiResult>;

/** Implementations of the routes one Lambda serves. */
export type RouteImplementations = { [K in RouteKey]?: RouteImplementation<K> };


/** Maps anything thrown to a problem error; unexpected errors are logged and become a 500. */
export function toProblemError(error: unknown): ProblemError {
  if (error instanceof ProblemError) return error;
  const command = commandProblem(error);
  if (command) return command;
  const cause = (error as { cause?: { package?: string } }).cause;
  if (cause?.package === '@middy/http-json-body-parser') {
    return (error as Error).message === 'Unsupported Media Type'
      ? new BadRequestError('Content-Type must be application/json', [{ path: 'headers.content-type', message: 'must be application/json' }])
      : new BadRequestError('The request body is not valid JSON', [{ path: 'body', message: 'not valid JSON' }]);
  }
  logger.error('unhandled error', error as Error);
  return new InternalServerError();
}

/**
 * The OCPP command path's errors as problem documents: 409 charger not connected (answered at
 * once), 504 no answer before the deadline, 502 an error answer or an invalid reply.
 */
function commandProblem(error: unknown): ProblemError | undefined {
  if (error instanceof ChargerNotConnectedError) return new ProblemError(409, 'charger-not-connected', 'Charger Not Connected', error.message);
  if (error instanceof ChargerTimeoutError) return new ProblemError(504, 'charger-timeout', 'Gateway Timeout', error.message);
  if (error instanceof ChargerErrorResponse) return new ProblemError(502, 'charger-error', 'Bad Gateway', error.message);
  return undefined;
}

/** The Lambda context, carrying what the middlewares resolved to the handler. */
type ApiContext = Context & { route?: RouteDefinition; principal?: ApiPrincipal | null };
type Event = APIGatewayProxyEventV2;
type Request = middy.Request<Event, APIGatewayProxyStructuredResultV2, Error, ApiContext>;

function parsePart(location: string, schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return {};
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationError(location, result.error);
  return result.data;
}

/**
 * Builds a Lambda handler serving the given routes.
 * @param implementations one implementation per route key this function serves
 * @param options.db data layer to use (defaults to the process's, from `TABLE_NAME`)
 * @param options.routes route table to resolve `event.routeKey` in (defaults to {@link ROUTES};
 *   tests pass their own)
 */
export function httpHandler(
  implementations: RouteImplementations,
  options: { db?: () => Db; routes?: Record<string, RouteDefinition> } = {},
) {
  const db = options.db ?? getDb;
  const routes = options.routes ?? (ROUTES as Record<string, RouteDefinition>);
  const jsonBody = httpJsonBodyParser();

  const resolveRoute = {
    before: async (request: Request) => {
      const route = routes[request.event.routeKey];
      if (!route || !(request.event.routeKey in implementations)) throw new NotFoundError(`No route ${request.event.routeKey}`);
      request.context.route = route;
    },
  };

  const authenticateKey = {
    before: async (request: Request) => {
      const route = request.context.route!;
      if (!route.authenticated) return;
      const headers = request.event.headers ?? {};
      const principal = await authenticate(db(), headers.authorization ?? headers.Authorization);
      await countRequest(db(), principal.keyHash);
      request.context.principal = principal;
    },
  };

  const parseBody = {
    before: async (request: Request) => {
      const route = request.context.route!;
      if (!route.request?.body) return;
      const raw = request.event.body ?? '';
      const bytes = request.event.isBase64Encoded ? Math.floor((raw.length * 3) / 4) : Buffer.byteLength(raw);
      if (bytes > MAX_BODY_BYTES) throw new PayloadTooLargeError(MAX_BODY_BYTES);
      if (request.event.body === undefined || request.event.body === '') {
        const contentType = request.event.headers?.['content-type'];
        if (!contentType || !/^application\/(.+\+)?json($|;)/.test(contentType)) {
          throw new BadRequestError('Content-Type must be application/json', [{ path: 'headers.content-type', message: 'must be application/json' }]);
        }
        throw new BadRequestError('A JSON request body is required', [{ path: 'body', message: 'required' }]);
      }
      await jsonBody.before!(request as never);
    },
  };

  const problems = {
    onError: async (request: Request) => {
      request.response = problemResponse(toProblemError(request.error));
    },
  };

  return middy<Event, APIGatewayProxyStructuredResultV2, Error, ApiContext>()
    .use(problems)
    .use(resolveRoute)
    .use(authenticateKey)
    .use(parseBody)
    .handler(async (event: Event, context: ApiContext) => {
      const route = context.route!;
      const implementation = (implementations as Record<string, RouteImplementation<RouteKey>>)[event.routeKey]!;
      const request = {
        pathParameters: parsePart('pathParameters', route.request?.pathParameters, event.pathParameters),
        queryStringParameters: parsePart('queryStringParameters', route.request?.queryStringParameters, event.queryStringParameters),
        body: route.request?.body ? parsePart('body', route.request.body, event.body) : {},
        principal: context.principal ?? null,
        db: db(),
      };
      return toResponse(await implementation(request as never));
    });
}

function toResponse(result: ApiResult): APIGatewayProxyStructuredResultV2 {
  const statusCode = result.statusCode ?? 200;
  if (statusCode === 204 || result.body === undefined) return { statusCode, headers: result.headers ?? {}, body: '' };
  return { statusCode, headers: { 'content-type': 'application/json', ...result.headers }, body: JSON.stringify(result.body) };
}
