/**
 * Charger reads: one charger with its ports (spec §4.5, one Query on the `chargerView` collection)
 * and every charger of an organization (operator CLI).
 */
import type { Db } from '../db';
import { canAccess, type AccessScope } from '../organizations/access-scope';
import { CHARGER_CONSTRAINTS, type ChargerItem, type PortItem } from './items';
import { ChargerNotFoundError } from './errors';
import { groupChargers, toCharger, type Charger } from './views';
import { joinReadings, selectChargers } from './port-readings';

/** The items one charger read needs. */
export interface ChargerView {
  charger: ChargerItem;
  /** Ordered by `portNumber`. */
  ports: PortItem[];
}

/**
 * Reads a charger with its ports: one Query on the `chargerView` collection.
 * @returns undefined when there is no such charger
 */
export async function getChargerView(db: Db, chargerId: number): Promise<ChargerView | undefined> {
  const { data } = await db.service.collections.chargerView({ chargerId }).go({ pages: 'all' });
  const charger = data.charger[0];
  if (!charger) return undefined;
  return { charger, ports: joinReadings(data.port, data.portReadings).sort((a, b) => a.portNumber - b.portNumber) };
}

/** Finds the charger ID claimed by a uniqueness constraint (one GetItem), if any. */
async function chargerIdByConstraint(db: Db, constraint: string, value: string): Promise<number | undefined> {
  const { data } = await db.uniqueValue.get({ constraint, value }).go();
  return data?.targetId;
}

/** How `GET /api/chargers/…` identifies the charger (spec §4.5). */
export type ChargerLookup =
  | { by: 'id'; chargerId: number }
  | { by: 'externalId'; externalId: string }
  | { by: 'ocppId'; ocppId: string };

/**
 * Spec §4.5: reads one charger for an API key. A charger of another organization (or, for a
 * site-scoped key, of another site) is reported exactly like an unknown one.
 * Requests: 1 Query by ID; 1 GetItem + 1 Query by external ID or OCPP identity.
 * @throws ChargerNotFoundError when no charger the caller may see matches
 */
export async function readCharger(db: Db, scope: AccessScope, lookup: ChargerLookup): Promise<Charger> {
  const chargerId =
    lookup.by === 'id'
      ? lookup.chargerId
      : lookup.by === 'externalId'
        ? await chargerIdByConstraint(db, CHARGER_CONSTRAINTS.externalId(scope.organizationId), lookup.externalId)
        : await chargerIdByConstraint(db, CHARGER_CONSTRAINTS.ocppId(), lookup.ocppId);
  const view = chargerId === undefined ? undefined : await getChargerView(db, chargerId);
  if (!view || !canAccess(scope, view.charger.organizationId, view.charger.siteId)) {
    const value =
      lookup.by === 'id' ? lookup.chargerId : lookup.by === 'externalId' ? lookup.externalId : lookup.ocppId;
    throw new ChargerNotFoundError(value);
  }
  return toCharger(view.charger, view.ports);
}

/**
 * Every charger of an organization with its ports (operator CLI `chargers list`): 1 Query of the
 * `organizationView` collection, 1 BatchGetItem per 100 ports charging (their readings).
 * @param siteId only this site's chargers, when given
 */
export async function listChargers(db: Db, organizationId: number, siteId?: number): Promise<Charger[]> {
  const { data } = await db.service.collections.organizationView({ organizationId }).go({ pages: 'all' });
  const { chargers, ports } = await selectChargers(db, data, (c) => siteId === undefined || c.siteId === siteId);
  return groupChargers(chargers, ports);
}
