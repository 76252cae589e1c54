/**
 * Charging sessions, charger health, charger errors and the OCPP message log (reference notes,
 * "Charging sessions", "Charger health", "Alerts, errors, OCPP messages").
 *
 * Two stricter limits than the key's 200 requests a minute: one `includeIntervals` request in
 * flight per key (a lease item, `shared/history/request-lease.ts`) and 10 charger-health requests
 * a minute per key (a second rate-limit window, `:health`). Both answer 429 with `Retry-After`.
 */
import { httpHandler } from './lib/http-handler';
import { historyRoutes, CHARGER_HEALTH_REQUESTS_PER_MINUTE } from '../../shared/api/routes/history';
import { mergedList, siteAndChargerIds } from '../../shared/api/routes/list-query';
import { ProblemError } from '../../shared/api/errors';
import { countRequest } from '../../shared/api/rate-limit';
import {
  chargerHealthReport,
  listChargerErrors,
  listChargingSessions,
  listOcppMessages,
  RequestInFlightError,
  withRequestLease,
} from '../../shared/history';

/** The charger's page in the operator console, on the API's own origin (the console is served at `/`). */
const reportUrl = (chargerId: number) => `/#/chargers/${chargerId}`;

/** 429 for a request of a kind that is already running for the key. */
async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof RequestInFlightError)) throw error;
    throw new ProblemError(429, 'rate-limited', 'Too Many Requests', error.message, undefined, {
      'Retry-After': String(error.retryAfterSeconds),
    });
  }
}

/** Lambda handler of the history routes (HTTP API payload 2.0 event → result). */
export const handler = httpHandler(historyRoutes, {
  'GET /api/charging-sessions': async ({ db, principal, queryStringParameters: q }) => {
    const request = {
      startTimeAfter: q.startTimeAfter,
      startTimeBefore: q.startTimeBefore,
      endTimeAfter: q.endTimeAfter,
      endTimeBefore: q.endTimeBefore,
      ...siteAndChargerIds(q),
      customerIds: mergedList(q['customerIds[]'], q.customerIds),
      customerNames: mergedList(q['customerNames[]'], q.customerNames),
      vehicleIds: mergedList(q['vehicleIds[]'], q.vehicleIds),
      rfidIds: mergedList(q['rfidIds[]'], q.rfidIds),
      includeInProgressSessions: q.includeInProgressSessions,
      includeIntervals: q.includeIntervals,
      includeTouEnergy: q.includeTouEnergy,
      nextPageCursor: q.nextPageCursor,
    };
    const list = () => listChargingSessions(db, principal, request);
    const body = request.includeIntervals
      ? await oneAtATime(() => withRequestLease(db, principal.keyHash, 'intervals', 'includeIntervals', list))
      : await list();
    return { body };
  },
  'GET /api/charger-health': async ({ db, principal, queryStringParameters: q }) => {
    await countRequest(db, `${principal.keyHash}:health`, Date.now(), CHARGER_HEALTH_REQUESTS_PER_MINUTE);
    const request = {
      startTimestamp: q.startTimestamp,
      endTimestamp: q.endTimestamp,
      ...siteAndChargerIds(q),
    };
    return { body: await chargerHealthReport(db, principal, request, { reportUrl }) };
  },
  'GET /api/errors': async ({ db, principal, queryStringParameters: q }) => ({
    body: await listChargerErrors(db, principal, {
      afterTimestamp: q.afterTimestamp,
      beforeTimestamp: q.beforeTimestamp,
      ...siteAndChargerIds(q),
      nextPageCursor: q.nextPageCursor,
    }),
  }),
  'GET /api/ocpp-messages': async ({ db, principal, queryStringParameters: q }) => ({
    body: await listOcppMessages(db, principal, {
      chargerId: q.chargerId,
      startTimestamp: q.startTimestamp,
      endTimestamp: q.endTimestamp,
      messageTypes: mergedList(q['messageType[]'], q.messageType),
      limit: q.limit,
      nextPageCursor: q.nextPageCursor,
    }),
  }),
});
