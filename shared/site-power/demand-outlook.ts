/**
 * What the rest of the billing period will need (docs/smart-charging.md, "Tariffs and demand
 * charges"): the forecast the planner weighs a higher peak against. Pure.
 *
 * A demand charge bills the period's highest 15-minute average once. Raising the peak today costs
 * nothing if a later day of the period would reach that level anyway, and the whole charge if none
 * would. So the plan prices each kW above the peak so far at the chance that the rest of the period
 * stays below it (`EnergyTariff.peakOutlook`), learnt from the site's own days:
 *
 * - **A day's need** ({@link neededLevelW}): a lower bound on the constant power that would have
 *   delivered every session of the day (each one's energy within its stay, at most its maximum
 *   power), whatever the control: the highest, over every window from an arrival to a departure,
 *   of the energy the sessions must take inside it (what they could not have taken outside it at
 *   their maximum) over its length (at least 15 minutes, the demand interval). Without maximums
 *   this is Yao, Demers and Shenker's critical intensity; with them it also counts a long session
 *   that must draw at its maximum through the window (without them, October 2019 at Caltech read
 *   as needing 22 kW where 35.8 kW is the least any schedule reaches). Unlike the peaks the site
 *   reached, it does not grow with the peak the plan was allowed (a month's peak, once reached, is
 *   free for the rest of it, so later days fill up to it).
 * - **A remaining day's forecast**: the needs of the past days of the same ISO weekday (at least
 *   {@link MIN_DAYS} of them), else of the same kind (Monday–Friday, or the weekend), else of every
 *   day, as a normal distribution (their mean and standard deviation, at least
 *   {@link MIN_SPREAD} of the mean).
 * - **The rest of the period**: today (its later arrivals are still to come) and the days after it
 *   up to the period's end. The chance that it
 *   stays below a level is the product of each remaining day's chance; the outlook is that curve in
 *   steps (levels at its {@link OUTLOOK_PROBABILITIES}). No remaining day: no outlook (the whole
 *   charge above the peak so far).
 * - **Without history** (a new site's first day): nothing tells the days of the period apart, so
 *   each is as likely as any other to be its busiest, and a level today's sessions need is the
 *   period's peak with the chance 1 / (the days left, today included): each kW above the peak so far
 *   costs that share of the charge (1/31 on the first of a 31-day month, the whole charge on its
 *   last). The whole charge instead
 *   made the first day's plan spread the vehicles present over their stays, with no room left for
 *   the arrivals it did not know of: Caltech's 1 October 2019 reached 42.4 kW where 29.9 kW
 *   delivered the day, and that day's peak was the month's.
 *
 * @module
 */
import type { EnergyTariff } from '../smart-charging';
import { localWeekdayMinute } from '../time-zone';

/**
 * One session as a day's need reads it: when it arrived and left, ms since epoch, its energy, Wh,
 * and the most it can draw, W (none: no bound).
 */
export interface DaySession {
  readonly start: number;
  readonly end: number;
  readonly energyWh: number;
  readonly maxPowerW?: number;
}

/** A past day of the site: its local midnight (ms since epoch), ISO weekday (1–7) and need, W. */
export interface DayNeed {
  readonly start: number;
  readonly weekday: number;
  readonly neededW: number;
}

/** The shortest window a need is averaged over, ms (the demand interval). */
const MIN_WINDOW_MS = 15 * 60_000;
/** Days of one weekday the forecast needs before it reads that weekday alone. */
export const MIN_DAYS = 3;
/** Least standard deviation of a day's forecast, as a share of its mean (few days are alike). */
export const MIN_SPREAD = 0.1;
/** The outlook's levels: where the rest of the period stays below them with these chances. */
export const OUTLOOK_PROBABILITIES = [0.02, 0.1, 0.25, 0.5, 0.75, 0.9, 0.98] as const;

/**
 * A day's need (see the module's documentation): a lower bound on the constant power, W, that
 * delivers every session's energy within its stay at no more than its maximum power.
 * @param sessions the day's sessions (those arriving that day)
 */
export function neededLevelW(sessions: readonly DaySession[]): number {
  const real = sessions.filter((s) => s.energyWh > 0 && s.end > s.start);
  const starts = [...new Set(real.map((s) => s.start))];
  const ends = [...new Set(real.map((s) => s.end))];
  let most = 0;
  for (const from of starts) {
    for (const to of ends) {
      if (to <= from) continue;
      const wh = real.reduce((sum, s) => sum + forcedInsideWh(s, from, to), 0);
      most = Math.max(most, (wh * 3_600_000) / Math.max(MIN_WINDOW_MS, to - from));
    }
  }
  return most;
}

/** The energy a session must take inside [from, to), Wh: what its maximum could not deliver outside it. */
function forcedInsideWh(s: DaySession, from: number, to: number): number {
  const insideMs = Math.min(s.end, to) - Math.max(s.start, from);
  if (insideMs <= 0) return 0;
  const outsideMs = s.end - s.start - insideMs;
  if (outsideMs <= 0) return s.energyWh;
  if (s.maxPowerW === undefined) return 0;
  return Math.min(s.energyWh, Math.max(0, s.energyWh - (s.maxPowerW * outsideMs) / 3_600_000));
}

/** The standard normal distribution's CDF (Abramowitz and Stegun 7.1.26, error < 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Mean and standard deviation of a remaining day of this ISO weekday's need, W (see the module's documentation). */
function dayForecast(days: readonly DayNeed[], weekday: number): { mean: number; sd: number } | undefined {
  const weekend = (d: number) => d >= 6;
  const same = days.filter((d) => d.weekday === weekday);
  const kind = days.filter((d) => weekend(d.weekday) === weekend(weekday));
  const pool = same.length >= MIN_DAYS ? same : kind.length >= MIN_DAYS ? kind : days;
  if (pool.length === 0) return undefined;
  const mean = pool.reduce((sum, d) => sum + d.neededW, 0) / pool.length;
  const variance = pool.reduce((sum, d) => sum + (d.neededW - mean) ** 2, 0) / Math.max(1, pool.length - 1);
  return { mean, sd: Math.max(Math.sqrt(variance), MIN_SPREAD * mean, 1) };
}

/**
 * The outlook for the rest of a billing period (see the module's documentation).
 * @param days the site's past days and their needs (the last weeks)
 * @param remaining the local midnights of the days still to come in the period (today included)
 * @param timeZone the site's IANA time zone
 * @returns the levels and their shares of the demand charge (without history, one share for every
 *   level), or undefined without a day left
 */
export function peakOutlook(
  days: readonly DayNeed[],
  remaining: readonly number[],
  timeZone: string,
): EnergyTariff['peakOutlook'] {
  if (days.length === 0) return remaining.length > 0 ? [{ fromW: 0, share: 1 / remaining.length }] : undefined;
  const forecasts = remaining.map((d) => dayForecast(days, localWeekdayMinute(timeZone, d + 12 * 3_600_000).weekday));
  if (forecasts.length === 0 || forecasts.some((f) => f === undefined)) return undefined;
  const stays = (w: number) => forecasts.reduce((p, f) => p * normalCdf((w - f!.mean) / f!.sd), 1);
  const high = Math.max(...forecasts.map((f) => f!.mean + 6 * f!.sd));
  const level = (p: number) => {
    let [low, up] = [0, high];
    for (let k = 0; k < 60; k++) {
      const mid = (low + up) / 2;
      if (stays(mid) < p) low = mid;
      else up = mid;
    }
    return Math.round(up);
  };
  const ps = OUTLOOK_PROBABILITIES;
  return [
    { fromW: 0, share: ps[0] / 2 },
    ...ps.map((p, k) => ({ fromW: level(p), share: k + 1 < ps.length ? (p + ps[k + 1]!) / 2 : 1 })),
  ];
}
