/**
 * Smart charging's plan in the console: the site's planned power and limits after "now" (from the
 * power allocation's `plannedSlots`), each port's next planned change (its `plannedPeriods`), the
 * allocation's reasons and planner in words, and the plan said in a sentence for the chart's
 * caption. Pure functions (unit-tested in Node); times are said by the site's clock.
 *
 * @module
 */
import { formatKw } from './format';
import type { PowerAllocation } from './types';

/** The allocation read's `data`. */
export type AllocationData = PowerAllocation['data'];

/**
 * The unit the plan is drawn and said in: kW when the allocation is in W; A (per phase) when it is
 * in A, as its limits are: amps cannot be turned into kW without each port's voltage and phases,
 * and an amp plan is only worth reading against its amp limits.
 */
export type PlanUnit = 'kW' | 'A';

/** One slot of the plan in the plan's unit: [start, end), ms since the epoch. */
export interface PlanSlot {
  start: number;
  end: number;
  planned: number;
  /** The limits in force over the slot, null where there is none. */
  capacity: number | null;
  cost: number | null;
}

/** The site's plan from `now` on, in one unit. */
export interface SitePlan {
  unit: PlanUnit;
  /** In time order; the first starts at `now`. */
  slots: PlanSlot[];
}

/**
 * The allocation's plan from `now` (ms) on: slots that ended by `now` are dropped and the one in
 * progress starts at `now` (the plan was made at `computedAt`, possibly minutes ago); W become kW,
 * A stay A.
 * @returns the plan, or null when nothing of it is left after `now` (no allocation yet, a plan that
 *   ran out, an API without `plannedSlots`)
 */
export function sitePlan(
  allocation: Pick<AllocationData, 'chargingRateUnit' | 'plannedSlots'>,
  now: number,
): SitePlan | null {
  const unit: PlanUnit = allocation.chargingRateUnit === 'W' ? 'kW' : 'A';
  const scale = (value: number) => (unit === 'kW' ? value / 1000 : value);
  const slots: PlanSlot[] = [];
  for (const slot of allocation.plannedSlots ?? []) {
    const start = Math.max(Date.parse(slot.startTime), now);
    const end = Date.parse(slot.endTime);
    if (!(end > start)) continue;
    slots.push({
      start,
      end,
      planned: scale(slot.allocated),
      capacity: slot.capacityLimit === null ? null : scale(slot.capacityLimit),
      cost: slot.costLimit === null ? null : scale(slot.costLimit),
    });
  }
  return slots.length ? { unit, slots } : null;
}

/** A value of the plan as shown: `12.5 kW` (see `formatKw`), `31.9 A`. */
export function formatPlanValue(value: number, unit: PlanUnit): string {
  return unit === 'kW' ? formatKw(value) : `${Math.round(value * 10) / 10} A`;
}

/**
 * A clock time by the site's clock (`16:00`), with the short weekday when it falls on another day
 * than `now` there (`Tue 06:00`).
 * @param timeZone IANA zone; undefined, or one `Intl` does not know, is the browser's
 */
export function formatPlanTime(ms: number, now: number, timeZone?: string): string {
  const format = (options: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).format(ms);
    } catch {
      return new Intl.DateTimeFormat('en-GB', options).format(ms);
    }
  };
  const clock = format({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const day = (at: number) => {
    try {
      return new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(at);
    } catch {
      return new Intl.DateTimeFormat('en-CA', { dateStyle: 'short' }).format(at);
    }
  };
  return day(ms) === day(now) ? clock : `${format({ weekday: 'short' })} ${clock}`;
}

/** A run of equal shown values: `text` from `start` until `end` (ms). */
interface Run {
  text: string;
  start: number;
  end: number;
}

/** Consecutive steps whose shown values are equal, merged (`format` decides what is equal). */
function runs<T>(steps: { start: number; end: number; value: T }[], format: (value: T) => string): Run[] {
  const result: Run[] = [];
  for (const step of steps) {
    const text = format(step.value);
    const last = result[result.length - 1];
    if (last && last.text === text) last.end = step.end;
    else result.push({ text, start: step.start, end: step.end });
  }
  return result;
}

/** Changes said in a sentence before the rest are only counted. */
const MAX_CHANGES_SAID = 6;

/**
 * The planned power in words: `10.0 kW now, 5.00 kW from 16:00` (at most {@link MAX_CHANGES_SAID}
 * changes, then `and N more changes`).
 */
function plannedWords(plan: SitePlan, now: number, timeZone?: string): string {
  const steps = plan.slots.map((slot) => ({ start: slot.start, end: slot.end, value: slot.planned }));
  const list = runs(steps, (value) => formatPlanValue(value, plan.unit));
  const said = list
    .slice(0, MAX_CHANGES_SAID + 1)
    .map((run, i) => (i === 0 ? `${run.text} now` : `${run.text} from ${formatPlanTime(run.start, now, timeZone)}`));
  const more = list.length - said.length;
  return said.join(', ') + (more > 0 ? `, and ${more} more change${more === 1 ? '' : 's'}` : '');
}

/**
 * A limit over the plan in words: `capacity 10.0 kW until 16:00, then 5.00 kW`, `capacity 10.0 kW
 * until 16:00, 5.00 kW until 00:00, then 10.0 kW`, `cost 50.0 kW throughout`, or null when the
 * plan has no such limit anywhere.
 */
function limitWords(name: string, plan: SitePlan, key: 'capacity' | 'cost', now: number, timeZone?: string) {
  if (plan.slots.every((slot) => slot[key] === null)) return null;
  const steps = plan.slots.map((slot) => ({ start: slot.start, end: slot.end, value: slot[key] }));
  const list = runs(steps, (value) => (value === null ? 'none' : formatPlanValue(value, plan.unit)));
  if (list.length === 1) return `${name} ${list[0]!.text} throughout`;
  const said = list.slice(0, MAX_CHANGES_SAID + 1);
  const more = list.length - said.length;
  const parts = said.map((run, i) =>
    i === said.length - 1 && more === 0
      ? `then ${run.text}`
      : `${run.text} until ${formatPlanTime(run.end, now, timeZone)}`,
  );
  return `${name} ${parts.join(', ')}${more > 0 ? `, and ${more} more change${more === 1 ? '' : 's'}` : ''}`;
}

/**
 * The plan in words for the chart's caption: `Planned: 10.0 kW now, 5.00 kW from 16:00; capacity
 * 10.0 kW until 16:00, then 5.00 kW; no cost limit. The plan runs until 22:15 (site time,
 * America/Chicago).` An amp plan says it is in amps per phase on the right axis.
 */
export function planSummary(plan: SitePlan, now: number, timeZone?: string): string {
  const limits = [
    limitWords('capacity', plan, 'capacity', now, timeZone) ?? 'no capacity limit',
    limitWords('cost', plan, 'cost', now, timeZone) ?? 'no cost limit',
  ];
  const end = plan.slots[plan.slots.length - 1]!.end;
  const amps = plan.unit === 'A' ? ' (in amps per phase, as the limits are: right axis)' : '';
  const zone = timeZone ? ` (site time, ${timeZone})` : '';
  return (
    `Planned${amps}: ${plannedWords(plan, now, timeZone)}; ${limits.join('; ')}.` +
    ` The plan runs until ${formatPlanTime(end, now, timeZone)}${zone}.`
  );
}

/** One port's planned period, as the allocation read answers it. */
export type PlannedPeriod = AllocationData['ports'][number]['plannedPeriods'][number];

/**
 * A port's plan, compactly: what it has now and its next change (`10.0 kW until 16:00, then
 * 4.00 kW`), or `10.0 kW, no change planned`; and, for its title, every period from now
 * (`10.0 kW from 14:07, 4.00 kW from 16:00`). Periods that ended by `now` are skipped; equal shown
 * values are one period.
 * @param unit the allocation's `chargingRateUnit`
 * @returns null when the port has no period
 */
export function portPlanText(
  periods: readonly PlannedPeriod[],
  unit: 'W' | 'A',
  now: number,
  timeZone?: string,
): { next: string; all: string } | null {
  const planUnit: PlanUnit = unit === 'W' ? 'kW' : 'A';
  const starts = periods.map((p) => Date.parse(p.startTime));
  let first = 0;
  while (first + 1 < periods.length && starts[first + 1]! <= now) first += 1;
  const steps = periods.slice(first).map((period, i) => ({
    start: Math.max(starts[first + i]!, now),
    end: starts[first + i + 1] ?? Number.POSITIVE_INFINITY,
    value: unit === 'W' ? period.limit / 1000 : period.limit,
  }));
  const list = runs(steps, (value) => formatPlanValue(value, planUnit));
  const [current, next] = list;
  if (!current) return null;
  const all = list.map((run) => `${run.text} from ${formatPlanTime(run.start, now, timeZone)}`).join(', ');
  if (!next) return { next: `${current.text}, no change planned`, all };
  return { next: `${current.text} until ${formatPlanTime(next.start, now, timeZone)}, then ${next.text}`, all };
}

/** What each allocation reason means (docs/smart-charging.md; `AllocationReason`). */
export const REASON_WORDS: Readonly<Record<string, string>> = {
  minimum: "the vehicle's minimum (8 A on Level 2, 5 kW on DCFC, or its own)",
  departure: 'raised so that the vehicle reaches its target by its departure',
  share: 'an equal share of what remained',
  override: 'a manual override sets it',
  capped: "the port's maximum, or what the vehicle accepts: it gets all it can take",
  external: 'a limit set on the station (NotifyChargingLimit) binds',
  waiting: '0: the capacity limit cannot fit its minimum (earlier departures go first)',
  uncontrolled: 'cannot be controlled: counted at its maximum (or its measured power, if higher)',
  planned: 'the optimum of the plan over the hours ahead',
  released: 'its need is met or it does not draw: no power, probed every 30 minutes',
  probing: 'offered its minimum for 5 minutes to see whether it draws',
};

/** The meaning of a reason, or null for one this console does not know. */
export function reasonWords(reason: string): string | null {
  return Object.hasOwn(REASON_WORDS, reason) ? REASON_WORDS[reason]! : null;
}

/**
 * Which allocation made the limits, for the top of the allocation: `Planned with the solver` or
 * `Greedy (fallback)`, with a longer `title`; null before the first allocation.
 */
export function plannerWords(planner: AllocationData['planner']): { label: string; title: string } | null {
  if (planner === 'optimal')
    return {
      label: 'Planned with the solver',
      title: "The limits are the first slot of the planner's solve over the hours ahead (HiGHS).",
    };
  if (planner === 'greedy')
    return {
      label: 'Greedy (fallback)',
      title:
        'The limits are the greedy allocation of this instant alone: the fallback when a solve fails or runs' +
        ' over its time budget, or a site with nothing to plan.',
    };
  return null;
}

/** `demand peak so far this billing period: 42.0 kW`, or null without a demand charge (`demandPeakKw` null). */
export function demandPeakWords(demandPeakKw: number | null): string | null {
  return demandPeakKw === null ? null : `demand peak so far this billing period: ${formatKw(demandPeakKw)}`;
}
