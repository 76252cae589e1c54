/**
 * The one composition every HTTP Lambda uses: `httpHandler(routes, { [routeKey]: implementation })`
 * with the function's own route declarations (`shared/api/routes/<function>.ts`).
 *
 * It refuses (403) a request that did not come through CloudFront (`lambdas/lib/origin-verify.ts`).
 * For the route API Gateway matched (`event.routeKey`, HTTP API payload format 2.0) it
 * authenticates the API key (kept by the instance for a minute, `shared/api/auth.ts`), refuses a
 * role below the route's (403, docs/people-and-roles.md) and counts
 * the request (spec §5, §8; a GET's count runs while it reads, and a `countAlongside` route's while
 * it prepares its first effect; a 429 wins), refuses site-scoped keys on
 * organization-only routes (§5.3), checks the body's size and
 * `Content-Type: application/json`, parses it (`@middy/http-json-body-parser`), validates path,
 * query and body with the route's zod schemas, calls the implementation and shapes its result as
 * JSON. Every failure becomes an RFC 9457 problem document (a domain error names its field under
 * the route's `fieldRoot`); anything unexpected is logged and answered with a 500 that reveals nothing.
 */
import middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type * as z from 'zod';
import type { RouteDefinition } from '../../../shared/api/routes/define';
import {
  BadRequestError,
  InternalServerError,
  MAX_BODY_BYTES,
  NotFoundError,
  PayloadTooLargeError,
  ProblemError,
  problemFromDomainError,
  validationError,
} from '../../../shared/api/errors';
import { DomainError } from '../../../shared/errors';
import { authenticate, requireRole, type ApiPrincipal } from '../../../shared/api/auth';
import { countRequest } from '../../../shared/api/rate-limit';
import { getDb, type Db } from '../../../shared/db';
import {
  ChargerErrorResponse,
  ChargerNotConnectedError,
  ChargerTimeoutError,
} from '../../../shared/ocpp/commands/errors';
import { logger } from '../../../shared/logger';
import { FORBIDDEN_DIRECT_ACCESS, problemResponse } from './problem-response';
import { cameThroughCloudFront } from '../../lib/origin-verify';

type Parsed<R, K extends string> = R extends { [P in K]: infer S }
  ? S extends z.ZodType
    ? z.output<S>
    : never
  : Record<string, never>;

/** The validated request an implementation of route `R` receives. */
export interface ApiRequest<R extends RouteDefinition> {
  /** Null only on public routes. */
  principal: R extends { authenticated: true } ? ApiPrincipal : ApiPrincipal | null;
  pathParameters: Parsed<R['request'], 'pathParameters'>;
  queryStringParameters: Parsed<R['request'], 'queryStringParameters'>;
  body: Parsed<R['request'], 'body'>;
  db: Db;
  /**
   * The rate-limit count in flight, on routes that count alongside (`countAlongside`): await it
   * (or hand it on) before the first effect. Settled already elsewhere.
   */
  counted: Promise<unknown>;
}

/** What an implementation returns: a JSON body with a status (default 200), or 204 without body. */
export interface ApiResult {
  statusCode?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Implementation of one route. */
export type RouteImplementation<R extends RouteDefinition> = (request: ApiRequest<R>) => Promise<ApiResult>;

/** Implementations of the routes one Lambda serves: one per declared route. */
export type RouteImplementations<T extends Record<string, RouteDefinition>> = {
  [K in keyof T]: RouteImplementation<T[K]>;
};

/**
 * Maps anything thrown to a problem error; unexpected errors are logged and become a 500.
 * @param fieldRoot where the route's domain input sits (see `RouteSpec.fieldRoot`)
 */
export function toProblemError(error: unknown, fieldRoot = 'body'): ProblemError {
  if (error instanceof ProblemError) return error;
  if (error instanceof DomainError) return problemFromDomainError(error, fieldRoot);
  const command = commandProblem(error);
  if (command) return command;
  const cause = (error as { cause?: { package?: string } }).cause;
  if (cause?.package === '@middy/http-json-body-parser') {
    return (error as Error).message === 'Unsupported Media Type'
      ? new BadRequestError('Content-Type must be application/json', [
          { path: 'headers.content-type', message: 'must be application/json' },
        ])
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
  if (error instanceof ChargerNotConnectedError)
    return new ProblemError(409, 'charger-not-connected', 'Charger Not Connected', error.message);
  if (error instanceof ChargerTimeoutError)
    return new ProblemError(504, 'charger-timeout', 'Gateway Timeout', error.message);
  if (error instanceof ChargerErrorResponse)
    return new ProblemError(502, 'charger-error', 'Bad Gateway', error.message);
  return undefined;
}

/**
 * The Lambda context, carrying what the middlewares resolved to the handler: the route, the
 * principal, and a GET's rate-limit count still in flight.
 */
type ApiContext = Context & { route?: RouteDefinition; principal?: ApiPrincipal | null; counting?: Promise<unknown> };
type Event = APIGatewayProxyEventV2;
type Request = middy.Request<Event, APIGatewayProxyStructuredResultV2, Error, ApiContext>;

function parsePart(location: string, schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return {};
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationError(location, result.error);
  return result.data;
}

/** Refuses a request that did not come through CloudFront (its secret origin header). */
const verifyOrigin = {
  before: async (request: Request) => {
    if (!cameThroughCloudFront(request.event.headers)) throw FORBIDDEN_DIRECT_ACCESS;
  },
};

/** Finds the route of the request's route key (404 for none of this function's). */
function resolveRoute(routes: Record<string, RouteDefinition>) {
  return {
    before: async (request: Request) => {
      const route: RouteDefinition | undefined = routes[request.event.routeKey];
      if (!route) throw new NotFoundError(`No route ${request.event.routeKey}`);
      request.context.route = route;
    },
  };
}

/**
 * Authenticates the API key of an authenticated route, counts the request against its rate limit,
 * and refuses a caller below the route's role (403 naming the role needed) before anything of the
 * request is read or stored.
 */
function authenticateKey(db: () => Db) {
  return {
    before: async (request: Request) => {
      const route = request.context.route!;
      if (!route.authenticated) return;
      const headers = request.event.headers ?? {};
      const principal = await authenticate(db(), headers.authorization ?? headers.Authorization);
      // A read has no effect to hold back, and a `countAlongside` route holds its own back: they run
      // while the request is counted (see the handler).
      const counting = countRequest(db(), principal.keyHash);
      if (route.method === 'GET' || route.countAlongside) {
        counting.catch(() => undefined); // awaited by the handler or by `problems`
        request.context.counting = counting;
      } else {
        await counting;
      }
      if (route.organizationScopeOnly && principal.scope !== 'organization') throw organizationScopeRequired();
      requireRole(principal, route.role);
      request.context.principal = principal;
    },
  };
}

/** Parses a route's JSON body: at most {@link MAX_BODY_BYTES}, `application/json`, present. */
function parseBody() {
  const jsonBody = httpJsonBodyParser();
  return {
    before: async (request: Request) => {
      const route = request.context.route!;
      if (!route.request?.body) return;
      const raw = request.event.body ?? '';
      const bytes = request.event.isBase64Encoded ? Math.floor((raw.length * 3) / 4) : Buffer.byteLength(raw);
      if (bytes > MAX_BODY_BYTES) throw new PayloadTooLargeError(MAX_BODY_BYTES);
      if (request.event.body === undefined || request.event.body === '') {
        const contentType = request.event.headers?.['content-type'];
        if (!contentType || !/^application\/(.+\+)?json($|;)/.test(contentType)) {
          throw new BadRequestError('Content-Type must be application/json', [
            { path: 'headers.content-type', message: 'must be application/json' },
          ]);
        }
        throw new BadRequestError('A JSON request body is required', [{ path: 'body', message: 'required' }]);
      }
      await jsonBody.before!(request as never);
    },
  };
}

/** Answers any error as a problem document; an exceeded rate limit wins over any other answer to a GET. */
const problems = {
  onError: async (request: Request) => {
    const tooMany = await request.context.counting?.then(
      () => undefined,
      (error: unknown) => error,
    );
    const error = tooMany ?? request.error;
    request.response = problemResponse(toProblemError(error, request.context.route?.fieldRoot));
  },
};

/**
 * Builds a Lambda handler serving the given routes.
 * @param routes the function's route declarations (`shared/api/routes/<function>.ts`)
 * @param implementations one implementation per route key
 * @param options.db data layer to use (defaults to the process's, from `TABLE_NAME`)
 */
export function httpHandler<T extends Record<string, RouteDefinition>>(
  routes: T,
  implementations: RouteImplementations<T>,
  options: { db?: () => Db } = {},
) {
  const db = options.db ?? getDb;
  return middy<Event, APIGatewayProxyStructuredResultV2, Error, ApiContext>()
    .use(problems)
    .use(verifyOrigin)
    .use(resolveRoute(routes))
    .use(authenticateKey(db))
    .use(parseBody())
    .handler(async (event: Event, context: ApiContext) => {
      const route = context.route!;
      const implementation = (implementations as Record<string, RouteImplementation<RouteDefinition>>)[event.routeKey]!;
      const request = {
        pathParameters: parsePart('pathParameters', route.request?.pathParameters, event.pathParameters),
        queryStringParameters: parsePart(
          'queryStringParameters',
          route.request?.queryStringParameters,
          event.queryStringParameters,
        ),
        body: route.request?.body ? parsePart('body', route.request.body, event.body) : {},
        principal: context.principal ?? null,
        db: db(),
        counted: context.counting ?? Promise.resolve(),
      };
      return toResponse(await afterCount(context.counting, () => implementation(request as never)));
    });
}

/**
 * Runs an implementation while its request is still being counted, and answers once both are
 * done (nothing of the request runs on after its answer): an exceeded rate limit (429) wins over
 * whatever the implementation gave.
 */
async function afterCount(counting: Promise<unknown> | undefined, run: () => Promise<ApiResult>): Promise<ApiResult> {
  if (!counting) return run();
  const [count, outcome] = await Promise.allSettled([counting, run()]);
  if (count.status === 'rejected') throw count.reason;
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
}

/** Spec §5.3: the 400 a site-scoped key gets on an organization-only route. */
function organizationScopeRequired(): BadRequestError {
  return new BadRequestError(
    'This operation requires an organization-scoped API key (spec §5.3); this key is scoped to one site',
    [{ path: 'headers.authorization', message: 'must be an organization-scoped API key' }],
  );
}

function toResponse(result: ApiResult): APIGatewayProxyStructuredResultV2 {
  const statusCode = result.statusCode ?? 200;
  if (statusCode === 204 || result.body === undefined) return { statusCode, headers: result.headers ?? {}, body: '' };
  return {
    statusCode,
    headers: { 'content-type': 'application/json', ...result.headers },
    body: JSON.stringify(result.body),
  };
}
