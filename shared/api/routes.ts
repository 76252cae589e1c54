/**
 * The HTTP API's route table: one declaration per route, shared by the CDK stack (which creates
 * the API Gateway routes and functions from it), the local gateway (which matches requests with
 * it), the handlers (which validate with its schemas) and the OpenAPI document.
 */
import type { z } from 'zod';
import { numericIdParam, textIdParam } from './schemas/common';
import { ChargerResponse, SitesResponse } from './schemas/chargers';
import { z as zod } from 'zod';
import {
  CancelReservationBody,
  CommandStatusResponse,
  RemoteStartBody,
  RemoteStartResponse,
  RemoteStopBody,
  ReservationBody,
  ReservationResponse,
} from './schemas/ocpp-commands';

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * HTTP Lambda functions: each is `lambdas/http/<name>.ts` and serves the routes naming it.
 * `tableAccess`: `read` = reads plus the rate-limit counter update; `readWrite` = full data access;
 * `none` = no table access.
 */
export const HTTP_FUNCTIONS = {
  chargers: { tableAccess: 'read' },
  sites: { tableAccess: 'read' },
  /** Sends OCPP commands to chargers and waits for their reply (up to the command deadline). */
  commands: { tableAccess: 'readWrite', sendsOcppCommands: true },
  openapi: { tableAccess: 'none' },
  /** API Gateway's `$default` route: problem documents for unknown routes (404) and wrong methods (405). */
  fallback: { tableAccess: 'none' },
} as const satisfies Record<string, { tableAccess: 'none' | 'read' | 'readWrite'; sendsOcppCommands?: boolean }>;

/** Name of an HTTP function (`lambdas/http/<name>.ts`). */
export type HttpFunctionName = keyof typeof HTTP_FUNCTIONS;

/** One documented response of a route. */
export interface RouteResponse {
  description: string;
  /** Body schema; omitted for an empty body (204). */
  schema?: z.ZodType;
}

/** Declaration of one route. `path` uses API Gateway's `{param}` syntax. */
export interface RouteDefinition {
  method: HttpMethod;
  path: string;
  function: Exclude<HttpFunctionName, 'fallback'>;
  /** false only for public routes (the OpenAPI document). */
  authenticated: boolean;
  summary: string;
  description?: string;
  tags: string[];
  request?: {
    pathParameters?: z.ZodObject;
    queryStringParameters?: z.ZodObject;
    body?: z.ZodType;
  };
  /** Success responses by status; the error responses are added to every route. */
  responses: Record<number, RouteResponse>;
}

const idPath = zod.strictObject({ id: numericIdParam });
const textIdPath = zod.strictObject({ id: textIdParam });
const noQuery = zod.strictObject({});

/** Every route of the API, keyed by API Gateway route key (`GET /api/chargers/{id}`). */
export const ROUTES = {
  'GET /api/chargers/{id}': {
    method: 'GET',
    path: '/api/chargers/{id}',
    function: 'chargers',
    authenticated: true,
    summary: 'Get a charger by its internal ID',
    description: 'Spec §4.5. The charger with its ports, connection status and ongoing sessions.',
    tags: ['Chargers'],
    request: { pathParameters: idPath, queryStringParameters: noQuery },
    responses: { 200: { description: 'The charger', schema: ChargerResponse } },
  },
  'GET /api/chargers/by-external-id/{id}': {
    method: 'GET',
    path: '/api/chargers/by-external-id/{id}',
    function: 'chargers',
    authenticated: true,
    summary: 'Get a charger by its external ID (network station ID)',
    tags: ['Chargers'],
    request: { pathParameters: textIdPath, queryStringParameters: noQuery },
    responses: { 200: { description: 'The charger', schema: ChargerResponse } },
  },
  'GET /api/chargers/by-ocpp-id/{id}': {
    method: 'GET',
    path: '/api/chargers/by-ocpp-id/{id}',
    function: 'chargers',
    authenticated: true,
    summary: 'Get a charger by its OCPP identity (chargePointId)',
    tags: ['Chargers'],
    request: { pathParameters: textIdPath, queryStringParameters: noQuery },
    responses: { 200: { description: 'The charger', schema: ChargerResponse } },
  },
  'GET /api/sites': {
    method: 'GET',
    path: '/api/sites',
    function: 'sites',
    authenticated: true,
    summary: 'List the sites of the organization with their chargers',
    description:
      'Reference notes, "Sites": not paginated; every site, charger and port of the key\'s organization (a site-scoped key sees its own site only).',
    tags: ['Sites'],
    request: { queryStringParameters: noQuery },
    responses: { 200: { description: 'The sites', schema: SitesResponse } },
  },
  'POST /api/ocpp/reservations': {
    method: 'POST',
    path: '/api/ocpp/reservations',
    function: 'commands',
    authenticated: true,
    summary: 'Reserve a port (OCPP ReserveNow)',
    description:
      'Spec §4.3. The charger\'s answer is the status (200); a charger without reservation support answers Rejected. 404 unknown port; 409 reservationId already used, or charger not connected; 502 charger error; 504 no answer in time.',
    tags: ['OCPP commands'],
    request: { queryStringParameters: noQuery, body: ReservationBody },
    responses: { 200: { description: 'The charger\'s status', schema: ReservationResponse } },
  },
  'POST /api/ocpp/reservations/cancel': {
    method: 'POST',
    path: '/api/ocpp/reservations/cancel',
    function: 'commands',
    authenticated: true,
    summary: 'Cancel a reservation (OCPP CancelReservation)',
    description: 'Sent to the charger even when the reservation is unknown to us. 404 unknown charger; 409 not connected; 502; 504.',
    tags: ['OCPP commands'],
    request: { queryStringParameters: noQuery, body: CancelReservationBody },
    responses: { 200: { description: 'The charger\'s status', schema: CommandStatusResponse } },
  },
  'POST /api/ocpp/remote-start': {
    method: 'POST',
    path: '/api/ocpp/remote-start',
    function: 'commands',
    authenticated: true,
    summary: 'Start charging on a port (OCPP RemoteStartTransaction / RequestStartTransaction)',
    description: 'Spec §4.4. Without idTag the server-side tag CSMS-REMOTE is used. 404 unknown port; 409 not connected; 502; 504.',
    tags: ['OCPP commands'],
    request: { queryStringParameters: noQuery, body: RemoteStartBody },
    responses: { 200: { description: 'The charger\'s status and the remote start ID', schema: RemoteStartResponse } },
  },
  'POST /api/ocpp/remote-stop': {
    method: 'POST',
    path: '/api/ocpp/remote-stop',
    function: 'commands',
    authenticated: true,
    summary: 'Stop the session in progress on a port (OCPP RemoteStopTransaction / RequestStopTransaction)',
    description: '404 unknown port; 409 no session in progress (or not the given sessionId), or not connected; 502; 504.',
    tags: ['OCPP commands'],
    request: { queryStringParameters: noQuery, body: RemoteStopBody },
    responses: { 200: { description: 'The charger\'s status', schema: CommandStatusResponse } },
  },
  'GET /api/openapi.json': {
    method: 'GET',
    path: '/api/openapi.json',
    function: 'openapi',
    authenticated: false,
    summary: 'This API\'s OpenAPI 3.1 document',
    description: 'Public: needs no API key.',
    tags: ['Meta'],
    request: { queryStringParameters: noQuery },
    responses: { 200: { description: 'OpenAPI 3.1 document', schema: zod.record(zod.string(), zod.unknown()) } },
  },
} as const satisfies Record<string, RouteDefinition>;

/** An API Gateway route key of this API. */
export type RouteKey = keyof typeof ROUTES;

/** All routes as a list. */
export const routeList: readonly (RouteDefinition & { routeKey: RouteKey })[] = Object.entries(ROUTES).map(
  ([routeKey, route]) => ({ ...(route as RouteDefinition), routeKey: routeKey as RouteKey }),
);

/** Result of {@link matchRoute}. */
export type RouteMatch =
  | { kind: 'route'; route: RouteDefinition & { routeKey: RouteKey }; pathParameters: Record<string, string> }
  | { kind: 'methodNotAllowed'; allowed: HttpMethod[] }
  | { kind: 'notFound' };

const compiled = routeList.map((route) => ({
  route,
  names: [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
  pattern: new RegExp(`^${route.path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '([^/]+)')}$`),
}));

/**
 * Matches a method and a raw path against the table, as API Gateway does: literal segments win
 * over `{param}` segments; a path that exists under another method gives the allowed methods.
 * Path parameters are URL-decoded.
 */
export function matchRoute(method: string, rawPath: string): RouteMatch {
  const candidates = compiled
    .map((c) => ({ c, m: c.pattern.exec(rawPath) }))
    .filter((x): x is { c: (typeof compiled)[number]; m: RegExpExecArray } => x.m !== null)
    // fewer parameters = more specific (API Gateway prefers literal segments)
    .sort((a, b) => a.c.names.length - b.c.names.length);
  if (candidates.length === 0) return { kind: 'notFound' };
  const hit = candidates.find((x) => x.c.route.method === method);
  if (!hit) return { kind: 'methodNotAllowed', allowed: [...new Set(candidates.map((x) => x.c.route.method))] };
  const pathParameters: Record<string, string> = {};
  hit.c.names.forEach((name, i) => {
    const raw = hit.m[i + 1]!;
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // keep the raw segment; validation names it
    }
    pathParameters[name] = value;
  });
  return { kind: 'route', route: hit.c.route, pathParameters };
}
