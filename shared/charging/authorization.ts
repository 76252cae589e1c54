/**
 * The one place where a charger's idTag/idToken is authorized (OCPP 1.6 Authorize,
 * StartTransaction; 2.0.1 Authorize, TransactionEvent): every handler asks here.
 *
 * The answer comes from the organization's access IDs (spec §2.1) once those exist; until then
 * no tag is known, so every tag is `Invalid`.
 */
import type { Db } from '../db';

/** Version-neutral authorization result (1.6 AuthorizationStatus; 2.0.1 maps it to AuthorizationStatusEnumType). */
export type AuthorizationStatus = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid';

/** The outcome for one tag. */
export interface TagAuthorization {
  status: AuthorizationStatus;
}

/**
 * Authorizes an idTag for an organization's charger.
 * @param idTag the tag as the charger sent it (1.6 idTag ≤ 20 characters, 2.0.1 idToken ≤ 36)
 */
export async function authorizeIdTag(_db: Db, _organizationId: number, _idTag: string): Promise<TagAuthorization> {
  return { status: 'Invalid' };
}
