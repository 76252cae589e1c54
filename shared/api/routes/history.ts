/**
 * Routes of the `history` function: charging sessions, charger health, charger errors and the
 * OCPP message log (reference notes, "Charging sessions", "Charger health", "Alerts, errors, OCPP
 * messages"). One function for the four: they share the history read model and its code.
 */
import { defineRoutes } from './define';
import { ChargerHealthQuery, ChargingSessionsQuery, ErrorsQuery, OcppMessagesQuery } from '../schemas/history-query';
import { ChargerErrorList, ChargerHealthReport, ChargingSessionList, OcppMessageList } from '../schemas/history';

/** Requests per minute per key on `GET /api/charger-health` (besides the 200 of every route). */
export const CHARGER_HEALTH_REQUESTS_PER_MINUTE = 10;

const ARRAYS =
  'Array filters: `siteIds[]=1&siteIds[]=2` (or bare `siteIds=1&siteIds=2`, or comma-joined `siteIds[]=1,2`), at most 50 values; IDs another organization (or, for a site-scoped key, another site) owns are simply not there.';

/** The routes, in the order the OpenAPI document lists them. */
export const historyRoutes = defineRoutes('history', {
  'GET /api/charging-sessions': {
    summary: 'List charging sessions',
    description: [
      'Reference notes, "Charging sessions". Completed sessions only, unless includeInProgressSessions=true (in progress: endTime, durationSeconds, averageDemandKw, socEndPercent, chargingEndTime are null; energyDeliveredKwh is the energy so far). 100 per page.',
      'Order: newest first by startTime; when endTimeAfter or endTimeBefore is given, newest first by endTime (a session in progress counts as ending later than any time: endTimeAfter keeps it, endTimeBefore drops it). Every filter is a key of an index (sites, chargers, customers, organization; start or end time), never a scan.',
      ARRAYS,
      'customerIds[] are the numeric IDs of customers (the customer object of a session carries it); customerNames[] match case-insensitively.',
      'chargingStartTime/chargingEndTime: the first and last meter reading at or above 0.1 kW (or, without power readings, with the registers rising at that rate). averageDemandKw: energy ÷ duration. maxDemandKw: the highest 15-minute average (intervals aligned to the hour, UTC).',
      "includeIntervals=true adds intervals: one per 15-minute slot the session covers, energy from the meter register (the energy between two readings spread evenly over the time between them; duplicate and late readings count once), averagePowerKw = the slot's energy ÷ 0.25 h, maxPowerKw the highest power reading, socPercent the last SoC reading. Only one includeIntervals request may run at a time per API key: a second concurrent one is 429 with Retry-After.",
      "includeTouEnergy=true adds touEnergy: the energy by the site's time-of-use periods (the names of its tariff's energyPrices, see PUT /api/sites/{siteId}/tariff; a site without a tariff keeps the periods it had before tariffs existed) in the site's timezone (DST included), split between periods in proportion to the time between readings; a site without periods has one period, all; energy outside every period is other.",
    ].join('\n\n'),
    tags: ['Charging sessions'],
    request: { queryStringParameters: ChargingSessionsQuery },
    responses: { 200: { description: 'One page of sessions', schema: ChargingSessionList } },
    errors: {
      429: "Another includeIntervals request of this key is running (Retry-After: 1), or the key's rate limit",
    },
  },
  'GET /api/charger-health': {
    summary: 'Charger health over a time range',
    description: [
      `Reference notes, "Charger health". Not paginated: every charger in scope (or of siteIds[]/chargerIds[]). Rate limit: ${CHARGER_HEALTH_REQUESTS_PER_MINUTE} requests per minute per key (429 with Retry-After), besides the 200 of every route.`,
      'startTimestamp defaults to 30 days before endTimestamp and must be within the last 400 days (the history kept); endTimestamp defaults to now, a later time is taken as now, and must be after startTimestamp.',
      "From the status and connection history: connectivity = seconds online/offline since the charger was registered (activeTimeInIntervalSeconds). Per port, a second is faulted (status Faulted), unavailable (status Unavailable, or the charger offline) or available (any other status, or none reported yet while online); uptimePercent = available ÷ active time. A charger's seconds sum its ports' (they can exceed the range). utilization: seconds with a session in progress. errorCounts: failedToStart = sessions with less than 1 Wh in their first 5 minutes (a rejected start delivers nothing); endedEarly = sessions stopped by a fault or the EV disconnecting before the vehicle's departure target (its next departure's time and targetSoc; without one, 90 % SoC when known); other = error reports that did not end charging. maintenance: seconds of the active time under the charger's whole-charger maintenance windows (POST /api/maintenance-windows; overlapping windows count once) and their percent of it (each port's maintenance: the charger's windows and its own); a port's seconds under maintenance (the charger's windows and the port's own) are neither faulted, available nor unavailable, and uptimePercent = available ÷ (active time − maintenance). reportUrl: the charger's page in the operator console (/#/chargers/{id}, on the API's own origin).",
      ARRAYS,
    ].join('\n\n'),
    tags: ['Charger health'],
    request: { queryStringParameters: ChargerHealthQuery },
    responses: { 200: { description: 'The report', schema: ChargerHealthReport } },
    errors: {
      429: `More than ${CHARGER_HEALTH_REQUESTS_PER_MINUTE} health requests this minute (Retry-After), or the key's rate limit`,
    },
  },
  'GET /api/errors': {
    summary: 'List charger error reports',
    description: [
      "Every OCPP 1.6 StatusNotification with an errorCode other than NoError and every OCPP 2.0.1 NotifyEvent of a fault (a component's Problem or Tripped = true, or AvailabilityState = Faulted; ocppErrorCode is then <component>.<variable>, vendorErrorCode its techCode, ocppInfo its techInfo), newest first by the charger's timestamp, 100 per page. afterTimestamp ≥, beforeTimestamp <.",
      'errorCategory: endedCharging (the port went Faulted or Unavailable during a session: chargingSession names it), preventedCharging (Faulted or Unavailable with no session in progress), other (an error with an operative status). port is null for the charger as a whole (connector/EVSE 0).',
      ARRAYS,
    ].join('\n\n'),
    tags: ['Errors'],
    request: { queryStringParameters: ErrorsQuery },
    responses: { 200: { description: 'One page of error reports', schema: ChargerErrorList } },
  },
  'GET /api/ocpp-messages': {
    summary: 'The OCPP message log of a charger',
    description: [
      'The CALLs the charger sent with our answers, and the CALLs we sent with its answers (direction), newest first, limit per page (default 50, at most 500). Kept 8 days. startTimestamp defaults to 24 hours before endTimestamp (default now); the range must be under 8 days. messageType[] (or messageType) filters by OCPP action; an unknown action is a 400.',
      "What is logged is a deployment setting (ocppMessageLog): all (default), errors (only exchanges answered with a CALLERROR, and our CALLs that got no answer: responseType null), or off. An unknown charger, or another organization's (or site's), is 404.",
    ].join('\n\n'),
    tags: ['OCPP messages'],
    request: { queryStringParameters: OcppMessagesQuery },
    responses: { 200: { description: 'One page of messages', schema: OcppMessageList } },
  },
});
