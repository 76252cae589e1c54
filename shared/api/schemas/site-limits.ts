/**
 * Site power limits (spec §2.6, §4.7; reference notes "Site power limits"): body, path and answers
 * of `POST|GET /api/site/{siteId}/limits` and `DELETE /api/site/{siteId}/limits/{scheduleId}`.
 */
import * as z from 'zod';
import { numericIdParam, textIdParam } from './common';
import {
  CHARGING_RATE_UNITS,
  MAX_LIMIT_SCHEDULE_PERIODS,
  SITE_POWER_LIMIT_TYPES,
  sitePowerLimitInputSchema,
} from '../../site-power/limit-rules';

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

/** `/api/site/{siteId}/limits` path. */
export const SitePath = z.strictObject({ siteId: numericIdParam });
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
