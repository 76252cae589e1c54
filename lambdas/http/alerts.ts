/** Alerts and alert settings (docs/alerts.md): the list, one alert, the organization's settings. */
import { httpHandler } from './lib/http-handler';
import { alertRoutes } from '../../shared/api/routes/alerts';
import { mergedList, siteAndChargerIds } from '../../shared/api/routes/list-query';
import {
  acknowledgeAlert,
  alertSettings,
  listAlerts,
  pollAlerts,
  readAlert,
  updateAlertSettings,
} from '../../shared/alerts';
import { actorOf } from '../../shared/api/actor';
import { NotFoundError } from '../../shared/errors';

/** Lambda handler of the alert routes (HTTP API payload 2.0 event → result). */
export const handler = httpHandler(alertRoutes, {
  'GET /api/alerts': async ({ db, principal, queryStringParameters: q }) => {
    const query = {
      startTimestampAfter: q.startTimestampAfter,
      includeMuted: q.includeMuted,
      alertRecipientIds: mergedList(q['alertRecipientIds[]'], q.alertRecipientIds),
      ...siteAndChargerIds(q),
      types: mergedList(q['types[]'], q.types),
      active: q.active,
      severities: mergedList(q['severities[]'], q.severities),
      acknowledged: q.acknowledged,
      nextPageCursor: q.nextPageCursor,
    };
    const { pollCursor } = q;
    return {
      body:
        pollCursor === undefined
          ? await listAlerts(db, principal, query)
          : await pollAlerts(db, principal, { ...query, pollCursor }),
    };
  },
  'GET /api/alerts/{id}': async ({ db, principal, pathParameters }) => ({
    body: { data: await readAlert(db, principal, pathParameters.id) },
  }),
  'POST /api/alerts/{id}/acknowledge': async ({ db, principal, pathParameters }) => ({
    body: { data: await acknowledgeAlert(db, principal, pathParameters.id, actorOf(principal)) },
  }),
  'GET /api/alert-settings': async ({ db, principal }) => ({
    body: { data: await alertSettings(db, principal.organizationId) },
  }),
  'PATCH /api/alert-settings': async ({ db, principal, body }) => {
    const settings = await updateAlertSettings(db, principal.organizationId, body.alertSettings);
    if (!settings) throw new NotFoundError(`Organization ${principal.organizationId} not found`);
    return { body: { data: settings } };
  },
});
