/**
 * One synchronisation of a charger's local list at a time, and many triggers coalesced into few
 * (the site allocation's scheme, `shared/site-power/allocation-state.ts`, on the charger's
 * `localAuthList` item):
 * 1. A trigger takes the lease if it is free, counting itself in `requested`, in one conditional
 *    UpdateItem ({@link claimSync}); when another run holds it, it only adds 1 to `requested`, and
 *    the holder runs again when it finishes.
 * 2. The run ends with {@link finishSync}: the state it reached, `covered` = the count it started
 *    from and the lease released, in one write conditioned on `requested` being unchanged;
 *    otherwise the lease is renewed and the run goes again.
 * 3. A holder that crashed leaves a lease that lapses after {@link SYNC_LEASE_MS}.
 */
import type { EntityItem } from 'electrodb';
import { isConditionalCheckFailure } from '../db/conditions';
import type { Db } from '../db';

/** A charger's stored local-list state. */
export type LocalListState = EntityItem<Db['localAuthList']>;

/** How long a synchronisation may hold a charger's list before another may take over, ms. */
export const SYNC_LEASE_MS = 120_000;

/** The state a run writes when it ends (the lease and counters aside). */
export type SyncOutcome = Partial<
  Pick<LocalListState, 'support' | 'listVersion' | 'entries' | 'omitted' | 'status' | 'fullRequired' | 'lastSync'>
>;

/**
 * Takes the charger's lease for a run, counting the request (1 UpdateItem; a second when another
 * run holds it, which then runs again).
 * @returns the state the run starts from, or undefined when another run holds the lease
 */
export async function claimSync(
  db: Db,
  key: { chargerId: number; organizationId: number },
  leaseId: string,
  now = Date.now(),
): Promise<LocalListState | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const { data } = await db.localAuthList
        .update({ chargerId: key.chargerId })
        .set({ organizationId: key.organizationId, leaseUntil: now + SYNC_LEASE_MS, leaseId })
        .add({ requested: 1 })
        .where(({ leaseUntil }, { notExists, lte }) => `${notExists(leaseUntil)} OR ${lte(leaseUntil, now)}`)
        .go({ response: 'all_new' });
      return data as LocalListState;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
    const { data } = await db.localAuthList
      .update({ chargerId: key.chargerId })
      .add({ requested: 1 })
      .go({ response: 'all_new' });
    // The holder sees the count unless it released the lease in between: then take it.
    if (data.leaseUntil !== undefined && data.leaseUntil > now) return undefined;
  }
  return undefined;
}

/**
 * Ends a run that covered the requests counted up to `covered`, storing its outcome.
 * @returns `released`, `again` with the state to run from (requests came meanwhile: the lease is
 *   renewed), or `lost` (another run took the lease)
 */
export async function finishSync(
  db: Db,
  chargerId: number,
  leaseId: string,
  covered: number,
  outcome: SyncOutcome,
  now = Date.now(),
): Promise<{ outcome: 'released' } | { outcome: 'again'; state: LocalListState } | { outcome: 'lost' }> {
  const updatedAt = new Date(now).toISOString();
  try {
    await db.localAuthList
      .update({ chargerId })
      .set({ ...outcome, covered, updatedAt })
      .remove(['leaseUntil', 'leaseId'])
      .where(({ leaseId: holder, requested }, { eq }) => `${eq(holder, leaseId)} AND ${eq(requested, covered)}`)
      .go();
    return { outcome: 'released' };
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
  try {
    const { data } = await db.localAuthList
      .update({ chargerId })
      .set({ ...outcome, covered, updatedAt, leaseUntil: now + SYNC_LEASE_MS })
      .where(({ leaseId: holder }, { eq }) => eq(holder, leaseId))
      .go({ response: 'all_new' });
    return { outcome: 'again', state: data as LocalListState };
  } catch (error) {
    if (isConditionalCheckFailure(error)) return { outcome: 'lost' };
    throw error;
  }
}

/**
 * Gives the lease up (1 UpdateItem, only if still held by `leaseId`): a run that failed leaves the
 * requests it did not cover to the next trigger.
 */
export async function releaseSync(db: Db, chargerId: number, leaseId: string): Promise<void> {
  try {
    await db.localAuthList
      .update({ chargerId })
      .remove(['leaseUntil', 'leaseId'])
      .where(({ leaseId: holder }, { eq }) => eq(holder, leaseId))
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}
