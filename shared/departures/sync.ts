/**
 * Departure-time synchronisation and reads (spec §4.2, §3.3, §7; reference notes "Departure
 * times"): the single-vehicle and batch synchronisations and the upcoming departures of a vehicle.
 * Callers confine them to an organization-scoped key (spec §5.3).
 *
 * A request names its vehicle by `vehicleId` or by `vehicleVin`. A VIN of a vehicle of the
 * organization means that vehicle; an unknown VIN keeps the departures under the VIN until a
 * vehicle with it exists (then the next synchronisation of that vehicle links them). The storage
 * and its concurrency guarantee are described in `./store.ts`.
 */
import { allocateIds, batchGet, type Db } from '../db';
import { BusyError, type DomainError } from '../errors';
import { VehicleNotFoundError } from '../access/errors';
import { VEHICLE_CONSTRAINTS, normalizeVin } from '../access/items';
import {
  byDepartureTime,
  isPast,
  ownerFields,
  ownerKey,
  type DepartureBatchEntry,
  type DepartureBatchResult,
  type DepartureInput,
  type DepartureOwner,
  type DepartureSyncRequest,
  type DepartureTimeResult,
  type UpcomingDepartureTime,
  type VehicleRef,
} from './rules';
import { readPlans, replaceFutureDepartures, type PlannedDeparture, type PlanWrite } from './store';

/** Where a request's departures go: the owner, and the VIN whose unlinked departures it links. */
interface Target {
  owner: DepartureOwner;
  linkVin?: string;
}

/**
 * Resolves vehicle references of one organization with at most two BatchGets (vehicles by ID,
 * VIN markers), in the order given.
 * @returns a target per reference, or a VehicleNotFoundError for a `vehicleId` not in the organization
 */
async function resolveTargets(
  db: Db,
  organizationId: number,
  refs: VehicleRef[],
): Promise<(Target | VehicleNotFoundError)[]> {
  const ids = [...new Set(refs.flatMap((r) => (r.vehicleId ? [r.vehicleId] : [])))];
  const vins = [...new Set(refs.flatMap((r) => (r.vehicleVin ? [normalizeVin(r.vehicleVin)] : [])))];
  const constraint = VEHICLE_CONSTRAINTS.vin(organizationId);
  const [vehicles, markers] = await Promise.all([
    ids.length
      ? batchGet(
          db.vehicle,
          ids.map((vehicleId) => ({ organizationId, vehicleId })),
        )
      : [],
    vins.length
      ? batchGet(
          db.uniqueValue,
          vins.map((value) => ({ constraint, value })),
        )
      : [],
  ]);
  const vinOf = new Map(vehicles.map((v) => [v.vehicleId, v.vin]));
  const vehicleOf = new Map(markers.map((m) => [m.value, m.targetId]));
  return refs.map((ref) => {
    if (ref.vehicleId) {
      if (!vinOf.has(ref.vehicleId)) return new VehicleNotFoundError(ref.vehicleId, 'vehicleId');
      const vin = vinOf.get(ref.vehicleId);
      return { owner: { vehicleId: ref.vehicleId }, linkVin: vin ? normalizeVin(vin) : undefined };
    }
    const vin = normalizeVin(ref.vehicleVin!);
    const vehicleId = vehicleOf.get(vin);
    return vehicleId === undefined ? { owner: { vehicleVin: vin } } : { owner: { vehicleId }, linkVin: vin };
  });
}

/** One resolved request: its answer rows and the plan it writes. */
interface Job {
  index: number;
  target: Target;
  rows: DepartureTimeResult[];
  planned: PlannedDeparture[];
}

/** Spec §4.2 steps 2–4 for one request: past → `skipped` (no ID), future → `created` with IDs from `nextId`. */
function planRequest(
  index: number,
  target: Target,
  departures: DepartureInput[],
  now: number,
  nextId: () => number,
): Job {
  const rows: DepartureTimeResult[] = [];
  const planned: PlannedDeparture[] = [];
  for (const d of departures) {
    const skipped = isPast(d.departureTime, now);
    const id = skipped ? null : nextId();
    const names = { shiftName: d.shiftName ?? null, routeName: d.routeName ?? null };
    rows.push({
      departureTime: d.departureTime,
      outcome: skipped ? 'skipped' : 'created',
      id,
      ...ownerFields(target.owner),
      ...names,
      targetSoc: d.targetSoc,
    });
    if (id !== null)
      planned.push({
        departureId: id,
        departureTime: d.departureTime,
        shiftName: d.shiftName ?? undefined,
        routeName: d.routeName ?? undefined,
        targetSoc: d.targetSoc,
      });
  }
  return { index, target, rows, planned };
}

/**
 * Splits jobs into rounds in which each owner appears once, in input order, so that a batch
 * naming a vehicle twice applies its items one after the other (the later one wins).
 */
function rounds(jobs: Job[]): Job[][] {
  const result: Job[][] = [];
  const seen = new Map<string, number>();
  for (const job of jobs) {
    const key = ownerKey(job.target.owner);
    const round = seen.get(key) ?? 0;
    seen.set(key, round + 1);
    result[round] ??= [];
    result[round].push(job);
  }
  return result;
}

/** A synchronised request: whose departures they are, and the answer rows. */
interface Synchronised {
  owner: DepartureOwner;
  rows: DepartureTimeResult[];
}

/**
 * Synchronises several vehicles of one organization: resolves them together while allocating the
 * IDs of every future departure in one block, then replaces each vehicle's future set (see
 * `./store.ts`).
 * @returns per request, its outcome or the error that failed it (VehicleNotFoundError; BusyError
 *   when still conflicting after every retry)
 */
async function synchronise(
  db: Db,
  organizationId: number,
  requests: DepartureSyncRequest[],
  now: number,
): Promise<(Synchronised | DomainError)[]> {
  // IDs are allocated alongside the lookups (a request that then fails leaves a gap in the IDs).
  const futureCount = requests.reduce(
    (n, r) => n + r.departureTimes.filter((d) => !isPast(d.departureTime, now)).length,
    0,
  );
  const [targets, firstId] = await Promise.all([
    resolveTargets(db, organizationId, requests),
    futureCount ? allocateIds(db, 'departure', futureCount) : 0,
  ]);
  let nextId = firstId;
  const jobs: Job[] = [];
  const results: (Synchronised | DomainError)[] = targets.map((t) =>
    t instanceof VehicleNotFoundError ? t : { owner: t.owner, rows: [] },
  );
  requests.forEach((request, index) => {
    const target = targets[index]!;
    if (!(target instanceof VehicleNotFoundError))
      jobs.push(planRequest(index, target, request.departureTimes, now, () => nextId++));
  });
  for (const round of rounds(jobs)) {
    const writes: PlanWrite[] = round.map((job) => ({
      organizationId,
      owner: job.target.owner,
      linkVin: job.target.linkVin,
      departures: job.planned,
    }));
    const committed = await replaceFutureDepartures(db, writes, now);
    round.forEach((job, i) => {
      results[job.index] = committed[i]
        ? { owner: job.target.owner, rows: job.rows }
        : new BusyError(
            `The departures of ${describe(job.target.owner)} kept changing through concurrent synchronisations; retry`,
          );
    });
  }
  return results;
}

function describe(owner: DepartureOwner): string {
  return owner.vehicleId !== undefined ? `vehicle ${owner.vehicleId}` : `VIN ${owner.vehicleVin}`;
}

/**
 * `POST /api/departure-times/vehicle` (spec §4.2): deletes every future departure of the vehicle,
 * reports the request's past departures as `skipped`, inserts its future ones as `created`, and
 * answers every submitted departure in request order. Stored past departures are kept; an empty
 * list removes every future departure. "Past" is decided against the server's clock (`now`).
 * Requests: 1 BatchGet (vehicle or VIN marker), 1 UpdateItem (IDs), 1 BatchGet (plans), 1 PutItem.
 * @throws VehicleNotFoundError (`vehicleId` not in the organization); BusyError (the vehicle's
 *   departures kept changing concurrently)
 */
export async function syncVehicleDepartures(
  db: Db,
  organizationId: number,
  request: DepartureSyncRequest,
  now = Date.now(),
): Promise<DepartureTimeResult[]> {
  const [result] = await synchronise(db, organizationId, [request], now);
  if (result && 'kind' in result) throw result;
  return result!.rows;
}

/**
 * `POST /api/departure-times/batch` (spec §4.2, §7): each item follows the single-vehicle rules
 * and is processed on its own; a failing item becomes an `error` result and never fails the
 * others. Results are in input order. Vehicles are resolved, and departure IDs allocated, for the
 * whole batch at once.
 * @param entries the items, each validated by the caller (an invalid one carries its message)
 */
export async function syncDepartureBatch(
  db: Db,
  organizationId: number,
  entries: DepartureBatchEntry[],
  now = Date.now(),
): Promise<DepartureBatchResult[]> {
  const valid = entries.flatMap((entry, index) => ('request' in entry ? [{ index, request: entry.request }] : []));
  const outcomes = await synchronise(
    db,
    organizationId,
    valid.map((v) => v.request),
    now,
  );
  const byIndex = new Map(valid.map((v, i) => [v.index, { request: v.request, outcome: outcomes[i]! }]));
  const failed = (vehicleId: number | null, vehicleVin: string | null, error: string): DepartureBatchResult => ({
    vehicleId,
    vehicleVin,
    outcome: 'error',
    error,
  });
  return entries.map((entry, index): DepartureBatchResult => {
    if ('invalid' in entry) return failed(entry.invalid.vehicleId, entry.invalid.vehicleVin, entry.invalid.error);
    const { request, outcome } = byIndex.get(index)!;
    if ('kind' in outcome) return failed(request.vehicleId ?? null, request.vehicleVin ?? null, outcome.message);
    return { ...ownerFields(outcome.owner), outcome: 'success', departureTimes: outcome.rows };
  });
}

/**
 * `GET /api/departure-times/vehicle` (ours): the vehicle's departures after the server's clock,
 * by time. For a vehicle with a VIN this includes departures still stored under the VIN (not
 * linked yet; they show `vehicleId` null and the VIN). An unknown VIN answers the departures
 * stored under it (none: an empty list).
 * Requests: 1 BatchGet (vehicle or VIN marker) and 1 BatchGet (plans).
 * @throws VehicleNotFoundError (`vehicleId` not in the organization)
 */
export async function listUpcomingDepartures(
  db: Db,
  organizationId: number,
  ref: VehicleRef,
  now = Date.now(),
): Promise<UpcomingDepartureTime[]> {
  const [target] = await resolveTargets(db, organizationId, [ref]);
  if (target instanceof VehicleNotFoundError) throw target;
  const owners: DepartureOwner[] = [target!.owner, ...(target!.linkVin ? [{ vehicleVin: target!.linkVin }] : [])];
  const plans = await readPlans(db, organizationId, owners);
  return owners
    .flatMap((owner) =>
      (plans.get(ownerKey(owner))?.departures ?? [])
        .filter((d) => !isPast(d.departureTime, now))
        .map((d) => ({
          id: d.departureId,
          departureTime: d.departureTime,
          ...ownerFields(owner),
          shiftName: d.shiftName ?? null,
          routeName: d.routeName ?? null,
          targetSoc: d.targetSoc,
        })),
    )
    .sort(byDepartureTime);
}
