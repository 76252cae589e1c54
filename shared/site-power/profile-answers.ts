/**
 * The answers of the smart-charging commands as the delivery records them (`./delivery.ts`): a
 * status for every outcome, and a charger that refused made uncontrolled until it reconnects.
 *
 * @module
 */
import type { ChargerItem } from '../chargers/items';
import type { Db } from '../db';
import { logger } from '../logger';
import type { SiteSnapshot } from './site-snapshot';

/** The answer recorded for a command that did not get a result. */
export type Unanswered = 'NotSupported' | 'Failed' | 'NotConnected';

/** Sends one command, turning every failure into a recorded status. */
export async function answerOf<T>(
  send: () => Promise<{ ok: true; result: T } | { ok: false; unsupported: boolean }>,
): Promise<T | Unanswered> {
  try {
    const answer = await send();
    return answer.ok ? answer.result : answer.unsupported ? 'NotSupported' : 'Failed';
  } catch (error) {
    logger.warn('charging profile not delivered', { error: String(error) });
    return (error as Error).name === 'ChargerNotConnectedError' ? 'NotConnected' : 'Failed';
  }
}

/** Marks a charger uncontrolled until it reconnects (1 UpdateItem), in the store and in the snapshot. */
export async function markRefused(db: Db, snapshot: SiteSnapshot, charger: ChargerItem): Promise<void> {
  if (!charger.currentConnectionId) return;
  await db.charger
    .patch({ chargerId: charger.chargerId })
    .set({ smartChargingRefusedOn: charger.currentConnectionId })
    .go();
  snapshot.chargers.set(charger.chargerId, { ...charger, smartChargingRefusedOn: charger.currentConnectionId });
}
