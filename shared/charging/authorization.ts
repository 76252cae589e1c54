/**
 * The one place where a charger's idTag/idToken is authorized (OCPP 1.6 Authorize,
 * StartTransaction, StopTransaction; 2.0.1 Authorize, TransactionEvent), from the organization's
 * access IDs (spec §2.1): `Authorized` → Accepted, `Revoked` → Blocked, unknown → Invalid. The tag
 * is normalised exactly as when access IDs are stored. One GetItem.
 */
import type { Db } from '../db';
import type { AccessIdItem } from '../access/access-ids';
import { normalizeIdTag } from '../access/id-tags';

/** Version-neutral authorization result (1.6 AuthorizationStatus; a subset of 2.0.1 AuthorizationStatusEnumType). */
export type AuthorizationStatus = 'Accepted' | 'Blocked' | 'Invalid';

/** The outcome for one tag, with its access ID when known. */
export interface TagAuthorization {
  status: AuthorizationStatus;
  accessId?: AccessIdItem;
}

/**
 * Authorizes an idTag for an organization's charger.
 * @param idTag the tag as the charger sent it (1.6 idTag ≤ 20 characters, 2.0.1 idToken ≤ 36)
 */
export async function authorizeIdTag(db: Db, organizationId: number, idTag: string): Promise<TagAuthorization> {
  const { data } = await db.accessId.get({ organizationId, ocppIdTag: normalizeIdTag(idTag) }).go();
  if (!data) return { status: 'Invalid' };
  return { status: data.authorizationStatus === 'Authorized' ? 'Accepted' : 'Blocked', accessId: data };
}
