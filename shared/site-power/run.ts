/**
 * One allocation run of a site (spec §2.6 enforced): take the site's lease, read the site, learn
 * which chargers take profiles, allocate (`shared/smart-charging`), deliver the profiles, store the
 * allocation and the site's next visit; again while triggers came meanwhile or a charger refused
 * (then without it). A run that fails half-way leaves the profiles in force and the lease to
 * lapse: the next trigger or the schedule allocates again.
 *
 * Requests for a site without changes to send: 1 UpdateItem (lease), 1 Query of the site's
 * partition, 1 Query (chargers and ports), 1 BatchGetItem of the readings of the ports charging
 * (one per 100 of them), 1 BatchGetItem (departure plans) and 1 (vehicles) alongside, 1 PutItem
 * (allocation), 1 PutItem (schedule), 1 UpdateItem (release) = 9 with up to 100 ports charging (7
 * without identified vehicles: no plans or vehicles to read), 1 more per further 100 ports
 * charging; each profile sent adds the command path's requests. A session estimated
 * for the first time adds 1 Query of the site's history (per run, per MB) and 1 UpdateItem of its
 * port (its forecast: `./forecasts.ts`).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import type { SmartChargingCommands } from './commands';
import { logger } from '../logger';
import {
  allocateSite,
  batteryCapacityOf,
  releaseDeadline,
  type AllocationInput,
  type AllocationOptions,
  type AllocationResult,
  type LateVehicle,
  type PortAllocation,
} from '../smart-charging';
import { acquireLease, finishRun, releaseLease } from './allocation-state';
import { allocationInput, sampleSiteDemand } from './demand';
import { type DemandState, recordGiven } from './demand-charge';
import { clearProfiles, deliverProfiles, learnSupport, unlimitedLines, type Delivery } from './delivery';
import { REVISIT_MS, scheduleSite, unscheduleSite } from './scheduled-sites';
import { readSiteSnapshot, type SiteAllocationItem, type SiteSnapshot } from './site-snapshot';
import { nextLimitChangeAt } from './limit-schedules';
import { nextLimitChange } from './station-inputs';
import { keepSummaries, lineSources, withEstimates } from './forecasts';
import type { LimitSchedule } from './station-reports';

/**
 * The warning logged when the planner falls back to the greedy allocation (a solver error or a
 * solve over its budget); the stack counts these lines as the `PlannerFallbacks` metric.
 */
export const PLANNER_FALLBACK_MESSAGE = 'the planner fell back to the greedy allocation';

/** Most runs one invocation makes before it leaves the rest to the next trigger. */
const MAX_RUNS = 5;

/** What an allocation run did. */
export type RunOutcome = 'allocated' | 'busy' | 'unknownSite';

/**
 * Allocates a site, once or a few times (see the module description).
 * @param commands how profiles reach the chargers
 * @param options the planner's solver and budget (`allocateSite`); without a solver, the greedy allocation
 * @returns `busy` when another run holds the site (it will see the trigger)
 */
export async function runSiteAllocation(
  db: Db,
  commands: SmartChargingCommands,
  siteId: number,
  options: AllocationOptions = {},
): Promise<RunOutcome> {
  const leaseId = randomUUID();
  const started = await acquireLease(db, siteId, leaseId);
  if (started === undefined) return 'busy';
  let covered = started;
  for (let run = 1; run <= MAX_RUNS; run++) {
    const refused = await allocateOnce(db, commands, siteId, options);
    if (refused === undefined) return 'unknownSite';
    if (refused && run < MAX_RUNS) continue;
    const finish = await finishRun(db, siteId, leaseId, covered);
    if (finish.outcome !== 'again') return 'allocated';
    covered = finish.requested;
  }
  await releaseLease(db, siteId, leaseId);
  return 'allocated';
}

/**
 * Reads, allocates, delivers and stores once.
 * @returns whether a charger refused (allocate again without it), or undefined for an unknown site
 */
async function allocateOnce(
  db: Db,
  commands: SmartChargingCommands,
  siteId: number,
  options: AllocationOptions,
): Promise<boolean | undefined> {
  const now = Date.now();
  const snapshot = await readSiteSnapshot(db, siteId, now);
  if (!snapshot) return undefined;
  const limited = snapshot.limits.cost !== undefined || snapshot.limits.capacity !== undefined;
  if (limited) await learnSupport(db, commands, snapshot);
  const demand = snapshot.tariff?.demandChargePerKw ? sampleSiteDemand(snapshot, now) : undefined;
  const { input, fresh } = await withEstimates(db, allocationInput(snapshot, now, demand), {
    siteId: snapshot.site.siteId,
    timeZone: snapshot.site.timezone,
    ports: snapshot.ports,
  });
  // The summaries are a cache (a lost one costs the next run a history read): their writes run
  // alongside the solve, the delivery and the store rather than before them; a failure is logged,
  // not the run's, and the writes are awaited before the run ends, whatever it ends with.
  const kept = keepSummaries(db, snapshot.ports, fresh).catch((error: unknown) =>
    logger.warn('could not keep the forecast summaries on their ports', { siteId, error: String(error) }),
  );
  try {
    return await allocateAndStore(db, commands, snapshot, input, demand, limited, options, now);
  } finally {
    await kept;
  }
}

/**
 * Solves, delivers and stores one allocation of a site read and estimated.
 * @param limited whether the site has a limit (cost or capacity): profiles are delivered, else cleared
 * @returns whether a charger refused (allocate again without it)
 */
async function allocateAndStore(
  db: Db,
  commands: SmartChargingCommands,
  snapshot: SiteSnapshot,
  input: AllocationInput,
  demand: DemandState | undefined,
  limited: boolean,
  options: AllocationOptions,
  now: number,
): Promise<boolean> {
  const siteId = snapshot.site.siteId;
  const result = allocateSite(input, options);
  if (result.fallbackReason !== undefined)
    logger.warn(PLANNER_FALLBACK_MESSAGE, { siteId, reason: result.fallbackReason });
  const refused = new Set<number>();
  let delivery: Delivery;
  if (limited) {
    const delivered = await deliverProfiles(db, commands, snapshot, result, refused, now);
    delivery = { ...delivered, refused: [...refused] };
  } else {
    await clearProfiles(commands, snapshot);
    delivery = { ports: unlimitedLines(snapshot, result), defaultProfiles: [], refused: [] };
  }
  const lines = withStationReports(delivery, input, result, snapshot);
  // Each session keeps the limit it was sent, for its draw should it end before the next sample.
  const given = demand && limited ? recordGiven(demand, result.ports) : demand;
  await storeAllocation(db, snapshot, input, result, lines, given);
  if (refused.size)
    logger.info('chargers refused charging profiles; allocating again without them', {
      siteId,
      chargers: [...refused],
    });
  return refused.size > 0;
}

/**
 * Each port line with what the station and the vehicle reported: the external limit in force, the
 * departure the allocation used and where it and the energy need came from (`./forecasts.ts`
 * `lineSources`), and the first
 * period of the schedule the vehicle chose.
 */
function withStationReports(
  delivery: Delivery,
  input: AllocationInput,
  result: AllocationResult,
  snapshot: SiteSnapshot,
): Delivery {
  const sessions = new Map(input.sessions.map((s) => [s.sessionId, s]));
  const ports = new Map(snapshot.ports.map((p) => [p.portId, p]));
  const outlooks = new Map(result.ports.map((p) => [p.sessionId, outlookOf(p)]));
  const lines = delivery.ports.map((line) => {
    const session = sessions.get(line.sessionId);
    const evSchedule = ports.get(line.portId)?.currentChargingSession?.evChargingSchedule;
    const startMs = evSchedule ? Date.parse(evSchedule.timeBase) + evSchedule.startPeriod * 1000 : NaN;
    return {
      ...line,
      ...(session?.vehicleId !== undefined ? { vehicleId: session.vehicleId } : {}),
      ...outlooks.get(line.sessionId),
      ...(session ? vehicleSources(session) : {}),
      ...(session?.externalLimit
        ? {
            externalLimitW: Math.floor(session.externalLimit.limitW),
            externalLimitSource: session.externalLimit.source,
          }
        : {}),
      ...(session ? storedSources(session, input.now) : {}),
      ...(evSchedule && Number.isFinite(startMs)
        ? {
            evChargingSchedule: {
              chargingRateUnit: evSchedule.chargingRateUnit,
              limit: evSchedule.limit,
              startTime: new Date(startMs).toISOString(),
            },
          }
        : {}),
    };
  });
  return { ...delivery, ports: lines };
}

/**
 * Stores the allocation (with the limits in force now: a limit by time of day shows its value
 * now) and keeps the site on the schedule while it has sessions (2 writes).
 */
async function storeAllocation(
  db: Db,
  snapshot: SiteSnapshot,
  input: AllocationInput,
  result: AllocationResult,
  delivery: Delivery,
  demand: SiteAllocationItem['demand'],
): Promise<void> {
  const now = input.now;
  const { site } = snapshot;
  const item: SiteAllocationItem = {
    siteId: site.siteId,
    organizationId: site.organizationId,
    sequence: (snapshot.previous?.sequence ?? 0) + 1,
    computedAt: new Date(now).toISOString(),
    chargingRateUnit: result.chargingRateUnit,
    ...(input.limits.cost ? { costLimit: input.limits.cost.limit } : {}),
    ...(input.limits.capacity ? { capacityLimit: input.limits.capacity.limit } : {}),
    allocatedTotal: result.allocatedTotal,
    allocatedTotalW: result.allocatedTotalW,
    ports: delivery.ports,
    lateVehicles: result.lateVehicles.map(toLateLine),
    defaultProfiles: delivery.defaultProfiles,
    planner: result.planner,
    ...(result.fallbackReason !== undefined ? { fallbackReason: result.fallbackReason.slice(0, 500) } : {}),
    fallbackCount: fallbackCountAfter(snapshot.previous?.fallbackCount, result),
    slots: result.slots.map((slot) => ({ ...slot })),
    ...(demand ? { demand } : {}),
  };
  await db.siteAllocation.put(item).go();
  if (result.ports.length === 0) return unscheduleSite(db, site.siteId);
  await scheduleSite(db, {
    siteId: site.siteId,
    organizationId: site.organizationId,
    nextRunAt: Math.min(now + REVISIT_MS, ...changesAhead(snapshot, now), ...releaseChanges(result, now)),
  });
}

/**
 * The site's fallbacks since its allocations began (`fallbackCount`), after this allocation: one
 * more when it fell back (a solver error or a solve over its budget, `fallbackReason`); none for an
 * allocation with nothing to plan, which is no fallback.
 * @param previous the count the previous allocation stored (absent: none yet)
 */
export function fallbackCountAfter(
  previous: number | undefined,
  result: Pick<AllocationResult, 'fallbackReason'>,
): number {
  return (previous ?? 0) + (result.fallbackReason !== undefined ? 1 : 0);
}

/** When a session's release state changes by itself: a probe starts or ends, idling becomes a release. */
function releaseChanges(result: AllocationResult, now: number): number[] {
  return result.ports.flatMap((p) => releaseDeadline(p.release) ?? []).filter((t) => t > now);
}

/**
 * When something the allocation used changes by itself: an override expires, an external limit's
 * period starts or ends, a site limit by time of day changes.
 */
function changesAhead(snapshot: SiteSnapshot, now: number): number[] {
  const overrideExpiries = snapshot.ports.flatMap((p) =>
    p.chargingOverride ? [Date.parse(p.chargingOverride.expiresAt)] : [],
  );
  const limits = [...snapshot.ports, ...snapshot.chargers.values()].map(
    (item) => item.externalChargingLimit?.schedule as LimitSchedule | undefined,
  );
  const limitChanges = limits.flatMap((schedule) => nextLimitChange(schedule, now) ?? []);
  const siteLimitChanges = Object.values(snapshot.limits).flatMap(
    (item) => (item && nextLimitChangeAt(item, snapshot.site.timezone, now)) ?? [],
  );
  return [...overrideExpiries, ...limitChanges, ...siteLimitChanges].filter((t) => t > now);
}

/** The departure the allocation used and where it and the energy need came from, as stored. */
function storedSources(session: AllocationInput['sessions'][number], now: number) {
  const sources = lineSources(session, now);
  return { ...sources, departureTime: new Date(sources.departureTime).toISOString() };
}

/**
 * Where a session's SoC and the capacity its need used came from, as stored (`socSource`,
 * `batteryCapacityWh`, `batteryCapacitySource`): only with a SoC, without which the need uses no
 * capacity; a SoC without a source is the charger's.
 */
function vehicleSources(session: AllocationInput['sessions'][number]) {
  if (session.socPercent === undefined) return {};
  const capacity = batteryCapacityOf(session);
  return {
    socSource: session.socSource ?? ('charger' as const),
    batteryCapacityWh: Math.round(capacity.wh),
    batteryCapacitySource: capacity.source,
  };
}

/** A port's outlook (SoC, target, need, ETA) as stored: only the fields the allocation knows. */
function outlookOf(p: PortAllocation): Pick<PortAllocation, 'socPercent' | 'targetSoc' | 'energyNeededWh' | 'eta'> {
  return Object.fromEntries(
    (['socPercent', 'targetSoc', 'energyNeededWh', 'eta'] as const).flatMap((key) =>
      p[key] === undefined ? [] : [[key, p[key]]],
    ),
  );
}

function toLateLine(late: LateVehicle): SiteAllocationItem['lateVehicles'][number] {
  return {
    ...(late.vehicleId !== undefined ? { vehicleId: late.vehicleId } : {}),
    portId: late.portId,
    sessionId: late.sessionId,
    departureTime: new Date(late.departureTime).toISOString(),
    departureSource: late.departureSource,
    ...(late.targetSoc !== undefined ? { targetSoc: late.targetSoc } : {}),
    ...(late.expectedSocAtDeparture !== undefined ? { expectedSocAtDeparture: late.expectedSocAtDeparture } : {}),
    energyNeededWh: late.energyNeededWh,
    expectedEnergyWh: late.expectedEnergyWh,
    ...(late.eta !== undefined ? { eta: late.eta } : {}),
  };
}
