/**
 * A charger's OCPP security profile (OCPP 2.0.1 A00 "Security profiles"; 1.6 security whitepaper
 * `SecurityProfile`; docs/certificates.md): what `$connect` requires of it. 1 and 2: the Basic-auth
 * password (2 over TLS; the product serves TLS on every path, so they are checked alike); 3: a client
 * certificate the CSMS trusts, whose CN is the charger's identity, the password no longer enough.
 * Unset is 2. Set through the API (`PUT /api/chargers/{id}/security-profile`) by an admin.
 */
import type { Db } from '../db';
import type { SecurityProfile } from '../db/entities/chargers';
import { canAccess, type AccessScope } from '../organizations/access-scope';
import { getChargerView } from './chargers';
import { ChargerNotFoundError } from './errors';
import { type Charger, toCharger } from './views';

/**
 * Sets the security profile of a charger the scope may see. `$connect` applies it from the
 * charger's next connection on: a profile 3 charger connected now with its password keeps that
 * connection until it reconnects (docs/certificates.md, moving a fleet to profile 3).
 * Requests: 1 Query (the charger and its ports), 1 UpdateItem (conditional on the charger).
 * @returns the charger, in the shape of `GET /api/chargers/{id}`
 * @throws ChargerNotFoundError for an unknown charger or one outside the scope
 */
export async function setSecurityProfile(
  db: Db,
  scope: AccessScope,
  chargerId: number,
  securityProfile: SecurityProfile,
): Promise<Charger> {
  const view = await getChargerView(db, chargerId);
  if (!view || !canAccess(scope, view.charger.organizationId, view.charger.siteId))
    throw new ChargerNotFoundError(chargerId);
  const updatedAt = await storeSecurityProfile(db, chargerId, securityProfile);
  return toCharger({ ...view.charger, securityProfile, updatedAt }, view.ports);
}

/**
 * Stores a charger's security profile, for a caller that has already found the charger in its
 * scope (the upgrade operation's worker, which targets it). Requests: 1 UpdateItem, conditional on
 * the charger existing (ElectroDB's patch).
 * @returns the `updatedAt` written (ISO 8601 UTC)
 * @throws ElectroDB's error when the charger no longer exists
 */
export async function storeSecurityProfile(
  db: Db,
  chargerId: number,
  securityProfile: SecurityProfile,
): Promise<string> {
  const updatedAt = new Date().toISOString();
  await db.charger.patch({ chargerId }).set({ securityProfile, updatedAt }).go();
  return updatedAt;
}
