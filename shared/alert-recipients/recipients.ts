/**
 * Alert recipients (docs/alert-recipients.md): people an organization's raised
 * alerts are e-mailed to, each with the alert types and the sites they want
 * (`shared/alert-recipients/email.ts` sends the e-mails).
 *
 * Rules (where the reference notes are silent, decided here and documented):
 * - `siteIds` empty or absent: every site of the organization, including sites created later;
 *   each ID given must be a site of the organization (else 400 naming `siteIds`, nothing stored);
 * - a site-scoped API key cannot manage recipients (the route is organization-only): a recipient
 *   may span sites the key cannot see;
 * - e-mail addresses are not unique: the same person may be listed twice with different choices.
 *
 * DynamoDB requests: create 1 BatchGetItem (sites, when given) + 1 UpdateItem (ID counter) +
 * 1 PutItem; read 1 GetItem; change 1 GetItem + 1 BatchGetItem (sites, when given) + 1 conditional
 * UpdateItem; delete 1 GetItem + 1 DeleteItem; a list page 1 Query.
 */
import { createConversions, type EntityItem } from 'electrodb';
import type { Db } from '../db';
import { allocateIds } from '../db/ids';
import { batchGet } from '../db/batch';
import { isConditionalCheckFailure } from '../db/conditions';
import { exactPage, PAGE_SIZE, paginate, type Page } from '../db/pagination';
import { InvalidError } from '../errors';
import type { AlertType } from '../db/entities/alerts';
import type { AccessScope } from '../organizations/access-scope';
import { AlertRecipientNotFoundError } from './errors';

/** A stored recipient. */
export type AlertRecipientItem = EntityItem<Db['alertRecipient']>;

/** Most characters of a recipient's name. */
export const MAX_RECIPIENT_NAME_LENGTH = 200;

/** A recipient as the API answers it (times ISO 8601 UTC). */
export interface AlertRecipient {
  id: number;
  name: string;
  email: string;
  alertTypes: AlertType[];
  /** Empty: every site of the organization. */
  siteIds: number[];
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

/** `POST /api/alert-recipients` input (already validated in shape). */
export interface NewAlertRecipient {
  name: string;
  email: string;
  alertTypes: AlertType[];
  siteIds?: number[];
  /** @default true */
  enabled?: boolean;
}

/** `PATCH /api/alert-recipients/{id}` input: the fields given change. */
export type AlertRecipientChange = Partial<NewAlertRecipient>;

/** The API view of a stored recipient. */
export function toAlertRecipient(item: AlertRecipientItem): AlertRecipient {
  return {
    id: item.alertRecipientId,
    name: item.name,
    email: item.email,
    alertTypes: [...item.alertTypes] as AlertType[],
    siteIds: [...item.siteIds],
    enabled: item.enabled,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/**
 * Checks that every site ID is one of the organization's sites (1 BatchGetItem).
 * @returns the IDs, without duplicates, in ascending order
 * @throws InvalidError naming `siteIds` with the first unknown (or another organization's) site
 */
async function checkedSiteIds(db: Db, organizationId: number, siteIds: readonly number[]): Promise<number[]> {
  const ids = [...new Set(siteIds)].sort((a, b) => a - b);
  if (ids.length === 0) return ids;
  const sites = await batchGet(
    db.site,
    ids.map((siteId) => ({ siteId })),
  );
  const known = new Set(sites.filter((s) => s.organizationId === organizationId).map((s) => s.siteId));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw new InvalidError('siteIds', `site ${unknown} not found`);
  return ids;
}

/**
 * A stored recipient of the caller's organization (strongly consistent GetItem).
 * @throws AlertRecipientNotFoundError for an unknown recipient or another organization's
 */
async function visibleRecipient(db: Db, scope: AccessScope, alertRecipientId: number): Promise<AlertRecipientItem> {
  const { data } = await db.alertRecipient.get({ alertRecipientId }).go({ consistent: true });
  if (!data || data.organizationId !== scope.organizationId) throw new AlertRecipientNotFoundError(alertRecipientId);
  return data;
}

/**
 * Creates a recipient (`POST /api/alert-recipients`). Nothing is stored when anything is refused.
 * @param now epoch ms (tests pass their own)
 * @throws InvalidError (`siteIds`: a site not of the organization)
 */
export async function createAlertRecipient(
  db: Db,
  scope: AccessScope,
  input: NewAlertRecipient,
  now = Date.now(),
): Promise<AlertRecipient> {
  const siteIds = await checkedSiteIds(db, scope.organizationId, input.siteIds ?? []);
  const alertRecipientId = await allocateIds(db, 'alertRecipient');
  const at = new Date(now).toISOString();
  const { data } = await db.alertRecipient
    .create({
      alertRecipientId,
      organizationId: scope.organizationId,
      name: input.name,
      email: input.email,
      alertTypes: [...new Set(input.alertTypes)],
      siteIds,
      enabled: input.enabled ?? true,
      createdAt: at,
      updatedAt: at,
    })
    .go();
  return toAlertRecipient(data as AlertRecipientItem);
}

/**
 * One recipient (`GET /api/alert-recipients/{id}`).
 * @throws AlertRecipientNotFoundError
 */
export async function readAlertRecipient(
  db: Db,
  scope: AccessScope,
  alertRecipientId: number,
): Promise<AlertRecipient> {
  return toAlertRecipient(await visibleRecipient(db, scope, alertRecipientId));
}

/**
 * Changes a recipient (`PATCH /api/alert-recipients/{id}`): the fields given replace the stored
 * ones (`siteIds: []`: every site).
 * @throws AlertRecipientNotFoundError (also when deleted meanwhile), InvalidError (`siteIds`)
 */
export async function updateAlertRecipient(
  db: Db,
  scope: AccessScope,
  alertRecipientId: number,
  change: AlertRecipientChange,
  now = Date.now(),
): Promise<AlertRecipient> {
  await visibleRecipient(db, scope, alertRecipientId);
  const siteIds = change.siteIds && (await checkedSiteIds(db, scope.organizationId, change.siteIds));
  const set = {
    ...(change.name !== undefined ? { name: change.name } : {}),
    ...(change.email !== undefined ? { email: change.email } : {}),
    ...(change.alertTypes !== undefined ? { alertTypes: [...new Set(change.alertTypes)] } : {}),
    ...(siteIds !== undefined ? { siteIds } : {}),
    ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
    updatedAt: new Date(now).toISOString(),
  };
  try {
    const { data } = await db.alertRecipient
      .patch({ alertRecipientId })
      .set({ ...set, organizationId: scope.organizationId })
      .where(({ organizationId }, { eq }) => eq(organizationId, scope.organizationId))
      .go({ response: 'all_new' });
    return toAlertRecipient(data as AlertRecipientItem);
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new AlertRecipientNotFoundError(alertRecipientId);
    throw error;
  }
}

/**
 * Deletes a recipient (`DELETE /api/alert-recipients/{id}`); alerts already mailed keep its ID in
 * their `recipientIds`.
 * @throws AlertRecipientNotFoundError
 */
export async function deleteAlertRecipient(db: Db, scope: AccessScope, alertRecipientId: number): Promise<void> {
  await visibleRecipient(db, scope, alertRecipientId);
  await db.alertRecipient.delete({ alertRecipientId }).go();
}

/**
 * One page of the organization's recipients (`GET /api/alert-recipients`), by ID, up to
 * {@link PAGE_SIZE}.
 * @throws InvalidError (`nextPageCursor` of another list or organization)
 */
export async function listAlertRecipients(
  db: Db,
  scope: AccessScope,
  nextPageCursor?: string,
): Promise<Page<AlertRecipient>> {
  const page = await paginate(
    { list: 'alertRecipients', organizationId: scope.organizationId },
    nextPageCursor,
    PAGE_SIZE,
    async (inner, limit) => {
      const { data } = await db.alertRecipient.query
        .byOrganization({ organizationId: scope.organizationId })
        .go({ cursor: inner, count: limit + 1 });
      return exactPage(data as AlertRecipientItem[], limit, (last) =>
        createConversions(db.alertRecipient).byAccessPattern.byOrganization.fromComposite.toCursor(last as never),
      );
    },
  );
  return { data: page.data.map(toAlertRecipient), pagination: page.pagination };
}

/**
 * The organization's enabled recipients who want alerts of `type` on `siteId` (1 Query of gsi1,
 * every page; an organization has few recipients).
 */
export async function recipientsFor(
  db: Db,
  organizationId: number,
  type: AlertType,
  siteId: number,
): Promise<AlertRecipientItem[]> {
  const { data } = await db.alertRecipient.query.byOrganization({ organizationId }).go({ pages: 'all' });
  return (data as AlertRecipientItem[]).filter(
    (r) =>
      r.enabled &&
      (r.alertTypes as readonly string[]).includes(type) &&
      (r.siteIds.length === 0 || r.siteIds.includes(siteId)),
  );
}
