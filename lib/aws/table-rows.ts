/**
 * Which items of the one table a function may write, by partition key: IAM's
 * `dynamodb:LeadingKeys` condition key holds the partition key (`pk`) of every item a write
 * touches (each item of a TransactWriteItems or BatchWriteItem), and a `StringLike` pattern on it
 * confines a function to the kinds of items it writes.
 *
 * The patterns follow the keys ElectroDB builds (`shared/db/entities/`): `$cn#` (the service),
 * then `<attribute>_<value>` per composite attribute joined by `#`. Attribute names are lower-cased
 * except in entities declared with `casing: 'none'`, where both names and values keep their case
 * (`$cn#chargerId_4#transactionKey_…` for a session, `$cn#chargerid_4` for a charger). IAM
 * patterns are case-sensitive, and `*` matches any characters, `#` included.
 * `test/infra/table-rows.test.ts` builds real keys with ElectroDB and checks each pattern against
 * them; `test/infra/table-rows.recorded.test.ts` records every write the handlers make and checks
 * it against their grants.
 *
 * What the key design cannot separate: several entities share a partition (a charger and its
 * ports; a site and its power limits; an organization, its vehicles and customers), so a grant
 * covers the partition; a pattern cannot say "no `#` after the ID", so the organization partition
 * pattern also matches reservation partitions (`$cn#organizationid_1#reservationid_2`); and the
 * tenant is only known per request, so no function is confined to one organization.
 */
import type { IdKind } from '../../shared/db';

/** An item write API action; `TransactWriteItems` is authorised per item by these same actions. */
export type ItemWriteAction =
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:BatchWriteItem';

/** The partition-key patterns a function may write, per write action. */
export type RowWrites = Readonly<Partial<Record<ItemWriteAction, readonly string[]>>>;

/** `dynamodb:LeadingKeys` patterns (IAM `StringLike`) of the table's partitions, by what they hold. */
export const ROWS = {
  /** Per-key, per-minute request counters (`rateLimitWindow`). */
  rateLimitWindows: '$cn#keyhash_*#window_*',
  /** An organization's partition: the organization item, its vehicles and its customers. */
  organizations: '$cn#organizationid_*',
  /** A reservation (`reservation`: organization + reservationId). */
  reservations: '$cn#organizationid_*#reservationid_*',
  /** An access ID (`accessId`: organization + normalised ocppIdTag). */
  accessIds: '$cn#organizationId_*#ocppIdTag_*',
  /** A departure owner's partition: its plan (`departurePlan`) and past departures (`departure`). */
  departures: '$cn#organizationId_*#owner_*',
  /** A site's partition: the site, its power limits (`sitePowerLimit`), its allocation and allocation state. */
  sites: '$cn#siteid_*',
  /** The one partition of the sites to revisit (`scheduledSite`). */
  scheduledSites: '$cn',
  /** A charger's partition: the charger, its ports (with the session in progress) and their sessions' readings. */
  chargers: '$cn#chargerid_*',
  /** A CA's revocation list of the certificates it issued (`certificateRevocation`, by the CA's key ID). */
  certificateRevocations: '$cn#cakeyid_*',
  /** Where a port is, by its ID (`portLocation`). */
  portLocations: '$cn#portid_*',
  /** An ended or running charging session item (`chargingSession`). */
  chargingSessions: '$cn#chargerId_*#transactionKey_*',
  /** A WebSocket connection record (`connection`). */
  connections: '$cn#connectionId_*',
  /** The vehicle name uniqueness markers of every organization (`uniqueValue` `vehicleName:<id>`). */
  vehicleNameMarkers: '$cn#constraint_vehicleName:*#value_*',
  /** The vehicle VIN uniqueness markers of every organization (`uniqueValue` `vehicleVin:<id>`). */
  vehicleVinMarkers: '$cn#constraint_vehicleVin:*#value_*',
  /** A session's history record and its 15-minute reading slots (`sessionRecord`, `sessionSlot`). */
  sessionHistory: '$cn#sessionid_*',
  /** A month of a site's charger status and connection history (`chargerHistory`). */
  chargerHistory: '$cn#month_*#siteid_*',
  /** A charger's error reports at one time (`chargerError`). */
  chargerErrors: '$cn#timestamp_*#chargerid_*',
  /** A day of a charger's OCPP message log (`ocppMessage`; also the correlation record of a CALL we sent). */
  ocppMessages: '$cn#day_*#chargerid_*',
  /** A charger operation (`chargerOperation`), by its UUIDv7. */
  chargerOperations: '$cn#operationid_*',
  /** The one partition of the operations not ended yet (`pendingChargerOperation`). */
  pendingChargerOperations: '$cn#queue_chargeroperations',
  /** A firmware campaign (`firmwareCampaign`), by its UUIDv7. */
  firmwareCampaigns: '$cn#campaignid_*',
  /** The one partition of the running firmware campaigns (`runningFirmwareCampaign`). */
  runningFirmwareCampaigns: '$cn#queue_firmwarecampaigns',
  /** A maintenance window (`maintenanceWindow`), by its numeric ID. */
  maintenanceWindows: '$cn#maintenancewindowid_*',
  /** An alert (`alert`), by its numeric ID. */
  alerts: '$cn#alertid_*',
  /** The active-episode markers of every organization's alerts (`uniqueValue` `activeAlert:<id>`). */
  activeAlertMarkers: '$cn#constraint_activeAlert:*#value_*',
  /** An alert recipient (`alertRecipient`), by its numeric ID. */
  alertRecipients: '$cn#alertrecipientid_*',
  /** The markers of the alert e-mails sent (`uniqueValue` `alertEmail:<alertId>`, one per recipient). */
  alertEmailMarkers: '$cn#constraint_alertEmail:*#value_*',
  /** A webhook endpoint (`webhookEndpoint`), by its numeric ID. */
  webhookEndpoints: '$cn#webhookendpointid_*',
  /** A webhook delivery (`webhookDelivery`), by its `msg_…` ID. */
  webhookDeliveries: '$cn#deliveryid_*',
  /** A person of an organization (`user`), by its numeric ID (padded to 12 digits). */
  users: '$cn#userid_*',
  /** The people's address markers, one per address in every organization (`uniqueValue` `userEmail`). */
  userEmailMarkers: '$cn#constraint_userEmail#value_*',
  /** An API key's request leases (`requestLease`: one `includeIntervals` request at a time). */
  requestLeases: '$cn#keyhash_*#name_*',
} as const;

/**
 * The partition of one numeric ID counter (`allocateIds`): `$cn#name_<kind>`, lower-cased.
 *
 * @param kind - the kind of ID
 * @returns the exact partition key (no wildcard)
 */
export function counterRow(kind: IdKind): string {
  return `$cn#name_${kind.toLowerCase()}`;
}

/** Rows every authenticated HTTP function writes: the key's rate-limit window (one UpdateItem). */
export const RATE_LIMITED: RowWrites = { 'dynamodb:UpdateItem': [ROWS.rateLimitWindows] };

/**
 * Merges row grants (the union per action, without duplicates).
 *
 * @param grants - the grants to merge
 * @returns one grant
 */
export function mergeRowWrites(...grants: RowWrites[]): RowWrites {
  const merged: Partial<Record<ItemWriteAction, string[]>> = {};
  for (const grant of grants) {
    for (const [action, rows] of Object.entries(grant) as [ItemWriteAction, readonly string[]][]) {
      merged[action] = [...new Set([...(merged[action] ?? []), ...rows])];
    }
  }
  return merged;
}
