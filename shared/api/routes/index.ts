/**
 * The HTTP API's route table: one declaration per route (`./<function>.ts`, one file per HTTP
 * Lambda function), shared by the CDK stack (which creates the API Gateway routes and functions
 * from it), the local gateway (which matches requests with it), the handlers (which validate with
 * its schemas) and the OpenAPI document. A Lambda imports only its own file, so its bundle holds
 * only its own schemas.
 */
import { accessIdRoutes } from './access-ids';
import { chargerRoutes } from './chargers';
import { commandRoutes } from './commands';
import type { HttpMethod, RouteDefinition } from './define';
import { departureTimeRoutes } from './departure-times';
import { historyRoutes } from './history';
import { openApiRoutes } from './openapi';
import { siteLimitRoutes } from './site-limits';
import { sitePowerRoutes } from './site-power';
import { siteRoutes } from './sites';
import { vehicleRoutes } from './vehicles';

export {
  HTTP_FUNCTIONS,
  defineRoutes,
  noQuery,
  type HttpFunctionName,
  type HttpMethod,
  type RouteDefinition,
  type RouteSpec,
} from './define';

/** Every route of the API, keyed by API Gateway route key (`GET /api/chargers/{id}`), in document order. */
export const ROUTES = {
  ...chargerRoutes,
  ...siteRoutes,
  ...commandRoutes,
  ...accessIdRoutes,
  ...vehicleRoutes,
  ...departureTimeRoutes,
  ...siteLimitRoutes,
  ...sitePowerRoutes,
  ...historyRoutes,
  ...openApiRoutes,
};

/** An API Gateway route key of this API. */
export type RouteKey = keyof typeof ROUTES;

/** All routes as a list. */
export const routeList: readonly RouteDefinition[] = Object.values(ROUTES);

/** Result of {@link matchRoute}. */
export type RouteMatch =
  | { kind: 'route'; route: RouteDefinition; pathParameters: Record<string, string> }
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
