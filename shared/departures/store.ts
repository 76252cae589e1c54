/**
 * Storage of departure times (spec §4.2), and why it cannot lose departures when two
 * synchronisations of the same vehicle overlap.
 *
 * Each owner (a vehicle, or a VIN that no vehicle has yet) has ONE `departurePlan` item holding the
 * set its last synchronisation wrote, with a `version`. A synchronisation reads the plan
 * (strongly consistent), moves the entries whose time has passed to `departure` items (they are
 * stored past departures and must be kept), and replaces the plan with its own future departures
 * in a single PutItem conditioned on the version it read. Deleting the old future departures and
 * inserting the new ones is therefore one atomic write: two overlapping synchronisations cannot
 * interleave; the one whose condition fails reads again and writes on top of the winner. The
 * stored future set is always exactly one request's set (the last to commit), never a mix and
 * never empty because of the overlap. (A set of items written with TransactWriteItems would hit its
 * 100-item limit at 50 deletes + 50 inserts; one item holds 500 departures, well under 400 KB.)
 *
 * Linking (spec §4.2: departures stored under an unknown VIN "are linked automatically at the
 * first later synchronisation after a vehicle with that VIN exists"): a synchronisation of a
 * vehicle that has a VIN also reads the VIN's plan. The VIN's past entries and kept past
 * departures are moved under the vehicle, its future entries are replaced like the vehicle's own,
 * and the VIN's plan is deleted in the same transaction as the vehicle's plan is written (both
 * conditioned on their versions).
 *
 * Archiving past entries and moving past departures are idempotent puts (keyed by owner, time and
 * departure ID) done before the conditional write, so a retry or a crash in between can only
 * write the same item again.
 */
import type { EntityItem } from 'electrodb';
import { batchDelete, batchGet, batchPut, RetryableError, transact, withRetry, type Db } from '../db';
import { conditionHeld } from '../db/conditions';
import { isPast, ownerKey, type DepartureOwner } from './rules';

/** A stored plan: the future departures of one owner as its last synchronisation set them. */
export type DeparturePlanItem = EntityItem<Db['departurePlan']>;
/** One departure in a plan. */
export type PlannedDeparture = DeparturePlanItem['departures'][number];
/** A kept past departure. */
export type DepartureItem = EntityItem<Db['departure']>;

/** Attempts a synchronisation makes before giving up on a vehicle whose plan keeps changing. */
export const MAX_SYNC_ATTEMPTS = 8;

/** What one synchronisation writes for one owner. */
export interface PlanWrite {
  organizationId: number;
  owner: DepartureOwner;
  /** Set when the owner is a vehicle with a VIN: departures stored under this VIN are linked to it. */
  linkVin?: string;
  /** The new future set, replacing every future departure of the owner (and of `linkVin`). */
  departures: PlannedDeparture[];
}

/**
 * Reads the plans of several owners of one organization: one strongly consistent BatchGet per
 * 100 owners.
 * @returns the plans found, by {@link ownerKey}
 */
export async function readPlans(
  db: Db,
  organizationId: number,
  owners: DepartureOwner[],
): Promise<Map<string, DeparturePlanItem>> {
  const keys = [...new Set(owners.map(ownerKey))].map((owner) => ({ organizationId, owner }));
  if (keys.length === 0) return new Map();
  const plans = await batchGet(db.departurePlan, keys, true);
  return new Map(plans.map((plan) => [plan.owner, plan]));
}

/** A plan entry as a kept past departure of `owner`. */
function toDepartureItem(
  organizationId: number,
  owner: DepartureOwner,
  entry: PlannedDeparture,
  syncedAt: string,
): DepartureItem {
  return {
    ...entry,
    organizationId,
    owner: ownerKey(owner),
    vehicleId: owner.vehicleId,
    vehicleVin: owner.vehicleVin,
    syncedAt,
  };
}

/** Writes kept past departures (idempotent puts, 25 per BatchWriteItem). */
async function putDepartures(db: Db, items: DepartureItem[]): Promise<void> {
  if (items.length) await batchPut(db.departure, items);
}

/**
 * Moves the kept past departures of a VIN under the vehicle that now has it: copies first, then
 * deletes the originals, so a crash in between leaves copies, never a loss.
 */
async function linkPastDepartures(db: Db, organizationId: number, vin: string, vehicle: DepartureOwner): Promise<void> {
  const from = { organizationId, owner: ownerKey({ vehicleVin: vin }) };
  const { data } = await db.departure.query.primary(from).go({ pages: 'all', consistent: true });
  if (data.length === 0) return;
  await putDepartures(
    db,
    data.map((item) => toDepartureItem(organizationId, vehicle, item, item.syncedAt)),
  );
  const keys = data.map((item) => ({ ...from, departureTime: item.departureTime, departureId: item.departureId }));
  await batchDelete(db.departure, keys);
}

/**
 * Replaces one owner's plan if it is still at the version read (and deletes the linked VIN's plan
 * in the same transaction).
 * @returns false when another synchronisation changed either plan first
 */
async function writePlan(
  db: Db,
  write: PlanWrite,
  current: DeparturePlanItem | undefined,
  linked: DeparturePlanItem | undefined,
  syncedAt: string,
): Promise<boolean> {
  const plan: DeparturePlanItem = {
    organizationId: write.organizationId,
    owner: ownerKey(write.owner),
    vehicleId: write.owner.vehicleId,
    vehicleVin: write.owner.vehicleVin,
    version: (current?.version ?? 0) + 1,
    syncedAt,
    departures: write.departures,
  };
  if (!linked) {
    return conditionHeld(
      (current
        ? db.departurePlan.put(plan).where(({ version }, { eq }) => eq(version, current.version))
        : db.departurePlan.create(plan)
      ).go(),
    );
  }
  const outcome = await transact(db, ({ departurePlan }) => ({
    plan: current
      ? departurePlan
          .put(plan)
          .where(({ version }, { eq }) => eq(version, current.version))
          .commit()
      : departurePlan.create(plan).commit(),
    linkedPlan: departurePlan
      .delete({ organizationId: linked.organizationId, owner: linked.owner })
      .where(({ version }, { eq }) => eq(version, linked.version))
      .commit(),
  }));
  return outcome.ok;
}

/**
 * One attempt for several owners (each at most once): reads their plans (and linked VINs'), keeps
 * the entries that became past, moves linked past departures, then writes each plan on its own.
 * @returns per write, whether it was committed
 */
async function attempt(db: Db, writes: PlanWrite[], now: number): Promise<boolean[]> {
  const organizationId = writes[0]!.organizationId;
  const linkedOwner = (w: PlanWrite): DepartureOwner | undefined => (w.linkVin ? { vehicleVin: w.linkVin } : undefined);
  const plans = await readPlans(
    db,
    organizationId,
    writes.flatMap((w) => (w.linkVin ? [w.owner, { vehicleVin: w.linkVin }] : [w.owner])),
  );
  const syncedAt = new Date(now).toISOString();
  const stored = writes.map((w) => {
    const linked = linkedOwner(w);
    return { current: plans.get(ownerKey(w.owner)), linked: linked && plans.get(ownerKey(linked)) };
  });
  const past = writes.flatMap((w, i) =>
    [stored[i]!.current, stored[i]!.linked].flatMap((plan) =>
      (plan?.departures ?? [])
        .filter((d) => isPast(d.departureTime, now))
        .map((d) => toDepartureItem(w.organizationId, w.owner, d, plan!.syncedAt)),
    ),
  );
  await putDepartures(db, past);
  await Promise.all(
    writes.map((w, i) =>
      stored[i]!.linked ? linkPastDepartures(db, w.organizationId, w.linkVin!, w.owner) : undefined,
    ),
  );
  return Promise.all(writes.map((w, i) => writePlan(db, w, stored[i]!.current, stored[i]!.linked, syncedAt)));
}

/**
 * Spec §4.2 steps 1 and 3 for several owners of one organization, each given at most once:
 * every future departure of the owner is replaced by `departures`, its past ones are kept. A write
 * that loses a race with another synchronisation is retried on top of the winner, up to
 * {@link MAX_SYNC_ATTEMPTS} times.
 * Requests per attempt: 1 BatchGet, 1 PutItem (or a 2-item transaction when linking a VIN), plus
 * a BatchWriteItem when entries became past and a Query when a VIN's past departures are linked.
 * @param now the server's clock at the request, ms since the epoch: "past" is decided against it
 * @returns per write, whether it was committed (false: still conflicting after every attempt)
 */
export async function replaceFutureDepartures(db: Db, writes: PlanWrite[], now: number): Promise<boolean[]> {
  const committed = writes.map(() => false);
  let pending = writes.map((_, i) => i);
  try {
    await withRetry(
      async () => {
        const outcomes = await attempt(
          db,
          pending.map((i) => writes[i]!),
          now,
        );
        pending.forEach((i, j) => {
          committed[i] = outcomes[j]!;
        });
        pending = pending.filter((i) => !committed[i]);
        if (pending.length) throw new RetryableError(`${pending.length} departure plans changed concurrently`);
      },
      { retries: MAX_SYNC_ATTEMPTS - 1, shouldRetry: (error) => error instanceof RetryableError },
    );
  } catch (error) {
    if (!(error instanceof RetryableError)) throw error;
  }
  return committed;
}

/**
 * A vehicle's first planned departure at or after `after` (1 GetItem of its plan): the departure
 * a session that started at `after` charges for (what "ended early" and "charging completed" are
 * measured against).
 * @param after ISO 8601 UTC, e.g. the session's start
 * @returns undefined when the vehicle has no planned departure then
 */
export async function nextDeparture(
  db: Db,
  organizationId: number,
  vehicleId: number,
  after: string,
): Promise<PlannedDeparture | undefined> {
  const { data } = await db.departurePlan.get({ organizationId, owner: ownerKey({ vehicleId }) }).go();
  return data?.departures
    .filter((d) => d.departureTime >= after)
    .sort((a, b) => a.departureTime.localeCompare(b.departureTime))[0];
}
