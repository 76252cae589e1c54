/**
 * The table stream's command sender: a batch of the table's changes (DynamoDB Streams, new and old
 * images, filtered to access IDs, chargers, local-list items and site tariffs) becomes
 * - one local-list run per charger concerned (docs/local-authorization-list.md,
 *   `shared/local-auth-list/`), which sends SendLocalList (and, at boot, GetConfiguration /
 *   GetVariables and GetLocalListVersion);
 * - one CostUpdated per transaction in progress whose cost a change of its site's tariff moved
 *   (OCPP 2.0.1 I04, docs/tariffs.md, `shared/charging/cost-updates.ts`), on 2.0.1 chargers and on
 *   2.1 stations that did not take the tariff (sent once the tariff sender is done): the charger's
 *   message function cannot wait for a CALLRESULT, this function can.
 * - the site's tariff as each connected OCPP 2.1 station's default tariff (SetDefaultTariff, I07;
 *   ClearTariffs once deleted), when the tariff changes and when a station boots or connects again,
 *   and a new version as the tariff of its transactions in progress (ChangeTransactionTariff, I10)
 *   (docs/tariffs.md "OCPP 2.1 stations", `shared/charging/tariff-updates.ts`).
 * All go through the OCPP command path with its deadline (`OCPP_COMMAND_TIMEOUT_MS`, 10 s on
 * AWS), the lists beside the tariffs and then the costs; the cost and tariff updates never fail the batch (a retry would run the lists again).
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { getDb } from '../../shared/db';
import { tableChangesOf } from '../../shared/db/table-changes';
import {
  chargersToSync,
  desiredEntries,
  listSyncsOf,
  type SyncContext,
  synchroniseChargers,
} from '../../shared/local-auth-list';
import {
  costRepricingsOf,
  sendCostRepricings,
  sendTariffUpdates,
  siteChargersOnce,
  tariffUpdatesOf,
} from '../../shared/charging';
import { ocppChargerCommands } from '../../shared/ocpp/commands/charger-commands';
import { LOCAL_LIST_COMMANDS } from '../../shared/ocpp/commands/local-list';
import { COST_COMMANDS } from '../../shared/ocpp/commands/cost';
import { TARIFF_COMMANDS } from '../../shared/ocpp/commands/tariffs';

/**
 * DynamoDB Streams event source: the changed items' images → the chargers' lists synchronised,
 * costs and tariffs sent. Returns counts for the logs: `chargers` whose list was run, `costUpdates`
 * the CostUpdated calls answered, `tariffStations` the 2.1 stations looked at (whatever their
 * outcome, `TariffUpdateOutcome`).
 */
export async function handler(
  event: DynamoDBStreamEvent,
): Promise<{ chargers: number; costUpdates: number; tariffStations: number }> {
  const changes = tableChangesOf(event);
  const db = getDb();
  // Both senders message the chargers of a site whose tariff changed: they are read once for both.
  const siteChargers = siteChargersOnce(db);
  const tariffs = sendTariffUpdates(
    db,
    ocppChargerCommands(db, TARIFF_COMMANDS),
    tariffUpdatesOf(changes),
    siteChargers,
  );
  // After the tariffs: a 2.1 station is told its cost only when it did not take the new tariff.
  const costs = tariffs.then((outcomes) =>
    sendCostRepricings(db, ocppChargerCommands(db, COST_COMMANDS), costRepricingsOf(changes), outcomes, siteChargers),
  );
  const requests = await chargersToSync(db, listSyncsOf(changes));
  const desired = new Map<number, ReturnType<typeof desiredEntries>>();
  const ctx: SyncContext = {
    db,
    commands: ocppChargerCommands(db, LOCAL_LIST_COMMANDS),
    desired: (organizationId) => {
      if (!desired.has(organizationId)) desired.set(organizationId, desiredEntries(db, organizationId));
      return desired.get(organizationId)!;
    },
  };
  await synchroniseChargers(ctx, requests);
  const costUpdates = (await costs).filter(({ outcome }) => outcome === 'sent').length;
  const tariffStations = (await tariffs).size;
  return { chargers: requests.size, costUpdates, tariffStations };
}
