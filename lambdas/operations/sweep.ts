/**
 * The operations' sweep (EventBridge, every minute): every pending operation is settled, its
 * `scheduled` results whose change has happened and, past its deadline, whatever is still open
 * (`shared/charger-operations/operations.ts`), so no operation stays pending for ever; then every
 * running firmware campaign advances (`shared/firmware-campaigns/campaigns.ts`).
 */
import { getDb } from '../../shared/db';
import { sweepOperations } from '../../shared/charger-operations';
import { sweepCampaigns } from '../../shared/firmware-campaigns';
import { ocppChargerCommands } from '../../shared/ocpp/commands/charger-commands';
import { CHARGER_OPERATION_COMMANDS } from '../../shared/ocpp/commands/charger-operations';
import { startOperation } from './lib/start-operation';

/**
 * EventBridge scheduled event (its content is not used): the operations, then the running firmware
 * campaigns (which start their next chargers' operations); returns how many of both it ended.
 */
export async function handler(): Promise<number> {
  const db = getDb();
  const operations = await sweepOperations(db);
  const commands = ocppChargerCommands(db, CHARGER_OPERATION_COMMANDS);
  return operations + (await sweepCampaigns(db, { commands, start: startOperation }));
}
