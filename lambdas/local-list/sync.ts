/**
 * The local authorization list's synchronisation (docs/local-authorization-list.md): a batch of the
 * table's changes (DynamoDB Streams, new and old images, filtered to access IDs, chargers and
 * local-list items) becomes one run per charger concerned (`shared/local-auth-list/`), which sends
 * SendLocalList (and, at boot, GetConfiguration / GetVariables and GetLocalListVersion) through the
 * OCPP command path with its deadline (`OCPP_COMMAND_TIMEOUT_MS`, 10 s on AWS).
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
import { ocppChargerCommands } from '../../shared/ocpp/commands/charger-commands';
import { LOCAL_LIST_COMMANDS } from '../../shared/ocpp/commands/local-list';

/** DynamoDB Streams event source: the changed items' images → the chargers' lists synchronised. */
export async function handler(event: DynamoDBStreamEvent): Promise<{ chargers: number }> {
  const changes = tableChangesOf(event);
  const db = getDb();
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
  return { chargers: requests.size };
}
