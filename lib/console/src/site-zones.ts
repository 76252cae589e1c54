/**
 * Which clock a time is shown on (docs/console.md, "Times"): what happens at a site on the site's
 * IANA time zone; what belongs to no one site (people, webhooks, campaigns, access IDs, a vehicle's
 * next departure) on the zone all the organization's sites share, and on the browser's only when
 * the sites' zones differ. Read once per session from `GET /api/sites` (every site of the caller's
 * scope, with its `timezone`); the shell provides them to the pages (`SiteZonesContext` in
 * `./context.ts`). Pure functions (unit-tested in Node).
 *
 * @module
 */
/** The time zones of the caller's sites. */
export interface SiteZones {
  /** Site `siteId`'s zone; {@link SiteZones.shared} for a site not (yet) known or none. */
  of(siteId: number | null | undefined): string | undefined;
  /** The zone every site shares; undefined (the browser's) when they differ or none is known yet. */
  readonly shared: string | undefined;
}

/** The zones of `sites` (`timezone` null or absent: unknown). */
export function siteZones(sites: readonly { id: number; timezone?: string | null }[]): SiteZones {
  const byId = new Map(sites.map((site) => [site.id, site.timezone ?? undefined]));
  const distinct = new Set(byId.values());
  const shared = distinct.size === 1 ? [...distinct][0] : undefined;
  return { of: (siteId) => (siteId === null || siteId === undefined ? shared : (byId.get(siteId) ?? shared)), shared };
}
