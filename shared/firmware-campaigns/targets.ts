/**
 * Which chargers a firmware campaign addresses: a list (`chargerIds`), a site (`siteId`), or the
 * chargers of a model (`model`, optionally `manufacturer`, as their BootNotification stated them),
 * within a site when `siteId` is given too; resolved for the caller's scope.
 */
import type { Db } from '../db';
import { InvalidError } from '../errors';
import { canAccess, type AccessScope } from '../organizations/access-scope';
import { resolveTargets, type OperationTarget } from '../charger-operations/targets';

/** A campaign's targets, as asked. */
export interface CampaignTargets {
  chargerIds?: number[];
  siteId?: number;
  /** BootNotification 1.6 chargePointModel / 2.0.1 chargingStation.model. */
  model?: string;
  /** BootNotification 1.6 chargePointVendor / 2.0.1 chargingStation.vendorName. */
  manufacturer?: string;
}

/**
 * The chargers of a campaign. Requests: a list 1 BatchGetItem per 100; a site 1 GetItem + 1 Query;
 * a model 1 Query of the organization's chargers (+1 GetItem of the site when given).
 * @throws ChargerNotFoundError, SiteNotFoundError for one the caller may not see
 * @throws InvalidError naming the field when no charger matches (`model`, `siteId`) or more than `max`
 */
export async function resolveCampaignTargets(
  db: Db,
  scope: AccessScope,
  targets: CampaignTargets,
  max: number,
): Promise<OperationTarget[]> {
  let found: OperationTarget[];
  if (targets.model !== undefined || targets.manufacturer !== undefined) {
    if (targets.siteId !== undefined) await resolveTargets(db, scope, { siteId: targets.siteId }).catch(siteless);
    const { data } = await db.charger.query
      .byOrganization({ organizationId: scope.organizationId })
      .go({ pages: 'all' });
    found = data
      .filter(
        (c) =>
          canAccess(scope, c.organizationId, c.siteId) &&
          (targets.siteId === undefined || c.siteId === targets.siteId) &&
          (targets.model === undefined || c.model === targets.model) &&
          (targets.manufacturer === undefined || c.manufacturer === targets.manufacturer),
      )
      .map(({ chargerId, ocppId, siteId }) => ({ chargerId, ocppId, siteId }));
    if (found.length === 0) {
      throw new InvalidError(
        targets.model === undefined ? 'manufacturer' : 'model',
        'no charger of the organization matches',
      );
    }
  } else {
    found = await resolveTargets(db, scope, targets);
  }
  if (found.length > max) {
    throw new InvalidError(
      targets.chargerIds ? 'chargerIds' : targets.siteId !== undefined ? 'siteId' : 'model',
      `more than ${max} chargers`,
    );
  }
  return found;
}

/** A site with no charger is still a site: only its absence (404) matters before the model filter. */
function siteless(error: unknown): void {
  if (!(error instanceof InvalidError)) throw error;
}
