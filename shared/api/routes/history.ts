/**
 * The `history` route group: charging sessions, charger health, charger errors and the OCPP
 * message log (reference notes, "Charging sessions", "Charger health", "Alerts, errors, OCPP
 * messages"): their queries, their answers (each checked at compile time against the domain's type)
 * and the routes. One function for the four: they share the history read model and its code.
 */
import * as z from 'zod';
import type * as history from '../../history';
import { actionList, cursor, flag, ID_PATTERN, idList, instant, nameList } from './list-query';
import { conformsTo, EmbeddedVehicle, Pagination } from './common';
import { CHARGER_TYPES } from '../../smart-charging';
import { defineRoutes } from './define';

const nullableTime = z.string().nullable();

/** One 15-minute interval. */
export const SessionInterval = z
  .object({
    startTime: z.string().meta({ description: 'Start of the slot (UTC, aligned to the hour)' }),
    endTime: z.string(),
    energyDeliveredKwh: z
      .number()
      .nullable()
      .meta({ description: 'kWh in the slot (null until two registers are known)' }),
    averagePowerKw: z.number().nullable().meta({ description: 'energyDeliveredKwh ÷ 0.25 h (the whole slot)' }),
    maxPowerKw: z.number().nullable().meta({ description: 'Highest power reading in the slot' }),
    socPercent: z.number().nullable().meta({ description: 'Last SoC reading in the slot' }),
  })
  .meta({ id: 'SessionInterval' });

/** Energy of one time-of-use period. */
export const TouEnergy = z
  .object({ period: z.string().meta({ example: 'peak' }), energyDeliveredKwh: z.number() })
  .meta({ id: 'TouEnergy' });

/** A charging session (reference notes, "Charging sessions"). */
export const ChargingSession = conformsTo<history.ChargingSession>()(
  z
    .object({
      id: z.number().int(),
      startTime: z.string(),
      endTime: nullableTime,
      updatedAt: z.string(),
      durationSeconds: z.number().nullable(),
      chargingStartTime: nullableTime.meta({ description: 'First reading at or above 0.1 kW' }),
      chargingEndTime: nullableTime.meta({ description: 'Last reading at or above 0.1 kW (null while in progress)' }),
      chargingDurationSeconds: z.number().nullable(),
      energyDeliveredKwh: z.number().nullable().meta({ description: 'While in progress: so far' }),
      averageDemandKw: z.number().nullable().meta({ description: 'energyDeliveredKwh ÷ the session duration' }),
      maxDemandKw: z.number().nullable().meta({ description: 'The highest 15-minute average power' }),
      socStartPercent: z.number().nullable(),
      socEndPercent: z.number().nullable(),
      ocppIdTag: z.string().nullable(),
      ocppTransactionId: z.number().int().nullable(),
      tags: z
        .array(z.string())
        .meta({ description: 'Always empty: sessions have no tags here (kept for the reference shape)' }),
      site: z.object({ id: z.number().int(), name: z.string(), locationId: z.string().nullable() }),
      charger: z.object({
        id: z.number().int(),
        name: z.string(),
        ocppId: z.string().nullable(),
        externalId: z.string().nullable(),
        serialNumber: z.string().nullable(),
        type: z.enum(CHARGER_TYPES),
      }),
      port: z.object({
        id: z.number().int(),
        name: z.string(),
        portNumber: z.number().int(),
        maximumPowerKw: z.number().nullable(),
      }),
      vehicle: EmbeddedVehicle.nullable(),
      rfid: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
      customer: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
      organization: z.object({ id: z.number().int(), name: z.string() }),
      intervals: z.array(SessionInterval).optional().meta({ description: 'includeIntervals=true only' }),
      touEnergy: z.array(TouEnergy).optional().meta({ description: 'includeTouEnergy=true only' }),
      energyCost: z
        .object({ amount: z.number(), currency: z.string().meta({ description: "ISO 4217, the tariff's" }) })
        .nullable()
        .optional()
        .meta({
          id: 'EnergyCost',
          description:
            "The energy's cost under the site's tariff (each tariff period's energy at its pricePerKwh, 4 decimals): on a completed session, the cost stored when it ended under a tariff (a tariff changed or removed later does not change it); with includeTouEnergy=true, else the cost under the site's tariff now, null for a site without a tariff",
        }),
    })
    .meta({ id: 'ChargingSession' }),
);

/** `GET /api/charging-sessions` answer. */
export const ChargingSessionList = z.object({ data: z.array(ChargingSession), pagination: Pagination });

const Uptime = z
  .object({
    faultedSeconds: z.number(),
    availableSeconds: z.number(),
    unavailableSeconds: z.number(),
    uptimePercent: z.number(),
  })
  .meta({ id: 'Uptime' });
const ErrorCounts = z
  .object({ endedEarly: z.number(), failedToStart: z.number(), other: z.number(), total: z.number() })
  .meta({ id: 'ErrorCounts' });
const Utilization = z
  .object({ chargingSessionSeconds: z.number(), utilizationPercent: z.number() })
  .meta({ id: 'Utilization' });

/** `GET /api/charger-health` answer. */
export const ChargerHealthReport = conformsTo<history.ChargerHealthReport>()(
  z
    .object({
      summary: z.object({
        startTime: z.string(),
        endTime: z.string(),
        errorCounts: ErrorCounts,
        chargingSessionsCount: z.number(),
        uptime: Uptime,
      }),
      data: z.array(
        z.object({
          chargerId: z.number().int(),
          serialNumber: z.string().nullable(),
          name: z.string(),
          activeTimeInIntervalSeconds: z.number(),
          activeSince: z.string().nullable().meta({
            format: 'date-time',
            description:
              "Where the active time starts: the later of the range's start and the charger's first connection (its registration for one connected before first connections were recorded); null for a charger that never connected (no active time, every figure 0)",
          }),
          site: z.object({ id: z.number().int(), name: z.string() }),
          connectivity: z.object({ onlineSeconds: z.number(), offlineSeconds: z.number(), onlinePercent: z.number() }),
          maintenance: z.object({ maintenanceSeconds: z.number(), maintenancePercent: z.number() }),
          uptime: Uptime,
          utilization: Utilization,
          errorCounts: ErrorCounts,
          chargingSessionsCount: z.number(),
          reportUrl: z
            .string()
            .nullable()
            .meta({ description: 'The charger page of the operator console, relative to the API origin' }),
          ocppPasswordSet: z.boolean().meta({
            description:
              'Whether the charger has an OCPP Basic-auth password; false is a warning: anyone who knows its OCPP ' +
              'identity can connect as it',
          }),
          ports: z.array(
            z.object({
              id: z.number().int(),
              name: z.string(),
              maintenance: z.object({ maintenanceSeconds: z.number(), maintenancePercent: z.number() }).meta({
                description: "Time under the charger's whole-charger windows or the port's own (not in the reference)",
              }),
              uptime: Uptime,
              utilization: Utilization,
              errorCounts: ErrorCounts,
              chargingSessionsCount: z.number(),
            }),
          ),
        }),
      ),
    })
    .meta({ id: 'ChargerHealthReport' }),
);

/** One charger error report. */
export const ChargerErrorReport = conformsTo<history.ChargerErrorReport>()(
  z
    .object({
      id: z.number().int(),
      timestamp: z.string(),
      ocppErrorCode: z.string().meta({ example: 'GroundFailure' }),
      vendorErrorCode: z.string().nullable(),
      ocppInfo: z.string().nullable(),
      ocppStatus: z.string().meta({ example: 'Faulted' }),
      errorCategory: z.enum(['endedCharging', 'preventedCharging', 'other']),
      chargingSession: z.object({ id: z.number().int() }).nullable(),
      site: z.object({ id: z.number().int(), name: z.string() }),
      charger: z.object({ id: z.number().int(), name: z.string() }),
      port: z.object({ id: z.number().int(), name: z.string(), portNumber: z.number().int() }).nullable(),
      organization: z.object({ id: z.number().int(), name: z.string() }),
    })
    .meta({ id: 'ChargerErrorReport' }),
);

/** `GET /api/errors` answer. */
export const ChargerErrorList = z.object({ data: z.array(ChargerErrorReport), pagination: Pagination });

/** A logged frame as text. */
const LoggedFrame = conformsTo<history.LoggedFrame>()(
  z
    .object({
      text: z.string().meta({ description: 'The frame as it went over the WebSocket, or its first 32 KB' }),
      bytes: z.number().int().meta({ description: "The whole frame's size in bytes of UTF-8" }),
      truncated: z.boolean().meta({ description: 'Whether `text` is only the first 32 KB of the frame' }),
    })
    .meta({ id: 'OcppFrame' }),
);

/** One logged OCPP exchange. */
export const OcppMessage = conformsTo<history.OcppMessage>()(
  z
    .object({
      id: z.string(),
      createdAt: z.string(),
      ocppChargerIdentity: z.string(),
      messageType: z.string().meta({ example: 'MeterValues' }),
      direction: z.enum(['fromCharger', 'toCharger']),
      messagePayload: z.unknown().meta({
        description:
          "The CALL's payload parsed from its frame; `{ truncated: true, bytes }` when the frame was over 32 KB; " +
          'null when the frame has none. A number beyond the precision of a double is exact only in `messageFrame`.',
      }),
      messageResponse: z.unknown().meta({
        description: 'The CALLRESULT payload, `{ errorCode, errorDescription }` of a CALLERROR, or null (no answer).',
      }),
      responseType: z.enum(['CALLRESULT', 'CALLERROR']).nullable(),
      messageFrame: LoggedFrame.meta({ description: 'The CALL frame as it went over the WebSocket' }),
      responseFrame: LoggedFrame.nullable().meta({
        description: 'The answer frame (CALLRESULT or CALLERROR) as text; null without an answer.',
      }),
      chargerId: z.number().int(),
      protocol: z.enum(['ocpp1.6', 'ocpp2.0.1', 'ocpp2.1']),
    })
    .meta({ id: 'OcppMessage' }),
);

/** `GET /api/ocpp-messages` answer. */
export const OcppMessageList = z.object({ data: z.array(OcppMessage), pagination: Pagination });

/** Requests per minute per key on `GET /api/charger-health` (besides the 200 of every route). */
export const CHARGER_HEALTH_REQUESTS_PER_MINUTE = 10;

const ARRAYS =
  'Array filters: `siteIds[]=1&siteIds[]=2` (or bare `siteIds=1&siteIds=2`, or comma-joined `siteIds[]=1,2`), at most 50 values; IDs another organization (or, for a site-scoped key, another site) owns are simply not there.';

/** `GET /api/charging-sessions` query. */
export const ChargingSessionsQuery = z.strictObject({
  startTimeAfter: instant.optional().meta({ description: 'startTime ≥ this' }),
  startTimeBefore: instant.optional().meta({ description: 'startTime < this' }),
  endTimeAfter: instant
    .optional()
    .meta({ description: 'endTime ≥ this (a session in progress counts as ending later than any time)' }),
  endTimeBefore: instant.optional().meta({ description: 'endTime < this (never a session in progress)' }),
  'siteIds[]': idList.optional(),
  siteIds: idList.optional(),
  'chargerIds[]': idList.optional(),
  chargerIds: idList.optional(),
  'customerIds[]': idList.optional(),
  customerIds: idList.optional(),
  'customerNames[]': nameList.optional(),
  customerNames: nameList.optional(),
  'vehicleIds[]': idList.optional(),
  vehicleIds: idList.optional(),
  'rfidIds[]': idList.optional(),
  rfidIds: idList.optional(),
  includeInProgressSessions: flag.optional(),
  includeIntervals: flag.optional(),
  includeTouEnergy: flag.optional(),
  nextPageCursor: cursor.optional(),
});

/** `GET /api/charger-health` query. */
export const ChargerHealthQuery = z.strictObject({
  startTimestamp: instant
    .optional()
    .meta({ description: 'Default: 30 days before endTimestamp; within the last 400 days' }),
  endTimestamp: instant.optional().meta({ description: 'Default now; a later time is taken as now' }),
  'siteIds[]': idList.optional(),
  siteIds: idList.optional(),
  'chargerIds[]': idList.optional(),
  chargerIds: idList.optional(),
});

/** `GET /api/errors` query. */
export const ErrorsQuery = z.strictObject({
  afterTimestamp: instant.optional().meta({ description: 'timestamp ≥ this' }),
  beforeTimestamp: instant.optional().meta({ description: 'timestamp < this' }),
  'siteIds[]': idList.optional(),
  siteIds: idList.optional(),
  'chargerIds[]': idList.optional(),
  chargerIds: idList.optional(),
  nextPageCursor: cursor.optional(),
});

/** `GET /api/ocpp-messages` query. */
export const OcppMessagesQuery = z.strictObject({
  chargerId: z
    .string({ error: 'required' })
    .regex(ID_PATTERN, 'must be a positive integer of at most 15 digits')
    .transform(Number)
    .meta({ description: 'The charger (required)', example: '12' }),
  startTimestamp: instant.optional().meta({ description: 'Default: 24 hours before endTimestamp' }),
  endTimestamp: instant.optional().meta({ description: 'Default now; the range must be under 8 days' }),
  'messageType[]': actionList.optional(),
  messageType: actionList.optional(),
  limit: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, 'must be an integer from 1 to 500')
    .transform(Number)
    .refine((n) => n <= 500, 'must be an integer from 1 to 500')
    .optional()
    .meta({ description: 'Messages per page: default 50, at most 500' }),
  nextPageCursor: cursor.optional(),
});

/** The routes, in the order the OpenAPI document lists them. */
export const historyRoutes = defineRoutes('history', {
  'GET /api/charging-sessions': {
    summary: 'List charging sessions',
    description: [
      'Reference notes, "Charging sessions". Completed sessions only, unless includeInProgressSessions=true (in progress: endTime, durationSeconds, averageDemandKw, socEndPercent, chargingEndTime are null; energyDeliveredKwh is the energy so far). 100 per page.',
      'Order: newest first by startTime; when endTimeAfter or endTimeBefore is given, newest first by endTime (a session in progress counts as ending later than any time: endTimeAfter keeps it, endTimeBefore drops it). Every filter is a key of an index (sites, chargers, customers, organization; start or end time), never a scan.',
      ARRAYS,
      'customerIds[] are the numeric IDs of customers (the customer object of a session carries it); customerNames[] match case-insensitively. vehicleIds[] and rfidIds[] keep the sessions of those vehicles and access IDs (the vehicle and rfid objects of a session carry their IDs), applied inside the partition the other filters pick.',
      'chargingStartTime/chargingEndTime: the first and last meter reading at or above 0.1 kW (or, without power readings, with the registers rising at that rate). averageDemandKw: energy ÷ duration. maxDemandKw: the highest 15-minute average (intervals aligned to the hour, UTC).',
      "includeIntervals=true adds intervals: one per 15-minute slot the session covers, energy from the meter register (the energy between two readings spread evenly over the time between them; duplicate and late readings count once), averagePowerKw = the slot's energy ÷ 0.25 h, maxPowerKw the highest power reading, socPercent the last SoC reading. Only one includeIntervals request may run at a time per API key: a second concurrent one is 429 with Retry-After.",
      "includeTouEnergy=true adds touEnergy: the energy by the site's time-of-use periods (the names of its tariff's energyPrices, see PUT /api/sites/{siteId}/tariff; a site without a tariff keeps the periods it had before tariffs existed) in the site's timezone (DST included), split between periods in proportion to the time between readings; a site without periods has one period, all; energy outside every period is other. It also adds energyCost: that energy at the tariff's prices ({amount, currency}), null for a site without a tariff.",
      "energyCost of a completed session is the cost stored when it ended under its site's tariff (what an OCPP 2.0.1 charger was answered as totalCost, rounded to the currency's minor unit), answered with or without includeTouEnergy; a tariff changed or removed later does not change it.",
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
      "From the status and connection history: connectivity = seconds online/offline since the charger first connected (activeTimeInIntervalSeconds, from activeSince; none for a charger that never connected). Per port, a second is faulted (status Faulted), unavailable (status Unavailable, or the charger offline) or available (any other status, or none reported yet while online); uptimePercent = available ÷ active time. A charger's seconds sum its ports' (they can exceed the range). utilization: seconds with a session in progress. errorCounts: failedToStart = sessions with less than 1 Wh in their first 5 minutes (a rejected start delivers nothing); endedEarly = sessions stopped by a fault or the EV disconnecting before the vehicle's departure target (its next departure's time and targetSoc; without one, 90 % SoC when known); other = error reports that did not end charging. maintenance: seconds of the active time under the charger's whole-charger maintenance windows (POST /api/maintenance-windows; overlapping windows count once) and their percent of it (each port's maintenance: the charger's windows and its own); a port's seconds under maintenance (the charger's windows and the port's own) are neither faulted, available nor unavailable, and uptimePercent = available ÷ (active time − maintenance). reportUrl: the charger's page in the operator console (/#/chargers/{id}, on the API's own origin).",
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
