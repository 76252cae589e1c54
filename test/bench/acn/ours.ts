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
import {
  type DemandState,
  demandForPlan,
  endedSessionsPowerW,
  recordGiven,
  recordSessions,
  sampleDemand,
} from '../../../shared/site-power/demand-charge';
import type { ActiveSession, Scheduler } from './replay';

/**
 * An allocation to benchmark: `allocateSite` or a function with its input and (at least) its
 * `ports`. Wrap a version that takes options: `(input) => allocateSite(input, options)`.
 */
export type Allocate = (input: AllocationInput) => {
  readonly ports: readonly (Pick<PortAllocation, 'portId' | 'limitW'> &
    Partial<Pick<PortAllocation, 'release' | 'energyNeededWh'>>)[];
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

/** Caltech's time zone: the billing period is its calendar month. */
export const SITE_TIME_ZONE = 'America/Los_Angeles';

/**
 * A scheduler that calls an allocation every period (see the module's documentation). With a
 * tariff, the site's demand is kept as the product keeps it (`shared/site-power/demand-charge.ts`:
 * each period's draw, measured at the period's end, goes to the intervals it was drawn in; the
 * sessions seen make the site's days, a session that left counting until the sample at its last
 * draw, or at the limit it was last offered when it took its limit, at most its remaining need;
 * each allocation's offers and needs recorded as the product records what it sends), and the
 * planner is told what the product tells it.
 * @param allocate the allocation to benchmark (default: today's `allocateSite`)
 * @param tariff the site's prices from an instant (its demand charge too), if any
 * @returns a scheduler for `replay`; it numbers vehicles in the order it first sees them, so use a
 *   new one for each replay
 */
export function allocationScheduler(
  allocate: Allocate = allocateSite,
  tariff?: (now: number) => Omit<EnergyTariff, 'peakSoFarW' | 'openInterval' | 'peakOutlook'>,
): Scheduler {
  const ports = new Map<string, number>();
  const portOf = (id: string) => {
    if (!ports.has(id)) ports.set(id, ports.size + 1);
    return ports.get(id)!;
  };
  const releases = new Map<number, ReleaseState>();
  let demand: DemandState | undefined;
  return ({ now, capacityW, sessions }) => {
    const demands = sessions.map((s) => sessionDemand(s, portOf(s.id), releases.get(portOf(s.id))));
    const limits = Number.isFinite(capacityW) ? { capacity: { limit: capacityW, unit: 'W' as const } } : {};
    let site = {};
    if (tariff) {
      const seen = sessions.map((s) => ({
        id: portOf(s.id),
        start: s.arrivalMs,
        energyWh: s.deliveredWh,
        ...(s.lastDrawW !== undefined && { powerW: s.lastDrawW }),
        maxPowerW: Math.min(s.vehicleMaxW, s.evseMaxW),
      }));
      const drawW = seen.reduce((sum, s) => sum + (s.powerW ?? 0), 0);
      const endedW = endedSessionsPowerW(
        demand,
        seen.map((s) => s.id),
        now,
      );
      demand = sampleDemand(demand, drawW + endedW, now, SITE_TIME_ZONE);
      demand = recordSessions(demand, seen, now, SITE_TIME_ZONE);
      site = { tariff: { ...tariff(now), ...demandForPlan(demand, now, SITE_TIME_ZONE) } };
    }
    const { ports: allocated } = allocate({ now, limits, sessions: demands, ...site });
    for (const p of allocated) if (p.release) releases.set(p.portId, p.release);
    if (demand)
      demand = recordGiven(
        demand,
        allocated.map((p) => ({ ...p, sessionId: p.portId })),
      );
    const byPort = new Map(allocated.map((p) => [p.portId, p.limitW]));
    return new Map(sessions.map((s) => [s.id, byPort.get(portOf(s.id)) ?? 0]));
  };
}
