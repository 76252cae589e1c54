/**
 * Sites: creation and listing (operator CLI), and `GET /api/sites` (reference notes, "Sites").
 */
import * as z from 'zod';
import { text } from '../validation';
import type { Db } from '../db';
import { allocateIds } from '../db';
import type { AccessScope } from '../organizations/access-scope';
import { OrganizationNotFoundError } from '../organizations/errors';
import type { SiteItem } from './items';
import { groupChargers, type SiteWithChargers } from './views';
import { selectChargers } from './port-readings';

export type { SiteItem } from './items';

/** True when `timezone` is an IANA time zone name the runtime knows (e.g. `America/Chicago`). */
export function isIanaTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return timezone.length <= 64;
  } catch {
    return false;
  }
}

/**
 * The schema of the operator's input for creating a site, built when asked: this module's readers
 * (the operations' targets, API-key scopes) run in functions that load no zod.
 */
export const createSiteSchema = () =>
  z.strictObject({
    organizationId: z.number().int().positive(),
    name: text(200),
    address: text(500).optional(),
    timezone: z.string().refine(isIanaTimezone, 'must be an IANA time zone name, e.g. America/New_York'),
  });
/** Operator input for creating a site. */
export type CreateSiteInput = z.infer<ReturnType<typeof createSiteSchema>>;

/** The site in the reference notes' shape, without chargers. */
export interface SiteSummaryWithOrganization {
  id: number;
  name: string;
  address: string | null;
  timezone: string;
  organization: { id: number; name: string };
}

/**
 * Creates a site in an organization.
 * @throws OrganizationNotFoundError when the organization does not exist
 */
export async function createSite(db: Db, input: CreateSiteInput): Promise<SiteSummaryWithOrganization> {
  const { data: organization } = await db.organization.get({ organizationId: input.organizationId }).go();
  if (!organization) throw new OrganizationNotFoundError(input.organizationId);
  const siteId = await allocateIds(db, 'site');
  const { data } = await db.site
    .create({ ...input, siteId, dcfcChargerCount: 0, createdAt: new Date().toISOString() })
    .go();
  return toSiteSummary(data, organization.name);
}

/** Reads a site by ID (one GetItem); undefined when unknown. */
export async function getSite(db: Db, siteId: number): Promise<SiteItem | undefined> {
  const { data } = await db.site.get({ siteId }).go();
  return data ?? undefined;
}

function toSiteSummary(site: SiteItem, organizationName: string): SiteSummaryWithOrganization {
  return {
    id: site.siteId,
    name: site.name,
    address: site.address ?? null,
    timezone: site.timezone,
    organization: { id: site.organizationId, name: organizationName },
  };
}

/**
 * Every site of the caller's organization with its chargers and ports, ordered by ID: one
 * Query on the `organizationView` collection (paged internally; the answer is not paginated,
 * as in the reference product), and one BatchGetItem per 100 ports charging (their readings).
 * A site-scoped key sees only its site.
 */
export async function listSitesWithChargers(db: Db, scope: AccessScope): Promise<SiteWithChargers[]> {
  const { organizationId } = scope;
  const [{ data }, { data: organization }] = await Promise.all([
    db.service.collections.organizationView({ organizationId }).go({ pages: 'all' }),
    db.organization.get({ organizationId }).go(),
  ]);
  const visible = (siteId: number) => scope.scope === 'organization' || siteId === scope.siteId;
  const selected = await selectChargers(db, data, (c) => visible(c.siteId));
  const chargers = groupChargers(selected.chargers, selected.ports);
  return [...data.site]
    .filter((site) => visible(site.siteId))
    .sort((a, b) => a.siteId - b.siteId)
    .map((site) => ({
      ...toSiteSummary(site, organization?.name ?? ''),
      chargers: chargers.filter((c) => c.site.id === site.siteId),
    }));
}
