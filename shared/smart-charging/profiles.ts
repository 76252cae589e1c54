/**
 * When and in what order to send chargers their charging profiles (SetChargingProfile), now that
 * a profile carries the next hours of a port's plan (docs/smart-charging.md, "The profiles").
 *
 * A port's limit is a schedule: a limit from each start on, the last one holding. What the
 * charger holds (`inForce`) and what the allocation wants it to hold (`next`) are compared over
 * time, and:
 * 1. A profile is re-sent only when the near future changes: at some instant of the next
 *    {@link NEAR_WINDOW_MS} the limit moves by at least 5 % or 1 kW / 1 A; or when the port holds
 *    no profile of this CSMS for its session.
 * 2. While the schedules that would stay in force add up, at some instant, to more than the
 *    allocation's (in W, and in A on Level 2), the port that exceeds its plan the most there is
 *    sent too: a skipped small change never lets the site exceed a limit the allocation respected,
 *    now or later in the plan.
 * 3. **Decreases before increases, always.** Each port sent is compared with what it holds at
 *    every instant: one that only goes down is sent in phase 1, one that only goes up in phase 2,
 *    and one that goes down at some instants and up at others is sent twice: in phase 1 the lower
 *    of the two at each instant, in phase 2 its plan. Phase 2 starts only when every phase-1 CALL
 *    was accepted (`../site-power/delivery.ts`), so at every instant the limits in force add up to
 *    no more than the larger of what held before and what the allocation wants.
 *
 * Pure: no I/O.
 *
 * @module
 */
import type { RateUnit } from './types';
import { sumAmps } from './units';

/** Relative change that re-sends a profile (5 %). */
export const PROFILE_CHANGE_FRACTION = 0.05;
/** Absolute change that re-sends a profile: 1 kW (1000 W) on a W charger, 1 A on an A charger. */
export const PROFILE_CHANGE_ABSOLUTE: Record<RateUnit, number> = { W: 1000, A: 1 };
/** How far ahead a change re-sends a profile, ms (1 h): later changes wait until they come near. */
export const NEAR_WINDOW_MS = 3_600_000;

/** A port's limit: W, and per-phase A on Level 2. */
export interface PortLimit {
  readonly limitW: number;
  readonly limitA?: number;
}

/** A limit from `start` (ms since epoch) on, until the next entry's start; the last holds. */
export interface ScheduledLimit extends PortLimit {
  readonly start: number;
}

/** A port's limit over time, by start; the first entry holds from its start (and before it). */
export type LimitSchedule = readonly ScheduledLimit[];

/**
 * Whether a port's new limit is worth a new profile: it changed by at least 5 % of the previous
 * limit or by at least 1 kW (`unit` W) / 1 A (`unit` A). In A the amp values are compared (the W
 * values when either lacks `limitA`). An unchanged limit is never re-sent; a change to or from 0
 * always is.
 * @param previous the limit in force
 * @param next the new limit
 * @param unit the unit the charger takes profiles in
 */
export function profileChangeNeeded(previous: PortLimit, next: PortLimit, unit: RateUnit): boolean {
  const inAmps = unit === 'A' && previous.limitA !== undefined && next.limitA !== undefined;
  const before = inAmps ? previous.limitA! : previous.limitW;
  const after = inAmps ? next.limitA! : next.limitW;
  const change = Math.abs(after - before);
  if (change === 0) return false;
  return change >= PROFILE_CHANGE_FRACTION * before || change >= PROFILE_CHANGE_ABSOLUTE[inAmps ? 'A' : 'W'];
}

/** The limit of a schedule at `at`. */
export function limitAt(schedule: LimitSchedule, at: number): PortLimit {
  let limit: ScheduledLimit = schedule[0]!;
  for (const entry of schedule) if (entry.start <= at) limit = entry;
  return limit;
}

/** The instants from `from` on at which either schedule changes (`from` included), ascending. */
function instants(schedules: readonly LimitSchedule[], from: number): number[] {
  const starts = schedules.flatMap((s) => s.map((e) => e.start)).filter((t) => t > from);
  return [from, ...new Set(starts)].sort((a, b) => a - b);
}

/**
 * The lower of two schedules at every instant from `from` on (both W and A taken from the lower
 * watts), equal neighbours merged.
 */
function lowerOf(a: LimitSchedule, b: LimitSchedule, from: number): ScheduledLimit[] {
  const out: ScheduledLimit[] = [];
  for (const at of instants([a, b], from)) {
    const x = limitAt(a, at);
    const y = limitAt(b, at);
    const low = y.limitW < x.limitW ? y : x;
    const last = out.at(-1);
    if (last && last.limitW === low.limitW && last.limitA === low.limitA) continue;
    out.push({ start: at, limitW: low.limitW, ...(low.limitA !== undefined ? { limitA: low.limitA } : {}) });
  }
  return out;
}

/** How `next` compares with `held` from `from` on: never above, never below, both, or the same. */
export function direction(held: LimitSchedule, next: LimitSchedule, from: number): 'down' | 'up' | 'both' | 'same' {
  let down = false;
  let up = false;
  for (const at of instants([held, next], from)) {
    const h = limitAt(held, at).limitW;
    const n = limitAt(next, at).limitW;
    if (n < h) down = true;
    if (n > h) up = true;
  }
  return down && up ? 'both' : down ? 'down' : up ? 'up' : 'same';
}

/** A controllable port: its charger's profile unit, what it holds and what the allocation wants. */
export interface PortProfileState {
  readonly portId: number;
  readonly rateUnit: RateUnit;
  /**
   * The limit in force over time: the schedule of the last TxProfile the charger accepted for this
   * session, else its TxDefaultProfile's limit, else (no profile) the port's maximum.
   */
  readonly inForce: LimitSchedule;
  /** Whether `inForce` is this CSMS's TxProfile for the session (else a profile must be sent). */
  readonly held: boolean;
  /** The schedule the allocation wants on the port, as it would be sent (rounded, truncated). */
  readonly next: LimitSchedule;
}

/** One SetChargingProfile to send: the port, the schedule, and its phase. */
export interface ProfileSend {
  readonly portId: number;
  readonly schedule: LimitSchedule;
  /** 1: decreases (sent first); 2: increases, once every phase-1 CALL was accepted. */
  readonly phase: 1 | 2;
}

/** Σ W and Σ A (Level 2) of limits. */
function totals(limits: readonly PortLimit[]): { w: number; a: number } {
  return { w: limits.reduce((s, l) => s + l.limitW, 0), a: sumAmps(limits.map((l) => l.limitA ?? 0)) };
}

/** Whether the near future of `next` differs from `held` by at least the threshold. */
function nearChange(state: PortProfileState, now: number): boolean {
  const until = now + NEAR_WINDOW_MS;
  return instants([state.inForce, state.next], now)
    .filter((t) => t < until)
    .some((t) => profileChangeNeeded(limitAt(state.inForce, t), limitAt(state.next, t), state.rateUnit));
}

/** Rule 2 of the module: adds the ports whose kept schedules would exceed the plan's total somewhere. */
function keepWithinPlan(ports: readonly PortProfileState[], send: Set<number>, now: number): void {
  const times = instants(
    ports.flatMap((s) => [s.inForce, s.next]),
    now,
  );
  const kept = (s: PortProfileState, at: number) => limitAt(send.has(s.portId) ? s.next : s.inForce, at);
  // A port sent for one instant holds its plan at every instant, which may be more elsewhere: check
  // every instant again until a pass adds nobody (the set only grows, so this ends).
  for (let size = -1; size !== send.size; ) {
    size = send.size;
    keepPass(ports, send, times, kept);
  }
}

/** One pass of {@link keepWithinPlan} over the instants. */
function keepPass(
  ports: readonly PortProfileState[],
  send: Set<number>,
  times: readonly number[],
  kept: (s: PortProfileState, at: number) => PortLimit,
): void {
  for (const at of times) {
    const wanted = totals(ports.map((s) => limitAt(s.next, at)));
    const excess = ports
      .filter((s) => !send.has(s.portId) && limitAt(s.inForce, at).limitW > limitAt(s.next, at).limitW)
      .sort(
        (a, b) =>
          limitAt(b.inForce, at).limitW -
            limitAt(b.next, at).limitW -
            (limitAt(a.inForce, at).limitW - limitAt(a.next, at).limitW) || a.portId - b.portId,
      );
    for (const s of excess) {
      const keptTotal = totals(ports.map((p) => kept(p, at)));
      if (keptTotal.w <= wanted.w && keptTotal.a <= wanted.a) break;
      send.add(s.portId);
    }
  }
}

/**
 * The profiles to send after an allocation, in phases (see the module's documentation).
 * @param states every controllable port with a session, sorted or not
 * @param now ms since epoch
 * @returns phase-1 profiles, then phase-2 profiles, each by portId
 */
export function profilesToSend(states: readonly PortProfileState[], now: number): ProfileSend[] {
  const ports = [...states].sort((a, b) => a.portId - b.portId);
  const send = new Set(ports.filter((s) => !s.held || nearChange(s, now)).map((s) => s.portId));
  keepWithinPlan(ports, send, now);
  const out: ProfileSend[] = [];
  for (const s of ports.filter((p) => send.has(p.portId))) {
    const way = direction(s.inForce, s.next, now);
    if (way === 'same' && s.held) continue;
    if (way === 'down' || way === 'same') out.push({ portId: s.portId, schedule: s.next, phase: 1 });
    else if (way === 'up') out.push({ portId: s.portId, schedule: s.next, phase: 2 });
    else {
      out.push({ portId: s.portId, schedule: lowerOf(s.inForce, s.next, now), phase: 1 });
      out.push({ portId: s.portId, schedule: s.next, phase: 2 });
    }
  }
  return out.sort((a, b) => a.phase - b.phase || a.portId - b.portId);
}
