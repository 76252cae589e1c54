/**
 * Firmware campaigns (docs/firmware.md): one firmware to many chargers (a site, a
 * list, a model), with at most `maxConcurrent` chargers updating at once, at most `maxDownPerSite`
 * of one site, and a stop once `maxFailures` chargers failed. Each charger's update is an
 * update-firmware operation (`shared/charger-operations/firmware-kind.ts`) of that one charger,
 * started by the campaign; the campaign item keeps each charger's progress.
 *
 * Advancing ({@link advanceCampaign}) reads the operations of the chargers updating (settling them
 * first, as a read of an operation does), records what they came to, then starts the next chargers
 * the limits allow, or stops or ends the campaign. Nothing runs a campaign on its own: it advances
 * when it is created, every minute in the operations' sweep ({@link sweepCampaigns}), and at each
 * read of it, so it moves as fast as it is watched and at least once a minute. Every write is
 * conditional on the campaign's `revision`: two advancers never start a charger twice.
 */
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db';
import { isConditionalCheckFailure } from '../db/conditions';
import { RUNNING_CAMPAIGNS_QUEUE } from '../db/entities/firmware-campaigns';
import type { EntityItem } from 'electrodb';
import { canAccess, type AccessScope } from '../organizations/access-scope';
import { logger } from '../logger';
import {
  operationWaitMs,
  requestOperation,
  settleOperation,
  type ChargerFinder,
  type OperationStarter,
  type RequestedBy,
} from '../charger-operations/operations';
import { getOperationItem } from '../charger-operations/results';
import { checkFirmwareFields, type FirmwareRequestFields } from '../charger-operations/firmware-kind';
import { CampaignNotFoundError } from './errors';
import { chargersToStart, progressOf, type CampaignCharger, type CampaignChargerState } from './progress';

export type { CampaignCharger, CampaignChargerState };
import { resolveCampaignTargets, type CampaignTargets } from './targets';

/** A campaign item as stored. */
export type CampaignItem = Omit<EntityItem<Db['firmwareCampaign']>, 'chargers'> & { chargers: CampaignCharger[] };

/** What starting the chargers' operations needs: the chargers (to check versions) and the worker's starter. */
export interface CampaignDeps {
  commands: ChargerFinder;
  start: OperationStarter;
}

/** A campaign as the API shows it: the item with its counts per state. */
export interface FirmwareCampaign extends Omit<CampaignItem, 'revision' | 'siteId' | 'completedAt' | 'stopReason'> {
  siteId: number | null;
  stopReason: string | null;
  completedAt: string | null;
  counts: Record<CampaignChargerState, number> & { total: number };
}

/** Most chargers one campaign addresses (its progress stays well inside DynamoDB's 400 KB item). */
export const MAX_CAMPAIGN_CHARGERS = 500;
/** How long a started charger's operation may be missing before it counts as failed, ms (its creation failed). */
const START_GRACE_MS = 120_000;

/** The request of a campaign. */
export interface CampaignRequest {
  targets: CampaignTargets;
  firmware: FirmwareRequestFields;
  maxConcurrent: number;
  /** Stop once this many failed; undefined: never. */
  maxFailures?: number;
  maxDownPerSite?: number;
  requestedBy: RequestedBy;
}

/** A campaign's body as validated (the API's, the CLI's): targets, firmware fields and limits side by side. */
export type CampaignBody = CampaignTargets &
  FirmwareRequestFields & { maxConcurrent: number; maxFailures?: number; maxDownPerSite?: number };

/** The request of a validated body: its targets, its firmware fields and its limits apart. */
export function campaignRequestOf(body: CampaignBody, requestedBy: RequestedBy): CampaignRequest {
  const { chargerIds, siteId, model, manufacturer, maxConcurrent, maxFailures, maxDownPerSite, ...firmware } = body;
  const defined = <T extends object>(value: T) =>
    Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
  return {
    targets: defined({ chargerIds, siteId, model, manufacturer }),
    firmware,
    maxConcurrent,
    ...defined({ maxFailures, maxDownPerSite }),
    requestedBy,
  };
}

/** The API view of a campaign item. */
export function toFirmwareCampaign(item: CampaignItem): FirmwareCampaign {
  const counts = { pending: 0, updating: 0, installed: 0, failed: 0, skipped: 0, total: item.chargers.length };
  for (const charger of item.chargers) counts[charger.state]++;
  const { revision: _revision, ...rest } = item;
  return {
    ...rest,
    siteId: item.siteId ?? null,
    stopReason: item.stopReason ?? null,
    completedAt: item.completedAt ?? null,
    counts,
  };
}

/** Reads a campaign (strongly consistent). */
async function getCampaignItem(db: Db, campaignId: string): Promise<CampaignItem | undefined> {
  const { data } = await db.firmwareCampaign.get({ campaignId }).go({ consistent: true });
  return (data ?? undefined) as CampaignItem | undefined;
}

/**
 * Creates a campaign: resolves its chargers for the caller (400 for none), checks what each
 * connected charger's version takes (a 2.0.1-only field for a 1.6 charger: 400 naming it), writes
 * it with its running marker (1 TransactWriteItems) and advances it once (its first chargers start).
 * @throws ChargerNotFoundError, SiteNotFoundError; InvalidError naming the field (no charger, too many, a field a version lacks)
 */
export async function createCampaign(
  db: Db,
  deps: CampaignDeps,
  scope: AccessScope,
  request: CampaignRequest,
): Promise<FirmwareCampaign> {
  const targets = await resolveCampaignTargets(db, scope, request.targets, MAX_CAMPAIGN_CHARGERS);
  for (const target of targets) {
    const charger = await deps.commands.find(target.chargerId, true);
    if (charger?.connection) checkFirmwareFields(request.firmware, target.chargerId, charger.connection.takes);
  }
  const now = new Date();
  const createdAt = now.toISOString();
  const sites = new Set(targets.map((t) => t.siteId));
  const item: CampaignItem = {
    campaignId: uuidv7({ msecs: now.getTime() }),
    organizationId: scope.organizationId,
    ...(sites.size === 1 ? { siteId: targets[0]!.siteId } : {}),
    status: 'running',
    firmware: request.firmware,
    targets: request.targets,
    maxConcurrent: request.maxConcurrent,
    ...(request.maxFailures === undefined ? {} : { maxFailures: request.maxFailures }),
    ...(request.maxDownPerSite === undefined ? {} : { maxDownPerSite: request.maxDownPerSite }),
    chargers: targets.map(({ chargerId, ocppId, siteId }) => ({ chargerId, ocppId, siteId, state: 'pending' })),
    requestedBy: request.requestedBy,
    revision: 0,
    createdAt,
    updatedAt: createdAt,
  };
  await db.service.transaction
    .write(({ firmwareCampaign, runningFirmwareCampaign }) => [
      firmwareCampaign.create(item as never).commit(),
      runningFirmwareCampaign.create({ queue: RUNNING_CAMPAIGNS_QUEUE, campaignId: item.campaignId }).commit(),
    ])
    .go();
  // The first chargers' answers are awaited as an operation's are (OPERATION_WAIT_MS), then recorded.
  const started = await advanceCampaign(db, deps, item, new Date(), { waitMs: operationWaitMs() });
  return toFirmwareCampaign(started.status === 'running' ? await advanceCampaign(db, deps, started) : started);
}

/** The chargers updating, brought up to date from their operations (each settled first when pending). */
async function refreshUpdating(db: Db, chargers: CampaignCharger[], now: Date): Promise<CampaignCharger[]> {
  const at = now.toISOString();
  return Promise.all(
    chargers.map(async (charger) => {
      if (charger.state !== 'updating' || !charger.operationId) return charger;
      let operation = await getOperationItem(db, charger.operationId);
      if (!operation) {
        const late = now.getTime() - Date.parse(charger.startedAt ?? at) > START_GRACE_MS;
        return late
          ? {
              ...charger,
              state: 'failed',
              endedAt: at,
              error: { code: 'NotStarted', description: 'its update could not be started' },
            }
          : charger;
      }
      if (operation.status === 'pending') operation = await settleOperation(db, operation, now);
      return progressOf(
        charger,
        operation.results.find((r) => r.chargerId === charger.chargerId),
        at,
      );
    }),
  );
}

/**
 * The next state of a campaign: its updating chargers' progress recorded; stopped (failure
 * threshold, or cancelled) it skips its pending chargers and ends once none is updating; else the
 * chargers to start are marked updating with their new operationIds.
 */
async function nextState(db: Db, item: CampaignItem, now: Date): Promise<{ next: CampaignItem; started: number[] }> {
  const at = now.toISOString();
  let chargers = await refreshUpdating(db, item.chargers, now);
  const failed = chargers.filter((c) => c.state === 'failed').length;
  const stopReason =
    item.stopReason ?? (item.maxFailures !== undefined && failed >= item.maxFailures ? 'failureThreshold' : undefined);
  let started: number[] = [];
  if (stopReason) {
    const description =
      stopReason === 'cancelled' ? 'the campaign was cancelled' : `the campaign stopped after ${failed} failures`;
    chargers = chargers.map((c) =>
      c.state === 'pending'
        ? { ...c, state: 'skipped', endedAt: at, error: { code: 'CampaignStopped', description } }
        : c,
    );
  } else {
    started = chargersToStart(chargers, item);
    for (const index of started) {
      chargers[index] = {
        ...chargers[index]!,
        state: 'updating',
        operationId: uuidv7({ msecs: now.getTime() }),
        startedAt: at,
      };
    }
  }
  const open = chargers.some((c) => c.state === 'pending' || c.state === 'updating');
  const status = open ? 'running' : stopReason === 'cancelled' ? 'cancelled' : stopReason ? 'stopped' : 'completed';
  const next: CampaignItem = {
    ...item,
    chargers,
    status,
    ...(stopReason ? { stopReason } : {}),
    ...(status === 'running' ? {} : { completedAt: at }),
    revision: item.revision + 1,
    updatedAt: at,
  };
  return { next, started };
}

/** Whether the next state says nothing new (the same chargers, status and stop). */
function unchanged(item: CampaignItem, next: CampaignItem): boolean {
  return (
    item.status === next.status &&
    item.stopReason === next.stopReason &&
    JSON.stringify(item.chargers) === JSON.stringify(next.chargers)
  );
}

/** Writes a campaign's next state if nobody did meanwhile (its revision); false when someone did. */
async function writeIfUnchanged(db: Db, item: CampaignItem, next: CampaignItem): Promise<boolean> {
  try {
    await db.firmwareCampaign
      .put(next as never)
      .where((attributes, { eq }) => eq(attributes.revision, item.revision))
      .go();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/**
 * Starts one charger's update-firmware operation, waiting up to `waitMs` for its answer; an error
 * (a version that lacks a field, the worker) fails it.
 */
async function startCharger(
  db: Db,
  deps: CampaignDeps,
  item: CampaignItem,
  charger: CampaignCharger,
  waitMs: number,
): Promise<{ code: string; description: string } | undefined> {
  try {
    await requestOperation(
      db,
      deps.commands,
      deps.start,
      { organizationId: item.organizationId, scope: 'organization' },
      {
        action: 'updateFirmware',
        body: {
          chargerId: charger.chargerId,
          ...(item.firmware as FirmwareRequestFields),
          campaignId: item.campaignId,
        },
        requestedBy: item.requestedBy as RequestedBy,
      },
      { waitMs, operationId: charger.operationId! },
    );
    return undefined;
  } catch (error) {
    const description = error instanceof Error ? error.message : String(error);
    logger.warn('a campaign could not start a charger', {
      campaignId: item.campaignId,
      chargerId: charger.chargerId,
      error: description,
    });
    return { code: 'NotStarted', description };
  }
}

/**
 * Advances a campaign (see the module): records its updating chargers' progress, starts the next
 * ones, stops or ends it. Requests: per updating charger 1 GetItem of its operation (+ its
 * settlement: 1 GetItem of the charger, a write when it moved); 1 PutItem of the campaign; per
 * charger started, its operation's 1 TransactWriteItems, 1 Invoke and 1 GetItem; 1 DeleteItem of
 * the marker when it ends. Nothing is written when nothing changed.
 * @param options.waitMs how long to wait for the answers of the chargers it starts (default 0)
 * @returns the campaign as it is now
 */
export async function advanceCampaign(
  db: Db,
  deps: CampaignDeps,
  item: CampaignItem,
  now = new Date(),
  options: { waitMs?: number } = {},
): Promise<CampaignItem> {
  let current = item;
  for (let round = 0; round < 3 && current.status === 'running'; round++) {
    const { next, started } = await nextState(db, current, now);
    if (started.length === 0 && unchanged(current, next)) return current;
    if (!(await writeIfUnchanged(db, current, next))) return (await getCampaignItem(db, item.campaignId)) ?? current;
    current = next;
    const failures = await Promise.all(
      started.map((index) => startCharger(db, deps, current, current.chargers[index]!, options.waitMs ?? 0)),
    );
    if (!failures.some(Boolean)) break;
    // A charger that could not be started is failed at once (the next round may start another).
    const chargers = current.chargers.map((charger, index) => {
      const error = failures[started.indexOf(index)];
      return started.includes(index) && error
        ? { ...charger, state: 'failed' as const, endedAt: now.toISOString(), error }
        : charger;
    });
    const failedNow = { ...current, chargers, revision: current.revision + 1 };
    if (!(await writeIfUnchanged(db, current, failedNow)))
      return (await getCampaignItem(db, item.campaignId)) ?? current;
    current = failedNow;
  }
  if (current.status !== 'running') {
    await db.runningFirmwareCampaign.delete({ queue: RUNNING_CAMPAIGNS_QUEUE, campaignId: current.campaignId }).go();
  }
  return current;
}

/**
 * `GET /api/firmware-campaigns/{campaignId}`: a campaign the caller may see, advanced first when running.
 * @throws CampaignNotFoundError when unknown or not visible to the caller
 */
export async function readCampaign(
  db: Db,
  deps: CampaignDeps,
  scope: AccessScope,
  campaignId: string,
): Promise<FirmwareCampaign> {
  const item = await visibleCampaign(db, scope, campaignId);
  return toFirmwareCampaign(item.status === 'running' ? await advanceCampaign(db, deps, item) : item);
}

/** A campaign the caller may see. @throws CampaignNotFoundError */
async function visibleCampaign(db: Db, scope: AccessScope, campaignId: string): Promise<CampaignItem> {
  const item = await getCampaignItem(db, campaignId);
  if (!item || !canAccess(scope, item.organizationId, item.siteId ?? (scope.scope === 'site' ? -1 : undefined))) {
    throw new CampaignNotFoundError(campaignId);
  }
  return item;
}

/**
 * `POST /api/firmware-campaigns/{campaignId}/cancel`: no charger is started any more, the pending
 * ones are skipped; those updating go on (a firmware update cannot be called back) and the
 * campaign ends `cancelled` when they have ended. A campaign already ended is left as it is.
 * @throws CampaignNotFoundError
 */
export async function cancelCampaign(
  db: Db,
  deps: CampaignDeps,
  scope: AccessScope,
  campaignId: string,
): Promise<FirmwareCampaign> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const item = await visibleCampaign(db, scope, campaignId);
    if (item.status !== 'running' || item.stopReason) return toFirmwareCampaign(item);
    const cancelled = {
      ...item,
      stopReason: 'cancelled',
      revision: item.revision + 1,
      updatedAt: new Date().toISOString(),
    };
    if (await writeIfUnchanged(db, item, cancelled))
      return toFirmwareCampaign(await advanceCampaign(db, deps, cancelled));
  }
  return toFirmwareCampaign(await visibleCampaign(db, scope, campaignId));
}

/**
 * The sweep's part: advances every running campaign (1 Query of the markers, then each one's
 * GetItem and advance). A campaign that ended meanwhile has its marker deleted.
 * @returns how many campaigns it ended
 */
export async function sweepCampaigns(db: Db, deps: CampaignDeps, now = new Date()): Promise<number> {
  const { data: markers } = await db.runningFirmwareCampaign.query
    .primary({ queue: RUNNING_CAMPAIGNS_QUEUE })
    .go({ pages: 'all' });
  let ended = 0;
  for (const marker of markers) {
    const item = await getCampaignItem(db, marker.campaignId);
    if (item?.status !== 'running') {
      await db.runningFirmwareCampaign.delete({ queue: RUNNING_CAMPAIGNS_QUEUE, campaignId: marker.campaignId }).go();
      continue;
    }
    if ((await advanceCampaign(db, deps, item, now)).status !== 'running') ended++;
  }
  return ended;
}
