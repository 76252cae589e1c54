/**
 * The operations' sweep (EventBridge, every minute): every pending operation is settled, its
 * `scheduled` results whose change has happened and, past its deadline, whatever is still open
 * (`shared/charger-operations/operations.ts`), so no operation stays pending for ever; then every
 * running firmware campaign advances (`shared/firmware-campaigns/campaigns.ts`).
 */
import { getDb } from '../../shared/db';
import { sweepOperations } from '../../shared/charger-operations';
import { sweepCampaigns } from '../../shared/firmware-campaigns';
import { ocppChargerFinder } from '../../shared/ocpp/commands/charger-commands';
import { storeLogsInS3 } from '../../shared/charger-logs';
import { s3LogStorage } from '../../shared/charger-logs/s3-storage';
import { startOperation } from './lib/start-operation';

// Settling a get-log result reads what was uploaded (a HeadObject).
storeLogsInS3(s3LogStorage);

/**
 * EventBridge scheduled event (its content is not used): the operations, then the running firmware
 * campaigns (which start their next chargers' operations); returns how many of both it ended.
 */
export async function handler(): Promise<number> {
  const db = getDb();
  const operations = await sweepOperations(db);
  return operations + (await sweepCampaigns(db, { commands: ocppChargerFinder(db), start: startOperation }));
}
