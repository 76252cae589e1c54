/**
 * A site power limit over time, pure (no I/O): the value in force at an instant and its changes
 * over a horizon, for flat limits and limits by time of day (`schedules`,
 * `docs/site-limit-schedules.md`) alike, in the limit's own unit. What smart charging reads for
 * `AllocationInput.limits` and `limitsAhead`, and for when to allocate a site again.
 *
 * Local time rule (as the tariffs', `shared/smart-charging/tariff.ts`): a period holds while the
 * site's local clock (its IANA time zone, `../time-zone.ts`, DST included) is at or after its
 * `startPeriod` on a weekday of its schedule, until the next period's start or local midnight. So
 * a 16:00 period starts at local 16:00 on days of 23 and 25 hours too; a start in the hour a
 * spring-forward change skips takes effect at the change; in the hour a fall-back change repeats,
 * the local clock runs through that hour's periods twice.
 *
 * @module
 */
import type { LimitChange, SiteLimit } from '../smart-charging/types';
import { offsetPieces, utcOffsetMs } from '../time-zone';
import type { ChargingRateUnit, LimitSchedule } from './limit-rules';

const DAY_MS = 86_400_000;
/** How far {@link nextLimitChangeAt} looks: a week repeats, plus a day for a DST change. */
const WEEK_AND_A_DAY_MS = 8 * DAY_MS;

/**
 * What this module reads of a limit: a stored `sitePowerLimit` item (`SitePowerLimitItem`) is one.
 * Already valid (`./limit-rules.ts`): each weekday in exactly one schedule, periods sorted, the
 * first at 0.
 */
export interface TimedLimit {
  /** The flat limit (with `schedules`: the highest period's, not read here). */
  readonly limit: number;
  readonly chargingRateUnit: ChargingRateUnit;
  /** The limit by time of day; absent or empty for a flat limit. */
  readonly schedules?: readonly LimitSchedule[] | null;
}

/** A limit's value from an instant on (smart charging's `LimitChange`; never `null` here). */
export type ScheduledLimitChange = LimitChange & { readonly limit: number };

/** A limit in force now and its changes ahead. */
export interface LimitTimeline {
  /** The value at `now`, with its unit. */
  readonly now: SiteLimit;
  /** Each change in `(now, now + horizonMs]`, in time order; each value differs from the one before. */
  readonly ahead: readonly ScheduledLimitChange[];
}

/** The ISO weekday (1 = Monday … 7 = Sunday) of a day number since 1970-01-01 (a Thursday). */
const weekdayOfDay = (day: number) => (((day % 7) + 10) % 7) + 1;

/** The schedule of a weekday. @throws RangeError when none has it (a limit that was not validated) */
function scheduleOf(schedules: readonly LimitSchedule[], weekday: number): LimitSchedule {
  const schedule = schedules.find((s) => s.daysOfWeek.includes(weekday));
  if (!schedule) throw new RangeError(`The limit has no schedule for ISO weekday ${weekday}`);
  return schedule;
}

/**
 * The value of a limit in force at an instant, in its unit: a flat limit's `limit`; a time-of-day
 * limit's period of the local weekday whose `startPeriod` is the last at or before the local time.
 * @param timeZone the site's IANA time zone
 * @param at epoch ms
 * @throws RangeError when the runtime does not know `timeZone`, or a weekday has no schedule (a
 *   limit that was not validated)
 */
export function limitAt(limit: TimedLimit, timeZone: string, at: number): number {
  if (!limit.schedules?.length) return limit.limit;
  const local = at + utcOffsetMs(timeZone, at);
  const day = Math.floor(local / DAY_MS);
  const second = Math.floor((local - day * DAY_MS) / 1000);
  const periods = scheduleOf(limit.schedules, weekdayOfDay(day)).chargingSchedulePeriods;
  let value = periods[0]!.limit;
  for (const period of periods) if (period.startPeriod <= second) value = period.limit;
  return value;
}

/**
 * The instants in `(from, to]` at which a period starts by the local clock, or the zone's offset
 * changes (a spring-forward change may skip a start), sorted and distinct.
 */
function localPeriodStarts(schedules: readonly LimitSchedule[], timeZone: string, from: number, to: number): number[] {
  const starts = new Set<number>();
  for (const piece of offsetPieces(timeZone, from, to + 1)) {
    if (piece.from > from) starts.add(piece.from);
    for (let day = Math.floor((piece.from + piece.offset) / DAY_MS); day * DAY_MS - piece.offset < piece.to; day++) {
      for (const { startPeriod } of scheduleOf(schedules, weekdayOfDay(day)).chargingSchedulePeriods) {
        const at = day * DAY_MS + startPeriod * 1000 - piece.offset;
        if (at >= piece.from && at < piece.to && at > from) starts.add(at);
      }
    }
  }
  return [...starts].sort((a, b) => a - b);
}

/**
 * A limit over a horizon (spec §2.6 limits, by time of day): the value in force at `now` and every
 * change of value in `(now, now + horizonMs]`, in the limit's unit, computed by the site's local
 * clock (see the module's DST rule). A period boundary where the value stays the same is no
 * change. A flat limit has none.
 * @param limit a stored limit (`SitePowerLimitItem`), valid
 * @param timeZone the site's IANA time zone (the site item's `timezone`)
 * @param now epoch ms
 * @param horizonMs ms ahead of `now`; 0 or less: no changes
 * @throws RangeError as {@link limitAt}
 */
export function limitTimeline(limit: TimedLimit, timeZone: string, now: number, horizonMs: number): LimitTimeline {
  const current: SiteLimit = { limit: limitAt(limit, timeZone, now), unit: limit.chargingRateUnit };
  if (!limit.schedules?.length || !(horizonMs > 0)) return { now: current, ahead: [] };
  const ahead: ScheduledLimitChange[] = [];
  let value = current.limit;
  for (const at of localPeriodStarts(limit.schedules, timeZone, now, now + horizonMs)) {
    const next = limitAt(limit, timeZone, at);
    if (next !== value) ahead.push({ from: at, limit: next });
    value = next;
  }
  return { now: current, ahead };
}

/**
 * When a limit's value next changes after `now` (the next period of another value starts), for
 * the allocation's revisit time.
 * @param limit a stored limit (`SitePowerLimitItem`), valid
 * @param timeZone the site's IANA time zone
 * @param now epoch ms
 * @returns epoch ms after `now`; undefined for a flat limit, or one whose periods all hold one value
 * @throws RangeError as {@link limitAt}
 */
export function nextLimitChangeAt(limit: TimedLimit, timeZone: string, now: number): number | undefined {
  if (!limit.schedules?.length) return undefined;
  // A day at a time: most limits change within one, and each step probes the offset hourly.
  for (let from = now; from < now + WEEK_AND_A_DAY_MS; from += DAY_MS) {
    const { ahead } = limitTimeline(limit, timeZone, from, DAY_MS);
    if (ahead.length > 0) return ahead[0]!.from;
  }
  return undefined;
}
