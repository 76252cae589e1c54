/**
 * The history context's filters seen through the caller's scope (spec §5): another
 * organization's IDs, and other sites' for a site-scoped key, are simply not there (dropped), so
 * a filter naming only such IDs matches nothing.
 */
import type { Db } from '../db';
import { batchGet } from '../db';
import type { AccessScope } from '../organizations/access-scope';
import { canAccess } from '../organizations/access-scope';
import { customerKey } from '../access/items';
import type { ChargerItem } from '../chargers/items';

/** Sites the caller named and may see; undefined when it named none (all of its sites). */
export async function visibleSites(
  db: Db,
  scope: AccessScope,
  siteIds: readonly number[] | undefined,
): Promise<number[] | undefined> {
  if (scope.scope === 'site') return siteIds === undefined || siteIds.includes(scope.siteId!) ? [scope.siteId!] : [];
  if (siteIds === undefined) return undefined;
  const sites = await batchGet(
    db.site,
    siteIds.map((siteId) => ({ siteId })),
  );
  return sites
    .filter((s) => s.organizationId === scope.organizationId)
    .map((s) => s.siteId)
    .sort((a, b) => a - b);
}

/** Chargers the caller named and may see, within `sites` when given (one BatchGetItem). */
export async function visibleChargers(
  db: Db,
  scope: AccessScope,
  chargerIds: readonly number[],
  sites: readonly number[] | undefined,
): Promise<ChargerItem[]> {
  const chargers = await batchGet(
    db.charger,
    chargerIds.map((chargerId) => ({ chargerId })),
  );
  return chargers
    .filter((c) => canAccess(scope, c.organizationId, c.siteId) && (sites === undefined || sites.includes(c.siteId)))
    .sort((a, b) => a.chargerId - b.chargerId);
}

/**
 * The customers named by ID or by name, as `<organizationId>:<name key>` (the session index's
 * key); an ID of another organization, or unknown, is dropped (one Query per ID on gsi1).
 */
export async function customerIndexKeys(
  db: Db,
  scope: AccessScope,
  customerIds: readonly number[] | undefined,
  customerNames: readonly string[] | undefined,
): Promise<string[] | undefined> {
  if (customerIds === undefined && customerNames === undefined) return undefined;
  const byId = await Promise.all(
    (customerIds ?? []).map(async (customerId) => (await db.customer.query.byId({ customerId }).go()).data),
  );
  const keys = new Set([
    ...byId
      .flat()
      .filter((c) => c.organizationId === scope.organizationId)
      .map((c) => c.nameKey),
    ...(customerNames ?? []).map(customerKey),
  ]);
  return [...keys].sort().map((key) => `${scope.organizationId}:${key}`);
}
