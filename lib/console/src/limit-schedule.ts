/**
 * Site power limits by time of day in the console: the form's rows (days, start, limit) turned into
 * the API's `schedules`, and a stored limit's schedules in words. Pure functions (unit-tested in
 * Node); the API checks the rules (each weekday in exactly one schedule, the first period at 00:00…)
 * and names the field it refuses.
 *
 * @module
 */
import { DAY_NAMES, formatClock, formatDays, formatLimit } from './format';
import type { SetSitePowerLimit, SitePowerLimitSchedule } from './types';

/** The unit the form's limits are typed in: kW (sent as whole watts) or A. */
export type LimitInputUnit = 'kW' | 'A';

/** One row of the time-of-day form, as typed: from `start` (`HH:MM`, site time) on its days, `limit`. */
export interface LimitRow {
  id: number;
  /** Monday … Sunday. */
  days: boolean[];
  start: string;
  limit: string;
}

/** `schedules` of the `POST /api/site/{siteId}/limits` body. */
export type LimitSchedulesBody = NonNullable<SetSitePowerLimit['sitePowerLimitSchedule']['schedules']>;

let nextRowId = 1;
/** A new row: every day, from 00:00, no limit yet (unless `fields` say otherwise). */
export function newLimitRow(fields: Partial<Omit<LimitRow, 'id'>> = {}): LimitRow {
  return { id: nextRowId++, days: DAY_NAMES.map(() => true), start: '00:00', limit: '', ...fields };
}

const CLOCK = /^([01]?[0-9]|2[0-3]):([0-5][0-9])$/;

/** A typed limit in the API's unit: kW as whole watts, A as a whole number. */
export function limitInUnit(value: number, unit: LimitInputUnit): number {
  return unit === 'kW' ? Math.round(value * 1000) : Math.round(value);
}

/**
 * The API's `schedules` of the rows: rows of the same days make one schedule (in the order the
 * day sets first appear), their periods sorted by start; limits in W (from kW) or A.
 * @returns the schedules, or what to fix first (a start that is not `HH:MM`, a limit that is not
 *   a number of 0 or more, a row without days), naming the row by its number
 */
export function schedulesOfRows(rows: readonly LimitRow[], unit: LimitInputUnit): LimitSchedulesBody | string {
  const schedules: LimitSchedulesBody = [];
  for (const [index, row] of rows.entries()) {
    const n = index + 1;
    const clock = CLOCK.exec(row.start.trim());
    if (!clock) return `Enter the start of row ${n} as HH:MM (00:00 to 23:59).`;
    const limit = Number(row.limit);
    if (row.limit.trim() === '' || !Number.isFinite(limit) || limit < 0)
      return `Enter the limit of row ${n} as a number of ${unit}, 0 or more.`;
    const daysOfWeek = row.days.flatMap((on, i) => (on ? [i + 1] : []));
    if (daysOfWeek.length === 0) return `Tick at least one day for row ${n}.`;
    const period = { startPeriod: Number(clock[1]) * 3600 + Number(clock[2]) * 60, limit: limitInUnit(limit, unit) };
    const same = schedules.find((s) => s.daysOfWeek.join() === daysOfWeek.join());
    if (same) same.chargingSchedulePeriods.push(period);
    else schedules.push({ daysOfWeek, chargingSchedulePeriods: [period] });
  }
  for (const schedule of schedules) schedule.chargingSchedulePeriods.sort((a, b) => a.startPeriod - b.startPeriod);
  return schedules;
}

/** Whether a stored limit changes with the time of day (more than one value), rather than flat. */
export function isTimeOfDay(stored: SitePowerLimitSchedule): boolean {
  return new Set(stored.schedules.flatMap((s) => s.chargingSchedulePeriods.map((p) => p.limit))).size > 1;
}

/**
 * A stored limit's schedules in words, one line each, in the stored order:
 * `Monday–Friday: 00:00 300 kW, 16:00 100 kW`.
 */
export function scheduleLines(stored: SitePowerLimitSchedule): string[] {
  return stored.schedules.map(
    (s) =>
      `${formatDays(s.daysOfWeek)}: ${s.chargingSchedulePeriods
        .map((p) => `${formatClock(p.startPeriod)} ${formatLimit(p.limit, s.chargingRateUnit)}`)
        .join(', ')}`,
  );
}
