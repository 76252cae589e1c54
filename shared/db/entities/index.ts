/**
 * The single-table model, declared with ElectroDB, one module per bounded context.
 *
 * Keys: `pk`/`sk` on the table, `gsi1pk`/`gsi1sk` … `gsi3pk`/`gsi3sk` on three GSIs, TTL on
 * `expiresAt`. Access patterns are named on each entity; collections group the items one Query
 * reads together:
 * - `chargerView` (table index, partition = one charger): the charger and its ports, so
 *   `GET /api/chargers/:id` is one Query.
 * - `organizationView` (gsi1, partition = one organization): its sites, chargers and ports, so
 *   `GET /api/sites` is one (paged) Query.
 *
 * Uniqueness that the spec needs (a charger's OCPP identity, its external ID per organization, …)
 * is enforced by `uniqueValue` marker items written in the same transaction as the item
 * (`claimUnique` in `../unique.ts`).
 */
import { Service } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { accessEntities } from './access';
import { alertEntities } from './alerts';
import { alertRecipientEntities } from './alert-recipients';
import { certificateEntities } from './certificates';
import { chargerEntities } from './chargers';
import { connectionEntities } from './connections';
import { chargerOperationEntities } from './charger-operations';
import { chargerLogEntities } from './charger-logs';
import { chargingEntities } from './charging';
import { configurationEntities } from './configuration';
import { firmwareCampaignEntities } from './firmware-campaigns';
import { departureEntities } from './departures';
import { historyEntities } from './history';
import { localAuthListEntities } from './local-auth-list';
import { maintenanceWindowEntities } from './maintenance-windows';
import { organizationEntities } from './organizations';
import { securityEventEntities } from './security-events';
import { sitePowerEntities } from './site-power';
import { webhookEntities } from './webhooks';

export { TABLE_KEYS } from './common';

/**
 * Builds the entities bound to one client and table, the service that groups them, and the table
 * itself (`table`: its client and name) for the few reads no entity can make (`../partition.ts`).
 */
export function createEntities(client: DynamoDBDocumentClient, table: string) {
  const config = { client, table };
  const entities = {
    ...organizationEntities(config),
    ...chargerEntities(config),
    ...connectionEntities(config),
    ...chargingEntities(config),
    ...accessEntities(config),
    ...departureEntities(config),
    ...sitePowerEntities(config),
    ...historyEntities(config),
    ...configurationEntities(config),
    ...chargerOperationEntities(config),
    ...chargerLogEntities(config),
    ...localAuthListEntities(config),
    ...firmwareCampaignEntities(config),
    ...maintenanceWindowEntities(config),
    ...webhookEntities(config),
    ...alertEntities(config),
    ...certificateEntities(config),
    ...securityEventEntities(config),
    ...alertRecipientEntities(config),
  };
  const service = new Service(entities);
  return { ...entities, service, table: { client, name: table } };
}

/** The entities, their service and the table they are bound to. */
export type Db = ReturnType<typeof createEntities>;
