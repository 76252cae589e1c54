/**
 * How routes are declared: `defineRoutes(function, { 'GET /api/x/{id}': { summary, … } })`. The
 * route key (API Gateway's `METHOD /path`) gives the method and path; every route is
 * authenticated, takes no query parameters, reports domain errors under `body` (routes with a
 * body) or `queryStringParameters`, and needs the role its method implies
 * ({@link defaultRoleOf}: a read `viewer`, a write `admin`) unless it says otherwise.
 */
import * as z from 'zod';
import type { Role } from '../../organizations';
import { numericIdParam, textIdParam } from './common';
import { parseRouteKey, type HttpMethod } from './keys';

export type { HttpMethod } from './keys';

/**
 * HTTP Lambda functions: each is `lambdas/http/<name in kebab-case>.ts` ({@link httpHandlerEntry}) and
 * serves the routes declared for it.
 * `tableAccess`: `read` = reads plus the rate-limit counter update; `readWrite` = full data access;
 * `none` = no table access.
 */
export const HTTP_FUNCTIONS = {
  chargers: { tableAccess: 'read' },
  sites: { tableAccess: 'read' },
  /** Sends OCPP commands to chargers and waits for their reply (up to the command deadline). */
  commands: { tableAccess: 'readWrite', sendsOcppCommands: true },
  /**
   * Charger operations and firmware campaigns (docs/charger-operations.md, docs/firmware.md):
   * writes the operation, starts the operation worker (`lambdas/operations/perform.ts`, Lambda
   * Invoke) and waits a few seconds for it.
   */
  chargerOperations: { tableAccess: 'readWrite' },
  /**
   * Reads of charger operations and their logs' download links: settles what a read settles (a
   * log's upload, read from S3). Apart from `chargerOperations` so that neither function bundles
   * both the S3 client and the Lambda client.
   */
  chargerOperationReads: { tableAccess: 'readWrite' },
  accessIds: { tableAccess: 'readWrite' },
  vehicles: { tableAccess: 'readWrite' },
  /** Departure-time synchronisation and reads (spec §4.2). */
  departureTimes: { tableAccess: 'readWrite' },
  /** Site power limits (spec §4.7) and site tariffs (`docs/tariffs.md`). */
  siteLimits: { tableAccess: 'readWrite' },
  /** Smart charging: the power allocation read and port overrides (spec §2.6 enforced). */
  sitePower: { tableAccess: 'readWrite' },
  /**
   * Charging sessions, charger health, errors and the OCPP message log (reads; it writes only the
   * key's rate-limit windows and its `includeIntervals` lease).
   */
  history: { tableAccess: 'readWrite' },
  /** Maintenance windows (docs/maintenance-windows.md): create, read, change, delete. */
  maintenanceWindows: { tableAccess: 'readWrite' },
  /** Alert recipients (docs/alert-recipients.md): create, read, change, delete. */
  alertRecipients: { tableAccess: 'readWrite' },
  /** Alerts (docs/alerts.md): the list and one alert (reads), the organization's alert settings. */
  alerts: { tableAccess: 'readWrite' },
  /**
   * Webhook endpoints and their deliveries (docs/webhooks.md): reads and writes them, encrypts
   * secrets, queues test deliveries and retries (SQS).
   */
  webhooks: { tableAccess: 'readWrite' },
  /**
   * The organization's people (docs/people-and-roles.md): stores them and creates or deletes their
   * identity provider accounts (Cognito's admin API, loaded on first use).
   */
  users: { tableAccess: 'readWrite' },
  openapi: { tableAccess: 'none' },
  /** API Gateway's `$default` route: problem documents for unknown routes (404) and wrong methods (405). */
  fallback: { tableAccess: 'none' },
} as const satisfies Record<string, { tableAccess: 'none' | 'read' | 'readWrite'; sendsOcppCommands?: boolean }>;

/** Name of an HTTP function (`lambdas/http/<name in kebab-case>.ts`). */
export type HttpFunctionName = keyof typeof HTTP_FUNCTIONS;

/**
 * The handler module of an HTTP function, relative to the project root: its name in kebab-case
 * under `lambdas/http/` (`accessIds` → `lambdas/http/access-ids.ts`). The CDK stack bundles it and
 * the local gateway imports it.
 * @param name an HTTP function's name (a key of {@link HTTP_FUNCTIONS})
 * @returns e.g. `lambdas/http/site-limits.ts`
 */
export function httpHandlerEntry(name: HttpFunctionName): string {
  return `lambdas/http/${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.ts`;
}

/** One documented response of a route. */
export interface RouteResponse {
  description: string;
  /** Body schema; omitted for an empty body (204). */
  schema?: z.ZodType;
}

/** The request parts a route validates. */
export interface RouteRequestSchemas {
  pathParameters?: z.ZodObject;
  queryStringParameters?: z.ZodObject;
  body?: z.ZodType;
}

/** A route as declared: what its key does not already say. */
export interface RouteSpec {
  /** false only for public routes (the OpenAPI document). @default true */
  authenticated?: boolean;
  /**
   * The least role a caller (a person or an API key) needs (docs/people-and-roles.md); a caller
   * below it gets 403 naming it, before anything of the request is read or stored. Declared where
   * a write needs less than `admin` (`operator`: remote commands, charger operations, maintenance
   * windows, access IDs) or a route more than its default (`owner`: the people).
   * @default {@link defaultRoleOf} the method: `viewer` for GET, `admin` for any write
   */
  role?: Role;
  /** Only organization-scoped keys (spec §5.3); a site-scoped key gets a 400 naming `headers.authorization`. @default false */
  organizationScopeOnly?: boolean;
  /**
   * The implementation takes the rate-limit count as `counted` and awaits it before its first
   * effect (a command: before the charger is sent anything), so that the count runs alongside its
   * first steps; a 429 still wins. GETs always count alongside. @default false: counted first
   */
  countAlongside?: boolean;
  summary: string;
  description?: string;
  tags: string[];
  /** Request schemas; `queryStringParameters` @default no parameters (an unknown one is a 400). */
  request?: RouteRequestSchemas;
  /** Success responses by status; the error responses are added to every route. */
  responses: Record<number, RouteResponse>;
  /** Error answers particular to this route (status → when), besides those every route documents. */
  errors?: Record<number, string>;
  /**
   * Where the domain's input sits in the request, to name a field a domain error reports
   * (`body.accessId` makes `ocppIdTag` `body.accessId.ocppIdTag`).
   * @default `body` for routes with a body, else `queryStringParameters`
   */
  fieldRoot?: string;
}

/** A complete route. `path` uses API Gateway's `{param}` syntax. */
export interface RouteDefinition
  extends Required<Pick<RouteSpec, 'authenticated' | 'organizationScopeOnly' | 'fieldRoot' | 'role'>>,
    Pick<RouteSpec, 'countAlongside'> {
  routeKey: string;
  method: HttpMethod;
  path: string;
  function: Exclude<HttpFunctionName, 'fallback'>;
  summary: string;
  description?: string;
  tags: string[];
  request: RouteRequestSchemas & { queryStringParameters: z.ZodObject };
  responses: Record<number, RouteResponse>;
  errors?: Record<number, string>;
}

/** No query parameters: any given one is a 400 naming it. */
export const noQuery = z.strictObject({});

type MethodOf<K> = K extends `${infer M extends HttpMethod} ${string}` ? M : never;
type PathOf<K> = K extends `${HttpMethod} ${infer P}` ? P : never;

/** The complete route of a spec, with its literal types kept (handlers are typed from them). */
export type DefinedRoute<K extends string, F extends RouteDefinition['function'], S extends RouteSpec> = Omit<
  RouteDefinition,
  'request' | 'authenticated'
> & {
  routeKey: K;
  method: MethodOf<K>;
  path: PathOf<K>;
  function: F;
  authenticated: S extends { authenticated: false } ? false : true;
  request: Omit<NonNullable<S['request']>, 'queryStringParameters'> & {
    queryStringParameters: NonNullable<S['request']> extends { queryStringParameters: infer Q } ? Q : typeof noQuery;
  };
};

/**
 * The role a route needs when it declares none: reads (`GET`) are for every role (`viewer`);
 * writes for `admin`, so a new write is closed to operators and viewers until its declaration
 * opens it (docs/people-and-roles.md).
 */
export function defaultRoleOf(method: HttpMethod): Role {
  return method === 'GET' ? 'viewer' : 'admin';
}

/**
 * Declares the routes of one HTTP function, filling in method, path and the defaults.
 * @throws Error at start-up when a key is not `METHOD /api/...`
 */
export function defineRoutes<F extends RouteDefinition['function'], const T extends Record<string, RouteSpec>>(
  fn: F,
  specs: T,
): { [K in keyof T & string]: DefinedRoute<K, F, T[K]> } {
  return Object.fromEntries(
    Object.entries(specs).map(([routeKey, spec]) => {
      const parsed = parseRouteKey(routeKey);
      const route: RouteDefinition = {
        ...spec,
        ...parsed,
        function: fn,
        role: spec.role ?? defaultRoleOf(parsed.method),
        authenticated: spec.authenticated ?? true,
        organizationScopeOnly: spec.organizationScopeOnly ?? false,
        fieldRoot: spec.fieldRoot ?? (spec.request?.body ? 'body' : 'queryStringParameters'),
        request: { ...spec.request, queryStringParameters: spec.request?.queryStringParameters ?? noQuery },
      };
      return [routeKey, route];
    }),
  ) as never;
}

/** `{id}`: a numeric resource ID. */
export const idPath = z.strictObject({ id: numericIdParam });
/** `{id}`: a free-text identifier (external ID, OCPP identity). */
export const textIdPath = z.strictObject({ id: textIdParam });
