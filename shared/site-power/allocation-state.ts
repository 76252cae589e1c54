/**
 * One allocation per site at a time, and many triggers coalesced into few allocations.
 *
 * Each site has a small `siteAllocationState` item:
 * 1. A trigger (session start or end, a limit, a departure plan, an override, a charger
 *    connecting, the schedule) adds 1 to `requested` ({@link requestAllocation}); when no
 *    allocation holds the site's lease, it starts one.
 * 2. An allocation takes the lease ({@link acquireLease}: a conditional write that fails while
 *    another holder's lease runs), notes the `requested` count it starts from, allocates, and
 *    {@link finishRun}: if no trigger came meanwhile (`requested` unchanged) it records the count as
 *    `allocated` and releases the lease in one conditional write; otherwise it keeps the lease and
 *    runs again. A burst of triggers during a run therefore costs one more run, not one each.
 * 3. A holder that crashed leaves a lease that lapses after {@link LEASE_MS}; the next trigger or
 *    the schedule starts a new allocation then.
 *
 * The lease also notes when its run began reading (`leaseAt`: taken, or renewed for a run again).
 * A trigger that a run reads anyway (a vehicle's state stored before that run began) need not ask
 * for another: {@link requestAllocation} given the trigger's stored-at instant counts it only when
 * no run that began more than {@link READ_MARGIN_MS} after it is running.
 */
import { isConditionalCheckFailure } from '../db/conditions';
import type { Db } from '../db';

/** How long an allocation may hold a site before another may take over, ms. */
export const LEASE_MS = 60_000;

/** How long after a state was stored a run's (eventually consistent) reads are taken to see it, ms. */
export const READ_MARGIN_MS = 1_000;

/**
 * Records a trigger for the site (1 UpdateItem, conditional when `storedAt` is given; a failed
 * condition writes nothing and costs the same request).
 * @param now epoch ms
 * @param storedAt epoch ms when the trigger's data was stored, for a trigger that a run begun after
 *   it reads anyway (a vehicle's state): not counted while a run that took or renewed the lease more
 *   than {@link READ_MARGIN_MS} after it is running. Without it the trigger is always counted.
 * @returns true when no allocation holds the site (the caller starts one), false when the holder
 *   will see it (counted for it, or already read by its run)
 */
export async function requestAllocation(db: Db, siteId: number, now = Date.now(), storedAt?: number): Promise<boolean> {
  const update = db.siteAllocationState.update({ siteId }).add({ requested: 1 });
  try {
    const { data } = await (storedAt === undefined
      ? update
      : update.where(
          ({ leaseUntil, leaseAt }, { notExists, lte }) =>
            `${notExists(leaseUntil)} OR ${lte(leaseUntil, now)} OR ${notExists(leaseAt)} OR ${lte(leaseAt, storedAt + READ_MARGIN_MS)}`,
        )
    ).go({ response: 'all_new' });
    return data.leaseUntil === undefined || data.leaseUntil <= now;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/**
 * Takes the site's lease (1 UpdateItem), noting when (`leaseAt`: the run reads after it).
 * @param leaseId this run's identity
 * @param now epoch ms
 * @returns the `requested` count the run starts from, or undefined when another run holds the lease
 */
export async function acquireLease(
  db: Db,
  siteId: number,
  leaseId: string,
  now = Date.now(),
): Promise<number | undefined> {
  try {
    const { data } = await db.siteAllocationState
      .update({ siteId })
      .set({ leaseUntil: now + LEASE_MS, leaseAt: now, leaseId })
      .where(({ leaseUntil }, { notExists, lte }) => `${notExists(leaseUntil)} OR ${lte(leaseUntil, now)}`)
      .go({ response: 'all_new' });
    return data.requested ?? 0;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Ends a run that covered the triggers counted up to `covered` (1 UpdateItem, 2 when new
 * triggers came).
 * @param now epoch ms
 * @returns `released` (nothing new came: the lease is free), `again` (new triggers came: the lease
 *   is renewed from `now`, when the next run begins reading, and the count to cover next is
 *   returned), or `lost` (another run took the lease)
 */
export async function finishRun(
  db: Db,
  siteId: number,
  leaseId: string,
  covered: number,
  now = Date.now(),
): Promise<{ outcome: 'released' } | { outcome: 'again'; requested: number } | { outcome: 'lost' }> {
  try {
    await db.siteAllocationState
      .update({ siteId })
      .set({ allocated: covered })
      .remove(['leaseUntil', 'leaseAt', 'leaseId'])
      .where(({ leaseId: holder, requested }, { eq, notExists }) =>
        covered === 0
          ? `${eq(holder, leaseId)} AND (${notExists(requested)} OR ${eq(requested, 0)})`
          : `${eq(holder, leaseId)} AND ${eq(requested, covered)}`,
      )
      .go();
    return { outcome: 'released' };
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
  try {
    const { data } = await db.siteAllocationState
      .update({ siteId })
      .set({ allocated: covered, leaseUntil: now + LEASE_MS, leaseAt: now })
      .where(({ leaseId: holder }, { eq }) => eq(holder, leaseId))
      .go({ response: 'all_new' });
    return { outcome: 'again', requested: data.requested ?? covered };
  } catch (error) {
    if (isConditionalCheckFailure(error)) return { outcome: 'lost' };
    throw error;
  }
}

/**
 * Gives the lease up (1 UpdateItem, only if still held by `leaseId`): a run that stops before
 * covering every trigger leaves the rest to the next trigger or the schedule.
 */
export async function releaseLease(db: Db, siteId: number, leaseId: string): Promise<void> {
  try {
    await db.siteAllocationState
      .update({ siteId })
      .remove(['leaseUntil', 'leaseAt', 'leaseId'])
      .where(({ leaseId: holder }, { eq }) => eq(holder, leaseId))
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}
