/**
 * The face of `shared/organizations/` (organizations and the scope a request acts in): what the
 * adapters (`shared/api`, `shared/ocpp`, `lambdas/`, `lib/`, `bin/`) import of it, and only through
 * here (`.dependency-cruiser.cjs`, docs/architecture.md "Domain folders"). Tests may import the
 * modules.
 *
 * @module
 */
export type { AccessScope } from './access-scope';
export { DEFAULT_API_KEY_ROLE, isRole, ROLES, roleAtLeast, type Role } from './roles';
export { ApiKeyNotFoundError, OrganizationNotFoundError } from './errors';
export { createOrganization, createOrganizationSchema, listOrganizations } from './organizations';
