/**
 * `GET /api/firmware-campaigns`: an organization's campaigns newest first (a Query of gsi1 by
 * organization, the UUIDv7 `campaignId` as sort key), filtered by status, cursor-paginated like every
 * list. A site-scoped key sees its site's campaigns only. Listing does not advance a campaign: a
 * read of one does.
 */
import { createConversions } from 'electrodb';
import type { Db } from '../db';
import { exactPage, PAGE_SIZE, paginate, type Page } from '../db/pagination';
import type { AccessScope } from '../organizations/access-scope';
import { toFirmwareCampaign, type CampaignItem, type FirmwareCampaign } from './campaigns';

/** The list's filter and cursor. */
export interface CampaignListQuery {
  status?: CampaignItem['status'];
  nextPageCursor?: string;
}

/**
 * One page of campaigns (1 Query).
 * @throws InvalidError (`nextPageCursor`) for a cursor of another list, organization or filter
 */
export async function listCampaigns(
  db: Db,
  scope: AccessScope,
  request: CampaignListQuery,
): Promise<Page<FirmwareCampaign>> {
  const { nextPageCursor, ...query } = request;
  const siteId = scope.scope === 'site' ? scope.siteId : undefined;
  const page = await paginate(
    { list: 'firmwareCampaigns', organizationId: scope.organizationId, query: { ...query, siteId } },
    nextPageCursor,
    PAGE_SIZE,
    async (inner, limit) => {
      const { data } = await db.firmwareCampaign.query
        .byOrganization({ organizationId: scope.organizationId })
        .where((attributes, { eq }) =>
          [
            siteId === undefined ? '' : eq(attributes.siteId, siteId),
            query.status === undefined ? '' : eq(attributes.status, query.status),
          ]
            .filter(Boolean)
            .join(' AND '),
        )
        .go({ order: 'desc', cursor: inner, count: limit + 1 });
      return exactPage(data as unknown as CampaignItem[], limit, (last) =>
        createConversions(db.firmwareCampaign).byAccessPattern.byOrganization.fromComposite.toCursor(last as never),
      );
    },
  );
  return { data: page.data.map(toFirmwareCampaign), pagination: page.pagination };
}
