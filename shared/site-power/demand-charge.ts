/**
 * The site's demand as the utility's meter bills it (a tariff's `demandCharge`,
 * docs/smart-charging.md): the billing period's highest 15-minute average power so far, kept from
 * what each allocation samples, the interval in progress, and the site's past days for the
 * forecast of the rest of the period (`./demand-outlook.ts`). Pure.
 *
 * - The billing period is the calendar month in the site's time zone; intervals are the clock's
 *   quarter hours (every zone's offset is a whole number of quarter hours).
 * - **A sample** is the site's power as measured (the sum of the latest power readings of its
 *   sessions, W) with the time it was measured (the latest reading's). It describes the power drawn
 *   since the sample before it: the energy between the two goes, at its power, to the intervals
 *   that time belongs to, split at their boundaries. (A sample held over the time after it would
 *   count the power before a new allocation as drawn under it, one allocation late: a meter sees
 *   the energy when it flows.) A sample measured no later than the one before adds nothing.
 *   A session that ended since the sample before has no reading any more, yet drew until it
 *   ended: it counts until this sample ({@link endedSessionsPowerW}), the whole time (the meter may
 *   see less, never more), at its last reading, or at the limit the last allocation gave it
 *   ({@link recordGiven}) when that reading shows it took the limit it drew under: the reading is
 *   from before that allocation, which may have raised it for its last minutes
 *   ({@link lastDrawW}; a vehicle held at 0 W through a summer afternoon and given its full power
 *   at 18:00 was counted at 0 W, and the estimate ran up to 4.4 kW under the bill); either way at
 *   most the energy it still needed over the time since it was seen. Left out, each vehicle
 *   leaving in the middle of a demand interval hid its draw from the interval's average, and the
 *   plan, filling the interval up to the peak so far, raised the billed peak by what it did not
 *   see (Caltech October 2019: 47.8 kW billed where the product measured 41.2).
 * - Each interval that ends counts towards the peak of the billing period it starts in; a new
 *   period starts from 0 (the old one's peak is kept as `previousPeakW`, shown, never planned as
 *   free).
 * - **The site's days**: the sessions each allocation sees (their start and energy so far; a
 *   session no longer seen has ended) are kept until every session of their day has ended; the day
 *   then becomes its need (`neededLevelW`), and the last {@link DAYS_KEPT} days are kept. A day
 *   still open {@link DAY_OPEN_MS} after its start closes anyway, and its sessions still in
 *   progress are not taken up again.
 *
 * @module
 */
import { localWeekdayMinute, utcOffsetMs } from '../time-zone';
import { type DayNeed, neededLevelW, peakOutlook } from './demand-outlook';
import { DEMAND_INTERVAL_MS, type EnergyTariff } from '../smart-charging';

/** Past days kept for the forecast (five of each weekday). */
export const DAYS_KEPT = 35;
/** A gap between samples beyond which the state starts again (a site without sessions for a month), ms. */
const MAX_GAP_MS = 32 * 86_400_000;
/** A day whose sessions have not all ended this long after its start is closed anyway, ms. */
const DAY_OPEN_MS = 3 * 86_400_000;

/**
 * A session of a day not yet closed: its id, start, when it was last seen and its energy then, its
 * power then (W) and the most it can draw (W), when known.
 */
export interface SeenSession {
  readonly id: number;
  readonly start: number;
  readonly seenAt: number;
  readonly energyWh: number;
  readonly powerW?: number;
  readonly maxPowerW?: number;
  /** The limit the allocation that saw it last gave it, W (`recordGiven`), if any. */
  readonly givenW?: number;
  /** The limit it drew its reading under (what the allocation before gave it), W, if known. */
  readonly readingLimitW?: number;
  /** The energy the allocation that saw it last said it still needed, Wh, if known. */
  readonly neededWh?: number;
  /** Whether it is over (not seen by a later allocation). */
  readonly ended?: boolean;
}

/** The stored demand state (the allocation item's `demand`). */
export interface DemandState {
  /** Start of the billing period, epoch ms. */
  readonly billingPeriodStart: number;
  /** Highest 15-minute average of the period so far (intervals that ended), W. */
  readonly peakW: number;
  readonly peakIntervalStart?: number;
  /** The open interval's start, epoch ms, and its energy so far, Wh. */
  readonly intervalStart: number;
  readonly intervalWh: number;
  /** The last sample: when it was measured, and the site's power then, W. */
  readonly sampledAt: number;
  readonly sampledW: number;
  /** The previous billing period's peak, W, when known. */
  readonly previousPeakW?: number;
  /** The site's past days and their needs, oldest first (at most {@link DAYS_KEPT}). */
  readonly days?: DayNeed[];
  /** The sessions of the days not yet closed. */
  readonly sessions?: SeenSession[];
}

const intervalOf = (t: number) => Math.floor(t / DEMAND_INTERVAL_MS) * DEMAND_INTERVAL_MS;

/** Local midnight starting the day that contains `at` in `timeZone`, epoch ms. */
export function dayStart(timeZone: string, at: number): number {
  const local = at + utcOffsetMs(timeZone, at);
  const midnight = Math.floor(local / 86_400_000) * 86_400_000;
  return midnight - utcOffsetMs(timeZone, midnight - utcOffsetMs(timeZone, midnight));
}

/** The start of the calendar month containing `at` in `timeZone`, epoch ms. */
export function billingPeriodStart(timeZone: string, at: number): number {
  const local = new Date(at + utcOffsetMs(timeZone, at));
  const localStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  return localStart - utcOffsetMs(timeZone, localStart - utcOffsetMs(timeZone, localStart));
}

/**
 * The demand state after a new sample (see the module's documentation).
 * @param previous the stored state, if any (ignored when older than 32 days)
 * @param sampleW the site's power as measured, W (≥ 0)
 * @param at when it was measured (the latest reading's time), epoch ms
 * @param timeZone the site's IANA time zone
 */
export function sampleDemand(
  previous: DemandState | undefined,
  sampleW: number,
  at: number,
  timeZone: string,
): DemandState {
  if (previous && at <= previous.sampledAt) return previous;
  const recent = previous && at - previous.sampledAt <= MAX_GAP_MS ? previous : undefined;
  let state: DemandState = recent ?? {
    billingPeriodStart: billingPeriodStart(timeZone, at),
    peakW: 0,
    intervalStart: intervalOf(at),
    intervalWh: 0,
    sampledAt: at,
    sampledW: sampleW,
    ...(previous?.days ? { days: previous.days } : {}),
  };
  let t = state.sampledAt;
  while (t < at) {
    const intervalEnd = state.intervalStart + DEMAND_INTERVAL_MS;
    const end = Math.min(at, intervalEnd);
    state = { ...state, intervalWh: state.intervalWh + (sampleW * (end - t)) / 3_600_000 };
    t = end;
    if (t < intervalEnd) break;
    state = { ...closeInterval(timeZone, state), intervalStart: intervalEnd, intervalWh: 0 };
  }
  const period = billingPeriodStart(timeZone, state.intervalStart);
  if (period > state.billingPeriodStart) state = newPeriod(state, period);
  return { ...state, sampledAt: at, sampledW: sampleW };
}

/** A new billing period: the old one's peak is kept as the previous period's, the peak starts from 0. */
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

/** A session in progress as an allocation sees it (`recordSessions`). */
export interface SessionSeen {
  readonly id: number;
  /** Its start, epoch ms. */
  readonly start: number;
  /** Energy delivered so far, Wh. */
  readonly energyWh: number;
  /** Its latest power reading, W, if any. */
  readonly powerW?: number;
  /** The most it can draw (the port's or the vehicle's maximum), W, if known. */
  readonly maxPowerW?: number;
}

/**
 * The power of the sessions that were in progress at the last sample and are not any more (see the
 * module's documentation): the sum of what each drew after it was last seen ({@link lastDrawW}),
 * W, to add to a new sample.
 * @param state the stored state (before this sample)
 * @param inProgress the ids of the sessions in progress now
 * @param at when this sample was measured, epoch ms (caps each at the energy it still needed over
 *   the time since it was seen, {@link lastDrawW})
 */
export function endedSessionsPowerW(
  state: DemandState | undefined,
  inProgress: readonly number[],
  at?: number,
): number {
  const now = new Set(inProgress);
  return (state?.sessions ?? []).reduce(
    (sum, s) => sum + (s.ended || now.has(s.id) ? 0 : lastDrawW(s, at === undefined ? undefined : at - s.seenAt)),
    0,
  );
}

/** A reading within this of its limit (W, or this share of the limit if more) took what it was given. */
const TOOK_LIMIT_W = 200;
const TOOK_LIMIT_SHARE = 0.05;

/**
 * What a session that ended drew after it was last seen, W (see the module's documentation): the
 * limit the last allocation gave it when its reading shows it took the limit it had, else its
 * reading (a vehicle drawing less than it is given, full or tapering, draws no more under a higher
 * limit); either at most the energy the allocation said it still needed, over the time since
 * (a full vehicle given a minimum draws nothing).
 * @param sinceMs the time from when it was last seen to this sample, ms (none: no cap by its need)
 */
export function lastDrawW(s: SeenSession, sinceMs?: number): number {
  const powerW = s.powerW ?? 0;
  const took =
    s.givenW !== undefined &&
    s.readingLimitW !== undefined &&
    powerW >= s.readingLimitW - Math.max(TOOK_LIMIT_W, TOOK_LIMIT_SHARE * s.readingLimitW);
  const drawW = took ? s.givenW! : powerW;
  if (s.neededWh === undefined || sinceMs === undefined || sinceMs <= 0) return drawW;
  return Math.min(drawW, (s.neededWh * 3_600_000) / sinceMs);
}

/**
 * The demand state after an allocation: each session in progress keeps the limit it was given, W,
 * and the energy it still needed, Wh, so that, should it end before the next sample, its draw
 * until then is known ({@link lastDrawW}).
 * @param given the allocation's ports: each session's id, the limit given to it, W, and the energy
 *   it still needs, Wh, when known
 */
export function recordGiven(
  state: DemandState,
  given: readonly { readonly sessionId: number; readonly limitW: number; readonly energyNeededWh?: number }[],
): DemandState {
  if (!state.sessions?.length) return state;
  const byId = new Map(given.map((p) => [p.sessionId, p]));
  return {
    ...state,
    sessions: state.sessions.map((s) => {
      const p = byId.get(s.id);
      if (s.ended || !p) return s;
      const { neededWh: _, ...rest } = s;
      return {
        ...rest,
        givenW: Math.max(0, p.limitW),
        ...(p.energyNeededWh !== undefined ? { neededWh: Math.max(0, p.energyNeededWh) } : {}),
      };
    }),
  };
}

/**
 * The demand state after an allocation saw the site's sessions in progress (see the module's
 * documentation): each is kept with its energy so far; one no longer seen has ended; a day whose
 * sessions have all ended (or that started {@link DAY_OPEN_MS} ago) becomes its need.
 * @param sessions the sessions in progress now
 */
export function recordSessions(
  state: DemandState,
  sessions: readonly SessionSeen[],
  now: number,
  timeZone: string,
): DemandState {
  const seen = new Map(sessions.map((s) => [s.id, s]));
  const kept = (state.sessions ?? []).map((s): SeenSession => {
    const current = seen.get(s.id);
    if (!current) return s.ended ? s : { ...s, ended: true };
    seen.delete(s.id);
    return seenSession(current, now, s.givenW);
  });
  // A session of a day already closed (one plugged in for days) is not taken up again: its day
  // would close again at once, each allocation adding it to the days once more.
  const closed = new Set((state.days ?? []).map((d) => d.start));
  const added = [...seen.values()]
    .filter((s) => {
      const day = dayStart(timeZone, s.start);
      return !closed.has(day) && now - day < DAY_OPEN_MS;
    })
    .map((s) => seenSession(s, now));
  const byDay = new Map<number, SeenSession[]>();
  for (const s of [...kept, ...added]) {
    const day = dayStart(timeZone, s.start);
    byDay.set(day, [...(byDay.get(day) ?? []), s]);
  }
  const today = dayStart(timeZone, now);
  const closes = ([day, list]: [number, SeenSession[]]) =>
    day < today && (list.every((s) => s.ended) || now - day >= DAY_OPEN_MS);
  const days = [...(state.days ?? [])];
  for (const [day, list] of [...byDay].filter(closes).sort((a, b) => a[0] - b[0])) {
    const neededW = neededLevelW(
      list.map((s) => ({ start: s.start, end: s.seenAt, energyWh: s.energyWh, maxPowerW: s.maxPowerW })),
    );
    const { weekday } = localWeekdayMinute(timeZone, day + 12 * 3_600_000);
    days.push({ start: day, weekday, neededW: Math.round(neededW) });
  }
  return {
    ...state,
    days: days.slice(-DAYS_KEPT),
    sessions: [...byDay].filter((entry) => !closes(entry)).flatMap(([, list]) => list),
  };
}

/** A session as kept: what was seen of it, when. */
function seenSession(s: SessionSeen, now: number, readingLimitW?: number): SeenSession {
  return {
    id: s.id,
    start: s.start,
    seenAt: now,
    energyWh: s.energyWh,
    ...(s.powerW !== undefined ? { powerW: s.powerW } : {}),
    ...(s.maxPowerW !== undefined ? { maxPowerW: s.maxPowerW } : {}),
    ...(readingLimitW !== undefined ? { readingLimitW } : {}),
  };
}

/**
 * What the planner is told of the demand (`EnergyTariff`'s demand fields): the peak so far, the
 * interval in progress and the outlook for the rest of the billing period: today (its arrivals are
 * not all known yet) and the days after it.
 */
export function demandForPlan(
  state: DemandState,
  now: number,
  timeZone: string,
): Pick<EnergyTariff, 'peakSoFarW' | 'openInterval' | 'peakOutlook'> {
  const periodEnd = billingPeriodStart(timeZone, state.billingPeriodStart + 40 * 86_400_000);
  const remaining: number[] = [];
  for (let d = dayStart(timeZone, now); d < periodEnd; ) {
    remaining.push(d);
    d = dayStart(timeZone, d + 36 * 3_600_000);
  }
  const outlook = peakOutlook(state.days ?? [], remaining, timeZone);
  return {
    peakSoFarW: state.peakW,
    ...(state.intervalWh > 0 ? { openInterval: { start: state.intervalStart, energyWh: state.intervalWh } } : {}),
    ...(outlook ? { peakOutlook: outlook } : {}),
  };
}
