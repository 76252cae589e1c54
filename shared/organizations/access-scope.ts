/**
 * What a caller may see (an API key's scope, spec §5): one organization, or one site of it.
 * Every read and write of the domain is confined to it; anything outside answers exactly like
 * something unknown.
 */

/** An organization-wide or a single-site view of one organization. */
export interface AccessScope {
  organizationId: number;
  scope: 'organization' | 'site';
  /** Set when `scope` is `site`: the only site reachable. */
  siteId?: number;
}

/**
 * Whether a scope may see an item of `organizationId` on `siteId` (items without a site, such as
 * vehicles, pass on the organization alone). Callers treat `false` exactly like "not found".
 */
export function canAccess(scope: AccessScope, organizationId: number, siteId?: number): boolean {
  if (scope.organizationId !== organizationId) return false;
  return scope.scope === 'organization' || siteId === undefined || scope.siteId === siteId;
}
