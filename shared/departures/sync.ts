/**
 * Departure-time synchronisation and reads (spec §4.2, §3.3, §5.3, §7; reference notes
 * "Departure times"): `POST /api/departure-times/vehicle`, `POST /api/departure-times/batch` and
 * `GET /api/departure-times/vehicle`.
 *
 * A request names its vehicle by `vehicleId` or by `vehicleVin`. A VIN of a vehicle of the
 * organization means that vehicle; an unknown VIN keeps the departures under the VIN until a
 * vehicle with it exists (then the next synchronisation of that vehicle links them). The storage
 * and its concurrency guarantee are described in `./store.ts`.
 */
import type { z } from 'zod';
import type { Db } from '../db';
import { allocateIds } from '../db';
import { untilProcessed } from '../db/retries';
import { BadRequestError, ConflictError, NotFoundError, ProblemError, validationError } from '../api/errors';
import type { ApiPrincipal } from '../api/auth';
import { DepartureSyncBody } from '../api/schemas/departures';
import type * as schemas from '../api/schemas/departures';
import { VEHICLE_CONSTRAINTS, normalizeVin } from '../access/vehicles';
import { byDepartureTime, isPast, ownerFields, ownerKey, type DepartureInput, type DepartureOwner } from './rules';
import { readPlans, replaceFutureDepartures, type PlannedDeparture, type PlanWrite } from './store';

/** A validated single-vehicle synchronisation (the body of `POST /api/departure-times/vehicle`). */
export type DepartureSyncRequest = z.output<typeof DepartureSyncBody>;
/** One submitted departure with its outcome. */
export type DepartureTimeResult = z.output<typeof schemas.DepartureTimeResult>;
/** One result of the batch. */
export type DepartureBatchResult = z.output<typeof schemas.DepartureBatchResult>;
/** One stored upcoming departure. */
export type UpcomingDepartureTime = z.output<typeof schemas.UpcomingDepartureTime>;
/** How a request names its vehicle: exactly one of the two is set (the request schemas check it). */
export interface VehicleRef {
  vehicleId?: number | null;
  vehicleVin?: string | null;
}

/**
 * Spec §4.2 / §5.3: departure-time operations need an organization-scoped API key.
 * @throws BadRequestError (400) for any other key
 */
export function assertOrganizationScope(principal: ApiPrincipal): void {
  if (principal.scope === 'organization') return;
  throw new BadRequestError('Departure-time operations require an organization-scoped API key (spec §5.3); this key is scoped to one site', [
    { path: 'headers.authorization', message: 'must be an organization-scoped API key' },
  ]);
}

/** Where a request's departures go: the owner, and the VIN whose unlinked departures it links. */
interface Target {
  owner: DepartureOwner;
  linkVin?: string;
}

/**
 * Resolves vehicle references of one organization with at most two BatchGets (vehicles by ID,
 * VIN markers), in the order given.
 * @returns a target per reference, or a NotFoundError for a `vehicleId` not in the organization
 */
async function resolveTargets(db: Db, organizationId: number, refs: VehicleRef[]): Promise<(Target | NotFoundError)[]> {
  const ids = [...new Set(refs.flatMap((r) => (r.vehicleId ? [r.vehicleId] : [])))];
  const vins = [...new Set(refs.flatMap((r) => (r.vehicleVin ? [normalizeVin(r.vehicleVin)] : [])))];
  const constraint = VEHICLE_CONSTRAINTS.vin(organizationId);
  const [vehicles, markers] = await Promise.all([
    ids.length ? untilProcessed(() => db.vehicle.get(ids.map((vehicleId) => ({ organizationId, vehicleId }))).go()) : { data: [] },
    vins.length ? untilProcessed(() => db.uniqueValue.get(vins.map((value) => ({ constraint, value }))).go()) : { data: [] },
  ]);
  const vinOf = new Map(vehicles.data.map((v) => [v.vehicleId, v.vin]));
  const vehicleOf = new Map(markers.data.map((m) => [m.value, m.targetId]));
  return refs.map((ref) => {
    if (ref.vehicleId) {
      if (!vinOf.has(ref.vehicleId)) return new NotFoundError(`Vehicle ${ref.vehicleId} not found`);
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
function planRequest(index: number, target: Target, departures: DepartureInput[], now: number, nextId: () => number): Job {
  const rows: DepartureTimeResult[] = [];
  const planned: PlannedDeparture[] = [];
  for (const d of departures) {
    const skipped = isPast(d.departureTime, now);
    const id = skipped ? null : nextId();
    const names = { shiftName: d.shiftName ?? null, routeName: d.routeName ?? null };
    rows.push({ departureTime: d.departureTime, outcome: skipped ? 'skipped' : 'created', id, ...ownerFields(target.owner), ...names, targetSoc: d.targetSoc });
    if (id !== null) planned.push({ departureId: id, departureTime: d.departureTime, shiftName: d.shiftName ?? undefined, routeName: d.routeName ?? undefined, targetSoc: d.targetSoc });
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
    (result[round] ??= []).push(job);
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
 * @returns per request, its outcome or the problem that failed it (404 unknown vehicleId,
 *   409 still conflicting after every retry)
 */
async function synchronise(db: Db, organizationId: number, requests: DepartureSyncRequest[], now: number): Promise<(Synchronised | ProblemError)[]> {
  // IDs are allocated alongside the lookups (a request that then fails leaves a gap in the IDs).
  const futureCount = requests.reduce((n, r) => n + r.departureTimes.filter((d) => !isPast(d.departureTime, now)).length, 0);
  const [targets, firstId] = await Promise.all([resolveTargets(db, organizationId, requests), futureCount ? allocateIds(db, 'departure', futureCount) : 0]);
  let nextId = firstId;
  const jobs: Job[] = [];
  const results: (Synchronised | ProblemError)[] = targets.map((t) => (t instanceof ProblemError ? t : { owner: t.owner, rows: [] }));
  requests.forEach((request, index) => {
    const target = targets[index]!;
    if (!(target instanceof ProblemError)) jobs.push(planRequest(index, target, request.departureTimes, now, () => nextId++));
  });
  for (const round of rounds(jobs)) {
    const writes: PlanWrite[] = round.map((job) => ({ organizationId, owner: job.target.owner, linkVin: job.target.linkVin, departures: job.planned }));
    const committed = await replaceFutureDepartures(db, writes, now);
    round.forEach((job, i) => {
      results[job.index] = committed[i]
        ? { owner: job.target.owner, rows: job.rows }
        : new ConflictError(`The departures of ${describe(job.target.owner)} kept changing through concurrent synchronisations; retry`);
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
 * @throws BadRequestError (400) key not organization-scoped; NotFoundError (404) `vehicleId` not in
 *   the organization; ConflictError (409) the vehicle's departures kept changing concurrently
 */
export async function syncVehicleDepartures(db: Db, principal: ApiPrincipal, request: DepartureSyncRequest, now = Date.now()): Promise<DepartureTimeResult[]> {
  assertOrganizationScope(principal);
  const [result] = await synchronise(db, principal.organizationId, [request], now);
  if (result instanceof ProblemError) throw result;
  return result!.rows;
}

/** The `vehicleId` / `vehicleVin` an invalid batch item submitted, when they have the right type. */
function submittedRef(item: unknown): { vehicleId: number | null; vehicleVin: string | null } {
  const { vehicleId, vehicleVin } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
  return {
    vehicleId: typeof vehicleId === 'number' && Number.isSafeInteger(vehicleId) ? vehicleId : null,
    vehicleVin: typeof vehicleVin === 'string' ? vehicleVin : null,
  };
}

/** One message naming every invalid field of a batch item (`Invalid body.vehicles.2.departureTimes.0.targetSoc: …`). */
function itemProblem(index: number, error: z.ZodError): string {
  const fields = validationError(`body.vehicles.${index}`, error).errors ?? [];
  return `Invalid ${fields.map((f) => `${f.path}: ${f.message}`).join('; ')}`;
}

/**
 * `POST /api/departure-times/batch` (spec §4.2, §7): each item follows the single-vehicle rules
 * and is validated and processed on its own; a failing item becomes an `error` result and never
 * fails the others. Results are in input order. Vehicles are resolved, and departure IDs allocated,
 * for the whole batch at once.
 * @param items the raw items (their number is limited by the request schema)
 * @throws BadRequestError (400) when the key is not organization-scoped
 */
export async function syncDepartureBatch(db: Db, principal: ApiPrincipal, items: unknown[], now = Date.now()): Promise<DepartureBatchResult[]> {
  assertOrganizationScope(principal);
  const parsed = items.map((item) => DepartureSyncBody.safeParse(item));
  const valid = parsed.flatMap((p, index) => (p.success ? [{ index, request: p.data }] : []));
  const outcomes = await synchronise(db, principal.organizationId, valid.map((v) => v.request), now);
  const byIndex = new Map(valid.map((v, i) => [v.index, { request: v.request, outcome: outcomes[i]! }]));
  return items.map((item, index): DepartureBatchResult => {
    const done = byIndex.get(index);
    if (!done) return { ...submittedRef(item), outcome: 'error', error: itemProblem(index, parsed[index]!.error!) };
    if (done.outcome instanceof ProblemError) return { ...submittedRef(item), outcome: 'error', error: done.outcome.message };
    return { ...ownerFields(done.outcome.owner), outcome: 'success', departureTimes: done.outcome.rows };
  });
}

/**
 * `GET /api/departure-times/vehicle` (ours): the vehicle's departures after the server's clock,
 * by time. For a vehicle with a VIN this includes departures still stored under the VIN (not
 * linked yet; they show `vehicleId` null and the VIN). An unknown VIN answers the departures
 * stored under it (none: an empty list).
 * Requests: 1 BatchGet (vehicle or VIN marker) and 1 BatchGet (plans).
 * @throws BadRequestError (400) key not organization-scoped; NotFoundError (404) `vehicleId` not in the organization
 */
export async function listUpcomingDepartures(db: Db, principal: ApiPrincipal, ref: VehicleRef, now = Date.now()): Promise<UpcomingDepartureTime[]> {
  assertOrganizationScope(principal);
  const [target] = await resolveTargets(db, principal.organizationId, [ref]);
  if (target instanceof ProblemError) throw target;
  const owners: DepartureOwner[] = [target!.owner, ...(target!.linkVin ? [{ vehicleVin: target!.linkVin }] : [])];
  const plans = await readPlans(db, principal.organizationId, owners);
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
