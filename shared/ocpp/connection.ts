/**
 * The OCPP-J WebSocket connection lifecycle: the `$connect` checks (identity, HTTP Basic auth of
 * OCPP security profiles 1/2, the client certificate of profile 3, subprotocol negotiation) and
 * the connection records that `$default` and `$disconnect` resolve a connectionId with.
 */
import type { ChargerConnection } from '../charging';
import type { OcppProtocol } from '../db/entities/common';
import { securityProfileOf } from '../db/entities/chargers';
import type { Db } from '../db';
import { BoundedMap } from '../bounded-map';
import { CHARGER_CONSTRAINTS, type ChargerItem, promotePendingPassword, verifyPassword } from '../chargers';
import { answerOf, callRecordKey } from './commands/correlation';
import { answerConfirmsPassword } from './commands/password-answer';
import { isConditionalCheckFailure } from '../db/conditions';
import { laneReset } from './commands/lane';
import { recordConnectionChange } from '../history';
import type { ChargerType } from '../smart-charging';

/** OCPP-J subprotocols this CSMS speaks, most preferred first (docs/ocpp.md, "Connecting"). */
export const SUPPORTED_PROTOCOLS: readonly OcppProtocol[] = ['ocpp2.1', 'ocpp2.0.1', 'ocpp1.6'];

/**
 * Heartbeat interval given to chargers in BootNotification (both versions), in seconds. API Gateway
 * closes a WebSocket connection idle for 10 minutes, and every Heartbeat costs two billed messages
 * and an invocation (docs/cost-and-scale.md): 540 s is the longest interval that keeps a minute's margin
 * under the timeout (288 → 160 Heartbeats a day, −$0.008 per charger-month against 300 s).
 */
export const HEARTBEAT_INTERVAL_SECONDS = 540;

/** Seconds a connection record lives: API Gateway closes every connection after 2 hours. */
const CONNECTION_TTL_SECONDS = 3 * 3600;

/**
 * Picks the subprotocol from a `Sec-WebSocket-Protocol` header (comma-separated offers):
 * `ocpp2.1` over `ocpp2.0.1` over `ocpp1.6`, whatever the order of the offer.
 * @returns the chosen protocol, or undefined when none offered is supported
 */
export function negotiateProtocol(header: string | undefined): OcppProtocol | undefined {
  const offered = (header ?? '').split(',').map((p) => p.trim().toLowerCase());
  return SUPPORTED_PROTOCOLS.find((p) => offered.includes(p));
}

/** Why a handshake is refused, with the HTTP status API Gateway answers. */
export type ConnectRefusal =
  | { status: 404; reason: 'unknownCharger' }
  | {
      status: 401;
      /**
       * `badCredentials`: the password; `certificateRequired` (profile 3 without a good
       * certificate), `badCertificate` (a certificate presented and refused, whatever the profile):
       * the security profile rule (docs/certificates.md).
       */
      reason: 'badCredentials' | 'badCertificate' | 'certificateRequired';
      /** Why, for the logs (the charger is told the reason only). */
      detail?: string;
    }
  | { status: 400; reason: 'noSupportedProtocol' };

/** What `$connect` decides on, from the handshake request. */
export interface ConnectRequest {
  authorization?: string;
  secWebSocketProtocol?: string;
  /**
   * The request's headers (lowercase names) when its `CloudFront-Viewer-Cert-*` headers may be
   * believed: it came through CloudFront or the local TLS listener (`lambdas/lib/origin-verify.ts`);
   * undefined otherwise, so a certificate header written by anyone else is never read.
   */
  certificateHeaders?: Record<string, string | undefined>;
  /** The request's time: a certificate is judged valid at it. @default now */
  at?: Date;
}

/** A charger allowed to connect. */
export interface AcceptedConnection {
  chargerId: number;
  organizationId: number;
  siteId: number;
  chargerType: ChargerType;
  protocol: OcppProtocol;
  /** The charger's connection until now, if it is still open: the new one takes over. */
  previousConnectionId?: string;
}

function basicCredentials(header: string | undefined): { username: string; password: string } | undefined {
  const encoded = /^Basic +([A-Za-z0-9+/=]+)$/i.exec(header?.trim() ?? '')?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * The hash of the password a charger connects with: its stored one, or the pending one once the
 * charger has confirmed it (the answer to the CALL that carried it, as `$default` stored it in
 * the CALL's record), which then replaces the stored one. So a charger that reconnects with the
 * new password at once, before the command's sender has seen the answer, is let in, and the old
 * password is refused from the confirmation on (docs/charger-credentials.md).
 * @returns undefined for a charger without a password
 */
async function passwordInForce(db: Db, charger: ChargerItem): Promise<string | undefined> {
  const pending = charger.pendingPassword;
  if (!pending) return charger.passwordHash;
  const key = callRecordKey(charger.chargerId, pending.messageId);
  const { data: record } = key ? await db.ocppMessage.get(key).go({ consistent: true }) : { data: null };
  const answer = record?.responseFrame === undefined ? undefined : answerOf(record.responseFrame);
  if (!answer?.ok || !(await answerConfirmsPassword(pending.protocol, answer.result))) return charger.passwordHash;
  await promotePendingPassword(db, charger.chargerId, pending);
  return pending.hash;
}

/**
 * The Basic-auth check (OCPP 1.6 security whitepaper / OCPP 2.0.1 A00.FR.201-205): a charger with
 * a password needs `Authorization: Basic` with `ocppId:password`, the password in force
 * ({@link passwordInForce}); a charger without one is accepted.
 */
async function checkPassword(
  db: Db,
  charger: ChargerItem,
  ocppId: string,
  authorization: string | undefined,
): Promise<'accepted' | 'refused'> {
  const passwordHash = await passwordInForce(db, charger);
  if (!passwordHash) return 'accepted';
  const credentials = basicCredentials(authorization);
  const good =
    credentials !== undefined &&
    credentials.username === ocppId &&
    (await verifyPassword(credentials.password, passwordHash));
  return good ? 'accepted' : 'refused';
}

/**
 * Whether the charger proves who it is: by its password alone (profiles 1 and 2 without a
 * certificate), or, when it presents a certificate or is set to profile 3, by the certificate and
 * the profile rule (`connect-certificates.ts`, loaded only then).
 * @returns undefined when it does, else the refusal
 */
async function authenticate(
  db: Db,
  charger: ChargerItem,
  ocppId: string,
  request: ConnectRequest,
): Promise<ConnectRefusal | undefined> {
  const securityProfile = securityProfileOf(charger);
  // Profile 3: the certificate authenticates; a password sent along is not checked (A00).
  const password = securityProfile === 3 ? 'accepted' : await checkPassword(db, charger, ocppId, request.authorization);
  const presented = request.certificateHeaders?.['cloudfront-viewer-cert-present']?.trim() === '1';
  if (securityProfile !== 3 && !presented)
    return password === 'accepted' ? undefined : { status: 401, reason: 'badCredentials' };
  const { decideWithCertificate } = await import('./connect-certificates');
  const { decision } = await decideWithCertificate(db, request.certificateHeaders, {
    ocppId,
    securityProfile,
    password,
    now: request.at ?? new Date(),
  });
  return decision.admit ? undefined : { status: 401, reason: decision.reason, detail: decision.detail };
}

/**
 * Decides a `$connect`: the charger must be registered under `ocppId`; it must authenticate as its
 * security profile requires ({@link authenticate}: the Basic-auth password for profiles 1 and 2, a
 * client certificate for profile 3, and a certificate presented must be good whatever the
 * profile); a supported subprotocol must be offered.
 * Requests: 1 GetItem (identity) + 1 GetItem (charger); while a new password is pending, 1 more
 * GetItem (its CALL's answer) and, once confirmed, 1 UpdateItem; with a certificate, 1 GetItem of
 * its CA's revocations when the instance's copy is older than 60 s (none on a warm instance).
 */
export async function checkConnect(
  db: Db,
  ocppId: string,
  request: ConnectRequest,
): Promise<AcceptedConnection | ConnectRefusal> {
  const { data: claim } = await db.uniqueValue.get({ constraint: CHARGER_CONSTRAINTS.ocppId(), value: ocppId }).go();
  if (!claim) return { status: 404, reason: 'unknownCharger' };
  const { data: charger } = await db.charger.get({ chargerId: claim.targetId }).go();
  if (!charger) return { status: 404, reason: 'unknownCharger' };
  const refusal = await authenticate(db, charger, ocppId, request);
  if (refusal) return refusal;
  const protocol = negotiateProtocol(request.secWebSocketProtocol);
  if (!protocol) return { status: 400, reason: 'noSupportedProtocol' };
  const previousConnectionId =
    charger.connectionStatus?.status === 'Connected' ? charger.currentConnectionId : undefined;
  return {
    chargerId: charger.chargerId,
    organizationId: charger.organizationId,
    siteId: charger.siteId,
    chargerType: charger.type,
    protocol,
    ...(previousConnectionId ? { previousConnectionId } : {}),
  };
}

/**
 * Records an accepted connection: the connection item and, on the charger, `connectionStatus`
 * Connected with `at`, the current connectionId and protocol, and an empty command lane (one
 * TransactWriteItems). A previous connection's record is deleted in the same transaction, so its
 * frames are no longer the charger's.
 * @param at ISO 8601 UTC timestamp of the connection
 */
export async function recordConnection(
  db: Db,
  accepted: AcceptedConnection,
  ocppId: string,
  connectionId: string,
  at: string,
): Promise<void> {
  await db.service.transaction
    .write(({ connection, charger }) => [
      connection
        .put({
          connectionId,
          chargerId: accepted.chargerId,
          organizationId: accepted.organizationId,
          siteId: accepted.siteId,
          chargerType: accepted.chargerType,
          ocppId,
          ocppProtocol: accepted.protocol,
          connectedAt: at,
          expiresAt: Math.floor(Date.parse(at) / 1000) + CONNECTION_TTL_SECONDS,
        })
        .commit(),
      charger
        .patch({ chargerId: accepted.chargerId })
        .set({
          connectionStatus: { status: 'Connected', timestamp: at },
          currentConnectionId: connectionId,
          ocppProtocol: accepted.protocol,
          ...laneReset.set,
        })
        .remove(laneReset.remove)
        // Kept from the first connection on: health counts from it.
        .data((attr, op) => op.ifNotExists(attr.firstConnectedAt, at))
        .commit(),
      ...(accepted.previousConnectionId
        ? [connection.delete({ connectionId: accepted.previousConnectionId }).commit()]
        : []),
    ])
    .go();
  await recordConnectionChange(db, accepted, 'connected', at, accepted.previousConnectionId !== undefined);
}

/** The connection record of a connectionId (one GetItem); undefined when unknown or expired. */
export async function getConnection(db: Db, connectionId: string): Promise<ChargerConnection | undefined> {
  const { data } = await db.connection.get({ connectionId }).go();
  return data ? infoOf(data) : undefined;
}

function infoOf(record: Omit<ChargerConnection, 'protocol'> & { ocppProtocol: OcppProtocol }): ChargerConnection {
  const { connectionId, chargerId, organizationId, siteId, chargerType, ocppId, ocppProtocol } = record;
  return { connectionId, chargerId, organizationId, siteId, chargerType, ocppId, protocol: ocppProtocol };
}

/**
 * A bounded per-process cache of connection records: a record never changes while its
 * connection lives, so a warm Lambda resolves a charger's frames without reading DynamoDB.
 *
 * A charger has one connection: once the cache has seen a newer connection of a charger (a
 * takeover), the older one resolves to nothing, as it does when its record is gone.
 */
export class ConnectionCache {
  private readonly entries: BoundedMap<string, ChargerConnection & { connectedAt: string }>;
  /** The newest connection seen per charger. */
  private readonly newest: BoundedMap<number, { connectionId: string; connectedAt: string }>;
  /** @param capacity entries kept (connections, and chargers' newest connections); the oldest is evicted beyond it */
  constructor(capacity = 10_000) {
    this.entries = new BoundedMap(capacity);
    this.newest = new BoundedMap(capacity);
  }

  /** The connection, from the cache or one GetItem; undefined when unknown or superseded. */
  async resolve(db: Db, connectionId: string): Promise<ChargerConnection | undefined> {
    const entry = this.entries.get(connectionId) ?? (await this.load(db, connectionId));
    if (!entry) return undefined;
    const newest = this.newest.get(entry.chargerId);
    if (newest && newest.connectionId !== connectionId && newest.connectedAt > entry.connectedAt) return undefined;
    const { connectedAt: _, ...info } = entry;
    return info;
  }

  private async load(db: Db, connectionId: string) {
    const { data } = await db.connection.get({ connectionId }).go();
    if (!data) return undefined;
    const entry = { ...infoOf(data), connectedAt: data.connectedAt };
    this.entries.set(connectionId, entry);
    const newest = this.newest.get(entry.chargerId);
    if (!newest || newest.connectedAt <= entry.connectedAt) {
      this.newest.set(entry.chargerId, { connectionId, connectedAt: entry.connectedAt });
    }
    return entry;
  }

  /** When a connection this cache resolved started (ISO 8601 UTC); undefined when it holds none. */
  connectedAtOf(connectionId: string): string | undefined {
    return this.entries.get(connectionId)?.connectedAt;
  }

  /** Forgets a connection (on `$disconnect`). */
  forget(connectionId: string): void {
    this.entries.delete(connectionId);
  }
}

/**
 * Records a closed connection: the charger becomes Disconnected at `at` only when this is still
 * its current connection (a charger that reconnected before the old `$disconnect` arrived stays
 * Connected), and the connection record is deleted. The disconnection goes to the charger's
 * history (`shared/history/status-events.ts`), also when a command found the connection gone and
 * marked the charger first (then at that time; 1 more GetItem).
 * @returns whether the charger was marked Disconnected
 */
export async function recordDisconnection(db: Db, connectionId: string, at: string): Promise<boolean> {
  const connection = await getConnection(db, connectionId);
  if (!connection) return false;
  const marked = await markDisconnected(db, connection.chargerId, connectionId, at);
  const owner = {
    chargerId: connection.chargerId,
    organizationId: connection.organizationId,
    siteId: connection.siteId,
  };
  if (marked) await recordConnectionChange(db, owner, 'disconnected', at);
  else {
    const { data: charger } = await db.charger.get({ chargerId: connection.chargerId }).go({ consistent: true });
    const status = charger?.connectionStatus;
    if (charger && charger.currentConnectionId === undefined && status?.status === 'Disconnected') {
      await recordConnectionChange(db, owner, 'disconnected', status.timestamp);
    }
  }
  await db.connection.delete({ connectionId }).go();
  return marked;
}

/**
 * Marks a charger Disconnected at `at` and empties its command lane (its commands end as "not
 * connected"), only if `connectionId` is still its current connection (one conditional UpdateItem).
 * @returns whether it was
 */
export async function markDisconnected(db: Db, chargerId: number, connectionId: string, at: string): Promise<boolean> {
  try {
    await db.charger
      .patch({ chargerId })
      .set({ connectionStatus: { status: 'Disconnected', timestamp: at }, ...laneReset.set })
      .remove(['currentConnectionId', ...laneReset.remove])
      .where(({ currentConnectionId }, { eq }) => eq(currentConnectionId, connectionId))
      .go();
    return true;
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    return false;
  }
}
