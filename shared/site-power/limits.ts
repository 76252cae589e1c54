/**
 * Site power limits (spec §2.6, §4.7; reference notes "Site power limits"): set, read and clear a
 * site's `cost` and `capacity` limits, the rule that amp (A) limits and DCFC chargers never share
 * a site. Smart charging enforces them (`./run.ts`, `shared/smart-charging`).
 *
 * A site holds at most one limit per type: the limit item is keyed by site and type, so a new one
 * replaces the old with one PutItem (and gets a new `id`; the old `id` is then unknown). The
 * DCFC/amp rule is a database condition, not a read-then-write race: the site item counts its DCFC
 * chargers (`dcfcChargerCount`), an amp limit is written in a transaction that checks the count
 * is 0, and a DCFC charger is registered (or a charger retyped to DCFC) in a transaction that adds
 * 1 to the count and checks that neither limit of the site is in amps (`shared/chargers/amp-limit-rule.ts`).
 *
 * A limit is flat (`limit`) or changes with the time of day (`schedules`, in the reference
 * product's shape, `docs/site-limit-schedules.md`); either way in one unit, so the rule holds for
 * both. `./limit-schedules.ts` reads a limit over time.
 */
import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { transact, type Db } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import { canAccess, type AccessScope } from '../organizations/access-scope';
import type { SiteItem } from '../chargers/items';
import { SiteNotFoundError } from '../chargers/errors';
import { SitePowerLimitNotFoundError } from './errors';
import { AmpLimitRuleError, dcfcChargerCount } from '../chargers/amp-limit-rule';
import {
  SITE_POWER_LIMIT_TYPES,
  storedLimitValues,
  type ChargingRateUnit,
  type SitePowerLimitInput,
  type SitePowerLimitType,
} from './limit-rules';

/** `source` of limits set through this API (the reference product also has e.g. `manual`). */
export const API_SOURCE = 'api';

/** A stored limit. */
export type SitePowerLimitItem = EntityItem<Db['sitePowerLimit']>;

/** A limit as the reference product answers it: a schedule list (one all-week period for a flat limit). */
export interface SitePowerLimitSchedule {
  /** `<type>-<uuid>`; new on every replacement. */
  id: string;
  createdAt: string;
  source: string;
  /** Who set it: a person's e-mail, an API key's name; null for the operator CLI. */
  userEmail: string | null;
  type: SitePowerLimitType;
  schedules: {
    /** 1 = Monday … 7 = Sunday. */
    daysOfWeek: number[];
    chargingRateUnit: ChargingRateUnit;
    /** Sorted; `startPeriod` in seconds from the start of the (local) day; `limit` in `chargingRateUnit`. */
    chargingSchedulePeriods: { startPeriod: number; limit: number }[];
  }[];
}

/**
 * The reference product's schedule shape of a stored limit: a time-of-day limit's schedules as
 * stored, each with the limit's unit; a flat limit as every day (1 = Monday … 7 = Sunday) with one
 * period from the start of the day (`startPeriod` 0 s) at `limit`.
 */
export function toSitePowerLimitSchedule(item: SitePowerLimitItem): SitePowerLimitSchedule {
  const { chargingRateUnit } = item;
  const schedules = item.schedules ?? [
    { daysOfWeek: [1, 2, 3, 4, 5, 6, 7], chargingSchedulePeriods: [{ startPeriod: 0, limit: item.limit }] },
  ];
  return {
    id: item.scheduleId,
    createdAt: item.createdAt,
    source: item.source,
    userEmail: item.userEmail ?? null,
    type: item.type,
    schedules: schedules.map(({ daysOfWeek, chargingSchedulePeriods }) => ({
      daysOfWeek,
      chargingRateUnit,
      chargingSchedulePeriods: chargingSchedulePeriods.map(({ startPeriod, limit }) => ({ startPeriod, limit })),
    })),
  };
}

/** A site's limits as `GET /api/site/{siteId}/limits` lists them: `capacity` before `cost`. */
export function sitePowerLimitSchedules(
  limits: Partial<Record<SitePowerLimitType, SitePowerLimitItem>>,
): SitePowerLimitSchedule[] {
  return (['capacity', 'cost'] as const).flatMap((type) =>
    limits[type] ? [toSitePowerLimitSchedule(limits[type])] : [],
  );
}

/**
 * The site a caller may reach (one GetItem).
 * @throws SiteNotFoundError when it does not exist, is another organization's, or another site than a site-scoped caller's
 */
export async function visibleSite(db: Db, scope: AccessScope, siteId: number): Promise<SiteItem> {
  const { data: site } = await db.site.get({ siteId }).go({ consistent: true });
  if (!site || !canAccess(scope, site.organizationId, site.siteId)) throw new SiteNotFoundError(siteId);
  return site;
}

/** The limits of a site (one Query), by type: what enforcement will read. */
export async function getSitePowerLimits(
  db: Db,
  siteId: number,
): Promise<Partial<Record<SitePowerLimitType, SitePowerLimitItem>>> {
  const { data } = await db.sitePowerLimit.query.primary({ siteId }).go({ consistent: true });
  return Object.fromEntries(data.map((item) => [item.type, item]));
}

/**
 * Sets a site's limit of `input.type` (flat or by time of day), replacing the current one of that
 * type; stored in its normal form (`storedLimitValues`). An amp limit is written only while the
 * site has no DCFC charger (one transaction checking the site's count). Nothing is stored when a
 * rule is broken.
 * Requests: 1 PutItem (W), or a 2-item TransactWriteItems (A).
 * @param input validated by `sitePowerLimitInputSchema` (`./limit-rules.ts`)
 * @param userEmail who sets it (`actorOf`), recorded as `userEmail`
 * @returns the new schedule, with a new string `id`
 * @throws AmpLimitRuleError amp limit on a site with DCFC chargers
 */
export async function putSitePowerLimit(
  db: Db,
  site: SiteItem,
  input: SitePowerLimitInput,
  userEmail?: string,
): Promise<SitePowerLimitSchedule> {
  const { siteId } = site;
  const item: SitePowerLimitItem = {
    siteId,
    type: input.type,
    scheduleId: `${input.type}-${randomUUID()}`,
    organizationId: site.organizationId,
    ...storedLimitValues(input),
    chargingRateUnit: input.chargingRateUnit,
    source: API_SOURCE,
    ...(userEmail ? { userEmail } : {}),
    createdAt: new Date().toISOString(),
  };
  if (input.chargingRateUnit === 'W') {
    await db.sitePowerLimit.put(item).go();
    return toSitePowerLimitSchedule(item);
  }
  if ((await dcfcChargerCount(db, site)) > 0) throw new AmpLimitRuleError(siteId, 'limit');
  const outcome = await transact(db, ({ sitePowerLimit, site: sites }) => ({
    limit: sitePowerLimit.put(item).commit(),
    noDcfcCharger: sites
      .check({ siteId })
      .where(({ dcfcChargerCount: count }, { eq }) => eq(count, 0))
      .commit(),
  }));
  if (outcome.failed('noDcfcCharger')) throw new AmpLimitRuleError(siteId, 'limit');
  return toSitePowerLimitSchedule(item);
}

/**
 * `POST /api/site/{siteId}/limits` (spec §4.7): {@link putSitePowerLimit} on a site the caller may
 * reach. Requests: 1 GetItem (site), then as {@link putSitePowerLimit}.
 * @returns the new schedule, with a new string `id`
 * @throws SiteNotFoundError site unknown or not visible to the caller; AmpLimitRuleError amp limit
 *   on a site with DCFC chargers
 */
export async function setSitePowerLimit(
  db: Db,
  scope: AccessScope,
  siteId: number,
  input: SitePowerLimitInput,
  userEmail?: string,
): Promise<SitePowerLimitSchedule> {
  return putSitePowerLimit(db, await visibleSite(db, scope, siteId), input, userEmail);
}

/**
 * `GET /api/site/{siteId}/limits` (spec §4.7): the site's limits, at most one per type
 * (`capacity` before `cost`), empty when none is set. Requests: 1 GetItem, 1 Query.
 * @throws SiteNotFoundError site unknown or not visible to the caller
 */
export async function listSitePowerLimits(
  db: Db,
  scope: AccessScope,
  siteId: number,
): Promise<SitePowerLimitSchedule[]> {
  const [, limits] = await Promise.all([visibleSite(db, scope, siteId), getSitePowerLimits(db, siteId)]);
  return sitePowerLimitSchedules(limits);
}

/**
 * `DELETE /api/site/{siteId}/limits/{scheduleId}` (spec §4.7): clears a limit. The `id` names its
 * type (`<type>-<uuid>`), so this is one DeleteItem conditioned on the `id`: a replaced schedule's
 * `id` is unknown. Requests: 1 GetItem, 1 DeleteItem.
 * @throws SiteNotFoundError site unknown or not visible to the caller; SitePowerLimitNotFoundError no such schedule on it
 */
export async function deleteSitePowerLimit(
  db: Db,
  scope: AccessScope,
  siteId: number,
  scheduleId: string,
): Promise<void> {
  await visibleSite(db, scope, siteId);
  const type = SITE_POWER_LIMIT_TYPES.find((t) => scheduleId.startsWith(`${t}-`));
  const notFound = new SitePowerLimitNotFoundError(scheduleId, siteId);
  if (!type) throw notFound;
  try {
    await db.sitePowerLimit
      .delete({ siteId, type })
      .where(({ scheduleId: id }, { eq }) => eq(id, scheduleId))
      .go();
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw notFound;
    throw error;
  }
}
