/**
 * Which chargers (and ports) an operation addresses: the body's `chargerId`, `chargerIds` (bulk),
 * `siteId` (bulk: every charger of the site) or `portId`, exactly one of them, resolved for the
 * caller's scope. A charger, port or site the caller may not see is reported as unknown (404). The
 * body fields themselves are in `inputs.ts`.
 */
import type { Db } from '../db';
import { canAccess, type AccessScope } from '../organizations/access-scope';
import { ChargerNotFoundError, PortNotFoundError, SiteNotFoundError } from '../chargers/errors';
import { locatePort } from '../chargers/port-lookup';
import { getSite } from '../chargers/sites';
import { batchGet } from '../db';
import { InvalidError } from '../errors';

/** Most chargers (or ports) one operation addresses: its results stay well inside DynamoDB's 400 KB item. */
export const MAX_OPERATION_TARGETS = 500;

/** The target fields a body may have. */
export interface TargetFields {
  chargerId?: number;
  chargerIds?: number[];
  siteId?: number;
  portId?: number;
}

/** One charger (or port) an operation addresses, as recorded in its results. */
export interface OperationTarget {
  chargerId: number;
  /** OCPP identity (1.6 Charge Point identity, 2.0.1 Charging Station identity). */
  ocppId: string;
  siteId: number;
  portId?: number;
  /** 1.6 connectorId / 2.0.1 evseId of `portId`. */
  portNumber?: number;
}

/**
 * The targets of a body, for the caller's scope. Requests: a port 1 GetItem (its location, cached)
 * + 1 GetItem; chargers 1 BatchGetItem per 100; a site 1 GetItem + 1 Query of the organization's
 * chargers.
 * @throws ChargerNotFoundError, PortNotFoundError, SiteNotFoundError for one the caller may not see
 * @throws InvalidError (`siteId`) for a site with no charger or more than {@link MAX_OPERATION_TARGETS}
 */
export async function resolveTargets(db: Db, scope: AccessScope, body: TargetFields): Promise<OperationTarget[]> {
  if (body.portId !== undefined) {
    const location = await locatePort(db, body.portId);
    const { data: charger } = location ? await db.charger.get({ chargerId: location.chargerId }).go() : { data: null };
    if (!location || !charger || !canAccess(scope, charger.organizationId, charger.siteId)) {
      throw new PortNotFoundError(body.portId);
    }
    const { chargerId, ocppId, siteId } = charger;
    return [{ chargerId, ocppId, siteId, portId: body.portId, portNumber: location.portNumber }];
  }
  if (body.siteId !== undefined) {
    const site = await getSite(db, body.siteId);
    if (!site || !canAccess(scope, site.organizationId, site.siteId)) throw new SiteNotFoundError(body.siteId);
    const { data } = await db.charger.query
      .byOrganization({ organizationId: scope.organizationId })
      .where(({ siteId }, { eq }) => eq(siteId, body.siteId!))
      .go({ pages: 'all' });
    if (data.length === 0) throw new InvalidError('siteId', 'the site has no charger');
    if (data.length > MAX_OPERATION_TARGETS) {
      throw new InvalidError('siteId', `the site has more than ${MAX_OPERATION_TARGETS} chargers: name them in lists`);
    }
    return data.map(({ chargerId, ocppId, siteId }) => ({ chargerId, ocppId, siteId }));
  }
  const ids = body.chargerIds ?? (body.chargerId === undefined ? [] : [body.chargerId]);
  const found = await batchGet(
    db.charger,
    ids.map((chargerId) => ({ chargerId })),
  );
  return ids.map((id) => {
    const charger = found.find((c) => c.chargerId === id);
    if (!charger || !canAccess(scope, charger.organizationId, charger.siteId)) throw new ChargerNotFoundError(id);
    return { chargerId: id, ocppId: charger.ocppId, siteId: charger.siteId };
  });
}
