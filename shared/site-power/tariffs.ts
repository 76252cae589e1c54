/**
 * Site tariffs (`docs/tariffs.md`): set, read and clear a site's tariff (time-of-use energy prices,
 * currency, demand charge), and the tariff as the API answers it (the planner reads `./tariff-item.ts`).
 *
 * One item per site in the site's partition (`siteTariff`), replaced whole by one PutItem; a
 * change makes smart charging allocate the site again (the stream trigger, `./triggers.ts`). The
 * tariff replaces the site's older time-of-use periods (`touPeriods` on the site item, set by the
 * retired `sites set-tou`): writing a tariff removes them in the same transaction, and they are
 * read only for sites that have no tariff.
 */
import { transact, type Db } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import type { SiteItem } from '../chargers/items';
import { SiteNotFoundError } from '../chargers/errors';
import type { AccessScope } from '../organizations/access-scope';
import type { TariffEnergyPrice } from '../smart-charging/tariff';
import { InvalidTariffError, SiteTariffNotFoundError } from './errors';
import type { SiteTariffItem } from './tariff-item';
import { visibleSite } from './limits';
import {
  checkTariffCoverage,
  DEMAND_BILLING_PERIOD,
  normaliseEnergyPrices,
  type SiteTariffInput,
} from './tariff-rules';

/** A tariff as the API and the CLI answer it. */
export interface SiteTariffView {
  siteId: number;
  /** ISO 4217. */
  currency: string;
  /** The site's IANA time zone, in which the periods' times are read. */
  timezone: string;
  /** The periods, normalised: sorted by first day, then start. */
  energyPrices: TariffEnergyPrice[];
  /** Per kW of the month's highest 15-minute average power; null when none. */
  demandCharge: { pricePerKw: number; billingPeriod: typeof DEMAND_BILLING_PERIOD } | null;
  /** Who set it: a person's e-mail, an API key's name; null for the operator CLI. */
  userEmail: string | null;
  /** ISO 8601 UTC. */
  updatedAt: string;
}

/** The view of a stored tariff on its site. */
export function toSiteTariffView(item: SiteTariffItem, site: SiteItem): SiteTariffView {
  return {
    siteId: item.siteId,
    currency: item.currency,
    timezone: site.timezone,
    energyPrices: item.energyPrices,
    demandCharge:
      item.demandChargePerKw === undefined
        ? null
        : { pricePerKw: item.demandChargePerKw, billingPeriod: DEMAND_BILLING_PERIOD },
    userEmail: item.userEmail ?? null,
    updatedAt: item.updatedAt,
  };
}

/**
 * The rules of a tariff that involve more than one field or the site: the time zone, when given,
 * is the site's; the periods cover each weekday exactly once, at most 96 a day. The fields
 * themselves are checked by `siteTariffInputSchema` (`./tariff-rules.ts`).
 * @throws InvalidTariffError naming `timezone`, `energyPrices` or `energyPrices.<i>.startTime`
 */
export function checkTariff(input: SiteTariffInput, site: SiteItem): void {
  if (input.timezone !== undefined && input.timezone !== site.timezone) {
    throw new InvalidTariffError(
      'timezone',
      `must be the site's time zone, ${site.timezone}, or left out`,
      `Site ${site.siteId} is in ${site.timezone}: a tariff is in its site's time zone (leave timezone out)`,
    );
  }
  checkTariffCoverage(input.energyPrices);
}

/**
 * Sets a site's tariff, replacing the one it had; removes the site's older `touPeriods` in the
 * same transaction. Nothing is stored when a rule is broken.
 *
 * A tariff equal to the stored one (the same currency, normalised periods and demand charge) is
 * not written again: it is the same version, so its `updatedAt` (and `userEmail`) stay, and no
 * stream record makes the site allocate again or its OCPP 2.1 stations be sent it again
 * (`docs/tariffs.md`, "Rules"). The write is conditioned on differing from the stored item, so
 * telling the two apart costs no read before it; only an identical PUT reads the stored one.
 * Requests: 1 PutItem (conditional), or a 2-item TransactWriteItems when the site has `touPeriods`;
 * +1 GetItem when the tariff was identical; +1 PutItem when it was deleted between the two (the
 * tariff is then written: what the PUT answers is always stored).
 * @param input validated by `siteTariffInputSchema`
 * @returns the stored tariff, its periods normalised
 * @throws InvalidTariffError see {@link checkTariff}
 */
export async function putSiteTariff(
  db: Db,
  site: SiteItem,
  input: SiteTariffInput,
  now = new Date(),
  userEmail?: string,
): Promise<SiteTariffView> {
  checkTariff(input, site);
  const demand = input.demandCharge?.pricePerKw;
  const item: SiteTariffItem = {
    siteId: site.siteId,
    organizationId: site.organizationId,
    currency: input.currency,
    energyPrices: normaliseEnergyPrices(input.energyPrices),
    ...(demand === undefined ? {} : { demandChargePerKw: demand }),
    ...(userEmail ? { userEmail } : {}),
    updatedAt: now.toISOString(),
  };
  let written = true;
  if (site.touPeriods === undefined) {
    // Written unless the stored item has this content (DynamoDB compares lists and maps whole).
    written = await db.siteTariff
      .put(item)
      .where(
        (a, { ne, exists, notExists }) =>
          `${notExists(a.siteId)} OR ${ne(a.currency, item.currency)} OR ${ne(a.energyPrices, item.energyPrices)} OR ` +
          (demand === undefined
            ? exists(a.demandChargePerKw)
            : `${notExists(a.demandChargePerKw)} OR ${ne(a.demandChargePerKw, demand)}`),
      )
      .go()
      .then(() => true)
      .catch((error: unknown) => {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      });
  } else {
    // A site that still has `touPeriods` has had no tariff written since: always a new version.
    const outcome = await transact(db, (entities) => ({
      tariff: entities.siteTariff.put(item).commit(),
      touPeriods: entities.site.patch({ siteId: site.siteId }).remove(['touPeriods']).commit(),
    }));
    if (outcome.failed('touPeriods')) throw new SiteNotFoundError(site.siteId);
  }
  if (written) return toSiteTariffView(item, site);
  const { data: stored } = await db.siteTariff.get({ siteId: site.siteId }).go({ consistent: true });
  if (stored) return toSiteTariffView(stored, site);
  // Deleted between the refused write and this read: the answer must be a stored tariff, so this
  // one is written (unconditionally: an identical one written meanwhile is replaced by its equal).
  await db.siteTariff.put(item).go();
  return toSiteTariffView(item, site);
}

/**
 * A site's tariff. Requests: 1 GetItem.
 * @throws SiteTariffNotFoundError when the site has none
 */
export async function readSiteTariff(db: Db, site: SiteItem): Promise<SiteTariffView> {
  const { data } = await db.siteTariff.get({ siteId: site.siteId }).go({ consistent: true });
  if (!data) throw new SiteTariffNotFoundError(site.siteId);
  return toSiteTariffView(data, site);
}

/**
 * Removes a site's tariff (the site then has no prices, and its sessions' energy one period, `all`).
 * Requests: 1 DeleteItem, conditioned on the tariff existing.
 * @throws SiteTariffNotFoundError when the site has none
 */
export async function removeSiteTariff(db: Db, site: SiteItem): Promise<void> {
  try {
    await db.siteTariff
      .delete({ siteId: site.siteId })
      .where(({ siteId }, { exists }) => exists(siteId))
      .go();
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new SiteTariffNotFoundError(site.siteId);
    throw error;
  }
}

/**
 * The site the operator names (CLI: every site is reachable). Requests: 1 GetItem.
 * @throws SiteNotFoundError when it does not exist
 */
export async function operatorSite(db: Db, siteId: number): Promise<SiteItem> {
  const { data } = await db.site.get({ siteId }).go({ consistent: true });
  if (!data) throw new SiteNotFoundError(siteId);
  return data;
}

/**
 * `PUT /api/sites/{siteId}/tariff`: sets the tariff of a site the caller may reach.
 * Requests: 1 GetItem (site), then as {@link putSiteTariff}.
 * @throws SiteNotFoundError site unknown or not visible to the caller; InvalidTariffError see {@link checkTariff}
 */
export async function setTariff(
  db: Db,
  scope: AccessScope,
  siteId: number,
  input: SiteTariffInput,
  userEmail?: string,
): Promise<SiteTariffView> {
  return putSiteTariff(db, await visibleSite(db, scope, siteId), input, new Date(), userEmail);
}

/**
 * `GET /api/sites/{siteId}/tariff`. Requests: 2 GetItem in parallel.
 * @throws SiteNotFoundError site unknown or not visible; SiteTariffNotFoundError no tariff
 */
export async function getTariff(db: Db, scope: AccessScope, siteId: number): Promise<SiteTariffView> {
  const [site, { data }] = await Promise.all([
    visibleSite(db, scope, siteId),
    db.siteTariff.get({ siteId }).go({ consistent: true }),
  ]);
  if (!data) throw new SiteTariffNotFoundError(siteId);
  return toSiteTariffView(data, site);
}

/**
 * `DELETE /api/sites/{siteId}/tariff`. Requests: 1 GetItem, 1 DeleteItem.
 * @throws SiteNotFoundError site unknown or not visible; SiteTariffNotFoundError no tariff
 */
export async function deleteTariff(db: Db, scope: AccessScope, siteId: number): Promise<void> {
  await removeSiteTariff(db, await visibleSite(db, scope, siteId));
}
