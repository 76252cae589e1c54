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
 */
import { isConditionalCheckFailure } from '../db/conditions';
import type { Db } from '../db';

/** How long an allocation may hold a site before another may take over, ms. */
export const LEASE_MS = 60_000;

/**
 * Records a trigger for the site (1 UpdateItem).
 * @param now epoch ms
 * @returns true when no allocation holds the site (the caller starts one), false when the holder will see it
 */
export async function requestAllocation(db: Db, siteId: number, now = Date.now()): Promise<boolean> {
  const { data } = await db.siteAllocationState.update({ siteId }).add({ requested: 1 }).go({ response: 'all_new' });
  return data.leaseUntil === undefined || data.leaseUntil <= now;
}

/**
 * Takes the site's lease (1 UpdateItem).
 * @param leaseId this run's identity
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
      .set({ leaseUntil: now + LEASE_MS, leaseId })
      .where(({ leaseUntil }, { notExists, lte }) => `${notExists(leaseUntil)} OR ${lte(leaseUntil, now)}`)
      .go({ response: 'all_new' });
    return data.requested ?? 0;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Ends a run that covered the triggers counted up to `covered`.
 * @returns `released` (nothing new came: the lease is free), `again` (new triggers came: the lease
 *   is renewed and the count to cover next is returned), or `lost` (another run took the lease)
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
      .remove(['leaseUntil', 'leaseId'])
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
      .set({ allocated: covered, leaseUntil: now + LEASE_MS })
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
      .remove(['leaseUntil', 'leaseId'])
      .where(({ leaseId: holder }, { eq }) => eq(holder, leaseId))
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}
