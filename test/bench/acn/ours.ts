/**
 * "Ours" in the ACN benchmark: the repository's smart-charging allocation (`allocateSite`, spec
 * §2.6, §4.2) as a replay scheduler. Each period every vehicle is one session on its own port of a
 * Level 2 charger that takes amps (208 V, one phase, 6,656 W), telling its needs over ISO 15118
 * (`evNeeds`: the whole request, its departure, 6.6 kW at most); the site has one capacity limit in
 * W. What it drew in the previous period and the limit it had then are `measuredPowerW` and
 * `previousLimitW`, so the acceptance cap works as in production. The vehicle is offered the port's
 * `limitW`.
 *
 * @module
 */
import {
  type AllocationInput,
  type EnergyTariff,
  allocateSite,
  type PortAllocation,
  type ReleaseState,
  type SessionDemand,
} from '../../../shared/smart-charging';
import type { ActiveSession, Scheduler } from './replay';

/**
 * An allocation to benchmark: `allocateSite` or a function with its input and (at least) its
 * `ports`. Wrap a version that takes options: `(input) => allocateSite(input, options)`.
 */
export type Allocate = (input: AllocationInput) => {
  readonly ports: readonly (Pick<PortAllocation, 'portId' | 'limitW'> & Partial<Pick<PortAllocation, 'release'>>)[];
};

/**
 * The session of one vehicle as the allocation sees it (see the module's documentation).
 * @param s the vehicle at this period
 * @param portId a number unique to the vehicle in the replay (also its charger and session id)
 * @returns the allocation's session on a Level 2 port in amps
 */
export function sessionDemand(s: ActiveSession, portId: number, release?: ReleaseState): SessionDemand {
  return {
    portId,
    chargerId: portId,
    sessionId: portId,
    chargerType: 'Level 2',
    rateUnit: 'A',
    maxPowerW: s.evseMaxW,
    phases: 1,
    voltageV: s.voltageV,
    startTime: s.arrivalMs,
    energyDeliveredWh: s.deliveredWh,
    ...(s.lastDrawW !== undefined && { measuredPowerW: s.lastDrawW }),
    ...(s.lastOfferW !== undefined && { previousLimitW: s.lastOfferW }),
    ...(release && { release }),
    evNeeds: {
      energyAmountWh: s.requestedWh,
      deliveredAtRequestWh: 0,
      departureTime: s.departureMs,
      maxPowerW: s.vehicleMaxW,
    },
  };
}

/**
 * A scheduler that calls an allocation every period (see the module's documentation).
 * @param allocate the allocation to benchmark (default: today's `allocateSite`)
 * @returns a scheduler for `replay`; it numbers vehicles in the order it first sees them, so use a
 *   new one for each replay
 */
export function allocationScheduler(
  allocate: Allocate = allocateSite,
  tariff?: (now: number) => Omit<EnergyTariff, 'peakSoFarW' | 'expectedPeakW'>,
  billingPeriodOf: (t: number) => number = () => 0,
): Scheduler {
  const peak = demandPeak(billingPeriodOf);
  const ports = new Map<string, number>();
  const portOf = (id: string) => {
    if (!ports.has(id)) ports.set(id, ports.size + 1);
    return ports.get(id)!;
  };
  const releases = new Map<number, ReleaseState>();
  return ({ now, capacityW, sessions }) => {
    const demands = sessions.map((s) => sessionDemand(s, portOf(s.id), releases.get(portOf(s.id))));
    const limits = Number.isFinite(capacityW) ? { capacity: { limit: capacityW, unit: 'W' as const } } : {};
    const { peakSoFarW, previousPeakW } = peak(now, sessions);
    const expected = previousPeakW !== undefined ? { expectedPeakW: previousPeakW } : {};
    const site = tariff ? { tariff: { ...tariff(now), peakSoFarW, ...expected } } : {};
    const { ports: allocated } = allocate({ now, limits, sessions: demands, ...site });
    for (const p of allocated) if (p.release) releases.set(p.portId, p.release);
    const byPort = new Map(allocated.map((p) => [p.portId, p.limitW]));
    return new Map(sessions.map((s) => [s.id, byPort.get(portOf(s.id)) ?? 0]));
  };
}

/**
 * The site's demand as a meter bills it, as the product keeps it (`shared/site-power/demand-charge.ts`):
 * each call adds the draw of the period before (Σ of the vehicles' last draws, over the time since
 * the previous call) to its 15-minute interval; the highest average of the current billing period
 * is the peak so far, and the previous period's highest is the forecast the planner is given.
 * @param billingPeriodOf the start of the billing period an instant is in, ms (one period by default)
 */
function demandPeak(
  billingPeriodOf: (t: number) => number,
): (now: number, sessions: readonly ActiveSession[]) => { peakSoFarW: number; previousPeakW?: number } {
  const intervalMs = 15 * 60_000;
  const energy = new Map<number, number>();
  const peaks = new Map<number, number>();
  let previous: number | undefined;
  return (now, sessions) => {
    if (previous !== undefined) {
      const drawW = sessions.reduce((sum, s) => sum + (s.lastDrawW ?? 0), 0);
      const interval = Math.floor(previous / intervalMs) * intervalMs;
      const wh = (energy.get(interval) ?? 0) + (drawW * (now - previous)) / 3_600_000;
      energy.set(interval, wh);
      const period = billingPeriodOf(interval);
      peaks.set(period, Math.max(peaks.get(period) ?? 0, (wh * 3_600_000) / intervalMs));
    }
    previous = now;
    const period = billingPeriodOf(now);
    const before = [...peaks.keys()].filter((p) => p < period).sort((a, b) => b - a)[0];
    return {
      peakSoFarW: peaks.get(period) ?? 0,
      ...(before !== undefined ? { previousPeakW: peaks.get(before)! } : {}),
    };
  };
}
