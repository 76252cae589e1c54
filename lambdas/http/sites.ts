/** Reference notes "Sites": `GET /api/sites`, every site of the key's organization with its chargers. */
import { httpHandler } from './lib/http-handler';
import { siteRoutes } from '../../shared/api/routes/sites';
import { listSitesWithChargers } from '../../shared/chargers';

/** Lambda handler of `GET /api/sites`. */
export const handler = httpHandler(siteRoutes, {
  'GET /api/sites': async ({ db, principal }) => ({ body: { data: await listSitesWithChargers(db, principal) } }),
});
