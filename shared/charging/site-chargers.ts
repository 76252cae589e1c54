/**
 * A site's connected chargers that the table stream's senders message when its tariff changes,
 * read once per batch for both: the tariff sender (`tariff-updates.ts`, its OCPP 2.1 stations) and
 * the cost sender after it (`cost-updates.ts`, its 2.0.1 chargers and the 2.1 stations that did not
 * take the tariff). A batch that changes a site's tariff calls for both, so the site's chargers are
 * queried once, not once by each.
 *
 * @module
 */
import type { Db } from '../db';
import type { ChargerItem } from '../chargers/items';
import type { OcppProtocol } from '../db/entities/common';

/**
 * The OCPP versions that have CostUpdated (2.0.1 I04; OCPP 2.1 keeps it, a 2.1 station is sent the
 * 2.0.1 CALL checked against 2.1's schema). 1.6 has no cost message: its chargers are told nothing.
 * The tariff messages' version (2.1) is one of them: the site's chargers read here are these.
 */
export const COST_UPDATED_PROTOCOLS: ReadonlySet<string> = new Set<OcppProtocol>(['ocpp2.0.1', 'ocpp2.1']);

/**
 * A site's connected OCPP 2.0.1 and 2.1 chargers (`siteId`, of organization `organizationId`), as
 * read for the batch: each caller filters the versions it messages.
 */
export type SiteChargers = (siteId: number, organizationId: number) => Promise<ChargerItem[]>;

/**
 * A {@link SiteChargers} that queries each site at most once however many times it is called: one
 * stream batch's view, handed to the tariff sender and then to the cost sender. Nothing is queried
 * until the first call for a site. Requests: per site 1 paged Query (its organization's chargers,
 * filtered to the site's connected 2.0.1/2.1 ones). A failed read is the promise's rejection, the
 * same for every caller (each logs it and skips the site).
 */
export function siteChargersOnce(db: Db): SiteChargers {
  const sites = new Map<number, Promise<ChargerItem[]>>();
  return (siteId, organizationId) => {
    let chargers = sites.get(siteId);
    if (!chargers) {
      chargers = db.charger.query
        .byOrganization({ organizationId })
        .where(
          (a, { eq, exists }) =>
            `${eq(a.siteId, siteId)} AND (${[...COST_UPDATED_PROTOCOLS].map((p) => eq(a.ocppProtocol, p as OcppProtocol)).join(' OR ')}) AND ${exists(a.currentConnectionId)}`,
        )
        .go({ pages: 'all' })
        .then(({ data }) => data);
      sites.set(siteId, chargers);
    }
    return chargers;
  };
}
