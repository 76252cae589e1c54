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
