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
import { chargerOperationRoutes } from './charger-operations';
import { chargerOperationReadRoutes } from './charger-operation-reads';
import { firmwareCampaignRoutes } from './firmware-campaigns';
import type { RouteDefinition } from './define';
import { routeMatcher, type ListedRouteKey, type RouteMatch as KeyMatch } from './keys';
import { alertRoutes } from './alerts';
import { departureTimeRoutes } from './departure-times';
import { historyRoutes } from './history';
import { maintenanceWindowRoutes } from './maintenance-windows';
import { alertRecipientRoutes } from './alert-recipients';
import { openApiRoutes } from './openapi';
import { siteLimitRoutes } from './site-limits';
import { sitePowerRoutes } from './site-power';
import { siteRoutes } from './sites';
import { vehicleRoutes } from './vehicles';
import { webhookRoutes } from './webhooks';

export {
  HTTP_FUNCTIONS,
  defineRoutes,
  httpHandlerEntry,
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
  ...chargerOperationRoutes,
  ...chargerOperationReadRoutes,
  ...firmwareCampaignRoutes,
  ...accessIdRoutes,
  ...vehicleRoutes,
  ...departureTimeRoutes,
  ...siteLimitRoutes,
  ...sitePowerRoutes,
  ...historyRoutes,
  ...maintenanceWindowRoutes,
  ...alertRecipientRoutes,
  ...alertRoutes,
  ...webhookRoutes,
  ...openApiRoutes,
};

/** An API Gateway route key of this API. */
export type RouteKey = keyof typeof ROUTES;

/** All routes as a list. */
export const routeList: readonly RouteDefinition[] = Object.values(ROUTES);

/** Result of {@link matchRoute}. */
export type RouteMatch = KeyMatch<RouteDefinition>;

/**
 * Matches a method and a raw path against the table, as API Gateway does: literal segments win
 * over `{param}` segments; a path that exists under another method gives the allowed methods.
 * Path parameters are URL-decoded.
 */
export const matchRoute: (method: string, rawPath: string) => RouteMatch = routeMatcher(routeList);

/** True when `A` and `B` are the same union. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compile-time check: `ROUTE_KEYS` (what the `$default` function matches) lists exactly the routes of {@link ROUTES}. */
export const ROUTE_KEYS_MATCH_THE_TABLE: Same<RouteKey, ListedRouteKey> = true;
