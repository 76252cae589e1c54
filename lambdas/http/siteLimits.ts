/** Spec §4.7: set, read and clear a site's power limits. */
import { httpHandler } from './lib/http-handler';
import { siteLimitRoutes } from '../../shared/api/routes/site-limits';
import { deleteSitePowerLimit, listSitePowerLimits, setSitePowerLimit } from '../../shared/site-power/limits';

/** Lambda handler of the site power limit routes (HTTP API payload 2.0 event → result). */
export const handler = httpHandler(siteLimitRoutes, {
  'POST /api/site/{siteId}/limits': async ({ db, principal, pathParameters, body }) => {
    const schedule = await setSitePowerLimit(db, principal, pathParameters.siteId, body.sitePowerLimitSchedule);
    return { statusCode: 201, body: { sitePowerLimitScheduleId: schedule.id, sitePowerLimitSchedule: schedule } };
  },
  'GET /api/site/{siteId}/limits': async ({ db, principal, pathParameters }) => ({
    body: { sitePowerLimitSchedules: await listSitePowerLimits(db, principal, pathParameters.siteId) },
  }),
  'DELETE /api/site/{siteId}/limits/{scheduleId}': async ({ db, principal, pathParameters }) => {
    await deleteSitePowerLimit(db, principal, pathParameters.siteId, pathParameters.scheduleId);
    return { statusCode: 204 };
  },
});
