/**
 * The HTTP API's route keys without their schemas, and how a request is matched to a route as API
 * Gateway matches it. The `$default` function needs only the keys (to tell a 405 from a 404), so
 * its bundle holds no zod schema; `./index.ts` matches with the whole route table.
 *
 * The keys are derived from the route table, not kept by hand: `npm run generate:route-keys`
 * (`bin/generate-route-keys.ts`) writes them from `ROUTES`, in its order, to
 * `./route-keys.generated.ts`; `test/unit/api/routes.test.ts` fails while that file is stale, and
 * `./index.ts` checks at compile time that it names exactly the table's routes. Generated rather
 * than read at run time because reading them means importing the table, whose groups build every
 * schema when they load (all of zod's objects in the `$default` bundle); generated rather than
 * injected when bundling (esbuild's `define`) because the local stack runs the handler modules
 * unbundled, and the key list would then exist in one of the two runtimes only.
 */
import { ROUTE_KEYS } from './route-keys.generated';

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export { ROUTE_KEYS };

/** A route key of {@link ROUTE_KEYS} (`./route-keys.generated.ts`). */
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
