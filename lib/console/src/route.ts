/**
 * Hash routes, so a static host serves every page from `/index.html` with no rewrites:
 * `#/sites`, `#/sites/{siteId}/power`, `#/chargers/{chargerId}` (its overview tab) and
 * `#/chargers/{chargerId}/{tab}`, `#/vehicles`, `#/access-ids`, `#/sessions`, `#/firmware`, `#/alerts`,
 * `#/webhooks`, `#/users`. Anything else is a "no such page" notice.
 *
 * @module
 */

/** The charger page's tabs, in the order shown: slug (in the hash) and label. */
export const CHARGER_TABS = [
  ['overview', 'Overview'],
  ['sessions', 'Sessions'],
  ['configuration', 'Configuration'],
  ['operations', 'Operations'],
  ['firmware-and-logs', 'Firmware and logs'],
  ['security', 'Security'],
  ['health', 'Health'],
  ['message-log', 'Message log'],
] as const;

/** A tab of the charger page. */
export type ChargerTab = (typeof CHARGER_TABS)[number][0];

/** A page and its parameters. */
export type Route =
  | { page: 'sites' }
  | { page: 'sitePower'; siteId: number }
  | { page: 'charger'; chargerId: number; tab: ChargerTab }
  | { page: 'vehicles' }
  | { page: 'sessions' }
  | { page: 'accessIds' }
  | { page: 'firmware' }
  | { page: 'alerts' }
  | { page: 'webhooks' }
  | { page: 'users' }
  | { page: 'notFound'; hash: string };

const ID = '([1-9][0-9]{0,14})';

/** The route of a location hash (`#/chargers/12`). */
export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '') || '/';
  if (path === '/' || path === '/sites') return { page: 'sites' };
  if (path === '/vehicles') return { page: 'vehicles' };
  if (path === '/sessions') return { page: 'sessions' };
  if (path === '/access-ids') return { page: 'accessIds' };
  if (path === '/firmware') return { page: 'firmware' };
  if (path === '/alerts') return { page: 'alerts' };
  if (path === '/webhooks') return { page: 'webhooks' };
  if (path === '/users') return { page: 'users' };
  const sitePower = new RegExp(`^/sites/${ID}/power$`).exec(path);
  if (sitePower) return { page: 'sitePower', siteId: Number(sitePower[1]) };
  const charger = new RegExp(`^/chargers/${ID}(?:/(${CHARGER_TABS.map(([slug]) => slug).join('|')}))?$`).exec(path);
  if (charger) return { page: 'charger', chargerId: Number(charger[1]), tab: (charger[2] as ChargerTab) ?? 'overview' };
  return { page: 'notFound', hash: path };
}

/** The hash of a route, for links. */
export function hrefOf(route: Exclude<Route, { page: 'notFound' }>): string {
  switch (route.page) {
    case 'sites':
      return '#/sites';
    case 'vehicles':
      return '#/vehicles';
    case 'sessions':
      return '#/sessions';
    case 'accessIds':
      return '#/access-ids';
    case 'firmware':
      return '#/firmware';
    case 'alerts':
      return '#/alerts';
    case 'webhooks':
      return '#/webhooks';
    case 'users':
      return '#/users';
    case 'sitePower':
      return `#/sites/${route.siteId}/power`;
    case 'charger':
      return `#/chargers/${route.chargerId}${route.tab === 'overview' ? '' : `/${route.tab}`}`;
  }
}
