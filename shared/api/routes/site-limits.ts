/**
 * The site power limits route group of the `siteLimits` function (spec §2.6, §4.7; reference
 * notes "Site power limits"): body, path and answers of `POST|GET /api/site/{siteId}/limits` and
 * `DELETE /api/site/{siteId}/limits/{scheduleId}`, and the routes. The function also serves the site
 * tariffs' group.
 */
import * as z from 'zod';
import { numericIdParam, SitePath, textIdParam } from './common';
import {
  CHARGING_RATE_UNITS,
  MAX_LIMIT_SCHEDULE_PERIODS,
  SITE_POWER_LIMIT_TYPES,
  sitePowerLimitInputSchema,
} from '../../site-power';
import { defineRoutes } from './define';

/**
 * Spec §2.6 schedule as submitted: `type`, `chargingRateUnit` and `limit` (the contract's flat
 * body), or instead of `limit` `schedules` (a limit by time of day, the reference product's shape:
 * an extension). Field rules are the domain's (`site-power/limit-rules.ts`).
 */
export const SitePowerLimitScheduleInput = sitePowerLimitInputSchema.meta({ id: 'SitePowerLimitScheduleInput' });

/** `POST /api/site/{siteId}/limits` body (spec §4.7). */
export const SetSitePowerLimitBody = z.strictObject({ sitePowerLimitSchedule: SitePowerLimitScheduleInput }).meta({
  id: 'SetSitePowerLimitRequest',
  example: { sitePowerLimitSchedule: { type: 'capacity', limit: 300_000, chargingRateUnit: 'W' } },
});

/** `/api/site/{siteId}/limits/{scheduleId}` path. */
export const SiteLimitPath = z.strictObject({
  siteId: numericIdParam,
  scheduleId: textIdParam.meta({ description: "The schedule's string `id`" }),
});

/** One period of a schedule: from `startPeriod` seconds after the start of the day (site time), at most `limit`. */
const ChargingSchedulePeriod = z.object({
  startPeriod: z.number().int().meta({
    description: "Seconds from the start of the day in the site's time zone; 0 for the first period (and a flat limit)",
  }),
  limit: z.number().meta({ description: 'In chargingRateUnit, until the next period starts (or the day ends)' }),
});

/**
 * A stored schedule (reference notes' shape); a flat limit is one all-week schedule with one period,
 * a limit by time of day its schedules as set.
 */
export const SitePowerLimitSchedule = z
  .object({
    id: z.string().meta({
      description: 'Opaque string ID; a new one on every replacement',
      example: 'capacity-6f1c0d9e-4c1b-4f43-9d55-1e0b0d0c7a11',
    }),
    createdAt: z.string().meta({ format: 'date-time' }),
    source: z.string().meta({ description: 'Who set it: api', example: 'api' }),
    userEmail: z.string().nullable().meta({
      description: "Who set it: a person's e-mail, or the API key's name; null for the operator CLI",
    }),
    type: z.enum(SITE_POWER_LIMIT_TYPES),
    schedules: z
      .array(
        z.object({
          daysOfWeek: z
            .array(z.number().int().min(1).max(7))
            .meta({ description: '1 = Monday … 7 = Sunday, ascending' }),
          chargingRateUnit: z.enum(CHARGING_RATE_UNITS),
          chargingSchedulePeriods: z.array(ChargingSchedulePeriod).meta({
            description: `Sorted by startPeriod, the first at 0; one for a flat limit, at most ${MAX_LIMIT_SCHEDULE_PERIODS}`,
          }),
        }),
      )
      .meta({ description: 'Each ISO weekday in exactly one schedule, sorted by first day' }),
  })
  .meta({ id: 'SitePowerLimitSchedule' });

/** `POST` answer: the created schedule (spec §4.7) and its `sitePowerLimitScheduleId` (reference notes). */
export const SitePowerLimitCreatedResponse = z
  .object({ sitePowerLimitScheduleId: z.string(), sitePowerLimitSchedule: SitePowerLimitSchedule })
  .meta({ id: 'SitePowerLimitCreatedResponse' });

/** `GET` answer: at most one schedule per type, empty when none. */
export const SitePowerLimitSchedulesResponse = z
  .object({ sitePowerLimitSchedules: z.array(SitePowerLimitSchedule) })
  .meta({ id: 'SitePowerLimitSchedulesResponse' });

/** The routes, in the order the OpenAPI document lists them. */
export const siteLimitRoutes = defineRoutes('siteLimits', {
  'POST /api/site/{siteId}/limits': {
    fieldRoot: 'body.sitePowerLimitSchedule',
    summary: 'Set a site power limit (replaces the current one of its type)',
    description:
      "Spec §2.6, §4.7. 201 with the created schedule (a new string id) and sitePowerLimitScheduleId (the reference product's answer). limit: an integer from 0 to 100000000 W or 100000 A; 0 is accepted (every vehicle still starts at its minimum power: 8 A on Level 2, 5 kW on DCFC). A (amp) limits on a site with a DCFC charger: 400. Extension: instead of limit, schedules sets a limit that changes with the time of day in the site's time zone (the reference product's shape, as GET answers it): each ISO weekday in exactly one schedule, chargingSchedulePeriods sorted by startPeriod (seconds after local midnight), the first at 0, at most 96, each limit as limit above; limit and schedules together, a weekday in two schedules or in none, periods out of order: 400 naming the field, nothing stored. Enforced on the chargers by smart charging (see GET /api/site/{siteId}/power-allocation). Unknown site, another organization's, or another site than a site-scoped key's: 404.",
    tags: ['Site power limits'],
    request: { pathParameters: SitePath, body: SetSitePowerLimitBody },
    responses: { 201: { description: 'The created schedule', schema: SitePowerLimitCreatedResponse } },
  },
  'GET /api/site/{siteId}/limits': {
    summary: 'List the active limits of a site',
    description:
      "Spec §4.7. At most one schedule per type (capacity first), an empty array when none. A flat limit is rendered as one schedule for days 1–7 with one period from startPeriod 0 (seconds from the start of the day); a limit by time of day as its schedules (each weekday in one, sorted by first day; periods by startPeriod, seconds from the start of the day in the site's time zone); source is api.",
    tags: ['Site power limits'],
    request: { pathParameters: SitePath },
    responses: { 200: { description: 'The active limits', schema: SitePowerLimitSchedulesResponse } },
  },
  'DELETE /api/site/{siteId}/limits/{scheduleId}': {
    summary: 'Clear a site power limit',
    description:
      "Spec §4.7. 204 with an empty body; 404 when the site or the schedule is unknown (a replaced schedule's id is unknown).",
    tags: ['Site power limits'],
    request: { pathParameters: SiteLimitPath },
    responses: { 204: { description: 'Cleared' } },
  },
});
