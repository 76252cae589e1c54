/**
 * Site power limits (spec §2.6, §4.7; reference notes "Site power limits"): body, path and answers
 * of `POST|GET /api/site/{siteId}/limits` and `DELETE /api/site/{siteId}/limits/{scheduleId}`.
 */
import * as z from 'zod';
import { numericIdParam, textIdParam } from './common';
import { CHARGING_RATE_UNITS, MAX_SITE_POWER_LIMIT, SITE_POWER_LIMIT_TYPES } from '../../site-power/limit-rules';

const type = z
  .enum(SITE_POWER_LIMIT_TYPES, { error: 'must be cost or capacity' })
  .meta({ description: 'capacity: hard cap, never exceeded; cost: soft cap, applied first' });
const chargingRateUnit = z
  .enum(CHARGING_RATE_UNITS, { error: 'must be W or A' })
  .meta({ description: 'W (watts) or A (amps; not on sites with DCFC chargers)' });

/** Spec §2.6 schedule as submitted: `limit` an integer from 0 to 100 MW (W) or 100 kA (A). */
export const SitePowerLimitScheduleInput = z
  .strictObject({
    type,
    limit: z
      .number({ error: 'must be a number' })
      .int('must be an integer')
      .min(0, 'must not be negative')
      .max(MAX_SITE_POWER_LIMIT.W, `must be at most ${MAX_SITE_POWER_LIMIT.W} (W; ${MAX_SITE_POWER_LIMIT.A} for A)`)
      .meta({
        description: `In chargingRateUnit; an integer from 0 (every vehicle still starts at its minimum power) to ${MAX_SITE_POWER_LIMIT.W} W or ${MAX_SITE_POWER_LIMIT.A} A`,
      }),
    chargingRateUnit,
  })
  .superRefine((value, ctx) => {
    // The field itself allows up to the W maximum; amps have a lower one.
    const { limit } = value;
    if (
      value.chargingRateUnit === 'A' &&
      typeof limit === 'number' &&
      limit > MAX_SITE_POWER_LIMIT.A &&
      limit <= MAX_SITE_POWER_LIMIT.W
    ) {
      ctx.addIssue({ code: 'custom', path: ['limit'], message: `must be at most ${MAX_SITE_POWER_LIMIT.A} A` });
    }
  })
  .meta({ id: 'SitePowerLimitScheduleInput' });

/** `POST /api/site/{siteId}/limits` body (spec §4.7). */
export const SetSitePowerLimitBody = z
  .strictObject({ sitePowerLimitSchedule: SitePowerLimitScheduleInput })
  .meta({ id: 'SetSitePowerLimitRequest' });

/** `/api/site/{siteId}/limits` path. */
export const SitePath = z.strictObject({ siteId: numericIdParam });
/** `/api/site/{siteId}/limits/{scheduleId}` path. */
export const SiteLimitPath = z.strictObject({
  siteId: numericIdParam,
  scheduleId: textIdParam.meta({ description: "The schedule's string `id`" }),
});

/** One period of a schedule: from `startPeriod` seconds after the start of the day (site time), at most `limit`. */
const ChargingSchedulePeriod = z.object({
  startPeriod: z.number().int().meta({ description: 'Seconds from the start of the day; 0 for a flat limit' }),
  limit: z.number(),
});

/** A stored schedule (reference notes' shape); a flat limit is one all-week schedule with one period. */
export const SitePowerLimitSchedule = z
  .object({
    id: z.string().meta({
      description: 'Opaque string ID; a new one on every replacement',
      example: 'capacity-6f1c0d9e-4c1b-4f43-9d55-1e0b0d0c7a11',
    }),
    createdAt: z.string().meta({ format: 'date-time' }),
    source: z.string().meta({ description: 'Who set it: api', example: 'api' }),
    type: z.enum(SITE_POWER_LIMIT_TYPES),
    schedules: z.array(
      z.object({
        daysOfWeek: z.array(z.number().int().min(1).max(7)).meta({ description: '1 = Monday … 7 = Sunday' }),
        chargingRateUnit: z.enum(CHARGING_RATE_UNITS),
        chargingSchedulePeriods: z.array(ChargingSchedulePeriod),
      }),
    ),
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
