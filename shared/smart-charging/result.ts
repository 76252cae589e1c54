/**
 * The allocation's answer: each port's limit now and its planned periods, in whole watts and, on
 * Level 2, per-phase amps, both rounded down so that no rounded sum exceeds a limit the exact
 * allocation respected; the reason that binds; the totals and the site's plan slot by slot in the
 * site's unit (spec §2.6).
 *
 * @module
 */
import type { WorkPort } from './ports';
import type {
  AllocationReason,
  AllocationResult,
  PlannedPeriod,
  PlannedSlot,
  PortAllocation,
  RateUnit,
  ReleaseState,
} from './types';
import { ceilAmps, floorAmps, floorWatts, sumAmps } from './units';

/** Tolerance, W, for "at its cap" (float noise of the fills). */
const AT_CAP_W = 1e-6;

/** Why a port has its limit after the greedy stages ({@link AllocationReason}). */
export function reasonOf(p: WorkPort): AllocationReason {
  if (p.state === 'probing' && p.limitW <= 0) return 'released';
  if (p.state !== 'active') return p.state;
  if (p.overrideW !== undefined) {
    const external =
      p.session.externalLimit &&
      p.overrideW === p.session.externalLimit.limitW &&
      p.overrideW < p.session.override!.limitW;
    return p.externalBound || external ? 'external' : 'override';
  }
  if (p.externalBound) return 'external';
  if (p.limitW >= p.capW - AT_CAP_W) return p.capReason;
  return p.raisedBy ?? 'minimum';
}

/** One port's outcome before rounding: its power from each start on, W, why, and its release state. */
export interface PortOutcome {
  readonly port: WorkPort;
  /** Power from each `start` (ms since epoch) on, W; the first from now. */
  readonly periods: readonly { readonly start: number; readonly powerW: number }[];
  readonly reason: AllocationReason;
  readonly release: ReleaseState;
}

/** A slot of the plan before the ports are summed: its span and the limits and price over it. */
export interface SlotFrame {
  readonly start: number;
  readonly end: number;
  readonly capacity?: number;
  readonly cost?: number;
  readonly pricePerKwh?: number;
}

/** W rounded down, and A rounded down on Level 2 (up for an uncontrolled port: load counted against limits). */
function rounded(p: WorkPort, powerW: number): { limitW: number; limitA?: number } {
  const uncontrolled = p.state === 'uncontrolled';
  const limitW = floorWatts(powerW);
  if (p.session.chargerType !== 'Level 2') return { limitW };
  const amps = powerW / p.wattsPerAmp;
  return { limitW, limitA: uncontrolled ? ceilAmps(amps) : floorAmps(amps) };
}

/** The port's planned periods, rounded, equal neighbours merged. */
function plannedPeriods(outcome: PortOutcome): PlannedPeriod[] {
  const periods: PlannedPeriod[] = [];
  for (const { start, powerW } of outcome.periods) {
    const r = rounded(outcome.port, powerW);
    const last = periods.at(-1);
    if (last && last.limitW === r.limitW && last.limitA === r.limitA) continue;
    periods.push({ start, ...r });
  }
  return periods;
}

function portAllocation(outcome: PortOutcome): PortAllocation {
  const plan = plannedPeriods(outcome);
  const { limitW, limitA } = plan[0]!;
  const { portId, chargerId, sessionId } = outcome.port.session;
  return {
    portId,
    chargerId,
    sessionId,
    limitW,
    ...(limitA !== undefined && { limitA }),
    reason: outcome.reason,
    plan,
    release: outcome.release,
  };
}

/** A port's power at `at` from its outcome's periods, W. */
function powerAt(outcome: PortOutcome, at: number): number {
  let power = outcome.periods[0]!.powerW;
  for (const p of outcome.periods) if (p.start <= at) power = p.powerW;
  return power;
}

/** Σ W and Σ A (per-phase, whole tenths) of rounded port limits. */
function totals(outcomes: readonly PortOutcome[], at: number, unit: RateUnit): { total: number; totalW: number } {
  const limits = outcomes.map((o) => ({ port: o.port, ...rounded(o.port, powerAt(o, at)) }));
  const totalW = limits.reduce((sum, l) => sum + l.limitW, 0);
  const currents = limits.map((l) => l.limitA ?? ceilAmps(l.limitW / l.port.wattsPerAmp));
  return { total: unit === 'W' ? totalW : sumAmps(currents), totalW };
}

/**
 * The result's ports (in the input's order), totals and slots.
 * @param outcomes every port's outcome, sorted by portId
 * @param unit the site's unit
 * @param frames the plan's slots (one from now for the greedy allocation)
 */
export function toResult(
  outcomes: readonly PortOutcome[],
  unit: RateUnit,
  frames: readonly SlotFrame[],
): Pick<AllocationResult, 'chargingRateUnit' | 'allocatedTotal' | 'allocatedTotalW' | 'ports' | 'slots'> {
  const now = frames[0]!.start;
  const { total, totalW } = totals(outcomes, now, unit);
  const byInput = [...outcomes].sort((a, b) => a.port.index - b.port.index);
  const slots = frames.map((frame): PlannedSlot => {
    const { total: allocated, totalW: allocatedW } = totals(outcomes, frame.start, unit);
    return { ...frame, allocated, allocatedW };
  });
  return {
    chargingRateUnit: unit,
    allocatedTotal: total,
    allocatedTotalW: totalW,
    ports: byInput.map(portAllocation),
    slots,
  };
}
