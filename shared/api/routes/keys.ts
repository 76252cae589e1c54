/**
 * The HTTP API's route keys without their schemas, and how a request is matched to a route as API
 * Gateway matches it. The `$default` function needs only the keys (to tell a 405 from a 404), so
 * its bundle holds no zod schema; `./index.ts` matches with the whole route table, and checks at
 * compile time that this list names exactly the routes the table declares.
 */

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every route key of the API (`METHOD /path`, API Gateway's `{param}` syntax), in document order. */
export const ROUTE_KEYS = [
  'GET /api/chargers/{id}',
  'GET /api/chargers/by-external-id/{id}',
  'GET /api/chargers/by-ocpp-id/{id}',
  'GET /api/chargers/{id}/configuration',
  'GET /api/sites',
  'POST /api/ocpp/reservations',
  'POST /api/ocpp/reservations/cancel',
  'POST /api/ocpp/remote-start',
  'POST /api/ocpp/remote-stop',
  'POST /api/chargers/{id}/password',
  'POST /api/chargers/{id}/configuration/refresh',
  'PATCH /api/chargers/{id}/configuration',
  'GET /api/chargers/{id}/local-list',
  'POST /api/chargers/{id}/local-list/sync',
  'POST /api/ocpp/reset',
  'POST /api/ocpp/unlock-connector',
  'POST /api/ocpp/change-availability',
  'POST /api/ocpp/trigger-message',
  'POST /api/ocpp/clear-cache',
  'POST /api/ocpp/update-firmware',
  'POST /api/ocpp/get-log',
  'GET /api/charger-operations',
  'GET /api/charger-operations/{operationId}',
  'GET /api/charger-operations/{operationId}/logs',
  'POST /api/firmware-campaigns',
  'GET /api/firmware-campaigns',
  'GET /api/firmware-campaigns/{campaignId}',
  'POST /api/firmware-campaigns/{campaignId}/cancel',
  'GET /api/access-ids',
  'GET /api/access-ids/{id}',
  'POST /api/access-ids',
  'PATCH /api/access-ids/{id}',
  'PUT /api/access-ids/batch',
  'GET /api/vehicles',
  'GET /api/vehicles/{id}',
  'POST /api/vehicles',
  'PATCH /api/vehicles/{id}',
  'POST /api/departure-times/vehicle',
  'POST /api/departure-times/batch',
  'GET /api/departure-times/vehicle',
  'POST /api/site/{siteId}/limits',
  'GET /api/site/{siteId}/limits',
  'DELETE /api/site/{siteId}/limits/{scheduleId}',
  'PUT /api/sites/{siteId}/tariff',
  'GET /api/sites/{siteId}/tariff',
  'DELETE /api/sites/{siteId}/tariff',
  'GET /api/site/{siteId}/power-allocation',
  'PUT /api/ports/{portId}/charging-override',
  'DELETE /api/ports/{portId}/charging-override',
  'GET /api/charging-sessions',
  'GET /api/charger-health',
  'GET /api/errors',
  'GET /api/ocpp-messages',
  'POST /api/maintenance-windows',
  'GET /api/maintenance-windows',
  'GET /api/maintenance-windows/{id}',
  'PATCH /api/maintenance-windows/{id}',
  'DELETE /api/maintenance-windows/{id}',
  'POST /api/alert-recipients',
  'GET /api/alert-recipients',
  'GET /api/alert-recipients/{id}',
  'PATCH /api/alert-recipients/{id}',
  'DELETE /api/alert-recipients/{id}',
  'GET /api/alerts',
  'GET /api/alerts/{id}',
  'GET /api/alert-settings',
  'PATCH /api/alert-settings',
  'POST /api/webhook-endpoints',
  'GET /api/webhook-endpoints',
  'GET /api/webhook-endpoints/{id}',
  'PATCH /api/webhook-endpoints/{id}',
  'DELETE /api/webhook-endpoints/{id}',
  'POST /api/webhook-endpoints/{id}/rotate-secret',
  'POST /api/webhook-endpoints/{id}/test',
  'GET /api/webhook-endpoints/{id}/deliveries',
  'POST /api/webhook-deliveries/{id}/retry',
  'GET /api/openapi.json',
] as const;

/** A route key of {@link ROUTE_KEYS}. */
export type ListedRouteKey = (typeof ROUTE_KEYS)[number];

/** A route key split into its method and path. */
export interface RouteKeyParts {
  routeKey: string;
  method: HttpMethod;
  path: string;
}

/**
 * Splits an API Gateway route key into method and path.
 * @throws Error when the key is not `METHOD /api/...` with one of {@link HttpMethod}
 */
export function parseRouteKey(routeKey: string): RouteKeyParts {
  const match = /^(GET|POST|PUT|PATCH|DELETE) (\/api(?:\/[^ ]*)?)$/.exec(routeKey);
  if (!match) throw new Error(`Route key ${JSON.stringify(routeKey)} is not "METHOD /api/…"`);
  return { routeKey, method: match[1] as HttpMethod, path: match[2]! };
}

/** What a request matches: a route with its URL-decoded path parameters, another method's path, or nothing. */
export type RouteMatch<R> =
  | { kind: 'route'; route: R; pathParameters: Record<string, string> }
  | { kind: 'methodNotAllowed'; allowed: HttpMethod[] }
  | { kind: 'notFound' };

/**
 * A matcher over a list of routes that matches a method and a raw path as API Gateway does:
 * literal segments win over `{param}` segments; a path that exists only under other methods gives
 * the allowed methods. Path parameters are URL-decoded (a malformed escape is kept as sent, for
 * validation to name).
 * @param routes the routes, each with its method and `{param}` path
 * @returns `(method, rawPath) => RouteMatch`
 */
export function routeMatcher<R extends { method: HttpMethod; path: string }>(
  routes: readonly R[],
): (method: string, rawPath: string) => RouteMatch<R> {
  const compiled = routes.map((route) => ({
    route,
    names: [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
    pattern: new RegExp(`^${route.path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '([^/]+)')}$`),
  }));
  return (method, rawPath) => {
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
  };
}

let keyMatcher: ReturnType<typeof routeMatcher<RouteKeyParts>> | undefined;

/**
 * Matches a request against {@link ROUTE_KEYS} alone (no schemas loaded), as {@link routeMatcher}
 * does. The patterns are compiled at the first call, so the other functions, which import this
 * module for {@link parseRouteKey}, neither compile nor bundle them.
 */
export function matchRouteKey(method: string, rawPath: string): RouteMatch<RouteKeyParts> {
  keyMatcher ??= routeMatcher(ROUTE_KEYS.map(parseRouteKey));
  return keyMatcher(method, rawPath);
}
