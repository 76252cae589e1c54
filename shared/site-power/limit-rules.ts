/**
 * The value rules of site power limits (spec §2.6), free of the data layer so that the API schemas
 * and the operator CLI use them: types, units and bounds; the input's schema, a flat `limit` or a
 * time-of-day limit (`schedules`, the reference product's shape); the form a limit is stored in;
 * and the CLI's `HH:MM=limit[/Days]` notation. `docs/site-limit-schedules.md` has the rules in words.
 */
import * as z from 'zod';
import { InvalidError } from '../errors';
import { parseDays } from '../history/tou';
import { InvalidLimitScheduleError } from './errors';

import { SITE_POWER_LIMIT_TYPES } from '../db/entities/site-power';

export { SITE_POWER_LIMIT_TYPES };
/** A limit type. */
export type SitePowerLimitType = (typeof SITE_POWER_LIMIT_TYPES)[number];
/** Spec §2.6 units: watts or amps. */
export const CHARGING_RATE_UNITS = ['W', 'A'] as const;
/** A limit's unit. */
export type ChargingRateUnit = (typeof CHARGING_RATE_UNITS)[number];

/**
 * Largest accepted `limit` per unit: 100 MW (more than any depot's grid connection) and 100 kA.
 * A limit of 0 is accepted (spec §2.6: vehicles still start at their minimum power).
 */
export const MAX_SITE_POWER_LIMIT: Record<ChargingRateUnit, number> = { W: 100_000_000, A: 100_000 };
/** Most periods of one schedule of a time-of-day limit: one every 15 minutes. */
export const MAX_LIMIT_SCHEDULE_PERIODS = 96;
/** Seconds in a (24-hour) day: every `startPeriod` is below it. */
export const SECONDS_PER_DAY = 86_400;

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** One period of a time-of-day limit: from `startPeriod` until the next period's (or the day's end). */
export interface LimitSchedulePeriod {
  /** Seconds after local midnight (the site's time zone), 0 to 86 399. */
  startPeriod: number;
  /** In the limit's `chargingRateUnit`, an integer ≥ 0. */
  limit: number;
}

/** A time-of-day limit's periods on some weekdays, as stored (the unit is the limit's). */
export interface LimitSchedule {
  /** ISO weekdays, 1 = Monday … 7 = Sunday, ascending. */
  daysOfWeek: number[];
  /** Sorted by `startPeriod`, the first at 0. */
  chargingSchedulePeriods: LimitSchedulePeriod[];
}

/** `HH:MM` of a number of seconds after midnight (`HH:MM:SS` when the seconds are not 0). */
export function clockOfSeconds(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const hhmm = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}`;
  return seconds % 60 === 0 ? hhmm : `${hhmm}:${pad(seconds % 60)}`;
}

const dayName = (day: number) => `${WEEKDAY_NAMES[day - 1]} (${day})`;

const limitValue = (description: string) =>
  z
    .number({ error: 'must be a number' })
    .int('must be an integer')
    .min(0, 'must not be negative')
    .max(MAX_SITE_POWER_LIMIT.W, `must be at most ${MAX_SITE_POWER_LIMIT.W} (W; ${MAX_SITE_POWER_LIMIT.A} for A)`)
    .meta({ description });

const chargingRateUnit = z
  .enum(CHARGING_RATE_UNITS, { error: 'must be W or A' })
  .meta({ description: 'W (watts) or A (amps; not on sites with DCFC chargers)' });

const chargingSchedulePeriodInput = z.strictObject({
  startPeriod: z
    .number({ error: 'must be a number' })
    .int('must be a whole number of seconds')
    .min(0, 'must not be negative')
    .max(SECONDS_PER_DAY - 1, `must be below ${SECONDS_PER_DAY} (the end of the day)`)
    .meta({
      description: "Seconds after local midnight (the site's time zone) from which the period holds; 0 for the first",
      example: 57_600,
    }),
  limit: limitValue("In the limit's chargingRateUnit: an integer from 0"),
});

/** The first period starts at 0; each next one after the one before (sorted, no two at one time). */
function checkPeriodOrder(periods: readonly { startPeriod: number }[], ctx: z.RefinementCtx): void {
  const starts = periods.map((p) => p?.startPeriod);
  if (typeof starts[0] === 'number' && starts[0] !== 0) {
    ctx.addIssue({
      code: 'custom',
      path: [0, 'startPeriod'],
      message: 'the first period must start at 0 (00:00, local midnight)',
    });
  }
  for (let i = 1; i < starts.length; i++) {
    const before = starts[i - 1];
    const start = starts[i];
    if (typeof before !== 'number' || typeof start !== 'number' || start > before) continue;
    ctx.addIssue({
      code: 'custom',
      path: [i, 'startPeriod'],
      message:
        start === before
          ? `must not repeat the previous period's start (${clockOfSeconds(before)}): one period a start time`
          : `must be after the previous period's start (${clockOfSeconds(before)}): periods in time order`,
    });
  }
}

const weekday = 'must be an ISO weekday, 1 (Monday) to 7 (Sunday)';
const limitScheduleInput = z.strictObject({
  daysOfWeek: z
    .array(z.number({ error: 'must be a number' }).int('must be an integer').min(1, weekday).max(7, weekday), {
      error: 'must be a list of ISO weekdays',
    })
    .min(1, 'must name at least one day')
    .refine((days) => new Set(days).size === days.length, 'must not repeat a day')
    .meta({ description: 'ISO weekdays: 1 = Monday … 7 = Sunday', example: [1, 2, 3, 4, 5] }),
  chargingRateUnit: chargingRateUnit
    .optional()
    .meta({ description: "Optional; when given, the limit's chargingRateUnit (GET answers it on every schedule)" }),
  chargingSchedulePeriods: z
    .array(chargingSchedulePeriodInput, { error: 'must be a list of periods' })
    .min(1, 'must have at least one period')
    .max(MAX_LIMIT_SCHEDULE_PERIODS, `must have at most ${MAX_LIMIT_SCHEDULE_PERIODS} periods`)
    .superRefine(checkPeriodOrder)
    .meta({
      description:
        `Sorted by startPeriod, the first at 0, at most ${MAX_LIMIT_SCHEDULE_PERIODS}: ` +
        "each period's limit holds from its startPeriod until the next period's (or the end of the day)",
    }),
});

/** Every ISO weekday in exactly one schedule. */
function checkWeekdays(schedules: readonly { daysOfWeek: number[] }[], ctx: z.RefinementCtx): void {
  const scheduleOf = new Map<number, number>();
  let malformed = false;
  schedules.forEach((schedule, i) => {
    const days = Array.isArray(schedule?.daysOfWeek) ? schedule.daysOfWeek : [];
    malformed ||= days.length === 0 || days.some((day) => !ISO_WEEKDAYS.includes(day));
    for (const day of new Set(days.filter((d) => ISO_WEEKDAYS.includes(d)))) {
      const first = scheduleOf.get(day);
      if (first === undefined) scheduleOf.set(day, i);
      else if (first !== i) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'daysOfWeek'],
          message: `${dayName(day)} is also in schedules.${first}: each weekday must be in exactly one schedule`,
        });
      }
    }
  });
  const missing = ISO_WEEKDAYS.filter((day) => !scheduleOf.has(day));
  if (missing.length > 0 && !malformed) {
    ctx.addIssue({
      code: 'custom',
      path: [],
      message:
        `${missing.map(dayName).join(', ')} ${missing.length === 1 ? 'is' : 'are'} in no schedule: ` +
        'each weekday must be in exactly one schedule',
    });
  }
}

/** The `schedules` of a time-of-day limit as submitted. */
const limitSchedulesInput = z
  .array(limitScheduleInput, { error: 'must be a list of schedules' })
  .min(1, 'must have at least one schedule')
  .max(7, 'must have at most 7 schedules (one a weekday)')
  .superRefine(checkWeekdays)
  .meta({
    description:
      "A limit that changes with the time of day, in the site's time zone (an extension of the contract's flat " +
      'limit; give limit or schedules, not both): each ISO weekday in exactly one schedule. GET answers such a ' +
      'limit in this shape.',
    example: [
      {
        daysOfWeek: [1, 2, 3, 4, 5],
        chargingSchedulePeriods: [
          { startPeriod: 0, limit: 300_000 },
          { startPeriod: 57_600, limit: 100_000 },
        ],
      },
      { daysOfWeek: [6, 7], chargingSchedulePeriods: [{ startPeriod: 0, limit: 300_000 }] },
    ],
  });

/**
 * Spec §2.6 limit as submitted (`POST /api/site/{siteId}/limits` `sitePowerLimitSchedule`, CLI
 * `sites set-limit`): `type`, `chargingRateUnit`, and exactly one of `limit` (flat, the contract's
 * body) or `schedules` (by time of day, the reference product's shape). Every limit value is an
 * integer from 0 to 100 MW (W) or 100 kA (A). Issues name the field (`limit`,
 * `schedules.1.chargingSchedulePeriods.2.startPeriod`, `schedules` for a weekday in no schedule).
 */
export const sitePowerLimitInputSchema = z
  .strictObject({
    type: z
      .enum(SITE_POWER_LIMIT_TYPES, { error: 'must be cost or capacity' })
      .meta({ description: 'capacity: hard cap, never exceeded; cost: soft cap, applied first' }),
    limit: limitValue(
      `In chargingRateUnit; an integer from 0 (every vehicle still starts at its minimum power) to ` +
        `${MAX_SITE_POWER_LIMIT.W} W or ${MAX_SITE_POWER_LIMIT.A} A. Required unless schedules is given`,
    ).optional(),
    chargingRateUnit,
    schedules: limitSchedulesInput.optional(),
  })
  .superRefine((value, ctx) => {
    const { limit, schedules, chargingRateUnit: unit } = value;
    if (limit === undefined && schedules === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['limit'],
        message: 'must be given (a flat limit), or schedules instead (a limit by time of day)',
      });
    }
    if (limit !== undefined && schedules !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['schedules'],
        message: 'must not be given with limit: a flat limit or schedules, not both',
      });
    }
    // The fields themselves allow up to the W maximum; amps have a lower one.
    const overAmps = (n: unknown) => unit === 'A' && typeof n === 'number' && n > MAX_SITE_POWER_LIMIT.A;
    const ampIssue = (path: (string | number)[]) =>
      ctx.addIssue({ code: 'custom', path, message: `must be at most ${MAX_SITE_POWER_LIMIT.A} A` });
    if (overAmps(limit) && limit! <= MAX_SITE_POWER_LIMIT.W) ampIssue(['limit']);
    (schedules ?? []).forEach((schedule, s) => {
      if (schedule?.chargingRateUnit !== undefined && schedule.chargingRateUnit !== unit) {
        ctx.addIssue({
          code: 'custom',
          path: ['schedules', s, 'chargingRateUnit'],
          message: `must be the limit's chargingRateUnit (${unit}), or left out`,
        });
      }
      (schedule?.chargingSchedulePeriods ?? []).forEach((period, p) => {
        if (overAmps(period?.limit) && period.limit <= MAX_SITE_POWER_LIMIT.W)
          ampIssue(['schedules', s, 'chargingSchedulePeriods', p, 'limit']);
      });
    });
  });

/** A limit as submitted (validated by {@link sitePowerLimitInputSchema}): exactly one of `limit` and `schedules`. */
export type SitePowerLimitInput = z.output<typeof sitePowerLimitInputSchema>;

/** What a limit stores of its values. */
export interface StoredLimitValues {
  /** The flat limit, or a time-of-day limit's highest period limit (what a flat reader sees). */
  limit: number;
  /** A time-of-day limit's schedules, sorted by first day, each's days ascending; absent for a flat limit. */
  schedules?: LimitSchedule[];
}

/**
 * The stored form of a valid limit's values: a flat `limit` as is; a time-of-day limit's
 * schedules with their days ascending, sorted by first day (the periods as given: validation
 * made them sorted), and `limit` the highest of their periods' limits. One all-week schedule
 * with one period is the flat limit it equals (stored without `schedules`).
 * @param input validated by {@link sitePowerLimitInputSchema}
 */
export function storedLimitValues(input: Pick<SitePowerLimitInput, 'limit' | 'schedules'>): StoredLimitValues {
  if (input.schedules === undefined) return { limit: input.limit! };
  const schedules = input.schedules
    .map((s) => ({
      daysOfWeek: [...s.daysOfWeek].sort((a, b) => a - b),
      chargingSchedulePeriods: s.chargingSchedulePeriods.map(({ startPeriod, limit }) => ({ startPeriod, limit })),
    }))
    .sort((a, b) => a.daysOfWeek[0]! - b.daysOfWeek[0]!);
  const limit = Math.max(...schedules.flatMap((s) => s.chargingSchedulePeriods.map((p) => p.limit)));
  if (schedules.length === 1 && schedules[0]!.chargingSchedulePeriods.length === 1) return { limit };
  return { limit, schedules };
}

/** The schedules the CLI's periods make, and the option that names each part of them. */
export interface ParsedLimitPeriods {
  /** One schedule per set of days, in the order the sets first appear; periods in the order given. */
  schedules: { daysOfWeek: number[]; chargingSchedulePeriods: LimitSchedulePeriod[] }[];
  /**
   * The option to name for an issue of {@link sitePowerLimitInputSchema} at `path`:
   * `period[2].start`, `period[2].limit`, `period[0].days`, `period` (a day in no schedule, too
   * many periods), `limit`, `unit`.
   */
  fieldOf(path: readonly PropertyKey[]): string;
}

const CLI_PERIOD = /^([01][0-9]|2[0-3]):([0-5][0-9])=([^/]*?)(?:\/(.*))?$/;

/**
 * Reads the CLI's `--period` options, each `HH:MM=limit[/Days]` (days like `Mon-Fri` or `Sat,Sun`,
 * default every day; the limit in the command's unit), e.g. `16:00=100000/Mon-Fri`. The periods of
 * the same days make one schedule; they must come in time order, the first at `00:00`.
 * @param texts the options in the order given
 * @returns the schedules, not yet validated (pass them to {@link sitePowerLimitInputSchema}, and
 *   name its issues with `fieldOf`)
 * @throws InvalidLimitScheduleError naming the option (`period` when there is one, else
 *   `period[i]`) when a text is not such a period
 */
export function parseLimitPeriods(texts: readonly string[]): ParsedLimitPeriods {
  const optionName = (i: number) => (texts.length > 1 ? `period[${i}]` : 'period');
  const schedules: ParsedLimitPeriods['schedules'] = [];
  /** The option index of each period of each schedule. */
  const origins: number[][] = [];
  texts.forEach((text, i) => {
    const field = optionName(i);
    const match = CLI_PERIOD.exec(text.replace(/\s+/g, ''));
    const amount = match?.[3] ?? '';
    if (!match || amount === '' || !Number.isFinite(Number(amount))) {
      throw new InvalidLimitScheduleError(
        field,
        `must be HH:MM=limit[/Days] (00:00 to 23:59, e.g. 16:00=100000/Mon-Fri), got ${JSON.stringify(text)}`,
      );
    }
    let days = ISO_WEEKDAYS;
    if (match[4] !== undefined) {
      try {
        days = parseDays(match[4], field);
      } catch (error) {
        if (error instanceof InvalidError) throw new InvalidLimitScheduleError(field, error.problem ?? error.message);
        throw error;
      }
    }
    const period = { startPeriod: Number(match[1]) * 3600 + Number(match[2]) * 60, limit: Number(amount) };
    const s = schedules.findIndex((schedule) => schedule.daysOfWeek.join() === days.join());
    if (s >= 0) {
      schedules[s]!.chargingSchedulePeriods.push(period);
      origins[s]!.push(i);
    } else {
      schedules.push({ daysOfWeek: days, chargingSchedulePeriods: [period] });
      origins.push([i]);
    }
  });
  const fieldOf = (path: readonly PropertyKey[]): string => {
    const [root, s, part, p, leaf] = path;
    if (root !== 'schedules') return root === 'chargingRateUnit' ? 'unit' : String(root ?? 'period');
    const periods = typeof s === 'number' ? origins[s] : undefined;
    if (periods && part === 'daysOfWeek') return `${optionName(periods[0]!)}.days`;
    const option = periods && typeof p === 'number' ? periods[p] : undefined;
    if (option === undefined || part !== 'chargingSchedulePeriods') return 'period';
    return `${optionName(option)}${leaf === 'startPeriod' ? '.start' : leaf === 'limit' ? '.limit' : ''}`;
  };
  return { schedules, fieldOf };
}
