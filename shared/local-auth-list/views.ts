/**
 * A charger's local authorization list as the operator sees it (`GET /api/chargers/{id}/local-list`)
 * and the operator's resync (`POST /api/chargers/{id}/local-list/sync`): docs/local-authorization-list.md.
 */
import type { Db } from '../db';
import { ChargerNotFoundError } from '../chargers/errors';
import type { ChargerItem } from '../chargers/items';
import { canAccess, type AccessScope } from '../organizations/access-scope';
import { LocalListUnsupportedError } from './errors';
import type { LocalListState } from './state';

/** A charger's list: what it keeps, what it holds as the CSMS last set it, and the last synchronisation. */
export interface LocalListView {
  chargerId: number;
  ocppId: string;
  /** Whether the charger keeps a local list, as it said at its last boot (`unknown`: not asked yet). */
  support: 'supported' | 'unsupported' | 'unknown';
  /** `neverSynced`, `syncing` (a run holds it now), `inSync`, `pending` (offline: changes wait), `failed`, `unsupported`. */
  status: 'neverSynced' | 'syncing' | 'inSync' | 'pending' | 'failed' | 'unsupported';
  /** The version the charger holds as the CSMS last set it (0: none). */
  listVersion: number;
  entryCount: number;
  /** The normalised ocppIdTags it holds, sorted. */
  entries: string[];
  /** Authorized access IDs that did not fit (its `LocalAuthListMaxLength`, or a 1.6 idTag over 20 characters). */
  omitted: number;
  /** The charger's limits, when it said them. */
  maxLength?: number;
  itemsPerMessage?: number;
  bytesPerMessage?: number;
  /** The next update is Full (a resync asked, or the charger's list in doubt). */
  fullRequired: boolean;
  lastSync?: { at: string; updateType: string; messages: number; result: string; error?: string };
  resyncRequestedAt?: string;
}

/** The charger behind an ID, for a scope (1 GetItem). @throws ChargerNotFoundError when the scope cannot see it */
async function chargerFor(db: Db, scope: AccessScope, chargerId: number): Promise<ChargerItem> {
  const { data } = await db.charger.get({ chargerId }).go();
  if (!data || !canAccess(scope, data.organizationId, data.siteId)) throw new ChargerNotFoundError(chargerId);
  return data;
}

/** Whether the stored support is the current boot's. */
function supportNow(charger: ChargerItem, state: LocalListState | null): LocalListView['support'] {
  const support = state?.support;
  return support && support.bootAt === (charger.lastBootAt ?? '') ? support.status : 'unknown';
}

/** The view of a charger's stored list. */
function viewOf(charger: ChargerItem, state: LocalListState | null, now: number): LocalListView {
  const entries = state?.entries ?? [];
  const syncing = state?.leaseUntil !== undefined && state.leaseUntil > now;
  const support = state?.support;
  return {
    chargerId: charger.chargerId,
    ocppId: charger.ocppId,
    support: supportNow(charger, state),
    status: syncing ? 'syncing' : (state?.status ?? 'neverSynced'),
    listVersion: state?.listVersion ?? 0,
    entryCount: entries.length,
    entries,
    omitted: state?.omitted ?? 0,
    ...(support?.maxLength !== undefined ? { maxLength: support.maxLength } : {}),
    ...(support?.itemsPerMessage !== undefined ? { itemsPerMessage: support.itemsPerMessage } : {}),
    ...(support?.bytesPerMessage !== undefined ? { bytesPerMessage: support.bytesPerMessage } : {}),
    fullRequired: state?.fullRequired === true,
    ...(state?.lastSync ? { lastSync: state.lastSync } : {}),
    ...(state?.resyncRequestedAt ? { resyncRequestedAt: state.resyncRequestedAt } : {}),
  };
}

/**
 * A charger's local list (2 GetItems).
 * @throws ChargerNotFoundError when the scope cannot see the charger
 */
export async function readLocalList(db: Db, scope: AccessScope, chargerId: number): Promise<LocalListView> {
  const charger = await chargerFor(db, scope, chargerId);
  const { data } = await db.localAuthList.get({ chargerId }).go({ consistent: true });
  return viewOf(charger, data, Date.now());
}

/**
 * Asks for a Full update of a charger's list (1 GetItem, 1 UpdateItem): the table's stream starts
 * it (at once when the charger is connected, else when it connects).
 * @returns the list's view with the request
 * @throws ChargerNotFoundError when the scope cannot see the charger
 * @throws LocalListUnsupportedError when the charger said at its last boot that it keeps no list
 */
export async function requestResync(db: Db, scope: AccessScope, chargerId: number): Promise<LocalListView> {
  const charger = await chargerFor(db, scope, chargerId);
  const { data: stored } = await db.localAuthList.get({ chargerId }).go({ consistent: true });
  if (supportNow(charger, stored) === 'unsupported') throw new LocalListUnsupportedError(chargerId);
  const { data } = await db.localAuthList
    .update({ chargerId })
    .set({
      organizationId: charger.organizationId,
      resyncRequestedAt: new Date().toISOString(),
      fullRequired: true,
    })
    .go({ response: 'all_new' });
  return viewOf(charger, data as LocalListState, Date.now());
}
