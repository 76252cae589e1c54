/**
 * A site's time-of-use periods (`touPeriods` on the site item), set by the operator CLI
 * (`sites set-tou`) and used by `GET /api/charging-sessions?includeTouEnergy=true` (`tou.ts`).
 */
import type { Db } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import { HistorySiteNotFoundError, InvalidHistoryInputError } from './errors';
import { MAX_TOU_PERIODS, parseTouPeriod, type TouPeriod } from './tou';

/**
 * Replaces a site's time-of-use periods with the given ones, in their order (the first period
 * covering a local time names it); none clears them (the site then has one period, `all`).
 * Requests: 1 UpdateItem.
 * @param texts periods as `name=HH:MM-HH:MM[/Days]`, e.g. `peak=16:00-21:00/Mon-Fri`
 * @returns the stored periods
 * @throws InvalidHistoryInputError naming `period` (with its position) for a period that does not parse, or
 *   more than {@link MAX_TOU_PERIODS}; nothing is stored
 * @throws HistorySiteNotFoundError when the site does not exist
 */
export async function setSiteTouPeriods(db: Db, siteId: number, texts: readonly string[]): Promise<TouPeriod[]> {
  if (texts.length > MAX_TOU_PERIODS) {
    throw new InvalidHistoryInputError('period', `at most ${MAX_TOU_PERIODS} periods, got ${texts.length}`);
  }
  const periods = texts.map((text, i) => parseTouPeriod(text, texts.length > 1 ? `period[${i}]` : 'period'));
  try {
    const update = db.site.patch({ siteId });
    await (periods.length ? update.set({ touPeriods: periods }) : update.remove(['touPeriods'])).go();
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new HistorySiteNotFoundError(siteId, 'siteId');
    throw error;
  }
  return periods;
}
