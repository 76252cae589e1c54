/**
 * The ACN benchmark's cost: SCE's TOU-EV-4 (time-of-use energy prices plus a demand charge) as
 * acnportal encodes it (`acnportal/signals/tariffs/tariff_schedules/sce_tou_ev_4_march_2019.json`,
 * effective 2019-03-01, from SCE's rate sheet ce141-12.pdf). Local time is America/Los_Angeles
 * (Caltech's); holidays are not told apart, as in acnportal.
 *
 * | season (month-day)   | weekday hours: price $/kWh                                          | weekends |
 * | -------------------- | ------------------------------------------------------------------- | -------- |
 * | summer 06-01 – 09-30 | 0–8 0.05623, 8–12 0.0925, 12–18 0.26668, 18–23 0.0925, 23–24 0.05623 | 0.05623  |
 * | winter 10-01 – 05-31 | 0–8 0.06087, 8–12 0.07492, 12–18 0.0869, 18–23 0.07492, 23–24 0.06087 | 0.06087  |
 *
 * Demand charge: $15.51 per kW of the billing period's highest 15-minute average power.
 *
 * @module
 */

/** TOU-EV-4's demand charge, $ per kW of the highest 15-minute average. */
export const DEMAND_CHARGE_PER_KW = 15.51;
/** Demand is measured over this interval, ms (15 minutes). */
export const DEMAND_INTERVAL_MS = 15 * 60_000;

const TIME_ZONE = 'America/Los_Angeles';
/** Hours where a weekday price starts, and the prices, $/kWh. */
const WEEKDAY_HOURS = [0, 8, 12, 18, 23];
const SUMMER_WEEKDAY = [0.05623, 0.0925, 0.26668, 0.0925, 0.05623];
const WINTER_WEEKDAY = [0.06087, 0.07492, 0.0869, 0.07492, 0.06087];

const localParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  weekday: 'short',
  month: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

/**
 * Which of TOU-EV-4's price tables applies: `calendar` (the season of the date, as the rate sheet
 * says), or `summer` / `winter` whatever the date (to price a month with the other season's table).
 */
export type Season = 'calendar' | 'summer' | 'winter';

/**
 * TOU-EV-4's energy price at an instant (see the module's table).
 * @param ms instant, ms since the epoch
 * @param season the price table (default: the date's season)
 * @returns $/kWh
 */
export function touEv4Price(ms: number, season: Season = 'calendar'): number {
  const parts = Object.fromEntries(localParts.formatToParts(ms).map((p) => [p.type, p.value]));
  const month = Number(parts.month);
  const hour = Number(parts.hour) + Number(parts.minute) / 60;
  const summer = season === 'calendar' ? month >= 6 && month <= 9 : season === 'summer';
  const weekend = parts.weekday === 'Sat' || parts.weekday === 'Sun';
  const prices = summer ? SUMMER_WEEKDAY : WINTER_WEEKDAY;
  if (weekend) return prices[0]!;
  const slot = WEEKDAY_HOURS.filter((h) => hour >= h).length - 1;
  return prices[slot]!;
}

/** Energy price of each period, $/kWh (the price at the period's start), under `season`'s table. */
export function periodPrices(startMs: number, periodMs: number, periods: number, season?: Season): Float64Array {
  const prices = new Float64Array(periods);
  for (let t = 0; t < periods; t++) prices[t] = touEv4Price(startMs + t * periodMs, season);
  return prices;
}

/** What a site's draw costs under TOU-EV-4 over one billing period. */
export interface SiteCost {
  /** Energy drawn, kWh. */
  readonly energyKWh: number;
  /** Energy at the TOU prices, $. */
  readonly energyCost: number;
  /** The highest 15-minute average power, kW. */
  readonly peakKW: number;
  /** {@link DEMAND_CHARGE_PER_KW} × `peakKW`, $. */
  readonly demandCharge: number;
  /** (`energyCost` + `demandCharge`) / `energyKWh`, $/kWh. */
  readonly costPerKWh: number;
}

/**
 * TOU-EV-4 cost of a site's draw, the whole replay being one billing period.
 * @param siteW the site's average draw in each period, W (period 0 starts at `startMs`, on a quarter hour)
 * @param startMs period 0's start, ms since the epoch
 * @param periodMs period length, ms (a divisor of 15 minutes)
 * @param season the price table (default: each date's season)
 * @returns energy, energy cost, peak 15-minute demand, demand charge and cost per kWh
 * @throws Error when `periodMs` does not divide 15 minutes
 */
export function siteCost(siteW: Float64Array, startMs: number, periodMs: number, season?: Season): SiteCost {
  if (DEMAND_INTERVAL_MS % periodMs !== 0) throw new Error(`period ${periodMs} ms does not divide 15 minutes`);
  const hours = periodMs / 3_600_000;
  const prices = periodPrices(startMs, periodMs, siteW.length, season);
  const perInterval = DEMAND_INTERVAL_MS / periodMs;
  let energyKWh = 0;
  let energyCost = 0;
  let peakKW = 0;
  for (let t = 0; t < siteW.length; t++) {
    const kWh = (siteW[t]! / 1000) * hours;
    energyKWh += kWh;
    energyCost += kWh * prices[t]!;
  }
  for (let t = 0; t < siteW.length; t += perInterval) {
    let sum = 0;
    for (let k = t; k < Math.min(t + perInterval, siteW.length); k++) sum += siteW[k]!;
    peakKW = Math.max(peakKW, sum / perInterval / 1000);
  }
  const demandCharge = DEMAND_CHARGE_PER_KW * peakKW;
  return { energyKWh, energyCost, peakKW, demandCharge, costPerKWh: (energyCost + demandCharge) / energyKWh };
}
