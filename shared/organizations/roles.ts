/**
 * Roles (docs/people-and-roles.md): what a person or an API key may do in its organization (or
 * site). Each role can do everything of the roles below it:
 *
 * - `viewer`: reads only;
 * - `operator`: also remote commands, charger operations, maintenance windows, alert
 *   acknowledgement and access IDs (the depot's daily work);
 * - `admin`: also everything else that changes the organization: site limits, tariffs, firmware,
 *   webhooks, chargers, vehicles, departures, alert settings and recipients;
 * - `owner`: also the organization's people (`/api/users`).
 *
 * The role each route needs is declared in the route table (`shared/api/routes/define.ts`).
 */
import { ROLES } from '../db/entities/organizations';

/** The roles, lowest first: each includes what the ones before it may do. */
export { ROLES };

/** A role of a person or an API key. */
export type Role = (typeof ROLES)[number];

/**
 * The role an API key has when none was given: `admin`, everything the API offered keys before
 * roles existed (every route but the people's, which are new), so existing integrations keep working
 * and no key manages people unless the operator says so (`npm run admin -- api-keys create --role owner`).
 */
export const DEFAULT_API_KEY_ROLE: Role = 'admin';

/** True when `role` may do what `needed` may (it is `needed` or above it). */
export function roleAtLeast(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/** True for one of {@link ROLES} (a stored value read back, a CLI argument). */
export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}
