/**
 * How a depot judges a replay: vehicles that leave ready, vehicles left with almost nothing, and
 * the energy. Pure.
 *
 * @module
 */
import type { ReplayResult } from './replay';
import type { ReplaySession } from './sessions';

/** A session within this of its request is fully served, Wh (0.1 kWh). */
export const READY_TOLERANCE_WH = 100;
/** A session that got less than this share of its request is counted as left behind. */
export const LEFT_BEHIND_SHARE = 0.25;

/** A replay judged session by session. */
export interface Readiness {
  /** Sessions replayed. */
  readonly sessions: number;
  /** Sessions that got their whole request (within {@link READY_TOLERANCE_WH}). */
  readonly served: number;
  /** Sessions that got at least half of their request. */
  readonly half: number;
  /** Sessions that got less than {@link LEFT_BEHIND_SHARE} of their request. */
  readonly underQuarter: number;
  /** Energy delivered / energy requested, %. */
  readonly energyPercent: number;
  /** The mean over sessions of each one's delivered / requested, %. */
  readonly meanSharePercent: number;
}

/**
 * Judges a replay session by session (see {@link Readiness}).
 * @param sessions the sessions replayed (their requests)
 * @param result the replay's outcome
 */
export function readiness(sessions: readonly ReplaySession[], result: ReplayResult): Readiness {
  let served = 0;
  let half = 0;
  let underQuarter = 0;
  let shares = 0;
  for (const s of sessions) {
    const delivered = result.deliveredBySession.get(s.id) ?? 0;
    const share = Math.min(1, delivered / s.requestedWh);
    if (delivered >= s.requestedWh - READY_TOLERANCE_WH) served++;
    if (share >= 0.5) half++;
    if (share < LEFT_BEHIND_SHARE) underQuarter++;
    shares += share;
  }
  return {
    sessions: sessions.length,
    served,
    half,
    underQuarter,
    energyPercent: result.sharePercent,
    meanSharePercent: (100 * shares) / Math.max(1, sessions.length),
  };
}

/**
 * How well estimated departures order the sessions plugged in at the same time, as
 * earliest-departure-first ranks them: over every pair of sessions that overlap (the later one
 * arrives before the earlier one leaves) and leave in different periods, the share whose estimates
 * put them in the order they really left (a tie in the estimates counts half). 100 % is the real
 * departures' order; a coin gets 50 %. Pure.
 * @param sessions the sessions (real arrival and departure periods)
 * @param estimatedDeparture the departure a scheduler ranks a session by, ms since epoch (or any
 *   monotonic scale), or undefined to leave the session out
 * @returns the share, %, and the pairs counted
 */
export function departureOrder(
  sessions: readonly ReplaySession[],
  estimatedDeparture: (s: ReplaySession) => number | undefined,
): { percent: number; pairs: number } {
  const ranked = sessions
    .map((s) => ({ s, e: estimatedDeparture(s) }))
    .filter((x): x is { s: ReplaySession; e: number } => x.e !== undefined)
    .sort((a, b) => a.s.arrival - b.s.arrival);
  let right = 0;
  let pairs = 0;
  for (let i = 0; i < ranked.length; i++) {
    const a = ranked[i]!;
    for (let j = i + 1; j < ranked.length && ranked[j]!.s.arrival < a.s.departure; j++) {
      const b = ranked[j]!;
      if (a.s.departure === b.s.departure) continue;
      pairs++;
      if (a.e === b.e) right += 0.5;
      else if (a.e < b.e === a.s.departure < b.s.departure) right++;
    }
  }
  return { percent: pairs ? (100 * right) / pairs : 0, pairs };
}
