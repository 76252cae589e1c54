/**
 * The HTTP API's route table: one declaration per route, in route groups (`./<group>.ts`, a group's
 * schemas and routes in one file; a function serves one group, or a few groups of one resource:
 * `commands` also serves the charger configuration's refresh and change and the local list),
 * shared by the CDK stack (which creates the API Gateway routes and functions from it), the local
 * gateway (which matches requests with it), the handlers (which validate with its schemas) and the
 * OpenAPI document. Schemas several groups share are in `./common.ts`, `./list-query.ts` and
 * `./charger-views.ts`. A Lambda imports only its own groups, so its bundle holds only their
 * schemas.
 */
import { accessIdRoutes } from './access-ids';
import { chargerRoutes } from './chargers';
import { commandRoutes } from './commands';
import { chargerSecurityRoutes } from './charger-security';
import { chargerOperationRoutes } from './charger-operations';
import { chargerLogRoutes } from './charger-logs';
import { chargerOperationReadRoutes } from './charger-operation-reads';
import { configurationReadRoutes, configurationRoutes } from './charger-configuration';
import { localListRoutes } from './local-list';
import { siteTariffRoutes } from './site-tariffs';
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
import { userRoutes } from './users';

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
  ...configurationReadRoutes,
  ...siteRoutes,
  ...commandRoutes,
  ...configurationRoutes,
  ...localListRoutes,
  ...chargerSecurityRoutes,
  ...chargerOperationRoutes,
  ...chargerLogRoutes,
  ...chargerOperationReadRoutes,
  ...firmwareCampaignRoutes,
  ...accessIdRoutes,
  ...vehicleRoutes,
  ...departureTimeRoutes,
  ...siteLimitRoutes,
  ...siteTariffRoutes,
  ...sitePowerRoutes,
  ...historyRoutes,
  ...maintenanceWindowRoutes,
  ...alertRecipientRoutes,
  ...alertRoutes,
  ...webhookRoutes,
  ...userRoutes,
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
/**
 * Compile-time check: `ROUTE_KEYS` (what the `$default` function matches, generated from this table by
 * `npm run generate:route-keys`) lists exactly the routes of {@link ROUTES}.
 */
export const ROUTE_KEYS_MATCH_THE_TABLE: Same<RouteKey, ListedRouteKey> = true;
