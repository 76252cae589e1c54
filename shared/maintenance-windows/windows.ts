/**
 * Maintenance windows (reference notes, "Maintenance windows";
 * docs/maintenance-windows.md): a charger, or one port of it, out of service from `startTimestamp`
 * to `endTimestamp`. Charger health counts the time and leaves it out of uptime
 * (`shared/history/health.ts`).
 *
 * Rules (where the reference notes are silent, decided here and documented):
 * - a window must end in the future and after its start; its start may be at most
 *   {@link START_GRACE_MS} before now (a window "from now" sent by a client whose clock is a little
 *   ahead, or that took a moment to arrive), never further back: windows plan maintenance, they do
 *   not rewrite the history charger health reports;
 * - a window that has ended is history: it can be neither changed nor deleted (409);
 * - a window of the whole charger (no `portId`) counts for the charger and each of its ports; a
 *   port's window for that port only.
 *
 * DynamoDB requests: create 1 GetItem (charger) + 1 GetItem (port location, first time per
 * instance) + 1 UpdateItem (ID counter) + 1 PutItem, then the view; read 1 GetItem + the view;
 * change 1 GetItem + 1 conditional UpdateItem + the view; delete 1 GetItem + 1 conditional
 * DeleteItem; a list page 1 Query (continued until 50 match) + the view. The view of any number of
 * windows: 1 BatchGetItem of their chargers, +1 of their ports when one is a port's window.
 */
import { createConversions, type EntityItem } from 'electrodb';
import type { Db } from '../db';
import { allocateIds } from '../db/ids';
import { batchGet } from '../db/batch';
import { isConditionalCheckFailure } from '../db/conditions';
import { exactPage, paginate, type Page } from '../db/pagination';
import { InvalidError } from '../errors';
import { canAccess, type AccessScope } from '../organizations/access-scope';
import { locatePort } from '../chargers/port-lookup';
import { PortNotFoundError } from '../chargers/errors';
import { portName } from '../chargers/items';
import {
  MaintenanceWindowNotFoundError,
  WindowChangedError,
  WindowChargerNotFoundError,
  WindowEndedError,
} from './errors';

/** A stored window. */
export type MaintenanceWindowItem = EntityItem<Db['maintenanceWindow']>;

/** How far before now a window may start: 5 minutes, for clocks and requests a little late. */
export const START_GRACE_MS = 5 * 60_000;

/** Windows per page of `GET /api/maintenance-windows` (the reference's "up to 50"). */
export const MAINTENANCE_WINDOW_PAGE_SIZE = 50;

/** Most characters of a comment. */
export const MAX_COMMENT_LENGTH = 1000;

/** `{ id, name }` of something a window names. */
export interface NamedRef {
  id: number;
  name: string;
}

/** A window as the API answers it (reference notes, "Maintenance windows"; times ISO 8601 UTC). */
export interface MaintenanceWindow {
  id: number;
  startTimestamp: string;
  endTimestamp: string;
  /** null when none was given. */
  comment: string | null;
  /**
   * Who made or last changed the window (`actorOf`: a person's e-mail, an API key's name); null for
   * a window made before this was recorded, or by the operator.
   */
  userEmail: string | null;
  createdAt: string;
  updatedAt: string;
  charger: NamedRef;
  /** null for a window of the whole charger. */
  port: NamedRef | null;
  site: NamedRef;
  organization: NamedRef;
}

/** `POST /api/maintenance-windows` input (times ISO 8601 UTC, already parsed). */
export interface NewMaintenanceWindow {
  chargerId: number;
  portId?: number;
  startTimestamp: string;
  endTimestamp: string;
  comment?: string | null;
  /** Who makes it (`actorOf`), recorded as `userEmail`. */
  userEmail?: string;
}

/** `PATCH /api/maintenance-windows/{id}` input: given fields change; `comment: null` removes it. */
export interface MaintenanceWindowChange {
  startTimestamp?: string;
  endTimestamp?: string;
  comment?: string | null;
  /** Who changes it (`actorOf`), recorded as `userEmail`. */
  userEmail?: string;
}

/** `GET /api/maintenance-windows` filters (reference notes). */
export interface MaintenanceWindowListQuery {
  /** Windows ending after this (ISO 8601 UTC). */
  afterTimestamp?: string;
  /** Windows starting before this (ISO 8601 UTC). */
  beforeTimestamp?: string;
  chargerIds?: number[];
  siteIds?: number[];
  nextPageCursor?: string;
}

/**
 * Checks a window's times against now.
 * @throws InvalidError naming `endTimestamp` (not after the start, or not in the future) or
 *   `startTimestamp` (more than {@link START_GRACE_MS} in the past)
 */
function checkTimes(start: string, end: string, now: number, startChanged: boolean): void {
  if (startChanged && Date.parse(start) < now - START_GRACE_MS)
    throw new InvalidError('startTimestamp', 'must not be in the past (at most 5 minutes before now)');
  if (Date.parse(end) <= Date.parse(start)) throw new InvalidError('endTimestamp', 'must be after startTimestamp');
  if (Date.parse(end) <= now) throw new InvalidError('endTimestamp', 'must be in the future');
}

/**
 * The charger (and port) a new window names, as the caller may see them.
 * @throws WindowChargerNotFoundError (`chargerId`), PortNotFoundError (`portId`), InvalidError
 *   (`portId`: a port of another charger)
 */
async function windowTarget(db: Db, scope: AccessScope, chargerId: number, portId: number | undefined) {
  const [{ data: charger }, location] = await Promise.all([
    db.charger.get({ chargerId }).go({ consistent: true }),
    portId === undefined ? undefined : locatePort(db, portId),
  ]);
  if (!charger || !canAccess(scope, charger.organizationId, charger.siteId))
    throw new WindowChargerNotFoundError(chargerId);
  if (portId === undefined) return { charger, portNumber: undefined };
  if (!location) throw new PortNotFoundError(portId);
  if (location.chargerId !== chargerId) throw new InvalidError('portId', `is not a port of charger ${chargerId}`);
  return { charger, portNumber: location.portNumber };
}

/**
 * The API answers of stored windows, with the current names of their chargers, ports, sites and
 * organizations: 1 BatchGetItem of the chargers, 1 of the ports (port windows only).
 */
async function toViews(db: Db, items: readonly MaintenanceWindowItem[]): Promise<MaintenanceWindow[]> {
  if (items.length === 0) return [];
  const portKeys = items.flatMap((w) =>
    w.portNumber === undefined ? [] : [{ chargerId: w.chargerId, portNumber: w.portNumber }],
  );
  const [chargers, ports] = await Promise.all([
    batchGet(
      db.charger,
      items.map((w) => ({ chargerId: w.chargerId })),
    ),
    portKeys.length ? batchGet(db.port, portKeys) : [],
  ]);
  return items.map((w) => {
    const charger = chargers.find((c) => c.chargerId === w.chargerId);
    const port =
      w.portNumber === undefined
        ? undefined
        : ports.find((p) => p.chargerId === w.chargerId && p.portNumber === w.portNumber);
    return {
      id: w.maintenanceWindowId,
      startTimestamp: w.startTimestamp,
      endTimestamp: w.endTimestamp,
      comment: w.comment ?? null,
      userEmail: w.userEmail ?? null,
      createdAt: w.createdAt,
      updatedAt: w.updatedAt,
      charger: { id: w.chargerId, name: charger?.name ?? `Charger ${w.chargerId}` },
      port:
        w.portId === undefined || w.portNumber === undefined
          ? null
          : { id: w.portId, name: port?.name ?? portName(w.portNumber) },
      site: { id: w.siteId, name: charger?.siteName ?? '' },
      organization: { id: w.organizationId, name: charger?.organizationName ?? '' },
    };
  });
}

/** The one view of a stored window. */
async function toView(db: Db, item: MaintenanceWindowItem): Promise<MaintenanceWindow> {
  return (await toViews(db, [item]))[0]!;
}

/**
 * A stored window the caller may see (strongly consistent GetItem).
 * @throws MaintenanceWindowNotFoundError for an unknown window, or one of another organization or site
 */
async function visibleWindow(db: Db, scope: AccessScope, maintenanceWindowId: number): Promise<MaintenanceWindowItem> {
  const { data } = await db.maintenanceWindow.get({ maintenanceWindowId }).go({ consistent: true });
  if (!data || !canAccess(scope, data.organizationId, data.siteId))
    throw new MaintenanceWindowNotFoundError(maintenanceWindowId);
  return data;
}

/**
 * Creates a window (`POST /api/maintenance-windows`). Nothing is stored when anything is refused.
 * @param input times ISO 8601 UTC
 * @param now epoch ms (tests pass their own)
 * @returns the window as the API answers it
 * @throws InvalidError (`startTimestamp`, `endTimestamp`, `portId`), WindowChargerNotFoundError,
 *   PortNotFoundError
 */
export async function createMaintenanceWindow(
  db: Db,
  scope: AccessScope,
  input: NewMaintenanceWindow,
  now = Date.now(),
): Promise<MaintenanceWindow> {
  checkTimes(input.startTimestamp, input.endTimestamp, now, true);
  const { charger, portNumber } = await windowTarget(db, scope, input.chargerId, input.portId);
  const maintenanceWindowId = await allocateIds(db, 'maintenanceWindow');
  const at = new Date(now).toISOString();
  const { data } = await db.maintenanceWindow
    .create({
      maintenanceWindowId,
      organizationId: charger.organizationId,
      siteId: charger.siteId,
      chargerId: charger.chargerId,
      ...(input.portId === undefined ? {} : { portId: input.portId, portNumber }),
      startTimestamp: input.startTimestamp,
      endTimestamp: input.endTimestamp,
      ...(input.comment ? { comment: input.comment } : {}),
      ...(input.userEmail ? { userEmail: input.userEmail } : {}),
      createdAt: at,
      updatedAt: at,
    })
    .go();
  return toView(db, data as MaintenanceWindowItem);
}

/**
 * One window (`GET /api/maintenance-windows/{id}`).
 * @throws MaintenanceWindowNotFoundError
 */
export async function readMaintenanceWindow(
  db: Db,
  scope: AccessScope,
  maintenanceWindowId: number,
): Promise<MaintenanceWindow> {
  return toView(db, await visibleWindow(db, scope, maintenanceWindowId));
}

/**
 * Changes a window's times or comment (`PATCH /api/maintenance-windows/{id}`), under the rules of a
 * new one; a start left as it is may be in the past (a window in progress can be extended).
 * @throws MaintenanceWindowNotFoundError, WindowEndedError (409), InvalidError (`startTimestamp`,
 *   `endTimestamp`), WindowChangedError (409: changed or deleted by another request meanwhile)
 */
export async function updateMaintenanceWindow(
  db: Db,
  scope: AccessScope,
  maintenanceWindowId: number,
  change: MaintenanceWindowChange,
  now = Date.now(),
): Promise<MaintenanceWindow> {
  const stored = await visibleWindow(db, scope, maintenanceWindowId);
  if (Date.parse(stored.endTimestamp) <= now) throw new WindowEndedError(maintenanceWindowId, stored.endTimestamp);
  const startTimestamp = change.startTimestamp ?? stored.startTimestamp;
  const endTimestamp = change.endTimestamp ?? stored.endTimestamp;
  checkTimes(startTimestamp, endTimestamp, now, startTimestamp !== stored.startTimestamp);
  const updatedAt = new Date(now).toISOString();
  try {
    const patch = db.maintenanceWindow.patch({ maintenanceWindowId }).set({
      startTimestamp,
      endTimestamp,
      updatedAt,
      organizationId: stored.organizationId,
      ...(change.userEmail ? { userEmail: change.userEmail } : {}),
    });
    const withComment =
      change.comment === null
        ? patch.remove(['comment'])
        : change.comment === undefined
          ? patch
          : patch.set({ comment: change.comment });
    const { data } = await withComment
      .where(({ updatedAt: current }, { eq }) => eq(current, stored.updatedAt))
      .go({ response: 'all_new' });
    return toView(db, data as MaintenanceWindowItem);
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new WindowChangedError(maintenanceWindowId);
    throw error;
  }
}

/**
 * Deletes a window that has not ended (`DELETE /api/maintenance-windows/{id}`).
 * @throws MaintenanceWindowNotFoundError, WindowEndedError (409), WindowChangedError (409)
 */
export async function deleteMaintenanceWindow(
  db: Db,
  scope: AccessScope,
  maintenanceWindowId: number,
  now = Date.now(),
): Promise<void> {
  const stored = await visibleWindow(db, scope, maintenanceWindowId);
  if (Date.parse(stored.endTimestamp) <= now) throw new WindowEndedError(maintenanceWindowId, stored.endTimestamp);
  try {
    await db.maintenanceWindow
      .delete({ maintenanceWindowId })
      .where(({ updatedAt }, { eq }) => eq(updatedAt, stored.updatedAt))
      .go();
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new WindowChangedError(maintenanceWindowId);
    throw error;
  }
}

/**
 * The organization's windows ending after `after` and starting before `before` (either optional),
 * soonest ending first: one Query of gsi1 from `after` on, the rest filtered.
 */
function overlapQuery(
  db: Db,
  organizationId: number,
  filter: { after?: string; before?: string; siteId?: number; chargerIds?: number[]; siteIds?: number[] },
) {
  const byOrganization = db.maintenanceWindow.query.byOrganization({ organizationId });
  const range = filter.after === undefined ? byOrganization : byOrganization.gt({ endTimestamp: filter.after });
  return range.where(({ endTimestamp, startTimestamp, siteId, chargerId }, { eq, gt, lt }) => {
    const anyOf = (attribute: typeof siteId | typeof chargerId, values: number[] | undefined) =>
      values === undefined ? '' : `(${values.map((v) => eq(attribute, v)).join(' OR ')})`;
    return [
      filter.after === undefined ? '' : gt(endTimestamp, filter.after),
      filter.before === undefined ? '' : lt(startTimestamp, filter.before),
      filter.siteId === undefined ? '' : eq(siteId, filter.siteId),
      anyOf(chargerId, filter.chargerIds),
      anyOf(siteId, filter.siteIds),
    ]
      .filter(Boolean)
      .join(' AND ');
  });
}

/**
 * One page of windows (`GET /api/maintenance-windows`), soonest ending first, up to
 * {@link MAINTENANCE_WINDOW_PAGE_SIZE}. A site-scoped key sees its site's windows only; IDs of
 * chargers or sites the caller cannot see match nothing.
 * @throws InvalidError (`beforeTimestamp` not after `afterTimestamp`; `nextPageCursor` of another
 *   list, organization or filter)
 */
export async function listMaintenanceWindows(
  db: Db,
  scope: AccessScope,
  request: MaintenanceWindowListQuery,
): Promise<Page<MaintenanceWindow>> {
  const { nextPageCursor, ...query } = request;
  if (query.afterTimestamp && query.beforeTimestamp && query.beforeTimestamp <= query.afterTimestamp)
    throw new InvalidError('beforeTimestamp', 'must be after afterTimestamp');
  const siteId = scope.scope === 'site' ? scope.siteId : undefined;
  const filter = {
    after: query.afterTimestamp,
    before: query.beforeTimestamp,
    siteId,
    chargerIds: query.chargerIds && [...query.chargerIds].sort((a, b) => a - b),
    siteIds: query.siteIds && [...query.siteIds].sort((a, b) => a - b),
  };
  const page = await paginate(
    { list: 'maintenanceWindows', organizationId: scope.organizationId, query: filter },
    nextPageCursor,
    MAINTENANCE_WINDOW_PAGE_SIZE,
    async (inner, limit) => {
      const { data } = await overlapQuery(db, scope.organizationId, filter).go({ cursor: inner, count: limit + 1 });
      return exactPage(data as MaintenanceWindowItem[], limit, (last) =>
        createConversions(db.maintenanceWindow).byAccessPattern.byOrganization.fromComposite.toCursor(last as never),
      );
    },
  );
  return { data: await toViews(db, page.data), pagination: page.pagination };
}

/**
 * Every window of an organization overlapping `[from, to)` (epoch ms), for charger health: one
 * Query of gsi1 (paged internally), whatever the number of chargers.
 */
export async function windowsOverlapping(
  db: Db,
  organizationId: number,
  from: number,
  to: number,
): Promise<MaintenanceWindowItem[]> {
  const { data } = await overlapQuery(db, organizationId, {
    after: new Date(from).toISOString(),
    before: new Date(to).toISOString(),
  }).go({ pages: 'all' });
  return data as MaintenanceWindowItem[];
}
