/**
 * The `sites` route group: reference notes "Sites" (the answer's shape, `./charger-views.ts`, is
 * shared with the chargers).
 */
import { defineRoutes } from './define';
import { SitesResponse } from './charger-views';

/** The routes, in the order the OpenAPI document lists them. */
export const siteRoutes = defineRoutes('sites', {
  'GET /api/sites': {
    summary: 'List the sites of the organization with their chargers',
    description:
      'Reference notes, "Sites": not paginated; every site, charger and port of the key\'s organization (a site-scoped key sees its own site only).',
    tags: ['Sites'],
    responses: { 200: { description: 'The sites', schema: SitesResponse } },
  },
});
