/**
 * A session's time series, pure: the readings stored per 15-minute slot, merged, turned into the
 * 15-minute intervals of `GET /api/charging-sessions?includeIntervals=true` and into the facts
 * computed when a session ends (when power flowed, the highest 15-minute demand, whether it failed
 * to start).
 *
 * Rules (docs/history-and-health.md, "The 15-minute series"):
 * - Energy comes from the meter register, never from summed power: the energy between two
 *   consecutive registers (the session's start register, each reading's, the stop register) is
 *   spread evenly over the time between them, and each slot (or time-of-use period) gets the
 *   part that falls inside it.
 * - A register step counts only when a meter could have measured it ({@link measuredSteps}): a
 *   register that goes down adds nothing, nor does one that rises faster than any charger
 *   delivers. A reading out of line (a meter that glitched to 0 for one reading, or a spike) is
 *   stepped over: the next register is counted from the last one in line. A meter replaced
 *   mid-session counts again from its new register.
 * - Readings are merged by timestamp, so a reading stored twice counts once and a late one takes
 *   its place in time.
 * - A slot's `averagePowerKw` is its energy over the whole 15 minutes (what a utility demand meter
 *   measures), `maxPowerKw` the highest power reading in it, `socPercent` its last SoC reading.
 */

import { READING_BOUNDS } from '../metering/meter-values';

/** A slot: 15 minutes, aligned to the hour (UTC instants). */
export const SLOT_MS = 15 * 60_000;
/** Power at or above which a reading shows charging: 0.1 kW. */
const CHARGING_THRESHOLD_KW = 0.1;
/** A session that delivered less than this in its first {@link START_GRACE_MS} failed to start: 1 Wh. */
export const MIN_START_ENERGY_WH = 1;
/** How long a session has to deliver energy: 5 minutes. */
export const START_GRACE_MS = 5 * 60_000;

/** One reading at one instant (any part may be missing). */
export interface SeriesReading {
  /** Epoch ms. */
  at: number;
  /** Energy.Active.Import.Register, Wh. */
  energyWh?: number;
  powerKw?: number;
  socPercent?: number;
}

/** The session around a series. */
export interface SessionSpan {
  /** Epoch ms. */
  startMs: number;
  /** Epoch ms; undefined while the session is in progress. */
  endMs?: number;
  /** Register at start, Wh, when known. */
  meterStartWh?: number;
  /** Register at the end, Wh, when known. */
  meterStopWh?: number;
}

/** A time range `[from, to)` in epoch ms. */
export interface Bin {
  from: number;
  to: number;
}

/** One 15-minute interval of a session (kWh, kW, %). */
export interface Interval {
  startTime: string;
  endTime: string;
  energyDeliveredKwh: number | null;
  averagePowerKw: number | null;
  maxPowerKw: number | null;
  socPercent: number | null;
}

/** An energy register at an instant. */
export interface EnergyPoint {
  at: number;
  wh: number;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The start of the slot holding `ms`. */
export function slotStart(ms: number): number {
  return Math.floor(ms / SLOT_MS) * SLOT_MS;
}

/** Readings merged by timestamp (a part given twice: the later one wins), in time order. */
export function mergeReadings(readings: readonly SeriesReading[]): SeriesReading[] {
  const byTime = new Map<number, SeriesReading>();
  for (const reading of readings) {
    const merged = { ...byTime.get(reading.at) };
    for (const [key, value] of Object.entries(reading))
      if (value !== undefined) Object.assign(merged, { [key]: value });
    byTime.set(reading.at, merged as SeriesReading);
  }
  return [...byTime.values()].sort((a, b) => a.at - b.at);
}

/** Whether an instant lies within the session (an open end: any time after the start). */
function within(span: SessionSpan, at: number): boolean {
  return at >= span.startMs && (span.endMs === undefined || at <= span.endMs);
}

/**
 * The registers of a session in time order: the start register, the readings' within it, the stop
 * register (what the slots and the time-of-use split, `tou.ts`, spread).
 */
export function sessionEnergyPoints(span: SessionSpan, readings: readonly SeriesReading[]): EnergyPoint[] {
  const points: EnergyPoint[] = [];
  if (span.meterStartWh !== undefined) points.push({ at: span.startMs, wh: span.meterStartWh });
  for (const r of readings)
    if (r.energyWh !== undefined && within(span, r.at)) points.push({ at: r.at, wh: r.energyWh });
  if (span.endMs !== undefined && span.meterStopWh !== undefined) points.push({ at: span.endMs, wh: span.meterStopWh });
  return points.sort((a, b) => a.at - b.at);
}

/** Index of the first bin whose end is after `at` (bins sorted, contiguous or not). */
function firstBinAfter(bins: readonly Bin[], at: number): number {
  let lo = 0;
  let hi = bins.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bins[mid]!.to <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Time added to the gap between two registers before judging their step, ms: a minute, so that
 * readings timestamped a little apart (rounded, or taken at the stop) are not judged too fast.
 */
const REGISTER_TIME_SLACK_MS = 60_000;

/**
 * The most a meter can add between two registers `ms` apart, Wh: the highest power a reading may
 * show ({@link READING_BOUNDS}, 1,000 kW) over that time and {@link REGISTER_TIME_SLACK_MS}.
 */
export function maxMeasurableWh(ms: number): number {
  return (READING_BOUNDS.powerKw.max * 1000 * (Math.max(0, ms) + REGISTER_TIME_SLACK_MS)) / 3_600_000;
}

/** A step of the register that counts as energy delivered: from one register to a later one. */
export interface EnergyStep {
  from: EnergyPoint;
  to: EnergyPoint;
}

/** Whether the meter could have gone from `a` to `b`: up (or, with `allowFlat`, level) by at most {@link maxMeasurableWh}. */
function measurable(a: EnergyPoint, b: EnergyPoint, allowFlat: boolean): boolean {
  const wh = b.wh - a.wh;
  return (allowFlat ? wh >= 0 : wh > 0) && wh <= maxMeasurableWh(b.at - a.at);
}

/**
 * The steps of a session's registers (in time order) that count as energy delivered. Each
 * register is judged against the last one in line, the anchor:
 * - up by what the meter could have measured ({@link maxMeasurableWh}), or level: a step from the
 *   anchor, and the register becomes the anchor;
 * - else, when the register before it was out of line and this one rose measurably from that one,
 *   the meter was replaced (or reset): a step from that register, which starts a new line;
 * - else it is out of line (a register that went down, or rose faster than a charger delivers:
 *   a glitch to 0, a spike) and counts nothing.
 * So a reading out of line for a while is stepped over (the energy around it is counted from the
 * anchor to the next register in line), and a new meter counts from its second register on.
 */
export function measuredSteps(points: readonly EnergyPoint[]): EnergyStep[] {
  const steps: EnergyStep[] = [];
  let anchor = points[0];
  let previous = anchor;
  for (const point of points.slice(1)) {
    if (anchor && measurable(anchor, point, true)) {
      steps.push({ from: anchor, to: point });
      anchor = point;
    } else if (previous && previous !== anchor && measurable(previous, point, false)) {
      steps.push({ from: previous, to: point });
      anchor = point;
    }
    previous = point;
  }
  return steps;
}

/**
 * Wh per bin: the energy of each measured step of the registers ({@link measuredSteps}) spread
 * evenly over the time between its registers (a jump at one instant goes to the bin holding it).
 * Energy outside every bin is dropped.
 * @param points registers in time order
 */
export function distributeEnergy(points: readonly EnergyPoint[], bins: readonly Bin[]): number[] {
  const energy = bins.map(() => 0);
  for (const { from: a, to: b } of measuredSteps(points)) {
    const wh = b.wh - a.wh;
    if (wh <= 0) continue;
    for (let j = firstBinAfter(bins, a.at); j < bins.length && bins[j]!.from <= b.at; j++) {
      const bin = bins[j]!;
      if (b.at === a.at) {
        // A jump at one instant: the bin holding it (the last bin, for one at its very end).
        if ((bin.from <= a.at && a.at < bin.to) || (a.at === bin.to && j === bins.length - 1)) energy[j]! += wh;
        continue;
      }
      const overlap = Math.min(bin.to, b.at) - Math.max(bin.from, a.at);
      if (overlap > 0) energy[j]! += (wh * overlap) / (b.at - a.at);
    }
  }
  return energy;
}

/** The last instant the series covers: the end, else the latest reading (at least the start). */
function lastInstant(span: SessionSpan, readings: readonly SeriesReading[]): number {
  if (span.endMs !== undefined) return Math.max(span.startMs, span.endMs);
  const latest = readings.length ? readings[readings.length - 1]!.at : span.startMs;
  return Math.max(span.startMs, latest);
}

/** The slots a session covers, from the one holding its start to the one holding its last instant. */
function sessionSlots(span: SessionSpan, readings: readonly SeriesReading[]): Bin[] {
  const last = lastInstant(span, readings);
  const first = slotStart(span.startMs);
  const final = last > span.startMs ? slotStart(last - 1) : first;
  const slots: Bin[] = [];
  for (let from = first; from <= final; from += SLOT_MS) slots.push({ from, to: from + SLOT_MS });
  return slots;
}

/**
 * The session's 15-minute intervals, one per slot it covers. Energy is null when the session has
 * fewer than two registers (nothing can be said yet).
 * @param readings merged readings ({@link mergeReadings})
 */
export function sessionIntervals(span: SessionSpan, readings: readonly SeriesReading[]): Interval[] {
  const slots = sessionSlots(span, readings);
  const points = sessionEnergyPoints(span, readings);
  const energy = points.length >= 2 ? distributeEnergy(points, slots) : undefined;
  const inside = readings.filter((r) => within(span, r.at));
  let next = 0;
  return slots.map((slot, i) => {
    while (next < inside.length && inside[next]!.at < slot.from) next++;
    const first = next;
    while (next < inside.length && inside[next]!.at < slot.to) next++;
    const inSlot = inside.slice(first, next);
    const powers = inSlot.flatMap((r) => (r.powerKw === undefined ? [] : [r.powerKw]));
    const socs = inSlot.flatMap((r) => (r.socPercent === undefined ? [] : [r.socPercent]));
    const kwh = energy ? round3(energy[i]! / 1000) : null;
    return {
      startTime: new Date(slot.from).toISOString(),
      endTime: new Date(slot.to).toISOString(),
      energyDeliveredKwh: kwh,
      averagePowerKw: kwh === null ? null : round3(kwh / (SLOT_MS / 3_600_000)),
      maxPowerKw: powers.length ? Math.max(...powers) : null,
      socPercent: socs.length ? socs[socs.length - 1]! : null,
    };
  });
}

/** The highest 15-minute average power of the intervals, kW; null when none is known. */
export function maxDemandKw(intervals: readonly Interval[]): number | null {
  const averages = intervals.flatMap((i) => (i.averagePowerKw === null ? [] : [i.averagePowerKw]));
  return averages.length ? Math.max(...averages) : null;
}

/**
 * Readings that show charging: power at or above {@link CHARGING_THRESHOLD_KW}, or, for a reading
 * without power, an average power at or above it over the measured register step ending at it
 * ({@link measuredSteps}: a register out of line shows nothing).
 */
function chargingReadings(span: SessionSpan, readings: readonly SeriesReading[]): SeriesReading[] {
  const stepKw = new Map<number, number>();
  for (const { from, to } of measuredSteps(sessionEnergyPoints(span, readings)))
    if (to.at > from.at) stepKw.set(to.at, (to.wh - from.wh) / ((to.at - from.at) / 3_600_000) / 1000);
  return readings.filter(
    (r) =>
      within(span, r.at) &&
      (r.powerKw ?? (r.energyWh === undefined ? undefined : stepKw.get(r.at)) ?? 0) >= CHARGING_THRESHOLD_KW,
  );
}

/** What the series says about its session as a whole. */
export interface SeriesFacts {
  /** First and last reading that shows charging (ISO 8601 UTC). */
  chargingStartTime: string | null;
  /** Null while the session is in progress. */
  chargingEndTime: string | null;
  chargingDurationSeconds: number | null;
  maxDemandKw: number | null;
  /**
   * Less than {@link MIN_START_ENERGY_WH} in the first 5 minutes (by the measured steps of the
   * registers, {@link measuredSteps}), judged once the session ended or 5 minutes passed; false before.
   * The health report judges a session in progress by its energy so far instead (`health.ts`).
   */
  failedToStart: boolean;
  /** The latest register and SoC seen, for a session in progress. */
  latestEnergyWh: number | null;
  latestSocPercent: number | null;
}

/**
 * Facts of a session from its merged readings.
 * @param nowMs the time of the question (for a session in progress)
 */
export function seriesFacts(span: SessionSpan, readings: readonly SeriesReading[], nowMs: number): SeriesFacts {
  const charging = chargingReadings(span, readings);
  const start = charging[0]?.at;
  const end = span.endMs === undefined ? undefined : charging[charging.length - 1]?.at;
  const graceEnd = span.startMs + START_GRACE_MS;
  const judged = span.endMs !== undefined || nowMs >= graceEnd;
  const grace = { from: span.startMs, to: Math.max(span.startMs, Math.min(graceEnd, span.endMs ?? graceEnd)) };
  const [delivered = 0] = distributeEnergy(sessionEnergyPoints(span, readings), [grace]);
  const energies = readings.filter((r) => r.energyWh !== undefined);
  const socs = readings.filter((r) => r.socPercent !== undefined);
  return {
    chargingStartTime: start === undefined ? null : new Date(start).toISOString(),
    chargingEndTime: end === undefined ? null : new Date(end).toISOString(),
    chargingDurationSeconds: start !== undefined && end !== undefined ? Math.round((end - start) / 1000) : null,
    maxDemandKw: maxDemandKw(sessionIntervals(span, readings)),
    failedToStart: judged && delivered < MIN_START_ENERGY_WH,
    latestEnergyWh: energies.length ? energies[energies.length - 1]!.energyWh! : null,
    latestSocPercent: socs.length ? socs[socs.length - 1]!.socPercent! : null,
  };
}
