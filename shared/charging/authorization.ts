/**
 * The one place where a charger's idTag/idToken is authorized (OCPP 1.6 Authorize,
 * StartTransaction, StopTransaction; 2.0.1 Authorize, TransactionEvent), from the organization's
 * access IDs (spec §2.1): `Authorized` → Accepted, `Revoked` → Blocked, unknown → Invalid. The tag
 * is normalised exactly as when access IDs are stored. One GetItem (+1 Query of the charger's ports
 * for a tag the access IDs do not accept).
 *
 * A tag the operator remote-started on the charger is Accepted whatever the access IDs say
 * (docs/api.md, "Remote start"): its remote start is pending on one of the charger's ports, or the
 * session it started is in progress there. A charger with OCPP 1.6 `AuthorizeRemoteTxRequests`
 * (§5.11) or 2.0.1 `AuthorizeRemoteStart` (F01.FR.02) authorizes the remote start's tag before it
 * starts, and a charger stops a transaction whose tag is not Accepted (1.6
 * `StopTransactionOnInvalidId`, 2.0.1 `StopTxOnInvalidId`): without this, a remote start without
 * `idTag` (the server-side tag) or with a tag no access ID has could not charge.
 */
import type { Db } from '../db';
import type { AccessIdItem } from '../access/access-ids';
import { normalizeIdTag } from '../access/id-tags';
import type { StoredPortItem } from '../chargers/items';
import type { ChargerConnection } from './charger-connection';

/** Version-neutral authorization result (1.6 AuthorizationStatus; a subset of 2.0.1 AuthorizationStatusEnumType). */
export type AuthorizationStatus = 'Accepted' | 'Blocked' | 'Invalid';

/** The outcome for one tag, with its access ID when known. */
export interface TagAuthorization {
  status: AuthorizationStatus;
  accessId?: AccessIdItem;
}

/** How long an accepted remote start waits for its session: 10 minutes. */
export const REMOTE_START_LINK_MS = 10 * 60_000;

/**
 * The ID of the remote start pending on a port for this idTag (compared normalised), when it was
 * sent less than {@link REMOTE_START_LINK_MS} before `now` (epoch ms).
 */
export function pendingRemoteStartFor(
  port: Pick<StoredPortItem, 'pendingRemoteStart'>,
  idTag: string | undefined,
  now: number,
): number | undefined {
  const pending = port.pendingRemoteStart;
  if (!pending || idTag === undefined || normalizeIdTag(pending.idTag) !== normalizeIdTag(idTag)) return undefined;
  return now - Date.parse(pending.requestedAt) <= REMOTE_START_LINK_MS ? pending.remoteStartId : undefined;
}

/**
 * Authorizes an idTag for a charger: from the organization's access IDs, or Accepted when the
 * operator remote-started it on this charger.
 * Requests: 1 GetItem; +1 Query (the charger's ports, strongly consistent) for a tag the access
 * IDs do not accept.
 * @param connection the charger (its organization's access IDs, its ports' remote starts)
 * @param idTag the tag as the charger sent it (1.6 idTag ≤ 20 characters, 2.0.1 idToken ≤ 36)
 */
export async function authorizeIdTag(
  db: Db,
  connection: Pick<ChargerConnection, 'organizationId' | 'chargerId'>,
  idTag: string,
): Promise<TagAuthorization> {
  const { data } = await db.accessId
    .get({ organizationId: connection.organizationId, ocppIdTag: normalizeIdTag(idTag) })
    .go();
  const accessId = data ? { accessId: data } : {};
  if (data?.authorizationStatus === 'Authorized') return { status: 'Accepted', ...accessId };
  if (await remoteStarted(db, connection.chargerId, idTag)) return { status: 'Accepted', ...accessId };
  return { status: data ? 'Blocked' : 'Invalid', ...accessId };
}

/** Whether the operator remote-started this tag on the charger: pending, or its session in progress (1 Query). */
async function remoteStarted(db: Db, chargerId: number, idTag: string): Promise<boolean> {
  const { data: ports } = await db.port.query.primary({ chargerId }).go({ pages: 'all', consistent: true });
  const now = Date.now();
  const tag = normalizeIdTag(idTag);
  return ports.some((port) => {
    const session = port.currentChargingSession;
    const sessionOfTag =
      session?.remoteStartId !== undefined && session.idTag !== undefined && normalizeIdTag(session.idTag) === tag;
    return sessionOfTag || pendingRemoteStartFor(port, idTag, now) !== undefined;
  });
}
