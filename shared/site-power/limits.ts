/**
 * Site power limits (spec §2.6, §4.7; reference notes "Site power limits"): set, read and clear a
 * site's `cost` and `capacity` limits, the rule that amp (A) limits and DCFC chargers never share
 * a site, and the meaning of the limits for the smart charging that will enforce them.
 *
 * A site holds at most one limit per type: the limit item is keyed by site and type, so a new one
 * replaces the old with one PutItem (and gets a new `id`; the old `id` is then unknown). The
 * DCFC/amp rule is a database condition, not a read-then-write race: the site item counts its DCFC
 * chargers (`dcfcChargerCount`), an amp limit is written in a transaction that checks the count
 * is 0, and a DCFC charger is registered (or a charger retyped to DCFC) in a transaction that adds
 * 1 to the count and checks that neither limit of the site is in amps.
 */
import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import type { z } from 'zod';
import type { Db } from '../db';
import { writeTransaction, type CancellationReason, type TransactionEntities } from '../db/retries';
import { BadRequestError, ConflictError, NotFoundError } from '../api/errors';
import { canAccess, type ApiPrincipal } from '../api/auth';
import { isConditionalCheckFailure } from '../db/conditions';
import type { SiteItem } from '../chargers/sites';
import type * as schemas from '../api/schemas/site-limits';
import { SITE_POWER_LIMIT_TYPES, type ChargingRateUnit, type SitePowerLimitType } from './limit-rules';

export { CHARGING_RATE_UNITS, MAX_SITE_POWER_LIMIT, SITE_POWER_LIMIT_TYPES, type ChargingRateUnit, type SitePowerLimitType } from './limit-rules';

/**
 * Spec §2.6: the power every plugged-in vehicle may always start charging with, whatever the
 * limits: 8 A on a Level 2 charger, 5 kW (5000 W) on a DCFC charger.
 */
export const MINIMUM_POWER_PER_VEHICLE = { 'Level 2': { value: 8, unit: 'A' }, DCFC: { value: 5000, unit: 'W' } } as const;

/** `source` of limits set through this API (the reference product also has e.g. `manual`). */
export const API_SOURCE = 'api';

/** A stored limit. */
export type SitePowerLimitItem = EntityItem<Db['sitePowerLimit']>;
/** `{ sitePowerLimitSchedule }` of `POST /api/site/{siteId}/limits`, validated. */
export type SitePowerLimitInput = z.output<typeof schemas.SitePowerLimitScheduleInput>;
/** A limit as the API answers it (reference notes' shape). */
export type SitePowerLimitSchedule = z.output<typeof schemas.SitePowerLimitSchedule>;

/**
 * The §2.6 rule, worded the same wherever it refuses something (the API's 400 and the operator
 * CLI's charger registration and update).
 */
export function ampLimitRule(siteId: number): string {
  return `Site ${siteId}: amp (A) power limits are not supported on sites with DCFC chargers (spec §2.6); use W limits there`;
}

/**
 * The reference product's schedule shape for a flat limit: every day (1 = Monday … 7 = Sunday),
 * one period from the start of the day (`startPeriod` 0 s) at `limit`.
 */
export function toSitePowerLimitSchedule(item: SitePowerLimitItem): SitePowerLimitSchedule {
  return {
    id: item.scheduleId,
    createdAt: item.createdAt,
    source: item.source,
    type: item.type,
    schedules: [{ daysOfWeek: [1, 2, 3, 4, 5, 6, 7], chargingRateUnit: item.chargingRateUnit, chargingSchedulePeriods: [{ startPeriod: 0, limit: item.limit }] }],
  };
}

/**
 * The site a key may reach (one GetItem).
 * @throws NotFoundError (404) when it does not exist, is another organization's, or another site than a site-scoped key's
 */
async function visibleSite(db: Db, principal: ApiPrincipal, siteId: number): Promise<SiteItem> {
  const { data: site } = await db.site.get({ siteId }).go({ consistent: true });
  if (!site || !canAccess(principal, site.organizationId, site.siteId)) throw new NotFoundError(`Site ${siteId} not found`);
  return site;
}

/** The limits of a site (one Query), by type: what enforcement will read. */
export async function getSitePowerLimits(db: Db, siteId: number): Promise<Partial<Record<SitePowerLimitType, SitePowerLimitItem>>> {
  const { data } = await db.sitePowerLimit.query.primary({ siteId }).go({ consistent: true });
  return Object.fromEntries(data.map((item) => [item.type, item]));
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
 * Transaction items that change a site's DCFC charger count by `delta` while keeping the §2.6
 * rule: adding a DCFC charger also checks that neither limit of the site is in amps. Call
 * {@link dcfcChargerCount} first so that the count exists; append these items last and read the
 * outcome with {@link refusedByAmpLimit}.
 */
export function dcfcChargerCountChange(entities: TransactionEntities, siteId: number, delta: 1 | -1) {
  const count = entities.site.patch({ siteId }).add({ dcfcChargerCount: delta }).commit();
  if (delta < 0) return [count];
  const notInAmps = (type: SitePowerLimitType) =>
    entities.sitePowerLimit
      .check({ siteId, type })
      .where(({ chargingRateUnit }, { notExists, ne }) => `${notExists(chargingRateUnit)} OR ${ne(chargingRateUnit, 'A')}`)
      .commit();
  return [count, ...SITE_POWER_LIMIT_TYPES.map(notInAmps)];
}

/** Whether a cancelled transaction was refused by the items of {@link dcfcChargerCountChange} starting at `from`. */
export function refusedByAmpLimit(reasons: readonly CancellationReason[], from: number): boolean {
  return reasons.slice(from).some((r) => r.code === 'ConditionalCheckFailed');
}

/** The 400 for a DCFC charger on a site with an amp limit (operator CLI; field `type`). */
export function dcfcOnAmpLimitedSiteError(siteId: number): BadRequestError {
  return new BadRequestError(ampLimitRule(siteId), [{ path: 'type', message: `DCFC is not allowed: site ${siteId} holds an amp (A) power limit` }]);
}

/** The 400 for an amp limit on a site with a DCFC charger (API). */
function ampLimitOnDcfcSiteError(siteId: number): BadRequestError {
  return new BadRequestError(ampLimitRule(siteId), [
    { path: 'body.sitePowerLimitSchedule.chargingRateUnit', message: `A is not allowed: site ${siteId} has DCFC chargers` },
  ]);
}

/**
 * `POST /api/site/{siteId}/limits` (spec §4.7): sets the site's limit of `input.type`, replacing
 * the current one of that type. An amp limit is written only while the site has no DCFC charger
 * (one transaction checking the site's count).
 * Requests: 1 GetItem (site) and 1 PutItem (W), or a 2-item TransactWriteItems (A).
 * @returns the new schedule, with a new string `id`
 * @throws NotFoundError (404) site unknown or not visible to the key; BadRequestError (400) amp
 *   limit on a site with DCFC chargers
 */
export async function setSitePowerLimit(db: Db, principal: ApiPrincipal, siteId: number, input: SitePowerLimitInput): Promise<SitePowerLimitSchedule> {
  const site = await visibleSite(db, principal, siteId);
  const item: SitePowerLimitItem = {
    siteId,
    type: input.type,
    scheduleId: `${input.type}-${randomUUID()}`,
    organizationId: site.organizationId,
    limit: input.limit,
    chargingRateUnit: input.chargingRateUnit,
    source: API_SOURCE,
    createdAt: new Date().toISOString(),
  };
  if (input.chargingRateUnit === 'W') {
    await db.sitePowerLimit.put(item).go();
    return toSitePowerLimitSchedule(item);
  }
  if ((await dcfcChargerCount(db, site)) > 0) throw ampLimitOnDcfcSiteError(siteId);
  const result = await writeTransaction(() =>
    db.service.transaction
      .write(({ sitePowerLimit, site: sites }) => [
        sitePowerLimit.put(item).commit(),
        sites.check({ siteId }).where(({ dcfcChargerCount: count }, { eq }) => eq(count, 0)).commit(),
      ])
      .go(),
  );
  if (result.canceled) {
    if (refusedByAmpLimit(result.data, 1)) throw ampLimitOnDcfcSiteError(siteId);
    throw new ConflictError(`Site ${siteId} kept changing while the limit was set; retry`);
  }
  return toSitePowerLimitSchedule(item);
}

/**
 * `GET /api/site/{siteId}/limits` (spec §4.7): the site's limits, at most one per type
 * (`capacity` before `cost`), empty when none is set. Requests: 1 GetItem, 1 Query.
 * @throws NotFoundError (404) site unknown or not visible to the key
 */
export async function listSitePowerLimits(db: Db, principal: ApiPrincipal, siteId: number): Promise<SitePowerLimitSchedule[]> {
  const [, limits] = await Promise.all([visibleSite(db, principal, siteId), getSitePowerLimits(db, siteId)]);
  return (['capacity', 'cost'] as const).flatMap((type) => (limits[type] ? [toSitePowerLimitSchedule(limits[type])] : []));
}

/**
 * `DELETE /api/site/{siteId}/limits/{scheduleId}` (spec §4.7): clears a limit. The `id` names its
 * type (`<type>-<uuid>`), so this is one DeleteItem conditioned on the `id`: a replaced schedule's
 * `id` is unknown. Requests: 1 GetItem, 1 DeleteItem.
 * @throws NotFoundError (404) site unknown or not visible to the key, or no such schedule on it
 */
export async function deleteSitePowerLimit(db: Db, principal: ApiPrincipal, siteId: number, scheduleId: string): Promise<void> {
  await visibleSite(db, principal, siteId);
  const type = SITE_POWER_LIMIT_TYPES.find((t) => scheduleId.startsWith(`${t}-`));
  const notFound = new NotFoundError(`Site power limit schedule ${JSON.stringify(scheduleId)} not found on site ${siteId}`);
  if (!type) throw notFound;
  try {
    await db.sitePowerLimit.delete({ siteId, type }).where(({ scheduleId: id }, { eq }) => eq(id, scheduleId)).go();
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw notFound;
    throw error;
  }
}

/** A site's limits in one unit, for {@link siteChargingAllowance}. */
export interface SiteLimitValues {
  cost?: number;
  capacity?: number;
}

/**
 * Spec §2.6 as one pure rule, ready for the smart charging that will enforce it (not applied to
 * chargers yet): how much power the site's chargers may draw together, in the limits' unit
 * (convert between A and W first when a site mixes them).
 *
 * - No limit: unlimited (`null`).
 * - `cost` is applied first, as a soft cap: the allowance is the cost limit.
 * - An override (a manual session override, or an override schedule on a charger) may exceed the
 *   cost limit, up to `capacity` (unlimited without one).
 * - `capacity` is the ceiling: the allowance never exceeds it, not even for overrides.
 * - Every plugged-in vehicle still starts at its minimum power ({@link MINIMUM_POWER_PER_VEHICLE}),
 *   so the allowance is at least their sum: a limit of 0 lets each vehicle charge at its minimum.
 *
 * @param minimumPower the summed minimum power of the plugged-in vehicles, in the limits' unit
 * @param override whether an override asks for more than the cost limit
 * @example siteChargingAllowance({ cost: 50_000, capacity: 80_000 }, { minimumPower: 10_000, override: true }) // 80_000
 */
export function siteChargingAllowance(limits: SiteLimitValues, demand: { minimumPower: number; override: boolean }): number | null {
  const { cost, capacity } = limits;
  if (cost === undefined && capacity === undefined) return null;
  const target = demand.override || cost === undefined ? capacity : Math.min(cost, capacity ?? Infinity);
  return target === undefined ? null : Math.max(target, demand.minimumPower);
}
