/**
 * Smart charging's allocation of one site (`shared/site-power/run.ts`), invoked asynchronously
 * with `{ siteId }` by the trigger and the schedule. Charging profiles go through the OCPP command
 * path with its deadline (`OCPP_COMMAND_TIMEOUT_MS`, 10 s on AWS).
 */
import { getDb } from '../../shared/db';
import { logger } from '../../shared/logger';
import { ocppChargerCommands } from '../../shared/ocpp/commands/charger-commands';
import { SMART_CHARGING_COMMANDS } from '../../shared/ocpp/commands/smart-charging';
import { runSiteAllocation, type RunOutcome } from '../../shared/site-power/run';

/** `{ siteId }` → the run's outcome; anything else is logged and ignored. */
export async function handler(event: { siteId?: unknown }): Promise<RunOutcome | 'invalid'> {
  const siteId = event?.siteId;
  if (typeof siteId !== 'number' || !Number.isSafeInteger(siteId) || siteId < 1) {
    logger.error('allocate: invalid event', { event });
    return 'invalid';
  }
  const db = getDb();
  return runSiteAllocation(db, ocppChargerCommands(db, SMART_CHARGING_COMMANDS), siteId);
}
