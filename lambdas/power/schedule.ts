/**
 * Smart charging's schedule (EventBridge, every minute): the sites with sessions in progress whose
 * visit is due (every 5 minutes, sooner when an override expires) are allocated again.
 */
import { getDb } from '../../shared/db';
import { scheduledSites } from '../../shared/site-power';
import { reallocate } from './lib/start-allocation';

/** EventBridge scheduled event (its content is not used). */
export async function handler(): Promise<void> {
  const db = getDb();
  const now = Date.now();
  const due = (await scheduledSites(db)).filter((site) => site.nextRunAt <= now);
  await reallocate(
    db,
    due.map((site) => [site.siteId] as const),
  );
}
