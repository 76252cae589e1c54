/**
 * The HTTP API's route table: one declaration per route, shared by the CDK stack (which creates
 * the API Gateway routes and functions from it), the local gateway (which matches requests with
 * it), the handlers (which validate with its schemas) and the OpenAPI document.
 */
import { z } from 'zod';
import { numericIdParam, textIdParam } from './schemas/common';
import { ChargerResponse, SitesResponse } from './schemas/chargers';
import {
  AccessIdListResponse,
  AccessIdResponse,
  BatchBody,
  BatchResponse,
  CreateAccessIdBody,
  CreateVehicleBody,
  PatchAccessIdBody,
  PatchVehicleBody,
  VehicleListResponse,
  VehicleResponse,
} from './schemas/access-ids';
import { paginationQuery } from './schemas/common';
import {
  CancelReservationBody,
  CommandStatusResponse,
  RemoteStartBody,
  RemoteStartResponse,
  RemoteStopBody,
  ReservationBody,
  ReservationResponse,
} from './schemas/ocpp-commands';
import {
  DepartureBatchBody,
  DepartureBatchResponse,
  DepartureSyncBody,
  DepartureSyncResponse,
  UpcomingDeparturesQuery,
  UpcomingDeparturesResponse,
} from './schemas/departures';
import {
  SetSitePowerLimitBody,
  SiteLimitPath,
  SitePath,
  SitePowerLimitCreatedResponse,
  SitePowerLimitSchedulesResponse,
} from './schemas/site-limits';

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
  accessIds: { tableAccess: 'readWrite' },
  vehicles: { tableAccess: 'readWrite' },
  /** Departure-time synchronisation and reads (spec §4.2). */
  departureTimes: { tableAccess: 'readWrite' },
  /** Site power limits (spec §4.7). */
  siteLimits: { tableAccess: 'readWrite' },
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
  /** Error answers particular to this route (status → when), besides those every route documents. */
  errors?: Record<number, string>;
}

const idPath = z.strictObject({ id: numericIdParam });
const textIdPath = z.strictObject({ id: textIdParam });
const noQuery = z.strictObject({});

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
  'GET /api/access-ids': {
    method: 'GET',
    path: '/api/access-ids',
    function: 'accessIds',
    authenticated: true,
    summary: 'List access IDs',
    description: 'Spec §4.1. 100 per page, by ID; items without customer.',
    tags: ['Access IDs'],
    request: { queryStringParameters: paginationQuery },
    responses: { 200: { description: 'One page', schema: AccessIdListResponse } },
  },
  'GET /api/access-ids/{id}': {
    method: 'GET',
    path: '/api/access-ids/{id}',
    function: 'accessIds',
    authenticated: true,
    summary: 'Get an access ID',
    tags: ['Access IDs'],
    request: { pathParameters: idPath, queryStringParameters: noQuery },
    responses: { 200: { description: 'The access ID with its customer', schema: AccessIdResponse } },
  },
  'POST /api/access-ids': {
    method: 'POST',
    path: '/api/access-ids',
    function: 'accessIds',
    authenticated: true,
    summary: 'Create an access ID',
    description: 'Spec §4.1. 201; 409 when the normalised ocppIdTag exists; 404 unknown vehicleId.',
    tags: ['Access IDs'],
    request: { queryStringParameters: noQuery, body: CreateAccessIdBody },
    responses: { 201: { description: 'Created', schema: AccessIdResponse } },
  },
  'PATCH /api/access-ids/{id}': {
    method: 'PATCH',
    path: '/api/access-ids/{id}',
    function: 'accessIds',
    authenticated: true,
    summary: 'Update an access ID',
    description: 'Spec §4.1: name, authorizationStatus, vehicle, customer only (ocppIdTag and type are 400); null deletes an optional value.',
    tags: ['Access IDs'],
    request: { pathParameters: idPath, queryStringParameters: noQuery, body: PatchAccessIdBody },
    responses: { 200: { description: 'Updated', schema: AccessIdResponse } },
  },
  'PUT /api/access-ids/batch': {
    method: 'PUT',
    path: '/api/access-ids/batch',
    function: 'accessIds',
    authenticated: true,
    summary: 'Create or update up to 1000 access IDs',
    description: 'Spec §4.1 rules 1–6. More than 1000 items is a 400 for the whole request; a bad item is an error result and the others proceed; a tag given twice fails its later items.',
    tags: ['Access IDs'],
    request: { queryStringParameters: noQuery, body: BatchBody },
    responses: { 200: { description: 'One result per item, in order', schema: BatchResponse } },
  },
  'GET /api/vehicles': {
    method: 'GET',
    path: '/api/vehicles',
    function: 'vehicles',
    authenticated: true,
    summary: 'List vehicles',
    description: 'Spec §4.6. 100 per page, by ID, with customer and access IDs.',
    tags: ['Vehicles'],
    request: { queryStringParameters: paginationQuery },
    responses: { 200: { description: 'One page', schema: VehicleListResponse } },
  },
  'GET /api/vehicles/{id}': {
    method: 'GET',
    path: '/api/vehicles/{id}',
    function: 'vehicles',
    authenticated: true,
    summary: 'Get a vehicle',
    tags: ['Vehicles'],
    request: { pathParameters: idPath, queryStringParameters: noQuery },
    responses: { 200: { description: 'The vehicle', schema: VehicleResponse } },
  },
  'POST /api/vehicles': {
    method: 'POST',
    path: '/api/vehicles',
    function: 'vehicles',
    authenticated: true,
    summary: 'Create a vehicle, optionally with access IDs',
    description: 'Spec §4.6. 201; 409 when the name (case-insensitive) or VIN is taken. Listed access IDs are linked (existing tag) or created as Vehicle access IDs.',
    tags: ['Vehicles'],
    request: { queryStringParameters: noQuery, body: CreateVehicleBody },
    responses: { 201: { description: 'Created', schema: VehicleResponse } },
  },
  'PATCH /api/vehicles/{id}': {
    method: 'PATCH',
    path: '/api/vehicles/{id}',
    function: 'vehicles',
    authenticated: true,
    summary: 'Update a vehicle',
    description: 'Spec §4.6: null deletes an optional field, omitted ones stay; accessIds replaces the associated set; the VIN of a telematics vehicle cannot change (400).',
    tags: ['Vehicles'],
    request: { pathParameters: idPath, queryStringParameters: noQuery, body: PatchVehicleBody },
    responses: { 200: { description: 'Updated', schema: VehicleResponse } },
  },
  'POST /api/departure-times/vehicle': {
    method: 'POST',
    path: '/api/departure-times/vehicle',
    function: 'departureTimes',
    authenticated: true,
    summary: 'Synchronise all departures of one vehicle',
    description:
      'Spec §4.2. Organization-scoped keys only (any other key: 400). Exactly one of vehicleId and vehicleVin (neither or both: 400; unknown vehicleId: 404). Deletes every future departure of the vehicle, answers departures not after the server\'s clock as skipped (not inserted), inserts the future ones as created, and answers every submitted departure in request order. Stored past departures are kept; an empty list removes every future departure. A VIN of a vehicle answers vehicleId (vehicleVin null); an unknown VIN stores the departures under the VIN (vehicleId null) and the first synchronisation after a vehicle with that VIN exists links them. departureTime must carry a UTC offset (a time without one is a 400) and is answered in UTC; targetSoc is an integer 0–100 (fractions: 400), default 90; at most 500 departures; shiftName/routeName at most 64 characters. Two overlapping synchronisations of one vehicle end with one of the two sets, never a mix; 409 only if the vehicle keeps changing through 8 attempts.',
    tags: ['Departure times'],
    request: { queryStringParameters: noQuery, body: DepartureSyncBody },
    responses: { 200: { description: 'Every submitted departure with its outcome', schema: DepartureSyncResponse } },
    errors: { 409: 'The vehicle\'s departures kept changing through concurrent synchronisations; retry' },
  },
  'POST /api/departure-times/batch': {
    method: 'POST',
    path: '/api/departure-times/batch',
    function: 'departureTimes',
    authenticated: true,
    summary: 'Synchronise the departures of several vehicles',
    description:
      'Spec §4.2. Body { vehicles: [...] } (a bare array is accepted too); at most 100 vehicles, more is a 400 naming body.vehicles for the whole request. Each item follows the single-vehicle rules and is validated and processed on its own: a bad or unknown item becomes an error result (its message names the fields) and never fails the others. Results in input order; a vehicle named twice is synchronised in input order (the later item wins). Organization-scoped keys only.',
    tags: ['Departure times'],
    request: { queryStringParameters: noQuery, body: DepartureBatchBody },
    responses: { 200: { description: 'One result per item, in input order', schema: DepartureBatchResponse } },
  },
  'GET /api/departure-times/vehicle': {
    method: 'GET',
    path: '/api/departure-times/vehicle',
    function: 'departureTimes',
    authenticated: true,
    summary: 'List the upcoming departures of one vehicle',
    description:
      'Ours (not in the reference product). Exactly one of vehicleId and vehicleVin. The departures after the server\'s clock, by time. A vehicle\'s departures still stored under its VIN (not linked yet) are included with vehicleId null. An unknown VIN answers what is stored under it (possibly nothing); an unknown vehicleId is 404. Organization-scoped keys only.',
    tags: ['Departure times'],
    request: { queryStringParameters: UpcomingDeparturesQuery },
    responses: { 200: { description: 'Upcoming departures', schema: UpcomingDeparturesResponse } },
  },
  'POST /api/site/{siteId}/limits': {
    method: 'POST',
    path: '/api/site/{siteId}/limits',
    function: 'siteLimits',
    authenticated: true,
    summary: 'Set a site power limit (replaces the current one of its type)',
    description:
      'Spec §2.6, §4.7. 201 with the created schedule (a new string id) and sitePowerLimitScheduleId (the reference product\'s answer). limit: an integer from 0 to 100000000 W or 100000 A; 0 is accepted (every vehicle still starts at its minimum power: 8 A on Level 2, 5 kW on DCFC). A (amp) limits on a site with a DCFC charger: 400. Stored and served now; not yet enforced on chargers. Unknown site, another organization\'s, or another site than a site-scoped key\'s: 404.',
    tags: ['Site power limits'],
    request: { pathParameters: SitePath, queryStringParameters: noQuery, body: SetSitePowerLimitBody },
    responses: { 201: { description: 'The created schedule', schema: SitePowerLimitCreatedResponse } },
  },
  'GET /api/site/{siteId}/limits': {
    method: 'GET',
    path: '/api/site/{siteId}/limits',
    function: 'siteLimits',
    authenticated: true,
    summary: 'List the active limits of a site',
    description:
      'Spec §4.7. At most one schedule per type (capacity first), an empty array when none. A flat limit is rendered as one schedule for days 1–7 with one period from startPeriod 0 (seconds from the start of the day); source is api.',
    tags: ['Site power limits'],
    request: { pathParameters: SitePath, queryStringParameters: noQuery },
    responses: { 200: { description: 'The active limits', schema: SitePowerLimitSchedulesResponse } },
  },
  'DELETE /api/site/{siteId}/limits/{scheduleId}': {
    method: 'DELETE',
    path: '/api/site/{siteId}/limits/{scheduleId}',
    function: 'siteLimits',
    authenticated: true,
    summary: 'Clear a site power limit',
    description: 'Spec §4.7. 204 with an empty body; 404 when the site or the schedule is unknown (a replaced schedule\'s id is unknown).',
    tags: ['Site power limits'],
    request: { pathParameters: SiteLimitPath, queryStringParameters: noQuery },
    responses: { 204: { description: 'Cleared' } },
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
    responses: { 200: { description: 'OpenAPI 3.1 document', schema: z.record(z.string(), z.unknown()) } },
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
