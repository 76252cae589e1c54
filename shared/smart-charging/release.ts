/**
 * The release rule: a vehicle whose need is met, or that does not draw, gives its power to the
 * others, and is probed now and then in case it wakes up (pre-conditioning, a top-up).
 *
 * Real sessions have long idle tails (vans stay plugged in for hours after they are full); a
 * vehicle that keeps its minimum or its share through them wastes capacity others need.
 *
 * The rule (docs/smart-charging.md), evaluated at each allocation:
 * - **Need met** (`needMet` in `./allocate.ts`): the vehicle's known need (its ISO 15118 energy
 *   request, or its SoC target) is delivered (within {@link NEED_MET_WH}), its SoC is 100 % (a full
 *   battery), or, for an estimated need (a driver's, a forecast's) without a SoC, the vehicle stopped
 *   drawing while allowed its minimum after drawing {@link DRAWN_BEFORE_WH} → `released`.
 * - **Not drawing**: while it was allowed at least its minimum, it reported `SuspendedEV` or drew
 *   less than {@link IDLE_DRAW_FRACTION} of its limit, for {@link IDLE_AFTER_MS} → `released`.
 * - `released` vehicles get 0 W; every {@link PROBE_INTERVAL_MS} they are `probing`: offered their
 *   minimum for {@link PROBE_WINDOW_MS} where every limit (the cost limit too) still leaves room
 *   after the vehicles that need energy; a probe that finds no room waits for the next.
 *   One that draws at least {@link IDLE_DRAW_FRACTION} of it holds power again (`awake`: a met need
 *   no longer releases it; only not drawing does); one that does not is released until the next probe.
 *
 * Pure: the state travels in `AllocationResult.ports[].release` and back in `SessionDemand.release`.
 *
 * @module
 */
import { minimumPowerW } from './needs';
import type { ReleaseState, SessionDemand } from './types';

/** Share of its limit below which a vehicle counts as not drawing (and at or above which a probed one draws). */
export const IDLE_DRAW_FRACTION = 0.1;
/** How long a vehicle must not draw (while allowed its minimum) before its power is released, ms (3 min). */
export const IDLE_AFTER_MS = 3 * 60_000;
/** Time from a release (or a probe that found nothing) to the next probe, ms (30 min). */
export const PROBE_INTERVAL_MS = 30 * 60_000;
/** How long a probe offers the vehicle its minimum, ms (5 min: a few meter readings at 60 s). */
export const PROBE_WINDOW_MS = 5 * 60_000;
/** A known need at or below this is met, Wh. */
export const NEED_MET_WH = 1;
/**
 * What a session must have drawn before a vehicle planned from an estimated need is taken as full
 * when it stops drawing, Wh (`needMet` in `./allocate.ts`): a few minutes of the slowest charging.
 */
export const DRAWN_BEFORE_WH = 200;
/** Share of its minimum a limit must reach for the vehicle's draw to tell anything. */
const ALLOWED_FRACTION = 0.9;

const HOLDING: ReleaseState = { state: 'holding' };

/**
 * What the vehicle's draw says: `idle` (allowed its minimum, suspended or drawing almost nothing),
 * `drawing`, or `unknown` (no reading, or a limit too low to tell).
 */
function draw(session: SessionDemand): 'idle' | 'drawing' | 'unknown' {
  const { measuredPowerW: measured, previousLimitW: limit } = session;
  if (limit === undefined || limit < ALLOWED_FRACTION * minimumPowerW(session) || limit <= 0) return 'unknown';
  if (session.suspendedEv) return 'idle';
  if (measured === undefined) return 'unknown';
  return measured < IDLE_DRAW_FRACTION * limit ? 'idle' : 'drawing';
}

const released = (now: number, awake?: boolean): ReleaseState => ({
  state: 'released',
  until: now + PROBE_INTERVAL_MS,
  ...(awake ? { awake } : {}),
});

/**
 * The session's release state at `now`, from the previous one and what it reports (see the module's
 * documentation).
 * @param session the session, with `release` from the previous allocation (absent: holding)
 * @param needMet whether its known need is delivered (see `needMet` in `./allocate.ts`)
 * @param now ms since epoch
 */
export function nextReleaseState(session: SessionDemand, needMet: boolean, now: number): ReleaseState {
  const previous = session.release ?? HOLDING;
  const awake = previous.awake === true;
  const observed = draw(session);
  switch (previous.state) {
    case 'released':
      if (now < (previous.until ?? now)) return previous;
      return { state: 'probing', until: now + PROBE_WINDOW_MS, ...(awake ? { awake } : {}) };
    case 'probing':
      if (observed === 'drawing') return { state: 'holding', awake: awake || needMet };
      if (now < (previous.until ?? now)) return previous;
      return released(now, awake);
    default: {
      if (needMet && !awake) return released(now);
      if (observed !== 'idle') return awake ? { state: 'holding', awake } : HOLDING;
      const idleSince = previous.idleSince ?? now;
      if (now - idleSince >= IDLE_AFTER_MS) return released(now, awake);
      return { state: 'holding', idleSince, ...(awake ? { awake } : {}) };
    }
  }
}

/** The next instant the state changes by itself (a probe starts or ends, idling becomes a release), if any. */
export function releaseDeadline(state: ReleaseState): number | undefined {
  if (state.state !== 'holding') return state.until;
  return state.idleSince === undefined ? undefined : state.idleSince + IDLE_AFTER_MS;
}
