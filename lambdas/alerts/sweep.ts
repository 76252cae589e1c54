/**
 * The alert sweep (EventBridge, every minute; locally a timer of `npm start`): every
 * organization's `offlineCharger` (with its probe, TriggerMessage Heartbeat) and `chargerFaulted`
 * alerts raised and cleared as time passes (`shared/alerts/sweep.ts`, docs/alerts.md).
 */
import { getDb } from '../../shared/db';
import { PROBE_DEADLINE_MS, sweepAlerts, type SweepCounts } from '../../shared/alerts';
import { ocppChargerCommands } from '../../shared/ocpp/commands/charger-commands';
import { PROBE_COMMANDS } from '../../shared/ocpp/commands/charger-operations';

/** EventBridge scheduled event (its content is not used): what the sweep probed, raised, updated and cleared. */
export async function handler(): Promise<SweepCounts> {
  const db = getDb();
  const commands = ocppChargerCommands(db, PROBE_COMMANDS, { deadlineMs: PROBE_DEADLINE_MS });
  return sweepAlerts(db, commands);
}
