/**
 * The allocation's answer: each port's limit in whole watts and, on Level 2, in per-phase amps,
 * both rounded down so that no rounded sum exceeds a limit the exact allocation respected; the
 * reason that binds; the totals in the site's unit (spec §2.6).
 *
 * @module
 */
import type { WorkPort } from './ports';
import type { AllocationReason, AllocationResult, PortAllocation, RateUnit } from './types';
import { ceilAmps, floorAmps, floorWatts, sumAmps } from './units';

/** Tolerance, W, for "at its cap" (float noise of the fills). */
const AT_CAP_W = 1e-6;

/** Why a port has its limit ({@link AllocationReason}). */
export function reasonOf(p: WorkPort): AllocationReason {
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

function portAllocation(p: WorkPort): PortAllocation {
  const uncontrolled = p.state === 'uncontrolled';
  const limitW = floorWatts(p.limitW);
  const amps = p.limitW / p.wattsPerAmp;
  const limitA = p.session.chargerType === 'Level 2' ? (uncontrolled ? ceilAmps(amps) : floorAmps(amps)) : undefined;
  const { portId, chargerId, sessionId } = p.session;
  return { portId, chargerId, sessionId, limitW, ...(limitA !== undefined && { limitA }), reason: reasonOf(p) };
}

/**
 * The result's ports (in the input's order) and totals.
 * @param ports the work ports after every stage, sorted by portId
 * @param unit the site's unit
 */
export function toResult(ports: readonly WorkPort[], unit: RateUnit): Omit<AllocationResult, 'lateVehicles'> {
  const allocations = ports.map(portAllocation);
  const allocatedTotalW = allocations.reduce((sum, a) => sum + a.limitW, 0);
  const currents = allocations.map((a, i) => a.limitA ?? ceilAmps(a.limitW / ports[i]!.wattsPerAmp));
  const byInput = ports.map((p, i) => [p.index, allocations[i]!] as const).sort((a, b) => a[0] - b[0]);
  return {
    chargingRateUnit: unit,
    allocatedTotal: unit === 'W' ? allocatedTotalW : sumAmps(currents),
    allocatedTotalW,
    ports: byInput.map(([, a]) => a),
  };
}
