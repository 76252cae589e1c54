/** Spec §4.7: set, read and clear a site's power limits; and its tariff (`docs/tariffs.md`). */
import { httpHandler } from './lib/http-handler';
import { actorOf } from '../../shared/api/actor';
import { siteLimitRoutes } from '../../shared/api/routes/site-limits';
import { siteTariffRoutes } from '../../shared/api/routes/site-tariffs';
import {
  deleteSitePowerLimit,
  deleteTariff,
  getTariff,
  listSitePowerLimits,
  setSitePowerLimit,
  setTariff,
} from '../../shared/site-power';

/** Lambda handler of the site power limit routes (HTTP API payload 2.0 event → result). */
export const handler = httpHandler(
  { ...siteLimitRoutes, ...siteTariffRoutes },
  {
    'POST /api/site/{siteId}/limits': async ({ db, principal, pathParameters, body }) => {
      const schedule = await setSitePowerLimit(
        db,
        principal,
        pathParameters.siteId,
        body.sitePowerLimitSchedule,
        actorOf(principal),
      );
      return { statusCode: 201, body: { sitePowerLimitScheduleId: schedule.id, sitePowerLimitSchedule: schedule } };
    },
    'GET /api/site/{siteId}/limits': async ({ db, principal, pathParameters }) => ({
      body: { sitePowerLimitSchedules: await listSitePowerLimits(db, principal, pathParameters.siteId) },
    }),
    'DELETE /api/site/{siteId}/limits/{scheduleId}': async ({ db, principal, pathParameters }) => {
      await deleteSitePowerLimit(db, principal, pathParameters.siteId, pathParameters.scheduleId);
      return { statusCode: 204 };
    },
    'PUT /api/sites/{siteId}/tariff': async ({ db, principal, pathParameters, body }) => ({
      body: { tariff: await setTariff(db, principal, pathParameters.siteId, body.tariff, actorOf(principal)) },
    }),
    'GET /api/sites/{siteId}/tariff': async ({ db, principal, pathParameters }) => ({
      body: { tariff: await getTariff(db, principal, pathParameters.siteId) },
    }),
    'DELETE /api/sites/{siteId}/tariff': async ({ db, principal, pathParameters }) => {
      await deleteTariff(db, principal, pathParameters.siteId);
      return { statusCode: 204 };
    },
  },
);
