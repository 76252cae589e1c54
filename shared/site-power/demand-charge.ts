/**
 * The site's demand as a demand charge bills it (a tariff's `demandCharge`,
 * docs/smart-charging.md): the billing period's highest 15-minute average power so far, kept from what each
 * allocation samples, and the forecast the planner is given. Pure.
 *
 * - The billing period is the calendar month in the site's time zone.
 * - Each allocation samples the site's power: the sum of the latest power readings of its sessions,
 *   W. Between two samples the earlier one holds (the allocation runs at least every 5 minutes
 *   while the site has sessions, and on every session start and end); each 15-minute interval
 *   (aligned to the clock) averages what it held, and the highest average of the period is its
 *   peak. A site meter would see the same energy more finely: the figure is the product's own
 *   estimate, not the utility's bill.
 * - The forecast (`EnergyTariff.expectedPeakW`): the previous billing period's peak. Power up to it
 *   is planned as free of demand charge, so that the first days of a period charge ahead of the
 *   day's arrivals instead of raising the peak one arrival at a time.
 *
 * @module
 */
import { utcOffsetMs } from '../time-zone';

/** Length of a demand interval, ms (15 min). */
export const DEMAND_INTERVAL_MS = 15 * 60_000;

/** A gap between samples beyond which the state starts again (a site without sessions for a month), ms. */
const MAX_GAP_MS = 32 * 86_400_000;

/** The stored demand state (the allocation item's `demand`). */
export interface DemandState {
  /** Start of the billing period, epoch ms. */
  readonly billingPeriodStart: number;
  /** Highest 15-minute average of the period so far, W. */
  readonly peakW: number;
  readonly peakIntervalStart?: number;
  /** The open interval's start, epoch ms, and its energy so far, Wh. */
  readonly intervalStart: number;
  readonly intervalWh: number;
  /** The last sample: when, and the site's power then, W. */
  readonly sampledAt: number;
  readonly sampledW: number;
  /** The previous billing period's peak, W, when known. */
  readonly previousPeakW?: number;
}

/** The start of the calendar month containing `at` in `timeZone`, epoch ms. */
export function billingPeriodStart(timeZone: string, at: number): number {
  const local = new Date(at + utcOffsetMs(timeZone, at));
  const localStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  return localStart - utcOffsetMs(timeZone, localStart - utcOffsetMs(timeZone, localStart));
}

/**
 * The demand state after a new sample (see the module's documentation): the previous sample's
 * power fills the time since it, interval by interval; each interval that ends counts towards the
 * peak of the billing period it starts in, and a new period starts from 0 (the old one's peak
 * becomes `previousPeakW`).
 * @param previous the stored state, if any (ignored when older than 32 days)
 * @param sampleW the site's power now, W (≥ 0)
 * @param now epoch ms (a sample not after the stored one changes nothing)
 * @param timeZone the site's IANA time zone
 */
export function sampleDemand(
  previous: DemandState | undefined,
  sampleW: number,
  now: number,
  timeZone: string,
): DemandState {
  const intervalOf = (t: number) => Math.floor(t / DEMAND_INTERVAL_MS) * DEMAND_INTERVAL_MS;
  if (previous && now <= previous.sampledAt) return previous;
  const recent = previous && now - previous.sampledAt <= MAX_GAP_MS ? previous : undefined;
  let state: DemandState = recent ?? {
    billingPeriodStart: billingPeriodStart(timeZone, now),
    peakW: 0,
    intervalStart: intervalOf(now),
    intervalWh: 0,
    sampledAt: now,
    sampledW: sampleW,
  };
  let t = state.sampledAt;
  const powerW = state.sampledW;
  while (t < now) {
    const intervalEnd = state.intervalStart + DEMAND_INTERVAL_MS;
    const end = Math.min(now, intervalEnd);
    state = { ...state, intervalWh: state.intervalWh + (powerW * (end - t)) / 3_600_000 };
    t = end;
    if (t < intervalEnd) break;
    state = { ...closeInterval(timeZone, state), intervalStart: intervalEnd, intervalWh: 0 };
  }
  const period = billingPeriodStart(timeZone, state.intervalStart);
  if (period > state.billingPeriodStart) state = newPeriod(state, period);
  return { ...state, sampledAt: now, sampledW: sampleW };
}

/** A new billing period: the old one's peak becomes the forecast, the peak starts from 0. */
function newPeriod(state: DemandState, start: number): DemandState {
  const { peakIntervalStart: _, ...rest } = state;
  return { ...rest, billingPeriodStart: start, peakW: 0, previousPeakW: state.peakW };
}

/** Closes the open interval: its average counts towards the peak of the billing period it started in. */
function closeInterval(timeZone: string, state: DemandState): DemandState {
  const period = billingPeriodStart(timeZone, state.intervalStart);
  const current = period > state.billingPeriodStart ? newPeriod(state, period) : state;
  const averageW = (state.intervalWh * 3_600_000) / DEMAND_INTERVAL_MS;
  if (averageW <= current.peakW) return current;
  return { ...current, peakW: averageW, peakIntervalStart: state.intervalStart };
}
