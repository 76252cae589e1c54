/**
 * Where a session's departure and energy come from when the vehicle does not tell them
 * (docs/smart-charging.md, "What the plan knows"): in order of trust, the vehicle (ISO 15118 needs,
 * its SoC), the fleet (a departure published through the API), the driver (an estimate entered in
 * an app), a forecast learnt from the site's history, or the documented defaults. The vehicle's
 * and the fleet's figures reach the allocation as they are (`SessionDemand.evNeeds`, `departure`);
 * this module makes the rest (`SessionDemand.estimate`), and corrects them as the session goes.
 * Pure.
 *
 * **The forecast** of a session, from the sessions before it (those that ended before now, within
 * {@link HISTORY_MS}): the same vehicle's past sessions, else the same card's (at least
 * {@link MIN_SESSIONS} of them, those arriving within {@link ARRIVAL_WINDOW_MS} of this one's time
 * of day when there are enough), else the site's sessions of the same ISO weekday (else the same
 * kind of day: Monday–Friday or the weekend) arriving within that window of this one's time of day,
 * else every session of the site; else the defaults. Its departure is the median stay of those
 * sessions, its energy their median energy.
 *
 * **The departure's spread** (`SessionEstimate.departures`, which the plan weighs: energy planned in
 * a slot counts by the share of the plausible departures still to come): a driver's departure moved
 * by each past driver's error (how late or early the site's drivers left against what they
 * entered), a forecast's the stays of its similar sessions; those still ahead, at least two.
 * Trusted as one instant, a driver's departure (off by 2.7 h on average at Caltech, the median
 * 0.6 h early) let the plan defer vehicles that were gone before it.
 *
 * **Corrections** as the session goes:
 * - a departure passed while the vehicle is still plugged in: the median of its spread still ahead
 *   (a driver's departure moved by the drivers' errors), else the median stay of the similar
 *   sessions that stayed longer than this one has so far, else {@link DEFAULT_EXTENSION_MS} from
 *   now;
 * - an energy estimate reached while the vehicle still draws (it drew at least a tenth of the limit
 *   in force: {@link drawObserved}): the median energy of the similar sessions that took more, else
 *   {@link DEFAULT_ENERGY_STEP} more than it has;
 * - a vehicle that stopped drawing while allowed its minimum (within
 *   {@link MINIMUM_LIMIT_TOLERANCE}), its energy estimate still ahead: what it has (full as far as
 *   anyone can tell; the allocation then releases it at once, `needMet`). A vehicle that drew
 *   nothing because it was given nothing tells nothing: its estimate stands.
 *
 * **Clamps** (a driver's figures are never an error): a departure already past when the session is
 * planned is corrected as above; an energy beyond the vehicle's battery (or, unknown, beyond
 * {@link MAX_NEED_WH}) is clamped to it.
 *
 * Without a figure from the vehicle or the fleet, the need stays *unknown* even with a driver's
 * estimate or a forecast (drivers ask for more than they take): the allocation then gives the
 * vehicle at least what earliest-departure-first would give it (`./edf.ts`), so that a guess never
 * ranks it behind the others.
 *
 * @module
 */
import { localWeekdayMinute } from '../time-zone';
import { DEFAULT_DWELL_MS } from './horizon';
import { MAX_NEED_WH } from './plan-model';
import { minimumPowerW } from './needs';
import { IDLE_DRAW_FRACTION } from './release';
import type { ChargerType, EstimateSource, SessionDemand, SessionEstimate } from './types';

/** Sessions of the site's history the forecast reads: those that ended within this before now, ms (8 weeks). */
export const HISTORY_MS = 56 * 86_400_000;
/** Fewest similar sessions a forecast rests on (of a vehicle, a card, or the site's by weekday and time). */
export const MIN_SESSIONS = 3;
/** Arrivals within this of a session's time of day are similar to it, ms (±90 min). */
export const ARRIVAL_WINDOW_MS = 90 * 60_000;
/** A departure passed while plugged in, with no longer stay in the history, moves this far from now, ms (1 h). */
export const DEFAULT_EXTENSION_MS = 3_600_000;
/** An energy estimate reached while still drawing, with no larger session in the history, grows by this share of what it got. */
export const DEFAULT_ENERGY_STEP = 0.25;
/** …and by at least this, Wh. */
const MIN_ENERGY_STEP_WH = 1_000;

/** A session the site had: what the forecast learns from. */
export interface PastSession {
  /** ms since epoch. */
  readonly startTime: number;
  /** When it ended (the vehicle left), ms since epoch. */
  readonly endTime: number;
  /** Energy delivered, Wh. */
  readonly energyWh: number;
  readonly vehicleId?: number;
  /** The card (idTag) that started it. */
  readonly idTag?: string;
  /** The departure its driver estimated, if one was entered (how the site's drivers' estimates turn out). */
  readonly driverDepartureTime?: number;
}

/** A departure and an energy for the whole session, as a source gives them (either may be missing). */
export interface Figures {
  /** ms since epoch. */
  readonly departureTime?: number;
  /** Energy for the whole session, Wh (what it got so far counts against it). */
  readonly energyWh?: number;
}

/** What is known of a session in progress, for its estimate. */
export interface SessionFacts {
  readonly now: number;
  readonly startTime: number;
  readonly chargerType: ChargerType;
  /** Energy delivered so far, Wh. */
  readonly energyDeliveredWh: number;
  readonly vehicleId?: number;
  readonly idTag?: string;
  /** The vehicle's usable battery, Wh, when known (a driver's energy above it is clamped to it). */
  readonly batteryCapacityWh?: number;
  /** The driver's estimate, if one was entered. */
  readonly driver?: Figures;
  /** Whether its vehicle still takes energy, from its last reading ({@link drawObserved}; undefined: cannot tell). */
  readonly drawing?: boolean;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Minutes between two times of day, around midnight. */
function minutesApart(a: number, b: number): number {
  const d = Math.abs(a - b) % 1440;
  return Math.min(d, 1440 - d);
}

/**
 * The past sessions a session is forecast from, and on what basis (see the module's documentation).
 * @param history the site's past sessions (any order); those not ended by `facts.now` are left out
 */
export function similarSessions(
  history: readonly PastSession[],
  facts: SessionFacts,
  timeZone: string,
): { basis: 'vehicle' | 'card' | 'site'; sessions: PastSession[] } | undefined {
  const past = history.filter((s) => s.endTime <= facts.now && s.endTime > facts.now - HISTORY_MS);
  const at = localWeekdayMinute(timeZone, facts.startTime);
  const local = new Map(past.map((s) => [s, localWeekdayMinute(timeZone, s.startTime)]));
  const near = (s: PastSession) => minutesApart(local.get(s)!.minute, at.minute) <= ARRIVAL_WINDOW_MS / 60_000;
  const own = (list: PastSession[]) => {
    const close = list.filter(near);
    return close.length >= MIN_SESSIONS ? close : list;
  };
  const byVehicle = facts.vehicleId === undefined ? [] : past.filter((s) => s.vehicleId === facts.vehicleId);
  if (byVehicle.length >= MIN_SESSIONS) return { basis: 'vehicle', sessions: own(byVehicle) };
  const byCard = facts.idTag === undefined ? [] : past.filter((s) => s.idTag === facts.idTag);
  if (byCard.length >= MIN_SESSIONS) return { basis: 'card', sessions: own(byCard) };
  const weekend = (d: number) => d >= 6;
  const around = past.filter(near);
  const sameDay = around.filter((s) => local.get(s)!.weekday === at.weekday);
  const sameKind = around.filter((s) => weekend(local.get(s)!.weekday) === weekend(at.weekday));
  const pool = [sameDay, sameKind, past].find((list) => list.length >= MIN_SESSIONS);
  return pool ? { basis: 'site', sessions: pool } : undefined;
}

/** At most this many plausible departures describe a departure's spread (its quantiles). */
const SPREAD_POINTS = 24;

/** Up to {@link SPREAD_POINTS} evenly spaced quantiles of `values` (sorted). */
export function quantiles(values: readonly number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length <= SPREAD_POINTS) return sorted;
  return Array.from(
    { length: SPREAD_POINTS },
    (_, k) => sorted[Math.floor(((k + 0.5) * sorted.length) / SPREAD_POINTS)]!,
  );
}

/**
 * The departure: the driver's while ahead, else the forecast's (the median stay of the similar
 * sessions), else the default. Its spread, the departures still to come that the history makes
 * plausible: the driver's estimate moved by each past driver's error (at least
 * {@link MIN_SESSIONS} of them), or the similar sessions' stays. Once passed: the median of that
 * spread still ahead; else (a driver's departure with too few drivers' errors ahead) the median of
 * the similar stays longer than this one's so far, which become its spread; else
 * {@link DEFAULT_EXTENSION_MS} from now.
 */
function departure(facts: SessionFacts, similar: readonly PastSession[] | undefined, errors: readonly number[]) {
  const { now, startTime } = facts;
  const driver = facts.driver?.departureTime;
  const stays = (similar ?? []).map((s) => startTime + s.endTime - s.startTime);
  const plausible =
    driver !== undefined ? (errors.length >= MIN_SESSIONS ? errors.map((e) => driver + e) : [driver]) : stays;
  const ahead = quantiles(plausible.filter((d) => d > now));
  const source: EstimateSource = driver !== undefined ? 'driver' : similar?.length ? 'history' : 'default';
  const told = driver ?? (similar?.length ? median(plausible) : startTime + DEFAULT_DWELL_MS[facts.chargerType]);
  if (told > now) return { time: told, source, corrected: false, ahead };
  const longer = ahead.length > 0 ? ahead : quantiles(stays.filter((d) => d > now));
  const time = longer.length > 0 ? median(longer) : now + DEFAULT_EXTENSION_MS;
  return { time, source, corrected: true, ahead: longer };
}

/**
 * The energy: the driver's (clamped), else the forecast's; raised once reached while still
 * drawing; what the vehicle has once it stopped drawing while allowed its minimum.
 */
function energy(facts: SessionFacts, similar: readonly PastSession[] | undefined) {
  const energies = (similar ?? []).map((s) => s.energyWh);
  const most = facts.batteryCapacityWh ?? MAX_NEED_WH;
  const driver = facts.driver?.energyWh;
  const planned =
    driver !== undefined
      ? { wh: Math.min(Math.max(0, driver), most), source: 'driver' as const }
      : energies.length > 0
        ? { wh: median(energies), source: 'history' as const }
        : undefined;
  if (!planned) return undefined;
  const delivered = facts.energyDeliveredWh;
  // Allowed its minimum and drawing nothing: full as far as anyone can tell, until it draws again.
  if (facts.drawing === false && delivered < planned.wh)
    return { wh: delivered, source: planned.source, corrected: true };
  if (!(facts.drawing === true && delivered >= planned.wh)) return { ...planned, corrected: false };
  const larger = energies.filter((e) => e > delivered);
  const step = Math.max(MIN_ENERGY_STEP_WH, DEFAULT_ENERGY_STEP * delivered);
  const wh = Math.min(most, Math.max(delivered, larger.length > 0 ? median(larger) : delivered + step));
  return { wh, source: planned.source, corrected: true };
}

/**
 * A session's estimate from what is known of it and the site's history (see the module's
 * documentation): for a session whose vehicle and fleet tell neither its departure nor its energy.
 * @param history the site's past sessions (those ended before `facts.now` count)
 * @param timeZone the site's IANA time zone (weekdays and times of day)
 * @returns its departure (always) and its energy (absent: unknown), with their sources
 */
export function estimateSession(
  facts: SessionFacts,
  history: readonly PastSession[],
  timeZone: string,
): SessionEstimate {
  const past = history.filter((s) => s.endTime <= facts.now && s.endTime > facts.now - HISTORY_MS);
  return estimateFrom(facts, similarSessions(past, facts, timeZone)?.sessions, driverErrorsMs(past));
}

/**
 * How late (negative: early) each past session's driver left against the departure they entered,
 * ms, in the history's order: the sessions with a driver's estimate only. What spreads a driver's
 * departure ({@link estimateFrom}).
 */
export function driverErrorsMs(history: readonly PastSession[]): number[] {
  return history.flatMap((s) => (s.driverDepartureTime === undefined ? [] : [s.endTime - s.driverDepartureTime]));
}

/**
 * A session's estimate from the past sessions similar to it (`similarSessions`, which a caller
 * may keep between allocations while the history does not change), see {@link estimateSession}.
 * @param similar the similar sessions, or undefined (no history: the defaults)
 * @param driverErrors how late (negative: early) the site's drivers left against the departure they
 *   entered, ms ({@link driverErrorsMs} of the sessions that ended within {@link HISTORY_MS})
 */
export function estimateFrom(
  facts: SessionFacts,
  similar: readonly PastSession[] | undefined,
  driverErrors: readonly number[],
): SessionEstimate {
  const leaves = departure(facts, similar, driverErrors);
  const needs = energy(facts, similar);
  return {
    departureTime: leaves.time,
    departureSource: leaves.source,
    ...(leaves.ahead.length > 1 ? { departures: leaves.ahead } : {}),
    ...(needs ? { energyWh: needs.wh, energySource: needs.source } : {}),
    ...(leaves.corrected || needs?.corrected ? { corrected: true } : {}),
  };
}

/**
 * The share of its minimum a limit must reach for a vehicle drawing less to be taken as full or
 * idle ({@link drawObserved}). Below 1 because the limits sent in A are rounded down (to 0.1 A, and
 * to whole amps by many chargers), and a limit that was meant to be the minimum often arrives a
 * little under it: a vehicle given it is still given its minimum.
 */
export const MINIMUM_LIMIT_TOLERANCE = 0.9;

/**
 * What a session's last reading says of whether its vehicle still takes energy, for the
 * corrections: `true` when it drew at least {@link IDLE_DRAW_FRACTION} of the limit in force (any
 * limit above 0: a vehicle that took what it was given, however little, is not full); `false` when,
 * allowed at least {@link MINIMUM_LIMIT_TOLERANCE} of its minimum (its minimum, rounded down in A),
 * it drew less (it is full, or idle); `undefined` otherwise (no reading, or a limit too low to
 * tell: a vehicle given 0 W is never taken for full or idle).
 */
export function drawObserved(session: SessionDemand): boolean | undefined {
  const { measuredPowerW: measured, previousLimitW: limit } = session;
  if (measured === undefined || limit === undefined || limit <= 0) return undefined;
  if (measured >= IDLE_DRAW_FRACTION * limit) return true;
  return limit >= MINIMUM_LIMIT_TOLERANCE * minimumPowerW(session) ? false : undefined;
}
