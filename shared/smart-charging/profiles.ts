/**
 * When to send a charger a new charging profile (SetChargingProfile): only when its limit changed
 * enough, and never so that the limits in force add up to more than the new allocation's.
 *
 * @module
 */
import type { AllocationResult, RateUnit } from './types';
import { sumAmps } from './units';

/** Relative change that re-sends a profile (5 %). */
export const PROFILE_CHANGE_FRACTION = 0.05;
/** Absolute change that re-sends a profile: 1 kW (1000 W) on a W charger, 1 A on an A charger. */
export const PROFILE_CHANGE_ABSOLUTE: Record<RateUnit, number> = { W: 1000, A: 1 };

/** A port's limit: W, and per-phase A on Level 2. */
export interface PortLimit {
  readonly limitW: number;
  readonly limitA?: number;
}

/**
 * Whether a port's new limit is worth a new profile: none sent yet, or it changed by at least 5 %
 * of the previous limit or by at least 1 kW (`unit` W) / 1 A (`unit` A). In A the amp values are
 * compared (the W values when either lacks `limitA`). An unchanged limit is never re-sent; a change
 * to or from 0 always is.
 * @param previous the limit in force (last sent), or undefined
 * @param next the new allocation's limit
 * @param unit the unit the charger takes profiles in
 */
export function profileChangeNeeded(previous: PortLimit | undefined, next: PortLimit, unit: RateUnit): boolean {
  if (previous === undefined) return true;
  const inAmps = unit === 'A' && previous.limitA !== undefined && next.limitA !== undefined;
  const before = inAmps ? previous.limitA! : previous.limitW;
  const after = inAmps ? next.limitA! : next.limitW;
  const change = Math.abs(after - before);
  if (change === 0) return false;
  return change >= PROFILE_CHANGE_FRACTION * before || change >= PROFILE_CHANGE_ABSOLUTE[inAmps ? 'A' : 'W'];
}

/** A controllable port: its charger's profile unit and the limit in force on it. */
export interface PortProfileState {
  readonly portId: number;
  readonly rateUnit: RateUnit;
  /** The limit in force (the last one the charger accepted), or undefined when none was sent. */
  readonly inForce?: PortLimit;
}

/** Σ W and Σ A (Level 2) of limits. */
function totals(limits: readonly PortLimit[]): { w: number; a: number } {
  return { w: limits.reduce((s, l) => s + l.limitW, 0), a: sumAmps(limits.map((l) => l.limitA ?? 0)) };
}

/**
 * The ports to send a profile to after an allocation: those {@link profileChangeNeeded} picks; then,
 * while the limits that would stay in force add up (W, or A on Level 2) to more than the new
 * allocation's, the pending decreases too, the largest first (ties by portId). So a skipped small
 * decrease never lets the site exceed a limit the allocation respected. Send decreases before
 * increases. Uncontrolled ports and ports missing from `states` are left out.
 * @returns portIds, ascending
 */
export function profilesToSend(states: readonly PortProfileState[], result: AllocationResult): number[] {
  const next = new Map(result.ports.filter((p) => p.reason !== 'uncontrolled').map((p) => [p.portId, p]));
  const ports = states.filter((s) => next.has(s.portId)).sort((a, b) => a.portId - b.portId);
  const send = new Set(
    ports.filter((s) => profileChangeNeeded(s.inForce, next.get(s.portId)!, s.rateUnit)).map((s) => s.portId),
  );
  const kept = (s: PortProfileState) => (send.has(s.portId) ? next.get(s.portId)! : s.inForce!);
  const wanted = totals(ports.map((s) => next.get(s.portId)!));
  const decreases = ports
    .filter((s) => !send.has(s.portId) && s.inForce!.limitW > next.get(s.portId)!.limitW)
    .sort(
      (a, b) =>
        b.inForce!.limitW - next.get(b.portId)!.limitW - (a.inForce!.limitW - next.get(a.portId)!.limitW) ||
        a.portId - b.portId,
    );
  for (const s of decreases) {
    const now = totals(ports.map(kept));
    if (now.w <= wanted.w && now.a <= wanted.a) break;
    send.add(s.portId);
  }
  return [...send].sort((a, b) => a - b);
}
