/**
 * Reading alerts (reference notes, "Alerts"; docs/alerts.md): `GET /api/alerts`,
 * newest first, with the reference's filters (`startTimestampAfter`, `includeMuted`,
 * `alertRecipientIds`) and ours (`siteIds`, `chargerIds`, `types`, `active`), and
 * `GET /api/alerts/{id}`.
 *
 * DynamoDB requests: a list page is 1 Query of gsi1 (the organization's alerts by `startTimestamp`,
 * from the newest down to `startTimestampAfter`; the other filters are a filter expression, so
 * the Query goes on until 50 match or the range ends); one alert is 1 GetItem. The view reads
 * nothing (the names are on the alert).
 */
import { createConversions, type EntityItem } from 'electrodb';
import type { Db } from '../db';
import { unlessConditionFails } from '../db/conditions';
import { exactPage, paginate, type Page } from '../db/pagination';
import { canAccess, type AccessScope } from '../organizations/access-scope';
import { AlertNotFoundError } from './errors';
import { alertView } from './store';
import { typesOfSeverities, type Alert, type AlertSeverity, type AlertType } from './types';

/** Alerts per page of `GET /api/alerts` (the reference states none; as maintenance windows). */
export const ALERT_PAGE_SIZE = 50;

/** `GET /api/alerts` filters. */
export interface AlertListQuery {
  /** Alerts raised after this (ISO 8601 UTC). */
  startTimestampAfter?: string;
  /** Include muted alerts. @default false */
  includeMuted?: boolean;
  /** Alerts e-mailed to one of these recipients. */
  alertRecipientIds?: number[];
  siteIds?: number[];
  chargerIds?: number[];
  types?: AlertType[];
  /** true: active alerts only; false: ended ones only; undefined: both. */
  active?: boolean;
  /** Alerts of these severities (their types: `ALERT_SEVERITY`). */
  severities?: AlertSeverity[];
  /** true: acknowledged alerts only; false: unacknowledged ones only; undefined: both. */
  acknowledged?: boolean;
  nextPageCursor?: string;
  /** A poll's cursor, or a time to start after (`poll.ts`). */
  pollCursor?: string;
}

/** A stored alert. */
export type AlertItem = EntityItem<Db['alert']>;

/** The filters a cursor is bound to (lists sorted, so their order does not matter). */
export interface AlertFilter {
  after?: string;
  includeMuted: boolean;
  siteId?: number;
  alertRecipientIds?: number[];
  siteIds?: number[];
  chargerIds?: number[];
  types?: AlertType[];
  active?: boolean;
  severities?: AlertSeverity[];
  acknowledged?: boolean;
}

const sorted = <T>(values: T[] | undefined) => values && [...values].sort();

/** The filters of a request in `scope` (a site-scoped key sees its site only). */
export function alertFilterOf(scope: AccessScope, request: AlertListQuery): AlertFilter {
  return {
    after: request.startTimestampAfter,
    includeMuted: request.includeMuted ?? false,
    siteId: scope.scope === 'site' ? scope.siteId : undefined,
    alertRecipientIds: sorted(request.alertRecipientIds),
    siteIds: sorted(request.siteIds),
    chargerIds: sorted(request.chargerIds),
    types: sorted(request.types),
    active: request.active,
    severities: sorted(request.severities),
    acknowledged: request.acknowledged,
  };
}

/** An ElectroDB filter callback on the organization's alerts. */
export type AlertWhere = Parameters<ReturnType<Db['alert']['query']['byOrganization']>['where']>[0];

/** The filter expression of `filter` (ElectroDB `where`), `after` included. */
export function alertConditions(filter: AlertFilter): AlertWhere {
  return (a, { eq, gt, contains, exists, notExists }) => {
    const anyOf = <V>(test: (value: V) => string, values: V[] | undefined) =>
      values === undefined ? '' : `(${values.map(test).join(' OR ')})`;
    return [
      // The key range also holds alerts raised at `after` itself (a longer sort key): not after it.
      filter.after === undefined ? '' : gt(a.startTimestamp, filter.after),
      filter.includeMuted ? '' : eq(a.muted, false),
      filter.siteId === undefined ? '' : eq(a.siteId, filter.siteId),
      filter.active === undefined ? '' : filter.active ? notExists(a.endTimestamp) : exists(a.endTimestamp),
      filter.acknowledged === undefined
        ? ''
        : filter.acknowledged
          ? exists(a.acknowledgedAt)
          : notExists(a.acknowledgedAt),
      anyOf((id: number) => eq(a.siteId, id), filter.siteIds),
      anyOf((id: number) => eq(a.chargerId, id), filter.chargerIds),
      anyOf((type: AlertType) => eq(a.type, type), filter.types),
      anyOf((type: AlertType) => eq(a.type, type), filter.severities && typesOfSeverities(filter.severities)),
      anyOf((id: number) => contains(a.recipientIds, id as never), filter.alertRecipientIds),
    ]
      .filter(Boolean)
      .join(' AND ');
  };
}

/** The Query of an organization's alerts under `filter` (newest first when read `desc`). */
function alertQuery(db: Db, organizationId: number, filter: AlertFilter) {
  const byOrganization = db.alert.query.byOrganization({ organizationId });
  const range = filter.after === undefined ? byOrganization : byOrganization.gt({ startTimestamp: filter.after });
  return range.where(alertConditions(filter));
}

/**
 * One page of alerts (`GET /api/alerts`), newest first (by `startTimestamp`, then ID), up to
 * {@link ALERT_PAGE_SIZE}. Muted alerts only with `includeMuted`. A site-scoped key sees its
 * site's alerts only; IDs the caller cannot see match nothing.
 * @throws InvalidError (`nextPageCursor` of another list, organization or filter)
 */
export async function listAlerts(db: Db, scope: AccessScope, request: AlertListQuery): Promise<Page<Alert>> {
  const filter = alertFilterOf(scope, request);
  const page = await paginate(
    { list: 'alerts', organizationId: scope.organizationId, query: { ...filter } },
    request.nextPageCursor,
    ALERT_PAGE_SIZE,
    async (inner, limit) => {
      const { data } = await alertQuery(db, scope.organizationId, filter).go({
        cursor: inner,
        count: limit + 1,
        order: 'desc',
      });
      return exactPage(data as AlertItem[], limit, (last) =>
        createConversions(db.alert).byAccessPattern.byOrganization.fromComposite.toCursor(last as never),
      );
    },
  );
  return { data: page.data.map(alertView), pagination: page.pagination };
}

/**
 * Acknowledges an alert (`POST /api/alerts/{id}/acknowledge`, docs/alerts.md "Acknowledgement"):
 * records who and when, once. Idempotent: an alert already acknowledged is answered as it is (the
 * first acknowledgement stands). An ended alert may be acknowledged too. Nothing else of the alert
 * changes, so no event is sent. 1 GetItem + 1 conditional UpdateItem (none when already acknowledged).
 * @param actor who acknowledges (`actorOf`: a key's name, a person's e-mail)
 * @param now the clock @default Date.now
 * @throws AlertNotFoundError for an unknown alert, or one of another organization (or site)
 */
export async function acknowledgeAlert(
  db: Db,
  scope: AccessScope,
  alertId: number,
  actor: string,
  now: () => number = Date.now,
): Promise<Alert> {
  const { data } = await db.alert.get({ alertId }).go();
  if (!data || !canAccess(scope, data.organizationId, data.siteId)) throw new AlertNotFoundError(alertId);
  if (data.acknowledgedAt !== undefined) return alertView(data as AlertItem);
  const acknowledgedAt = new Date(now()).toISOString();
  const updated = await unlessConditionFails(
    db.alert
      .patch({ alertId })
      .set({ acknowledgedAt, acknowledgedBy: actor })
      .where(({ acknowledgedAt: at }, { notExists }) => notExists(at))
      .go({ response: 'all_new' }),
  );
  // Acknowledged by another request meanwhile: that acknowledgement stands.
  return updated ? alertView(updated.data as AlertItem) : readAlert(db, scope, alertId);
}

/**
 * One alert (`GET /api/alerts/{id}`): 1 GetItem.
 * @throws AlertNotFoundError for an unknown alert, or one of another organization (or site)
 */
export async function readAlert(db: Db, scope: AccessScope, alertId: number): Promise<Alert> {
  const { data } = await db.alert.get({ alertId }).go();
  if (!data || !canAccess(scope, data.organizationId, data.siteId)) throw new AlertNotFoundError(alertId);
  return alertView(data as AlertItem);
}
