/**
 * The plan's horizon (spec §2.6, §4.2): the slots from now to the last departure, and what holds in
 * each slot: the site's limits (time-of-day schedules included), the stations' external limits,
 * the energy price. Pure.
 *
 * Slots (docs/smart-charging.md):
 * - The horizon runs from `now` to the last planned departure of a controllable vehicle, at most
 *   {@link MAX_HORIZON_MS} (24 h) and at least one slot.
 * - Every slot is at most {@link SLOT_MS} (15 min). The first starts now and lasts at least
 *   {@link MIN_FIRST_SLOT_MS} (5 min: what is sent now is not a moment's decision); later slots end
 *   on quarter hours (the demand charge's 15-minute intervals) and wherever a limit or a price
 *   changes. A change inside the first slot counts from its start: the slot takes the least limit
 *   and the time-weighted price.
 * - A vehicle's planned departure is its departure (the API's, else its own ISO 15118 one), or
 *   without one its session start plus {@link DEFAULT_DWELL_MS} for its charger type; a departure
 *   already past counts as the end of the first slot (it should have its energy now).
 *
 * @module
 */
import { resolveDeparture } from './needs';
import type { AllocationInput, ChargerType, LimitChange, SessionDemand, SiteLimit } from './types';

/** Longest slot, ms (15 min). */
export const SLOT_MS = 15 * 60_000;
/** Shortest first slot, ms (5 min). */
export const MIN_FIRST_SLOT_MS = 5 * 60_000;
/** Longest horizon, ms (24 h). */
export const MAX_HORIZON_MS = 24 * 3_600_000;
/**
 * How long a vehicle without a departure is assumed to stay, from its session's start, ms: 8 h on
 * Level 2 (a working day or a night at a depot), 1 h on DCFC (a fast top-up). Replaced as soon as a
 * departure arrives (the API's or the vehicle's own).
 */
export const DEFAULT_DWELL_MS: Record<ChargerType, number> = { 'Level 2': 8 * 3_600_000, DCFC: 3_600_000 };

/** One slot: [start, end), ms since epoch. */
export interface Slot {
  readonly start: number;
  readonly end: number;
  /** end − start, hours. */
  readonly hours: number;
}

/** A limit over time: its value now, then its changes. */
interface Timeline {
  readonly now: number | null;
  readonly ahead: readonly LimitChange[];
}

/** The instant a vehicle is planned to leave, ms since epoch (see the module's documentation). */
export function plannedDeparture(session: SessionDemand, now: number): { time: number; known: boolean } {
  const departure = resolveDeparture(session)?.time;
  const time = departure ?? session.startTime + DEFAULT_DWELL_MS[session.chargerType];
  return { time: Math.max(time, now + MIN_FIRST_SLOT_MS), known: departure !== undefined };
}

/**
 * The instants at which something the plan reads changes by itself: a site limit's, a station's or
 * an EVSE's external limit's scheduled change, a price change, an override's expiry (unsorted; may
 * include instants before `now`).
 */
export function changeInstants(input: AllocationInput): number[] {
  const { limitsAhead, tariff, sessions, chargerLimits } = input;
  return [
    ...(limitsAhead?.cost ?? []).map((c) => c.from),
    ...(limitsAhead?.capacity ?? []).map((c) => c.from),
    ...(tariff?.energyPrices ?? []).map((p) => p.from),
    ...sessions.flatMap((s) => [
      ...(s.externalLimit?.ahead ?? []).map((c) => c.from),
      ...(s.override ? [s.override.expiresAt] : []),
    ]),
    ...(chargerLimits ?? []).flatMap((c) => (c.limit.ahead ?? []).map((a) => a.from)),
  ];
}

/**
 * The plan's slots (see the module's documentation).
 * @param horizonEnd the last planned departure, ms since epoch (clamped to 24 h, at least one slot)
 */
export function planSlots(input: AllocationInput, horizonEnd: number): Slot[] {
  const { now } = input;
  const end = Math.min(now + MAX_HORIZON_MS, Math.max(horizonEnd, now + MIN_FIRST_SLOT_MS));
  const firstEnd = Math.min(end, now + MIN_FIRST_SLOT_MS);
  const changes = changeInstants(input)
    .filter((t) => t > firstEnd && t < end)
    .sort((a, b) => a - b);
  const boundaries = [now];
  let t = now;
  let next = 0;
  while (t < end) {
    const quarter = Math.floor(t / SLOT_MS) * SLOT_MS + SLOT_MS;
    let cut = Math.min(end, t + SLOT_MS, quarter >= (t === now ? firstEnd : t) ? quarter : Infinity);
    if (t === now && cut < firstEnd) cut = Math.min(end, now + SLOT_MS);
    while (next < changes.length && changes[next]! <= t) next++;
    if (next < changes.length && changes[next]! < cut) cut = changes[next]!;
    boundaries.push(cut);
    t = cut;
  }
  return boundaries
    .slice(1)
    .map((e, i) => ({ start: boundaries[i]!, end: e, hours: (e - boundaries[i]!) / 3_600_000 }));
}

/** The least value of a limit over [start, end): null only when there is no limit anywhere in it. */
function leastOver(timeline: Timeline, start: number, end: number): number | null {
  let value = timeline.now;
  let least: number | null = null;
  const consider = (v: number | null) => {
    if (v !== null) least = least === null ? v : Math.min(least, v);
  };
  for (const change of timeline.ahead) {
    if (change.from <= start) value = change.limit;
  }
  consider(value);
  for (const change of timeline.ahead) {
    if (change.from > start && change.from < end) consider(change.limit);
  }
  return least;
}

/** Each slot's least value of a site limit (in its unit), null where there is none. */
export function siteLimitBySlot(
  slots: readonly Slot[],
  now: SiteLimit | undefined,
  ahead: readonly LimitChange[] | undefined,
): (number | null)[] {
  const timeline = { now: now?.limit ?? null, ahead: ahead ?? [] };
  return slots.map((s) => leastOver(timeline, s.start, s.end));
}

/** Each slot's least value of an external limit, W, null where there is none. */
export function externalLimitBySlot(
  slots: readonly Slot[],
  limit: { readonly limitW: number; readonly ahead?: readonly LimitChange[] } | undefined,
): (number | null)[] {
  if (!limit) return slots.map(() => null);
  const timeline = { now: limit.limitW, ahead: limit.ahead ?? [] };
  return slots.map((s) => leastOver(timeline, s.start, s.end));
}

/** Each slot's time-weighted energy price, per kWh (0 without a tariff). */
export function priceBySlot(slots: readonly Slot[], tariff: AllocationInput['tariff']): number[] {
  const prices = tariff?.energyPrices ?? [];
  if (prices.length === 0) return slots.map(() => 0);
  return slots.map(({ start, end }) => {
    let sum = 0;
    prices.forEach((p, i) => {
      const from = Math.max(start, p.from);
      const to = Math.min(end, prices[i + 1]?.from ?? Infinity);
      if (to > from) sum += p.pricePerKwh * (to - from);
    });
    const before = prices[0]!.from > start ? (Math.min(end, prices[0]!.from) - start) * prices[0]!.pricePerKwh : 0;
    return (sum + before) / (end - start);
  });
}

/**
 * The instants a vehicle may leave at, equally likely: its estimate's distribution when its
 * departure is the estimate's (`SessionEstimate.departures`), else its planned departure; each at
 * least the end of the first slot.
 */
export function plausibleDepartures(session: SessionDemand, now: number): number[] {
  const planned = plannedDeparture(session, now).time;
  const spread = session.estimate?.departures;
  if (!spread?.length || resolveDeparture(session)?.source !== 'estimate') return [planned];
  return spread.map((d) => Math.max(d, now + MIN_FIRST_SLOT_MS));
}

/** Share of each slot a vehicle leaving at one of `departures` (equally likely) is expected to be there (0–1). */
export function presenceBySlot(slots: readonly Slot[], departures: number | readonly number[]): number[] {
  const all = typeof departures === 'number' ? [departures] : departures;
  return slots.map(
    ({ start, end }) =>
      all.reduce((sum, d) => sum + Math.min(1, Math.max(0, (d - start) / (end - start))), 0) / all.length,
  );
}

/** A limit's value at `at`: its value now, then its changes up to `at` (null: none). */
function limitValueAt(now: number | null, ahead: readonly LimitChange[] | undefined, at: number): number | null {
  let value = now;
  for (const change of ahead ?? []) if (change.from <= at) value = change.limit;
  return value;
}

/**
 * The site as it will stand at `at` (≥ `now`) as far as the input knows: its site limits, external
 * limits and clock then (overrides expire by themselves at their `expiresAt`).
 */
export function inputAt(input: AllocationInput, at: number): AllocationInput {
  const site = (limit: SiteLimit | undefined, ahead: readonly LimitChange[] | undefined) => {
    const value = limitValueAt(limit?.limit ?? null, ahead, at);
    return limit && value !== null ? { limit: value, unit: limit.unit } : undefined;
  };
  const external = <L extends { readonly limitW: number; readonly ahead?: readonly LimitChange[] }>(limit: L) => {
    const value = limitValueAt(limit.limitW, limit.ahead, at);
    return value === null ? undefined : { ...limit, limitW: value };
  };
  const cost = site(input.limits.cost, input.limitsAhead?.cost);
  const capacity = site(input.limits.capacity, input.limitsAhead?.capacity);
  return {
    ...input,
    now: at,
    limits: { ...(cost ? { cost } : {}), ...(capacity ? { capacity } : {}) },
    sessions: input.sessions.map((s) => {
      if (!s.externalLimit) return s;
      const { externalLimit, ...rest } = s;
      const limit = external(externalLimit);
      return limit ? { ...rest, externalLimit: limit } : rest;
    }),
    chargerLimits: (input.chargerLimits ?? []).flatMap((c) => {
      const limit = external(c.limit);
      return limit ? [{ ...c, limit }] : [];
    }),
  };
}
