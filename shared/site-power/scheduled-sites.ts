/**
 * The sites with sessions in progress, revisited periodically (spec §2.6 limits hold while SoC
 * moves and departures come closer; an override expires): one small item per site in one
 * partition, read by the schedule with one Query.
 */
import type { Db } from '../db';

/** How often a site with sessions is allocated again at the latest, ms (5 minutes). */
export const REVISIT_MS = 5 * 60_000;

/** A site to revisit. */
export interface ScheduledSite {
  siteId: number;
  organizationId: number;
  /** Epoch ms. */
  nextRunAt: number;
}

/** Keeps a site on the schedule, due at `nextRunAt` (1 PutItem). */
export async function scheduleSite(db: Db, site: ScheduledSite): Promise<void> {
  await db.scheduledSite.put(site).go();
}

/** Takes a site off the schedule (1 DeleteItem): it has no session in progress. */
export async function unscheduleSite(db: Db, siteId: number): Promise<void> {
  await db.scheduledSite.delete({ siteId }).go();
}

/** Every scheduled site (one Query, paged). */
export async function scheduledSites(db: Db): Promise<ScheduledSite[]> {
  const { data } = await db.scheduledSite.query.primary({}).go({ pages: 'all' });
  return data.map(({ siteId, organizationId, nextRunAt }) => ({ siteId, organizationId, nextRunAt }));
}

/**
 * Every scheduled site, queried at most once however many times the returned function is called:
 * one trigger batch's view, shared by the parts that need it (departure plans, vehicle states).
 * Nothing is queried until the first call.
 * @returns a function answering the same Query's promise on every call
 */
export function scheduledSitesOnce(db: Db): () => Promise<ScheduledSite[]> {
  let sites: Promise<ScheduledSite[]> | undefined;
  return () => {
    sites ??= scheduledSites(db);
    return sites;
  };
}
