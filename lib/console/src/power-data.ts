/**
 * The site power chart's data: the site's power over the last 24 h, from the charging sessions'
 * 15-minute intervals when that endpoint exists, else from the live samples taken while the page
 * is open, with the cost and capacity limits as flat lines; after now, smart charging's plan
 * (`./plan-data.ts`) with its limits slot by slot. Pure functions and one in-memory store
 * (unit-tested in Node).
 *
 * @module
 */
import type { SitePlan } from './plan-data';
import type { Charger, ChargingSession, SitePowerLimitSchedule } from './types';

/** Colours of the chart's lines (each ≥ 3:1 against the white plot, as graphics need). */
export const LINE_COLOURS = {
  power: '#1f5fbf',
  planned: '#00766c',
  cost: '#b35900',
  capacity: '#b00020',
  now: '#444444',
} as const;

/** The chart's window, ms. */
export const WINDOW_MS = 24 * 3600 * 1000;
/** One interval of the sessions' statistics, ms. */
export const INTERVAL_MS = 15 * 60 * 1000;
const MAX_LIVE_SAMPLES = WINDOW_MS / 5000;

/** A power sample: `t` in ms since the epoch, `kw` in kW. */
export interface PowerSample {
  t: number;
  kw: number;
}

/**
 * A site's flat limits, kW (null: none, not in W, or by time of day). Amp limits and limits by time
 * of day are kept apart: the chart is in kW and draws flat lines.
 */
export interface SiteLimitsKw {
  costKw: number | null;
  capacityKw: number | null;
  /** Limits set in amps, shown as text only (`capacity: 400 A`). */
  ampLimits: string[];
  /** Types of the limits that change with the time of day (`capacity`), shown as text only. */
  timeOfDay: string[];
}

/**
 * The flat limit of each type (one value all week: one all-week schedule with one period, or
 * schedules of one value): W limits become kW; amp limits, and limits whose periods have more
 * than one value (by time of day), are listed apart.
 */
export function limitsKw(schedules: SitePowerLimitSchedule[]): SiteLimitsKw {
  const result: SiteLimitsKw = { costKw: null, capacityKw: null, ampLimits: [], timeOfDay: [] };
  for (const schedule of schedules) {
    const first = schedule.schedules[0];
    const limit = first?.chargingSchedulePeriods[0]?.limit;
    if (!first || limit === undefined) continue;
    const values = new Set(schedule.schedules.flatMap((s) => s.chargingSchedulePeriods.map((p) => p.limit)));
    if (values.size > 1) result.timeOfDay.push(schedule.type);
    else if (first.chargingRateUnit === 'A') result.ampLimits.push(`${schedule.type}: ${limit} A`);
    else result[schedule.type === 'cost' ? 'costKw' : 'capacityKw'] = limit / 1000;
  }
  return result;
}

/**
 * The most the site's chargers can draw, kW: the sum of its ports' `maximumPowerKw` (a port
 * without one counts 0); null when no port has one.
 */
export function siteMaximumKw(chargers: readonly Charger[]): number | null {
  const maxima = chargers.flatMap((charger) => charger.ports.flatMap((port) => port.maximumPowerKw ?? []));
  return maxima.length ? maxima.reduce((sum, kw) => sum + kw, 0) : null;
}

/** Headroom above the highest value on the chart's axis. */
const AXIS_HEADROOM = 1.15;

/**
 * The top of the chart's kW axis: the highest value drawn (power, limits, plan), but never above
 * the site's maximum or its highest limit, whichever is higher — a reading beyond what the
 * chargers can draw must not squash the limits and the plan into a flat line — with headroom.
 * @param limitsKw the limits and planned limits in force on the chart (null: none)
 */
export function axisTopKw(dataMaxKw: number, siteMaxKw: number | null, limitsKw: readonly (number | null)[]): number {
  const ceiling = siteMaxKw === null ? Number.POSITIVE_INFINITY : Math.max(siteMaxKw, ...limitsKw.map((kw) => kw ?? 0));
  return Math.max(1, Math.min(dataMaxKw, ceiling) * AXIS_HEADROOM);
}

/**
 * The site's power per 15-minute interval over [`now` − 24 h, `now`]: for each interval start,
 * the sum of the sessions' `averagePowerKw` of intervals starting in it. Sessions of other sites
 * are ignored. Intervals without a reading count as 0.
 */
export function powerFromIntervals(sessions: ChargingSession[], siteId: number, now: number): PowerSample[] {
  const first = Math.floor((now - WINDOW_MS) / INTERVAL_MS) * INTERVAL_MS;
  const sums = new Map<number, number>();
  for (let t = first; t <= now; t += INTERVAL_MS) sums.set(t, 0);
  for (const session of sessions) {
    if (session.site.id !== siteId) continue;
    for (const interval of session.intervals ?? []) {
      const start = Math.floor(Date.parse(interval.startTime) / INTERVAL_MS) * INTERVAL_MS;
      const sum = sums.get(start);
      if (sum !== undefined) sums.set(start, sum + (interval.averagePowerKw ?? 0));
    }
  }
  return [...sums].map(([t, kw]) => ({ t, kw }));
}

/** Live samples per site, kept while the page is open (this browser tab only). */
export class LivePowerStore {
  private readonly samples = new Map<number, PowerSample[]>();

  /** Adds a sample for `siteId` and drops those older than 24 h before it; returns the site's samples. */
  add(siteId: number, sample: PowerSample): PowerSample[] {
    const list = this.samples.get(siteId) ?? [];
    const last = list[list.length - 1];
    if (!last || sample.t > last.t) list.push(sample);
    const from = sample.t - WINDOW_MS;
    let drop = 0;
    while (drop < list.length && (list[drop]!.t < from || list.length - drop > MAX_LIVE_SAMPLES)) drop += 1;
    list.splice(0, drop);
    this.samples.set(siteId, list);
    return list;
  }

  /** The samples of `siteId`, oldest first. */
  get(siteId: number): PowerSample[] {
    return this.samples.get(siteId) ?? [];
  }
}

/** The live chart's shortest window, ms: a few samples still get a readable time axis. */
export const MIN_LIVE_WINDOW_MS = 5 * 60 * 1000;

/** uPlot's aligned data: x in seconds, then power, cost limit, capacity limit and, with a plan, planned power. */
export type ChartData = [number[], ...(number | null)[][]];

/**
 * uPlot's aligned data over [`from`, `to`] (ms; `to` is now) and, after it, the plan: x in seconds,
 * then power (kW), cost limit, capacity limit (kW, or the plan's A on an amp plan) and, with a
 * plan only, planned power (last, so it is drawn over the limits). The window's ends are x values
 * of their own, so the limit lines span the whole chart; power there is null (not drawn) unless a
 * sample falls on it. Samples further apart than `maxGapMs` get a null between them, so the line
 * breaks where nothing was measured. A limit without a value is all null and not drawn.
 *
 * With a plan (`sitePlan`, its first slot starting at `to`), every slot's start and the plan's end
 * are x values too: planned power and the limits follow the slots (each value holds until the
 * next x: draw them stepped), the last value repeated at the end; planned power is null before
 * `to`. The limits before `to` are the flat `limits` (kW; none on an amp plan, whose limits are in
 * A), from `to` on the plan's.
 */
export function chartData(
  samples: PowerSample[],
  limits: Pick<SiteLimitsKw, 'costKw' | 'capacityKw'>,
  window: { from: number; to: number; maxGapMs?: number },
  plan: SitePlan | null = null,
): ChartData {
  const inside = samples.filter((sample) => sample.t >= window.from && sample.t <= window.to);
  const byTime = new Map<number, number | null>([[window.from, null]]);
  inside.forEach((sample, index) => {
    const previous = inside[index - 1];
    if (previous && window.maxGapMs !== undefined && sample.t - previous.t > window.maxGapMs)
      byTime.set((previous.t + sample.t) / 2, null);
    byTime.set(sample.t, sample.kw);
  });
  if (!byTime.has(window.to)) byTime.set(window.to, null);
  const slots = (plan?.slots ?? []).filter((slot) => slot.end > window.to);
  for (const slot of slots) if (!byTime.has(slot.start)) byTime.set(slot.start, null);
  const end = slots[slots.length - 1]?.end;
  if (end !== undefined) byTime.set(end, null);
  const times = [...byTime.keys()].sort((a, b) => a - b);
  // The slot in force at t (the last one at t's end), or undefined before the plan.
  const slotAt = (t: number) =>
    t < window.to || !slots[0] || t < slots[0].start
      ? undefined
      : (slots.find((slot) => t >= slot.start && t < slot.end) ?? slots[slots.length - 1]);
  const past = plan?.unit === 'A' ? { costKw: null, capacityKw: null } : limits;
  const limit = (t: number, key: 'cost' | 'capacity') => {
    const slot = slotAt(t);
    return slot ? slot[key] : past[key === 'cost' ? 'costKw' : 'capacityKw'];
  };
  const data: ChartData = [
    times.map((t) => t / 1000),
    times.map((t) => byTime.get(t) ?? null),
    times.map((t) => limit(t, 'cost')),
    times.map((t) => limit(t, 'capacity')),
  ];
  if (plan) data.push(times.map((t) => slotAt(t)?.planned ?? null));
  return data;
}
