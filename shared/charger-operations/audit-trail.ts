/**
 * `GET /api/charger-operations`: the audit trail, an organization's operations newest first (a
 * Query of gsi1 by organization, the UUIDv7 `operationId` as sort key), filtered by charger, site,
 * action, status and creation time, cursor-paginated like every list (`shared/db/pagination.ts`).
 * A site-scoped key sees its site's operations only. The filters other than `createdAfter` (a key
 * condition) are filter expressions: DynamoDB reads past what they leave out, so a rare filter on
 * a long trail costs reads, not correctness.
 */
import { createConversions } from 'electrodb';
import type { Db } from '../db';
import { exactPage, PAGE_SIZE, paginate, type Page } from '../db/pagination';
import type { AccessScope } from '../organizations/access-scope';
import { toChargerOperation, type ChargerOperation } from './view';
import type { OperationItem } from './results';

/** The audit trail's filters (all optional) and cursor. */
export interface OperationListQuery {
  chargerId?: number;
  siteId?: number;
  action?: string;
  status?: OperationItem['status'];
  /** ISO 8601: operations created at or after it. */
  createdAfter?: string;
  nextPageCursor?: string;
}

/** The smallest UUIDv7 of a time: the sort-key bound of `createdAfter`. */
function firstIdAt(time: string): string {
  const hex = Math.max(0, Date.parse(time)).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8)}-7000-8000-000000000000`;
}

/**
 * One page of the audit trail.
 * @throws InvalidError (`nextPageCursor`) for a cursor of another list, organization or filters
 */
export async function listOperations(
  db: Db,
  scope: AccessScope,
  request: OperationListQuery,
): Promise<Page<ChargerOperation>> {
  const { nextPageCursor, ...query } = request;
  const siteId = scope.scope === 'site' ? scope.siteId : query.siteId;
  const page = await paginate(
    { list: 'chargerOperations', organizationId: scope.organizationId, query: { ...query, siteId } },
    nextPageCursor,
    PAGE_SIZE,
    async (inner, limit) => {
      const key = { organizationId: scope.organizationId };
      const byOrganization = db.chargerOperation.query.byOrganization;
      const ranged = query.createdAfter
        ? byOrganization(key).gte({ operationId: firstIdAt(query.createdAfter) })
        : byOrganization(key);
      const { data } = await ranged
        .where((attributes, { eq, contains }) =>
          [
            siteId === undefined ? '' : eq(attributes.siteId, siteId),
            query.chargerId === undefined ? '' : contains(attributes.chargerIds, query.chargerId),
            query.action === undefined ? '' : eq(attributes.action, query.action),
            query.status === undefined ? '' : eq(attributes.status, query.status),
          ]
            .filter(Boolean)
            .join(' AND '),
        )
        .go({ order: 'desc', cursor: inner, count: limit + 1 });
      return exactPage(data as unknown as OperationItem[], limit, (last) =>
        createConversions(db.chargerOperation).byAccessPattern.byOrganization.fromComposite.toCursor(last as never),
      );
    },
  );
  return { data: page.data.map(toChargerOperation), pagination: page.pagination };
}
