/**
 * What makes chargers' local lists synchronise (docs/local-authorization-list.md), read from the
 * table's change stream (new and old images), coalesced per charger:
 * - an access ID is created, deleted, or its `authorizationStatus` or `type` changes: every
 *   charger of its organization (a Differential update);
 * - a charger boots (`lastBootAt`): its support is learnt again and its version checked;
 * - a charger connects again (`currentConnectionId`): what it missed while offline, if anything;
 * - the operator asks for a resync (`localAuthList.resyncRequestedAt`): a Full update.
 */
import type { Db } from '../db';
import { batchGet } from '../db/batch';
import type { ChargerItem } from '../chargers/items';
import { TARIFF_UPDATE_ENTITIES } from '../charging';
import {
  chargerConnectionChange,
  entityOf,
  mergeStreamEntities,
  numberIn,
  type TableChange,
} from '../db/table-changes';
import type { SyncReason } from './sync';

/** The entities whose changes can matter to the lists; the stream filter passes every change of theirs. */
export const LOCAL_LIST_TRIGGERING_ENTITIES = ['accessId', 'charger', 'localAuthList'] as const;

/**
 * What the sync function's stream filter passes, on AWS and in the local stack alike: every change
 * of the lists' entities, and the site tariffs (and chargers) whose tariff messages it sends to
 * OCPP 2.1 stations and whose repricing it sends as CostUpdated (`TARIFF_UPDATE_ENTITIES`;
 * `lambdas/local-list/sync.ts`).
 */
export const LOCAL_LIST_SYNC_STREAM: readonly string[] = mergeStreamEntities(
  LOCAL_LIST_TRIGGERING_ENTITIES,
  TARIFF_UPDATE_ENTITIES,
);

/** The synchronisations a batch of changes calls for. */
export interface ListSyncs {
  /** Organizations whose access IDs changed: each connected charger of theirs. */
  organizationIds: Set<number>;
  /** Chargers with a reason of their own. */
  chargers: Map<number, SyncReason>;
}

/** Which reason wins when a charger has two in one batch: the one that does the most. */
const WEIGHT: Record<SyncReason, number> = { connect: 0, accessIds: 1, boot: 2, resync: 3 };

/** The synchronisations a batch of table changes calls for. */
export function listSyncsOf(changes: readonly TableChange[]): ListSyncs {
  const result: ListSyncs = { organizationIds: new Set(), chargers: new Map() };
  const add = (chargerId: number | undefined, reason: SyncReason | undefined) => {
    if (chargerId === undefined || !reason) return;
    const known = result.chargers.get(chargerId);
    if (!known || WEIGHT[reason] > WEIGHT[known]) result.chargers.set(chargerId, reason);
  };
  for (const change of changes) {
    const before = change.oldImage ?? {};
    const after = change.newImage ?? {};
    const image = change.newImage ?? change.oldImage ?? {};
    switch (entityOf(change)) {
      case 'accessId': {
        const matters =
          change.eventName !== 'MODIFY' ||
          before.authorizationStatus !== after.authorizationStatus ||
          before.type !== after.type;
        const organizationId = numberIn(image, 'organizationId');
        if (matters && organizationId !== undefined) result.organizationIds.add(organizationId);
        break;
      }
      case 'charger':
        if (change.eventName === 'MODIFY') add(numberIn(image, 'chargerId'), chargerConnectionChange(before, after));
        break;
      case 'localAuthList':
        if (after.resyncRequestedAt && before.resyncRequestedAt !== after.resyncRequestedAt)
          add(numberIn(image, 'chargerId'), 'resync');
        break;
    }
  }
  return result;
}

/**
 * The chargers to run, with their reasons: the connected chargers of the organizations (1 paged
 * Query of gsi1 each) except those known not to keep a list since their last boot (1 BatchGetItem
 * per 100), and the chargers named (1 BatchGetItem per 100), connected ones only.
 */
export async function chargersToSync(
  db: Db,
  syncs: ListSyncs,
): Promise<Map<number, { charger: ChargerItem; reason: SyncReason }>> {
  const result = new Map<number, { charger: ChargerItem; reason: SyncReason }>();
  const named = await batchGet(
    db.charger,
    [...syncs.chargers.keys()].map((chargerId) => ({ chargerId })),
  );
  for (const charger of named) {
    if (charger.currentConnectionId)
      result.set(charger.chargerId, { charger, reason: syncs.chargers.get(charger.chargerId)! });
  }
  for (const organizationId of syncs.organizationIds) {
    const { data } = await db.charger.query.byOrganization({ organizationId }).go({ pages: 'all' });
    const connected = data.filter((c) => c.currentConnectionId && !result.has(c.chargerId));
    const states = await batchGet(
      db.localAuthList,
      connected.map((c) => ({ chargerId: c.chargerId })),
    );
    const unsupported = new Set(
      states
        .filter((s) => s.support?.status === 'unsupported')
        .filter((s) => s.support?.bootAt === (connected.find((c) => c.chargerId === s.chargerId)?.lastBootAt ?? ''))
        .map((s) => s.chargerId),
    );
    for (const charger of connected)
      if (!unsupported.has(charger.chargerId)) result.set(charger.chargerId, { charger, reason: 'accessIds' });
  }
  return result;
}
