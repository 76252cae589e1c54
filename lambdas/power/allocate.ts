/**
 * Smart charging's allocation of one site (`shared/site-power/run.ts`), invoked asynchronously
 * with `{ siteId }` by the trigger and the schedule. It plans with HiGHS (the WebAssembly solver,
 * loaded once per process; `highs.wasm` ships beside the bundle); a solver that cannot be loaded
 * leaves the greedy allocation, logged. Charging profiles go through the OCPP command path with its
 * deadline (`OCPP_COMMAND_TIMEOUT_MS`, 10 s on AWS).
 */
import { getDb } from '../../shared/db';
import { logger } from '../../shared/logger';
import { ocppChargerCommands } from '../../shared/ocpp/commands/charger-commands';
import { SMART_CHARGING_COMMANDS } from '../../shared/ocpp/commands/smart-charging';
import { type RunOutcome, runSiteAllocation } from '../../shared/site-power';
import type { PlanSolver } from '../../shared/smart-charging';
import { loadPlanSolver } from '../../shared/smart-charging/solver';

/** The solver, or undefined (greedy) when it cannot be loaded. */
async function solver(): Promise<PlanSolver | undefined> {
  try {
    return await loadPlanSolver();
  } catch (error) {
    logger.error('allocate: the planner could not load its solver; allocating greedily', { error: String(error) });
    return undefined;
  }
}

/** `{ siteId }` → the run's outcome; anything else is logged and ignored. */
export async function handler(event: { siteId?: unknown }): Promise<RunOutcome | 'invalid'> {
  const siteId = event?.siteId;
  if (typeof siteId !== 'number' || !Number.isSafeInteger(siteId) || siteId < 1) {
    logger.error('allocate: invalid event', { event });
    return 'invalid';
  }
  const db = getDb();
  const loaded = await solver();
  return runSiteAllocation(
    db,
    ocppChargerCommands(db, SMART_CHARGING_COMMANDS),
    siteId,
    loaded ? { solver: loaded } : {},
  );
}
