/**
 * The spec §2.6 rule that amp (A) site power limits and DCFC chargers never share a site, on the
 * chargers' side: a site counts its DCFC chargers (`dcfcChargerCount`), and a DCFC charger joins a
 * site (registered, or retyped) in a transaction that adds 1 to the count and checks that neither
 * limit of the site is in amps. Site power (`shared/site-power/limits.ts`) writes an amp limit in
 * a transaction that checks the count is 0.
 */
import { InvalidError } from '../errors';
import type { Db, LabelledWrites, TransactionEntities } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import { SITE_POWER_LIMIT_TYPES } from '../db/entities/site-power';
import type { SiteItem } from './items';

/** The spec §2.6 rule as one sentence, the same wherever it refuses something. */
export function ampLimitRule(siteId: number): string {
  return `Site ${siteId}: amp (A) power limits are not supported on sites with DCFC chargers (spec §2.6); use W limits there`;
}

/**
 * The spec §2.6 rule: amp (A) limits are for Level 2-only sites, so an A limit and a DCFC charger
 * never share a site. Worded the same wherever it refuses something (a limit, a charger
 * registration or retype); `field` names what was refused.
 */
export class AmpLimitRuleError extends InvalidError {
  /**
   * @param siteId the site
   * @param refused `limit` when an A limit was refused, `charger` when a DCFC charger was
   */
  constructor(siteId: number, refused: 'limit' | 'charger') {
    super(
      refused === 'limit' ? 'chargingRateUnit' : 'type',
      refused === 'limit'
        ? `A is not allowed: site ${siteId} has DCFC chargers`
        : `DCFC is not allowed: site ${siteId} holds an amp (A) power limit`,
      ampLimitRule(siteId),
    );
  }
}

/**
 * The number of DCFC chargers on a site. Sites created before the count existed are counted once
 * (a Query of the organization's chargers) and the count is stored.
 */
export async function dcfcChargerCount(db: Db, site: SiteItem): Promise<number> {
  if (site.dcfcChargerCount !== undefined) return site.dcfcChargerCount;
  const { data } = await db.charger.query
    .byOrganization({ organizationId: site.organizationId })
    .where(({ siteId, type }, { eq }) => `${eq(siteId, site.siteId)} AND ${eq(type, 'DCFC')}`)
    .go({ pages: 'all' });
  try {
    await db.site
      .patch({ siteId: site.siteId })
      .set({ dcfcChargerCount: data.length })
      .where(({ dcfcChargerCount: count }, { notExists }) => notExists(count))
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
  const { data: counted } = await db.site.get({ siteId: site.siteId }).go({ consistent: true });
  return counted?.dcfcChargerCount ?? data.length;
}

/**
 * Labelled transaction items that change a site's DCFC charger count by `delta` while keeping the
 * §2.6 rule: adding a DCFC charger also checks that neither limit of the site is in amps (label
 * `ampLimitRule`; when it fails, refuse with {@link AmpLimitRuleError}). Call
 * {@link dcfcChargerCount} first so that the count exists.
 */
export function dcfcChargerCountChange(entities: TransactionEntities, siteId: number, delta: 1 | -1): LabelledWrites {
  const dcfcChargerCount = entities.site.patch({ siteId }).add({ dcfcChargerCount: delta }).commit();
  if (delta < 0) return { dcfcChargerCount };
  const notInAmps = (type: (typeof SITE_POWER_LIMIT_TYPES)[number]) =>
    entities.sitePowerLimit
      .check({ siteId, type })
      .where(
        ({ chargingRateUnit }, { notExists, ne }) => `${notExists(chargingRateUnit)} OR ${ne(chargingRateUnit, 'A')}`,
      )
      .commit();
  return { dcfcChargerCount, ampLimitRule: SITE_POWER_LIMIT_TYPES.map(notInAmps) };
}
