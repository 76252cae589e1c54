/**
 * Webhook endpoints (docs/webhooks.md): an organization's receivers of events,
 * each an URL checked by `url-check.ts`, the event types it wants, an enabled flag and a signing
 * secret shown only when made (creation, rotation) and stored encrypted (`secrets.ts`).
 *
 * DynamoDB requests: create 1 UpdateItem (ID counter) + 1 PutItem; read 1 GetItem; change 1
 * GetItem + 1 UpdateItem; delete 1 GetItem + 1 DeleteItem; rotate 1 GetItem + 1 UpdateItem; a list
 * page 1 Query.
 */
import { createConversions, type EntityItem } from 'electrodb';
import type { Db } from '../db';
import { allocateIds } from '../db/ids';
import { paginate, exactPage, PAGE_SIZE, type Page } from '../db/pagination';
import type { EventType } from '../events/types';
import { canAccess, type AccessScope } from '../organizations/access-scope';
import { WebhookEndpointNotFoundError } from './errors';
import { newSigningSecret, sealSecret } from './secrets';
import { checkEndpointUrl, type Resolve } from './url-check';

/** A stored endpoint. */
export type WebhookEndpointItem = EntityItem<Db['webhookEndpoint']>;

/** Most characters of a description. */
export const MAX_DESCRIPTION_LENGTH = 500;

/** How long a rotated-out secret still signs: 24 h, ms. */
export const PREVIOUS_SECRET_MS = 24 * 3_600_000;

/** An endpoint as the API answers it (times ISO 8601 UTC). */
export interface WebhookEndpoint {
  id: number;
  url: string;
  description: string | null;
  eventTypes: EventType[];
  enabled: boolean;
  /** Why the system disabled it: the receiver answered 410 Gone, or failed for five days; null otherwise. */
  disabledReason: 'gone' | 'failing' | null;
  createdAt: string;
  updatedAt: string;
}

/** An endpoint with its signing secret: the answer of creation and rotation only. */
export type WebhookEndpointWithSecret = WebhookEndpoint & { secret: string };

/** `POST /api/webhook-endpoints` input. */
export interface NewWebhookEndpoint {
  url: string;
  eventTypes: EventType[];
  description?: string;
  enabled?: boolean;
}

/** `PATCH /api/webhook-endpoints/{id}` input: the fields given change. */
export interface WebhookEndpointChange {
  url?: string;
  eventTypes?: EventType[];
  description?: string | null;
  enabled?: boolean;
}

/** The API's view of a stored endpoint (never its secrets). */
export function toEndpointView(item: WebhookEndpointItem): WebhookEndpoint {
  return {
    id: item.webhookEndpointId,
    url: item.url,
    description: item.description ?? null,
    eventTypes: item.eventTypes as EventType[],
    enabled: item.enabled,
    disabledReason: item.disabledReason ?? null,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/**
 * A stored endpoint the caller may see (strongly consistent GetItem).
 * @throws WebhookEndpointNotFoundError for an unknown one or another organization's
 */
export async function visibleEndpoint(
  db: Db,
  scope: AccessScope,
  webhookEndpointId: number,
): Promise<WebhookEndpointItem> {
  const { data } = await db.webhookEndpoint.get({ webhookEndpointId }).go({ consistent: true });
  if (!data || !canAccess(scope, data.organizationId)) throw new WebhookEndpointNotFoundError(webhookEndpointId);
  return data;
}

/**
 * Creates an endpoint with a new secret. Nothing is stored when anything is refused.
 * @param resolve the resolver of the URL's host (tests pass their own)
 * @returns the endpoint and its secret (`whsec_…`), shown this once
 * @throws InvalidError (`url`), WebhooksNotConfiguredError (no encryption key)
 */
export async function createWebhookEndpoint(
  db: Db,
  scope: AccessScope,
  input: NewWebhookEndpoint,
  now = Date.now(),
  resolve?: Resolve,
): Promise<WebhookEndpointWithSecret> {
  const url = await checkEndpointUrl(input.url, resolve);
  const webhookEndpointId = await allocateIds(db, 'webhookEndpoint');
  const secret = newSigningSecret();
  const at = new Date(now).toISOString();
  const { data } = await db.webhookEndpoint
    .create({
      webhookEndpointId,
      organizationId: scope.organizationId,
      url,
      ...(input.description ? { description: input.description } : {}),
      eventTypes: [...new Set(input.eventTypes)],
      enabled: input.enabled ?? true,
      secret: await sealSecret(secret, webhookEndpointId),
      createdAt: at,
      updatedAt: at,
    })
    .go();
  return { ...toEndpointView(data as WebhookEndpointItem), secret };
}

/**
 * One endpoint (`GET /api/webhook-endpoints/{id}`).
 * @throws WebhookEndpointNotFoundError
 */
export async function readWebhookEndpoint(db: Db, scope: AccessScope, id: number): Promise<WebhookEndpoint> {
  return toEndpointView(await visibleEndpoint(db, scope, id));
}

/**
 * The organization's endpoints, oldest first, {@link PAGE_SIZE} a page.
 * @throws InvalidError (`nextPageCursor`)
 */
export async function listWebhookEndpoints(
  db: Db,
  scope: AccessScope,
  nextPageCursor?: string,
): Promise<Page<WebhookEndpoint>> {
  const page = await paginate(
    { list: 'webhookEndpoints', organizationId: scope.organizationId },
    nextPageCursor,
    PAGE_SIZE,
    async (inner, limit) => {
      const { data } = await db.webhookEndpoint.query
        .byOrganization({ organizationId: scope.organizationId })
        .go({ cursor: inner, count: limit + 1 });
      return exactPage(data as WebhookEndpointItem[], limit, (last) =>
        createConversions(db.webhookEndpoint).byAccessPattern.byOrganization.fromComposite.toCursor(last as never),
      );
    },
  );
  return { data: page.data.map(toEndpointView), pagination: page.pagination };
}

/**
 * Changes an endpoint (`PATCH …/{id}`): a new URL is checked as at creation; enabling it clears
 * why the system disabled it (and its failing streak); `description: null` removes it.
 * @throws WebhookEndpointNotFoundError, InvalidError (`url`)
 */
export async function updateWebhookEndpoint(
  db: Db,
  scope: AccessScope,
  webhookEndpointId: number,
  change: WebhookEndpointChange,
  now = Date.now(),
  resolve?: Resolve,
): Promise<WebhookEndpoint> {
  await visibleEndpoint(db, scope, webhookEndpointId);
  const url = change.url === undefined ? undefined : await checkEndpointUrl(change.url, resolve);
  const removed: ('description' | 'disabledReason' | 'failingSince')[] = [];
  if (change.description === null) removed.push('description');
  if (change.enabled !== undefined) removed.push('disabledReason', 'failingSince');
  const patch = db.webhookEndpoint.patch({ webhookEndpointId }).set({
    updatedAt: new Date(now).toISOString(),
    ...(url === undefined ? {} : { url }),
    ...(change.eventTypes ? { eventTypes: [...new Set(change.eventTypes)] } : {}),
    ...(change.description ? { description: change.description } : {}),
    ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
  });
  const { data } = await (removed.length ? patch.remove(removed) : patch).go({ response: 'all_new' });
  return toEndpointView(data as WebhookEndpointItem);
}

/**
 * Deletes an endpoint (`DELETE …/{id}`); its deliveries stay readable until they expire, and
 * those still pending stop (the worker finds no endpoint).
 * @throws WebhookEndpointNotFoundError
 */
export async function deleteWebhookEndpoint(db: Db, scope: AccessScope, webhookEndpointId: number): Promise<void> {
  await visibleEndpoint(db, scope, webhookEndpointId);
  await db.webhookEndpoint.delete({ webhookEndpointId }).go();
}

/**
 * Gives an endpoint a new secret (`POST …/{id}/rotate-secret`); the one it replaces keeps signing
 * (a second signature) for {@link PREVIOUS_SECRET_MS}.
 * @returns the endpoint and its new secret, shown this once
 * @throws WebhookEndpointNotFoundError, WebhooksNotConfiguredError
 */
export async function rotateWebhookSecret(
  db: Db,
  scope: AccessScope,
  webhookEndpointId: number,
  now = Date.now(),
): Promise<WebhookEndpointWithSecret> {
  const stored = await visibleEndpoint(db, scope, webhookEndpointId);
  const secret = newSigningSecret();
  const { data } = await db.webhookEndpoint
    .patch({ webhookEndpointId })
    .set({
      secret: await sealSecret(secret, webhookEndpointId),
      previousSecret: stored.secret,
      previousSecretExpiresAt: new Date(now + PREVIOUS_SECRET_MS).toISOString(),
      updatedAt: new Date(now).toISOString(),
    })
    .go({ response: 'all_new' });
  return { ...toEndpointView(data as WebhookEndpointItem), secret };
}

/**
 * The organization's enabled endpoints (1 Query, all pages), for the fan-out.
 */
export async function enabledEndpointsOf(db: Db, organizationId: number): Promise<WebhookEndpointItem[]> {
  const { data } = await db.webhookEndpoint.query.byOrganization({ organizationId }).go({ pages: 'all' });
  return (data as WebhookEndpointItem[]).filter((endpoint) => endpoint.enabled);
}
