/**
 * The real-time depot replayed on a simulated clock (docs/smart-charging.md, "When a site is
 * allocated"): six small vans (2 DCFC, 4 Level 2) under a 30 kW cost limit, reporting their SoC
 * every 3 s but not their battery size, leaving 7 and 12 minutes after they plug in with a target
 * of 90 %, all six feasible when the vans leaving first charge first. The product's planner
 * (`allocateSite`, with HiGHS) allocates whenever the stack would: at each plug-in, every 5
 * minutes (the schedule, or sooner for a release deadline) and, with `readingTriggers`, at the
 * events of `shared/site-power/reading-triggers.ts` (a van's first SoC, its battery learnt, its draw
 * behind its plan), triggers within 1 s coalesced into one allocation as the stream's batching
 * window does. The vans are the simulator's EV model (`lib/simulator/ev.ts`).
 */
import { chargeEv, type EvState } from '../../lib/simulator/ev';
import type { TableChange } from '../../shared/db/table-changes';
import type { VehicleItem } from '../../shared/access/items';
import {
  fallsBehind,
  imageEventOf,
  stateChangesPlan,
  type PlannedAllocation,
} from '../../shared/site-power/reading-triggers';
import {
  allocateSite,
  limitAt,
  releaseDeadline,
  type AllocationResult,
  type PlanSolver,
  type SessionDemand,
} from '../../shared/smart-charging';
import { dcfc, departure, level2, NOW, watts } from '../unit/smart-charging/support';

const METER_MS = 3_000;
const SCHEDULE_MS = 5 * 60_000;
const WINDOW_MS = 1_000;
const MINUTE = 60_000;

/** One van: its port, battery, arrival SoC and minutes to its departure. */
interface Van {
  readonly portId: number;
  readonly kind: 'DC' | 'AC';
  readonly batteryWh: number;
  readonly arriveSoc: number;
  readonly minutes: number;
}

/** The depot: the two leaving in 7 minutes need 2.0 kWh of the 3.5 kWh the limit gives by then. */
export const REALTIME_DEPOT: readonly Van[] = [
  { portId: 1, kind: 'DC', batteryWh: 4_000, arriveSoc: 60, minutes: 12 },
  { portId: 2, kind: 'DC', batteryWh: 3_500, arriveSoc: 50, minutes: 7 },
  { portId: 3, kind: 'AC', batteryWh: 3_000, arriveSoc: 70, minutes: 7 },
  { portId: 4, kind: 'AC', batteryWh: 3_000, arriveSoc: 60, minutes: 12 },
  { portId: 5, kind: 'AC', batteryWh: 3_000, arriveSoc: 70, minutes: 12 },
  { portId: 6, kind: 'AC', batteryWh: 3_000, arriveSoc: 75, minutes: 12 },
];
export const REALTIME_COST_LIMIT_W = 30_000;
const TARGET_SOC = 90;
const DC_MAX_W = 50_000;

/** What a replay found. */
export interface RealtimeDepotOutcome {
  /** Per van (by portId): its SoC at its departure, %, and whether it reached its target (within 0.1 point). */
  readonly vans: { portId: number; minutes: number; socAtDeparture: number; met: boolean }[];
  /** Each van's SoC when the first van left, %: who was served first. */
  readonly socAtFirstDeparture: Record<number, number>;
  /** Allocations made, by what caused them (an allocation's causes all count). */
  readonly allocations: number;
  readonly byCause: Record<string, number>;
}

interface Plugged {
  van: Van;
  ev: EvState;
  plugAt: number;
  socStart?: number;
  energyWh: number;
  /** Meter values: time, power kW, SoC %, and the limit in force when taken, W. */
  readings: { t: number; p: number; s: number; limitW: number }[];
  leftAt?: number;
  socAtDeparture?: number;
}

/**
 * A van's session as the allocation reads it. With `telematics`, the van's telematics also pushes
 * its SoC (from its plug-in, fresher than its last meter value between two) and its usable battery,
 * as `shared/site-power/vehicle-inputs.ts` would give them.
 */
function demandOf(p: Plugged, previous: AllocationResult | undefined, telematics: boolean): SessionDemand {
  const last = p.readings.at(-1);
  const line = previous?.ports.find((l) => l.portId === p.van.portId);
  const base = p.van.kind === 'DC' ? dcfc : level2;
  return base(p.van.portId, {
    sessionId: 100 + p.van.portId,
    startTime: p.plugAt,
    energyDeliveredWh: p.energyWh,
    ...(p.van.kind === 'DC' ? { maxPowerW: DC_MAX_W } : {}),
    departure: { ...departure(0, TARGET_SOC)!, time: p.plugAt + p.van.minutes * MINUTE },
    ...(last ? { socPercent: last.s, socStartPercent: p.socStart!, measuredPowerW: last.p * 1000 } : {}),
    ...(last ? { previousLimitW: last.limitW } : {}),
    ...(line ? { release: line.release } : {}),
    ...(telematics
      ? {
          socPercent: Math.round(p.ev.socPercent * 10) / 10,
          socSource: 'telematics' as const,
          batteryCapacityWh: p.van.batteryWh,
          batteryCapacitySource: 'telematics' as const,
        }
      : {}),
  });
}

/** A van's readings item as the stream shows it after its readings up to `count`. */
function readingsImage(p: Plugged, count: number): Record<string, unknown> | undefined {
  const readings = p.readings.slice(0, count);
  const last = readings.at(-1);
  if (!last) return undefined;
  return {
    __edb_e__: 'portReadings',
    chargerId: p.van.portId,
    portNumber: 1,
    sessionId: 100 + p.van.portId,
    socStartPercent: p.socStart,
    socPercent: { value: last.s, timestamp: new Date(last.t).toISOString() },
    slotReadings: readings.map(({ t, p: kw, s: soc }) => ({ t, p: kw, s: soc })),
  };
}

/** The events of `shared/site-power/reading-triggers.ts` that a van's newest reading brings. */
function readingEvents(p: Plugged, previous: AllocationResult | undefined, computedAt: number): string[] {
  const before = readingsImage(p, p.readings.length - 1);
  const change: TableChange = {
    eventName: before ? 'MODIFY' : 'INSERT',
    ...(before ? { oldImage: before } : {}),
    newImage: readingsImage(p, p.readings.length)!,
  };
  const event = imageEventOf(change);
  if (event) return [event];
  if (!previous) return [];
  const allocation: PlannedAllocation = {
    computedAt: new Date(computedAt).toISOString(),
    costLimit: REALTIME_COST_LIMIT_W,
    ports: previous.ports.map((l) => ({ ...l, portNumber: 1 })),
  };
  const behind = fallsBehind(change, allocation);
  return behind ? [behind] : [];
}

/**
 * How a van's telematics push, every {@link METER_MS}, plans the site again: `each` (every push of a
 * plugged-in van, as the trigger did before it judged them), `judged` (only a push that changes
 * what the plan used: `stateChangesPlan`).
 */
export type TelematicsPushes = 'each' | 'judged';

/** Whether a van's push at `t` plans the site again, judged against the last allocation (`judged`). */
function pushChangesPlan(p: Plugged, previous: AllocationResult | undefined, computedAt: number, t: number): boolean {
  const line = previous?.ports.find((l) => l.portId === p.van.portId);
  if (!line) return false;
  const vehicle = {
    organizationId: 1,
    vehicleId: p.van.portId,
    telematicsSocPercent: Math.round(p.ev.socPercent * 10) / 10,
    telematicsReadAt: new Date(t).toISOString(),
    telematicsBatteryCapacityKwh: p.van.batteryWh / 1000,
  } as VehicleItem;
  const planned = {
    ...line,
    portNumber: 1,
    batteryCapacityWh: p.van.batteryWh,
    batteryCapacitySource: 'telematics',
    departureTime: new Date(p.plugAt + p.van.minutes * MINUTE).toISOString(),
  };
  return stateChangesPlan(vehicle, planned, computedAt, t);
}

/**
 * Replays the depot from the first plug-in to the last departure.
 * @param readingTriggers whether a van's readings make the site plan again (else only plug-ins and the schedule)
 * @param telematics whether each van's telematics tells its SoC and battery (docs/vehicle-state.md)
 * @param pushes with `telematics`, whether and how its pushes plan the site again (else they do not)
 */
export function replayRealtimeDepot(
  solver: PlanSolver,
  readingTriggers: boolean,
  telematics = false,
  pushes?: TelematicsPushes,
): RealtimeDepotOutcome {
  const vans: Plugged[] = REALTIME_DEPOT.map((van, i) => ({
    van,
    ev: { batteryWh: van.batteryWh, maxPowerW: van.kind === 'DC' ? DC_MAX_W : 11_520, socPercent: van.arriveSoc },
    plugAt: NOW + i * WINDOW_MS,
    energyWh: 0,
    readings: [],
  }));
  const end = Math.max(...vans.map((p) => p.plugAt + p.van.minutes * MINUTE));
  const byCause: Record<string, number> = {};
  let allocations = 0;
  let result: AllocationResult | undefined;
  let computedAt = NOW;
  let nextScheduled = Infinity;
  const pending = new Set<string>();
  const firstDeparture: Record<number, number> = {};
  for (let t = NOW; t <= end; t += WINDOW_MS) {
    const present = vans.filter((p) => p.plugAt <= t && p.leftAt === undefined);
    for (const p of present) {
      if (p.plugAt === t) pending.add('plugIn');
      const departure = p.plugAt + p.van.minutes * MINUTE;
      const offered = result?.ports.find((l) => l.portId === p.van.portId);
      const offeredW = offered ? limitAt(offered.plan, t).limitW : 0;
      const { energyWh, powerW } = chargeEv(p.ev, offeredW, 1);
      p.energyWh += energyWh;
      if (t >= departure) {
        if (Object.keys(firstDeparture).length === 0)
          for (const q of vans) firstDeparture[q.van.portId] = Math.round(q.ev.socPercent * 10) / 10;
        p.leftAt = t;
        p.socAtDeparture = p.ev.socPercent;
        pending.add('departure');
        continue;
      }
      if ((t - p.plugAt) % METER_MS === 0 && t > p.plugAt) {
        p.socStart ??= Math.round(p.ev.socPercent * 10) / 10;
        p.readings.push({ t, p: powerW / 1000, s: Math.round(p.ev.socPercent * 10) / 10, limitW: offeredW });
        if (readingTriggers) for (const e of readingEvents(p, result, computedAt)) pending.add(e);
        if (telematics && pushes && (pushes === 'each' || pushChangesPlan(p, result, computedAt, t)))
          pending.add('vehicleState');
      }
    }
    if (t >= nextScheduled) pending.add('schedule');
    if (pending.size === 0) continue;
    const sessions = vans
      .filter((p) => p.plugAt <= t && p.leftAt === undefined)
      .map((p) => demandOf(p, result, telematics));
    result = allocateSite({ now: t, limits: { cost: watts(REALTIME_COST_LIMIT_W) }, sessions }, { solver });
    computedAt = t;
    allocations++;
    for (const cause of pending) byCause[cause] = (byCause[cause] ?? 0) + 1;
    pending.clear();
    const deadlines = result.ports.flatMap((l) => releaseDeadline(l.release) ?? []).filter((d) => d > t);
    nextScheduled = Math.min(t + SCHEDULE_MS, ...deadlines);
  }
  return {
    vans: vans.map((p) => ({
      portId: p.van.portId,
      minutes: p.van.minutes,
      socAtDeparture: Math.round((p.socAtDeparture ?? p.ev.socPercent) * 10) / 10,
      met: (p.socAtDeparture ?? p.ev.socPercent) >= TARGET_SOC - 0.1,
    })),
    socAtFirstDeparture: firstDeparture,
    allocations,
    byCause,
  };
}
