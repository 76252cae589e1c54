/**
 * When a vehicle's readings make its site plan again (docs/smart-charging.md, "When a site is
 * allocated"): read from the `portReadings` changes of the table's stream (each MeterValues
 * rewrites the port's readings item), decided per change, at most once per event, never once per
 * meter value. Five events:
 *
 * - **First SoC** (`firstSoc`): the session's first SoC reading (`socStartPercent` appears). Until
 *   then the plan knew neither SoC nor need; one per session.
 * - **Battery learnt** (`batteryLearnt`): the SoC rose {@link CAPACITY_ESTIMATE_MIN_SOC_RISE}
 *   points since the start, from which the planner estimates the battery from the energy
 *   delivered: the vehicle's need becomes known (it no longer needs the earliest-departure-first
 *   floor of an unknown need); one per session.
 * - **Behind its plan** (`drawBehind`): under a site limit, the vehicle drew less than
 *   {@link BEHIND_DRAW_SHARE} of the limit its plan gives it in every reading of the last
 *   {@link BEHIND_SUSTAIN_MS}, each taken at least {@link BEHIND_SETTLE_MS} after that limit began
 *   (a charger shows a new profile at its next meter value). Its power can go to others (the
 *   allocation caps it near its draw, or releases it), or its departure is at risk. Only for a
 *   port whose limit is the plan's (`planned`, `capped`, `departure`, `share`): not at its minimum
 *   (nothing to give away: the release rule decides), not at 0 W (a vehicle given 0 W that draws
 *   nothing is not behind), not released, probed, overridden, held by an external limit or
 *   uncontrolled. It fires on the change where the condition becomes true, judged against the
 *   site's stored allocation; the next allocation starts the window again.
 *
 * - **SoC behind its plan** (`socBehind`, {@link socBehind}): under a site limit, the SoC more than
 *   {@link BEHIND_SOC_POINTS} below what the stored plan expects by now.
 *
 * - **Vehicle state** (`vehicleState`, {@link vehicleStateChangeOf}, {@link stateChangesPlan}): a
 *   newer telematics reading or a capacity set on a vehicle (the `vehicle` item) that charges on a
 *   site, when it changes what the site's last allocation planned with: the usable capacity its
 *   need used, or its SoC (none planned yet, or a fresh reading more than
 *   {@link BEHIND_SOC_POINTS} from what the plan expects by now, either way). A vehicle the last
 *   allocation does not have (not plugged in, or a session that started since, which its start
 *   allocates anyway) plans nothing; neither does a push that repeats what the plan knows.
 *
 * The first two are read from the change's images alone. The last three read the site's
 * allocation: the two behind its plan once per batch that holds readings of it (in one BatchGetItem
 * with the others); a vehicle's state reads the scheduled sites (the batch's one Query) and the
 * allocation of each of its organization's. A site a vehicle's state triggers comes with when the state was stored: its
 * request is not counted while a run that took the lease after it is running, which reads it
 * (`requestAllocation`, in the same write).
 *
 * @module
 */
import type { Db } from '../db';
import { batchGet } from '../db/batch';
import { entityOf, numberOf, type TableChange } from '../db/table-changes';
import type { VehicleItem } from '../access/items';
import { CAPACITY_ESTIMATE_MIN_SOC_RISE } from '../smart-charging/needs';
import { KNOWN_CAPACITY_SOURCES } from '../smart-charging/types';
import { freshTelematicsSoc, knownCapacityOf, TELEMATICS_MAX_AGE_MS } from './vehicle-inputs';
import { type ScheduledSite, scheduledSitesOnce } from './scheduled-sites';
import { reallocationsOf } from './triggers';

/** A vehicle drawing less than this share of its planned limit is behind its plan. */
export const BEHIND_DRAW_SHARE = 0.5;
/** How long a vehicle draws less than its share of the limit before it counts as behind, ms. */
export const BEHIND_SUSTAIN_MS = 60_000;
/** How long after a limit begins its readings count (the charger applies it, then meters it), ms. */
export const BEHIND_SETTLE_MS = 30_000;
/** SoC points a vehicle may lag what its plan expects by now before it counts as behind, %. */
export const BEHIND_SOC_POINTS = 3;
/** The reasons of a port's limit that the plan chose, and under-drawing can change. */
const PLANNED_REASONS = new Set(['planned', 'capped', 'departure', 'share']);
/** The reasons of a port that charges on its plan (its SoC is expected to move). */
const CHARGING_REASONS = new Set([...PLANNED_REASONS, 'minimum']);

type Image = Record<string, unknown>;
/** Why a readings change makes its site plan again. */
export type ReadingEvent = 'firstSoc' | 'batteryLearnt' | 'drawBehind' | 'socBehind' | 'vehicleState';

/**
 * A site's reason to plan again from its readings: the event, and for `vehicleState` when the
 * latest plan-changing state was stored (ms since epoch; `requestAllocation`'s `storedAt`).
 */
export interface ReadingTrigger {
  event: ReadingEvent;
  storedAt?: number;
}

const socOf = (image: Image | undefined) => numberOf((image?.socPercent as Image | undefined)?.value);

/** The same session's earlier image, when the change's old image is one. */
function sameSession(change: TableChange): Image | undefined {
  const before = change.oldImage;
  return before && before.sessionId === change.newImage?.sessionId ? before : undefined;
}

/**
 * The event read from a readings change's images alone (first SoC, battery learnt), if any: a
 * session in progress only.
 */
export function imageEventOf(change: TableChange): ReadingEvent | undefined {
  const after = change.newImage;
  if (!after || after.endedAt !== undefined || entityOf(change) !== 'portReadings') return undefined;
  const before = sameSession(change);
  const start = numberOf(after.socStartPercent);
  if (start === undefined) return undefined;
  if (numberOf(before?.socStartPercent) === undefined) return 'firstSoc';
  const rise = (image: Image | undefined) => (socOf(image) ?? start) - start;
  return rise(after) >= CAPACITY_ESTIMATE_MIN_SOC_RISE && rise(before) < CAPACITY_ESTIMATE_MIN_SOC_RISE
    ? 'batteryLearnt'
    : undefined;
}

/**
 * The vehicle of a `vehicle` change that can change a plan: a newer telematics reading, or its
 * set capacity changed. Undefined for any other change (a name, a tag, a VIN).
 */
export function vehicleStateChangeOf(change: TableChange): VehicleStateChange | undefined {
  const after = change.newImage;
  if (!after || entityOf(change) !== 'vehicle') return undefined;
  const before = change.oldImage ?? {};
  const changed = (['telematicsReadAt', 'batteryCapacityKwh'] as const).some((field) => before[field] !== after[field]);
  const organizationId = numberOf(after.organizationId);
  const vehicleId = numberOf(after.vehicleId);
  return changed && organizationId !== undefined && vehicleId !== undefined
    ? { organizationId, vehicleId, vehicle: after as VehicleItem }
    : undefined;
}

/** A vehicle's changed state, as its item's stream image brings it. */
export interface VehicleStateChange {
  organizationId: number;
  vehicleId: number;
  /** The vehicle item after the change (its telematics reading, its capacities). */
  vehicle: VehicleItem;
}

/** The parts of a stored port line that the behind-plan rule reads. */
export interface PlannedLine {
  sessionId: number;
  chargerId: number;
  portNumber: number;
  reason: string;
  limitW: number;
  /** The port's planned limits from the allocation on: `start` ms since epoch, W. */
  plan?: readonly { start: number; limitW: number }[];
  sentAt?: string;
  /** The vehicle's SoC and target when the plan was made, %, and when the plan delivers its need (ms since epoch). */
  socPercent?: number;
  targetSoc?: number;
  eta?: number;
  /** Its departure (ISO 8601). */
  departureTime?: string;
  /** The vehicle it charges, and where the SoC the plan used came from. */
  vehicleId?: number;
  socSource?: string;
  /** The usable capacity the need used, Wh, and its source (`api`, `vehicle`, `telematics`, `learned`, `session`, `default`). */
  batteryCapacityWh?: number;
  batteryCapacitySource?: string;
}

/** The parts of a stored allocation that the behind-plan rule reads. */
export interface PlannedAllocation {
  computedAt: string;
  costLimit?: number;
  capacityLimit?: number;
  ports: readonly PlannedLine[];
}

/** The planned limit in force at `t` (ms) and when the charger began to apply it (ms). */
function limitAt(line: PlannedLine, computedAt: number, t: number): { limitW: number; since: number } {
  const sent = line.sentAt ? Date.parse(line.sentAt) : computedAt;
  const entries = (line.plan ?? []).filter((entry) => entry.start <= t);
  const entry = entries.at(-1);
  if (!entry) return { limitW: line.limitW, since: Math.max(computedAt, sent) };
  return { limitW: entry.limitW, since: Math.max(entry.start, computedAt, sent) };
}

/**
 * Whether the readings of an image show its vehicle behind its plan (see the module): every power
 * reading of the open slot in the last {@link BEHIND_SUSTAIN_MS} (at least two) below
 * {@link BEHIND_DRAW_SHARE} of the limit in force, each taken {@link BEHIND_SETTLE_MS} after it
 * began.
 */
export function drawBehind(image: Image | undefined, line: PlannedLine, computedAt: number): boolean {
  if (!image || image.sessionId !== line.sessionId || !PLANNED_REASONS.has(line.reason)) return false;
  const readings = ((image.slotReadings as { t: number; p?: number }[] | undefined) ?? []).filter(
    (r) => r.p !== undefined,
  );
  const last = readings.at(-1);
  if (!last) return false;
  const window = readings.filter((r) => r.t >= last.t - BEHIND_SUSTAIN_MS);
  if (window.length < 2 || window[0]!.t > last.t - BEHIND_SUSTAIN_MS + BEHIND_SUSTAIN_MS / 2) return false;
  if (last.t - BEHIND_SUSTAIN_MS < computedAt + BEHIND_SETTLE_MS) return false;
  return window.every((r) => {
    const { limitW, since } = limitAt(line, computedAt, r.t);
    return r.t >= since + BEHIND_SETTLE_MS && limitW > 0 && r.p! * 1000 < BEHIND_DRAW_SHARE * limitW;
  });
}

/** Energy the plan gives a port from `from` to `to` (ms), Wh. */
function plannedWh(line: PlannedLine, from: number, to: number): number {
  const plan = line.plan?.length ? line.plan : [{ start: from, limitW: line.limitW }];
  return plan.reduce((sum, entry, k) => {
    const start = Math.max(from, entry.start);
    const end = Math.min(to, plan[k + 1]?.start ?? to);
    return sum + (entry.limitW * Math.max(0, end - start)) / 3_600_000;
  }, 0);
}

/**
 * The SoC the plan expects at `at` (ms), %: the plan takes the vehicle from its SoC to its target
 * by its ETA (or its departure, when sooner), so by then it expects the share of that rise that the
 * plan's energy so far is of its energy to then (no battery size needed). Undefined when the line
 * has no SoC, target above it, ETA, or energy planned.
 */
function expectedSocAt(line: PlannedLine, computedAt: number, at: number): number | undefined {
  const { socPercent: from, targetSoc: target, eta } = line;
  if (from === undefined || target === undefined || eta === undefined || !(target > from)) return undefined;
  const end = Math.min(eta, line.departureTime ? Date.parse(line.departureTime) : eta);
  const total = plannedWh(line, computedAt, end);
  if (!(total > 0)) return undefined;
  return from + (target - from) * Math.min(1, plannedWh(line, computedAt, Math.min(at, end)) / total);
}

/**
 * Whether the SoC of an image lags what its plan expects by now ({@link expectedSocAt}) by more
 * than {@link BEHIND_SOC_POINTS}: a battery larger than the plan assumed, or a vehicle drawing
 * less than planned, shows as a lag. Judged once {@link BEHIND_SETTLE_MS} + {@link BEHIND_SUSTAIN_MS}
 * have passed since the plan.
 */
export function socBehind(image: Image | undefined, line: PlannedLine, computedAt: number): boolean {
  if (!image || image.sessionId !== line.sessionId || !CHARGING_REASONS.has(line.reason)) return false;
  const soc = socOf(image);
  const at = Date.parse(String((image.socPercent as Image | undefined)?.timestamp));
  if (soc === undefined || !(at >= computedAt + BEHIND_SETTLE_MS + BEHIND_SUSTAIN_MS)) return false;
  const expected = expectedSocAt(line, computedAt, at);
  return expected !== undefined && soc < expected - BEHIND_SOC_POINTS;
}

/**
 * Whether a vehicle's new state changes what its stored plan line planned with (see the module):
 * - its telematics SoC, when no older than {@link TELEMATICS_MAX_AGE_MS} at `now` (the planner
 *   ignores an older one): the plan had no SoC, or the reading is more than
 *   {@link BEHIND_SOC_POINTS} from the SoC the plan expects at the reading's time (the plan's own
 *   SoC for a reading older than the plan, or a line without a target, ETA or energy planned);
 * - with a SoC planned, its usable capacity by trust ({@link knownCapacityOf}, the line's ISO 15118
 *   capacity counted) differs from the known capacity the need used (one set, changed or removed;
 *   without a SoC the plan uses no capacity).
 * @param computedAt the stored allocation's time, ms since epoch
 * @param now ms since epoch
 */
export function stateChangesPlan(vehicle: VehicleItem, line: PlannedLine, computedAt: number, now: number): boolean {
  const fresh = freshTelematicsSoc(vehicle, now);
  if (line.socPercent === undefined) return fresh !== undefined;
  const evCapacityWh = line.batteryCapacitySource === 'vehicle' ? line.batteryCapacityWh : undefined;
  const known = knownCapacityOf(vehicle, evCapacityWh);
  // Only a known capacity makes the need known (the others are the planner's own estimates).
  const plannedKnown = (KNOWN_CAPACITY_SOURCES as readonly string[]).includes(line.batteryCapacitySource ?? '');
  const planned = plannedKnown ? line.batteryCapacityWh : undefined;
  if ((known && Math.round(known.wh)) !== planned) return true;
  if (!fresh) return false;
  const expected = (fresh.at > computedAt ? expectedSocAt(line, computedAt, fresh.at) : undefined) ?? line.socPercent;
  return Math.abs(fresh.percent - expected) > BEHIND_SOC_POINTS;
}

/**
 * Whether a readings change is the one where its vehicle falls behind the stored allocation's plan
 * (its draw, else its SoC), and which.
 */
export function fallsBehind(
  change: TableChange,
  allocation: PlannedAllocation,
): 'drawBehind' | 'socBehind' | undefined {
  const after = change.newImage;
  if (!after || after.endedAt !== undefined) return undefined;
  if (allocation.costLimit === undefined && allocation.capacityLimit === undefined) return undefined;
  const line = allocation.ports.find((p) => p.chargerId === after.chargerId && p.portNumber === after.portNumber);
  if (!line) return undefined;
  const computedAt = Date.parse(allocation.computedAt);
  const before = sameSession(change);
  if (drawBehind(after, line, computedAt) && !drawBehind(before, line, computedAt)) return 'drawBehind';
  if (socBehind(after, line, computedAt) && !socBehind(before, line, computedAt)) return 'socBehind';
  return undefined;
}

/** The site of a readings item: its own `siteId`, else its charger's (1 GetItem, once per charger per batch). */
async function siteOfReadings(db: Db, image: Image, chargers: Map<number, Promise<number | undefined>>) {
  const siteId = numberOf(image.siteId);
  if (siteId !== undefined) return siteId;
  const chargerId = numberOf(image.chargerId);
  if (chargerId === undefined) return undefined;
  if (!chargers.has(chargerId))
    chargers.set(
      chargerId,
      db.charger
        .get({ chargerId })
        .go()
        .then(({ data }) => data?.siteId),
    );
  return chargers.get(chargerId);
}

/**
 * The sites whose vehicles' readings in a batch call for a new plan (see the module), with the
 * event of each (for the log) and, for a vehicle's state, when it was stored.
 * Requests: 1 GetItem of a charger whose readings item predates `siteId`; for a batch with vehicle
 * states, the scheduled sites (through `scheduled`: the trigger passes its batch's one Query); and
 * the stored allocations of the sites to judge (those with readings no image decides, and those of
 * the vehicles' organizations), each read once, together (1 BatchGetItem per 100 sites). Nothing
 * more: whether a running allocation reads a vehicle's state is the request's condition.
 * @param scheduled the scheduled sites, asked only when the batch holds a vehicle's state
 * @param triggered sites the batch allocates again anyway: not judged, their allocations not read
 * @param now ms since epoch (a telematics reading's age; a state's stored-at when it has no `updatedAt`)
 */
async function readingReallocations(
  db: Db,
  changes: readonly TableChange[],
  scheduled: () => Promise<readonly ScheduledSite[]>,
  triggered: ReadonlySet<number> = new Set(),
  now = Date.now(),
): Promise<Map<number, ReadingTrigger>> {
  const sites = new Map<number, ReadingTrigger>();
  const decided = (siteId: number) => sites.has(siteId) || triggered.has(siteId);
  const chargers = new Map<number, Promise<number | undefined>>();
  const pending = new Map<number, TableChange[]>();
  for (const change of changes) {
    const after = change.newImage;
    if (entityOf(change) !== 'portReadings' || !after || after.endedAt !== undefined) continue;
    const siteId = await siteOfReadings(db, after, chargers);
    if (siteId === undefined || decided(siteId)) continue;
    const event = imageEventOf(change);
    if (event) sites.set(siteId, { event });
    else pending.set(siteId, [...(pending.get(siteId) ?? []), change]);
  }
  const vehicles = changes.flatMap((change) => vehicleStateChangeOf(change) ?? []);
  const organizations = new Set(vehicles.map((v) => v.organizationId));
  const vehicleSites = organizations.size
    ? (await scheduled()).filter((s) => organizations.has(s.organizationId) && !decided(s.siteId))
    : [];
  const toRead = new Set([...pending.keys(), ...vehicleSites.map((s) => s.siteId)].filter((id) => !decided(id)));
  const allocations = new Map(
    toRead.size
      ? (
          await batchGet(
            db.siteAllocation,
            [...toRead].map((siteId) => ({ siteId })),
          )
        ).map((a) => [a.siteId, a])
      : [],
  );
  for (const [siteId, siteChanges] of pending) {
    const allocation = allocations.get(siteId);
    if (!allocation || decided(siteId)) continue;
    const event = siteChanges.map((change) => fallsBehind(change, allocation as PlannedAllocation)).find(Boolean);
    if (event) sites.set(siteId, { event });
  }
  // The latest change of each vehicle in the batch (a stream batch keeps an item's changes in order).
  const states = new Map(vehicles.map((v) => [`${v.organizationId}:${v.vehicleId}`, v.vehicle]));
  // Each site whose plan a vehicle's state changes, with when the latest such state was stored.
  for (const { siteId, organizationId } of vehicleSites) {
    const allocation = allocations.get(siteId);
    if (!allocation || decided(siteId)) continue;
    const computedAt = Date.parse(allocation.computedAt);
    for (const line of allocation.ports) {
      const vehicle = states.get(`${organizationId}:${line.vehicleId}`);
      if (!vehicle || !stateChangesPlan(vehicle, line as PlannedLine, computedAt, now)) continue;
      const storedAt = Math.max(sites.get(siteId)?.storedAt ?? 0, Date.parse(vehicle.updatedAt) || now);
      sites.set(siteId, { event: 'vehicleState', storedAt });
    }
  }
  return sites;
}

/**
 * Every site a batch of the table's changes makes allocate again: the sites of its changes
 * (`triggers.ts`), every scheduled site of an organization whose departure plan changed, and the
 * sites of its readings and vehicle states ({@link readingReallocations}).
 * Requests: at most 1 Query of the scheduled sites per batch (only when it holds a departure plan
 * or a vehicle's state), and what {@link readingReallocations} reads.
 * @param now ms since epoch (a telematics reading's age)
 * @returns site → the `storedAt` to request its allocation with (`requestAllocation`): when the
 *   vehicle state that triggers it was stored, ms since epoch; undefined for any other trigger
 *   (always counted)
 */
export async function triggeredSites(
  db: Db,
  changes: readonly TableChange[],
  now = Date.now(),
): Promise<Map<number, number | undefined>> {
  const { siteIds, organizationIds } = reallocationsOf(changes);
  const scheduled = scheduledSitesOnce(db);
  if (organizationIds.size) {
    for (const site of await scheduled()) if (organizationIds.has(site.organizationId)) siteIds.add(site.siteId);
  }
  const readings = await readingReallocations(db, changes, scheduled, siteIds, now);
  return new Map([
    ...[...siteIds].map((siteId) => [siteId, undefined] as const),
    ...[...readings].map(([siteId, { storedAt }]) => [siteId, storedAt] as const),
  ]);
}
