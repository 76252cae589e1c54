/**
 * Each charger's certificates (docs/certificates.md, "A charger's certificates"): the ones the CSMS
 * CA issued, stored when CertificateSigned goes out (`lambdas/certificates/sign.ts`), with what the
 * API shows of a certificate (serial, subject, issuer, validity, SHA-256) and the charger's answer;
 * listed by `GET /api/chargers/{id}/certificates`, newest end first, with whether its CA revoked
 * it; revoked by `POST /api/chargers/{id}/certificates/{serialNumber}/revoke`
 * ({@link revokeChargerCertificate}). Kept 400 days past their end.
 */
import type { EntityItem } from 'electrodb';
import { revokeSerialOfCa, tableRevocationSource } from '../certificates/revocation-store';
import type { CertificateSummary } from '../certificates/x509';
import type { Db } from '../db';
import { logger } from '../logger';
import { CHARGER_CERTIFICATE_TTL_SECONDS } from '../db/entities/certificates';
import { securityProfileOf } from '../db/entities/chargers';
import { type AccessScope, canAccess } from '../organizations/access-scope';
import { CertificateCaUnknownError, ChargerCertificateNotFoundError, ChargerNotFoundError } from './errors';

type ChargerCertificateItem = EntityItem<Db['chargerCertificate']>;

/** A certificate the CSMS issued to a charger, as the API shows it: its summary (times ISO 8601 UTC) and how it went. */
export interface ChargerCertificate extends CertificateSummary {
  /** What the charger asked it for; omitted when it asked for both uses (2.0.1: `certificateType` omitted). */
  certificateType?: 'ChargingStationCertificate' | 'V2GCertificate';
  /** Always `signed` (by the CSMS CA) for now. */
  source: 'signed';
  issuedAt: string;
  /** The charger's answer to CertificateSigned, or `NotDelivered`. */
  deliveryStatus: string;
  /**
   * Whether its CA's revocation list (the `certificateRevocation` item of its `caKeyId`) holds its
   * serial: `$connect` then refuses it. false for a certificate stored without a `caKeyId`.
   */
  revoked: boolean;
  /** When an operator revoked it through the API (ISO 8601 UTC); omitted otherwise. */
  revokedAt?: string;
}

/**
 * What the certificate function records of an issued certificate; `caKeyId`: the issuing CA's key
 * ID (`caKeyId` of `shared/certificates/revocation.ts`), where its revocations are looked up.
 */
export type IssuedChargerCertificate = Omit<ChargerCertificate, 'source' | 'revoked' | 'revokedAt'> & {
  chargerId: number;
  caKeyId?: string;
};

/**
 * Stores a certificate the CSMS issued to a charger: 1 GetItem (the charger's organization and
 * site) and 1 PutItem.
 * @returns false when the charger no longer exists (nothing stored)
 */
export async function recordChargerCertificate(db: Db, certificate: IssuedChargerCertificate): Promise<boolean> {
  const { data: charger } = await db.charger.get({ chargerId: certificate.chargerId }).go();
  if (!charger) return false;
  await db.chargerCertificate
    .put({
      ...certificate,
      organizationId: charger.organizationId,
      siteId: charger.siteId,
      expiresAt: Math.floor(Date.parse(certificate.notAfter) / 1000) + CHARGER_CERTIFICATE_TTL_SECONDS,
    })
    .go();
  return true;
}

/**
 * The API view of a stored certificate.
 * @param revoked whether its CA's revocation list holds it ({@link revokedSerialsReader})
 */
export function chargerCertificateView(item: ChargerCertificateItem, revoked: boolean): ChargerCertificate {
  const {
    serialNumber,
    subject,
    issuer,
    notBefore,
    notAfter,
    sha256,
    certificateType,
    issuedAt,
    deliveryStatus,
    revokedAt,
  } = item;
  return {
    serialNumber,
    subject,
    issuer,
    notBefore,
    notAfter,
    sha256,
    ...(certificateType ? { certificateType } : {}),
    source: 'signed',
    issuedAt,
    deliveryStatus,
    revoked,
    ...(revokedAt ? { revokedAt } : {}),
  };
}

/** The serials a CA revoked, by its `caKeyId` ({@link revokedSerialsReader}). */
export type RevokedSerialsReader = (caKeyId: string) => Promise<ReadonlySet<string>>;

/**
 * Reads each CA's revocation list ({@link tableRevocationSource}: 1 GetItem) once for as long as the
 * reader is kept: one request, or one sweep over many chargers of the same CA.
 * @throws (from the reader) the data layer's errors
 */
export function revokedSerialsReader(db: Db): RevokedSerialsReader {
  const source = tableRevocationSource(db);
  const lists = new Map<string, Promise<ReadonlySet<string>>>();
  return (id) => {
    let list = lists.get(id);
    if (!list) {
      list = source.revokedSerials(id).then((serials) => new Set(serials));
      lists.set(id, list);
    }
    return list;
  };
}

/** Whether `item`'s CA revoked it; a certificate stored without a `caKeyId` never is. */
async function isRevoked(revokedSerials: RevokedSerialsReader, item: ChargerCertificateItem): Promise<boolean> {
  return item.caKeyId !== undefined && (await revokedSerials(item.caKeyId)).has(item.serialNumber);
}

/** The charger, when it exists and `scope` may see it. 1 GetItem. @throws ChargerNotFoundError otherwise */
async function chargerInScope(db: Db, scope: AccessScope, chargerId: number) {
  const { data: charger } = await db.charger.get({ chargerId }).go();
  if (!charger || !canAccess(scope, charger.organizationId, charger.siteId)) throw new ChargerNotFoundError(chargerId);
  return charger;
}

/**
 * A charger's certificates, latest end first, each with whether its CA revoked it: 1 GetItem (the
 * charger, for the caller's scope), 1 Query of its partition (every page: a charger holds a
 * certificate a year or so) and 1 GetItem per CA among them (one CA: one).
 * @throws ChargerNotFoundError when the charger is unknown or not the caller's
 */
export async function listChargerCertificates(
  db: Db,
  scope: AccessScope,
  chargerId: number,
): Promise<ChargerCertificate[]> {
  await chargerInScope(db, scope, chargerId);
  const { data } = await db.chargerCertificate.query.primary({ chargerId }).go({ order: 'desc', pages: 'all' });
  const revokedSerials = revokedSerialsReader(db);
  return Promise.all(data.map(async (item) => chargerCertificateView(item, await isRevoked(revokedSerials, item))));
}

/** What {@link revokeChargerCertificate} did. */
export interface RevokedChargerCertificate {
  /** The certificate as the listing shows it, `revoked: true`. */
  certificate: ChargerCertificate;
  /** false when it was revoked already (nothing written). */
  changed: boolean;
  /** Whether the charger's open connection was closed (a profile 3 charger connected when revoked). */
  disconnected: boolean;
}

/**
 * Revokes a certificate the CSMS CA issued to a charger (docs/certificates.md "Revoking a
 * certificate"): its serial joins its CA's revocation list, so `$connect` refuses it from the
 * charger's next connection (within the list's per-instance TTL, 60 s); the certificate's
 * `revokedAt` is set the first time; and a charger at security profile 3 that is connected has
 * that connection closed (it connected with a certificate, and which one is not recorded; it
 * reconnects with another good one if it holds one). Idempotent: a certificate revoked already is
 * answered as it is, nothing written; a profile 3 connection is closed again all the same, which
 * cuts one a `$connect` instance admitted within the list's TTL after the first call.
 *
 * Requests: 1 GetItem (the charger), 1 Query (its certificates), 1 GetItem (the CA's revocation
 * list); when not revoked yet, 1 UpdateItem (the list, `ADD`) then 1 UpdateItem (the certificate's
 * `revokedAt`, if absent); and `close` once when a profile 3 charger is connected.
 * @param serialNumber hexadecimal, OCPP's form (lowercase, no leading zeros; the route normalises it)
 * @param close closes a WebSocket connection (`DeleteConnection`), false when it was gone already;
 *   when it fails, the failure is logged and the answer says `disconnected: false` (the revocation stands)
 * @param at ISO 8601 UTC
 * @throws ChargerNotFoundError when the charger is unknown or not the caller's
 * @throws ChargerCertificateNotFoundError when `serialNumber` is none of the charger's stored certificates
 * @throws CertificateCaUnknownError when the certificate was stored without its CA's key ID
 */
export async function revokeChargerCertificate(
  db: Db,
  scope: AccessScope,
  chargerId: number,
  serialNumber: string,
  options: { close: (connectionId: string) => Promise<boolean>; at?: string },
): Promise<RevokedChargerCertificate> {
  const charger = await chargerInScope(db, scope, chargerId);
  const { data } = await db.chargerCertificate.query.primary({ chargerId }).go({ pages: 'all' });
  const item = data.find((c) => c.serialNumber === serialNumber);
  if (!item) throw new ChargerCertificateNotFoundError(chargerId, serialNumber);
  if (item.caKeyId === undefined) throw new CertificateCaUnknownError(serialNumber);
  const { caKeyId } = item;
  const changed = !(await isRevoked(revokedSerialsReader(db), item));
  let stored = item;
  if (changed) {
    const at = options.at ?? new Date().toISOString();
    // The list first: it is what `$connect` reads. A failure after it leaves only `revokedAt`
    // unset; the caller's retry (revoked already) answers without it, truthfully.
    await revokeSerialOfCa(db, caKeyId, serialNumber, at);
    await db.chargerCertificate
      .patch({ chargerId, notAfter: item.notAfter, serialNumber })
      .data((attr, op) => op.ifNotExists(attr.revokedAt, at))
      .go();
    stored = { ...item, revokedAt: item.revokedAt ?? at };
  }
  const connectionId = charger.connectionStatus?.status === 'Connected' ? charger.currentConnectionId : undefined;
  const disconnected =
    securityProfileOf(charger) === 3 &&
    connectionId !== undefined &&
    (await options.close(connectionId).catch((error: unknown) => {
      // The revocation is stored: the answer says it, and that the connection stays (calling
      // again closes it).
      logger.error('could not close the connection of a charger whose certificate was revoked', {
        chargerId,
        connectionId,
        error: String(error),
      });
      return false;
    }));
  return { certificate: chargerCertificateView(stored, true), changed, disconnected };
}

/**
 * Whether a stored certificate serves the charger as its TLS client certificate: the charger
 * answered CertificateSigned `Accepted` (a `Rejected` or `NotDelivered` one was never installed),
 * and it is a charging station certificate, or one for both uses (2.0.1: `certificateType`
 * omitted). Revocation is checked apart ({@link latestCertificateEndingAfter}).
 */
export function servesAsClientCertificate(
  item: Pick<ChargerCertificateItem, 'deliveryStatus' | 'certificateType'>,
): boolean {
  return (
    item.deliveryStatus === 'Accepted' &&
    (item.certificateType === undefined || item.certificateType === 'ChargingStationCertificate')
  );
}

/**
 * The charger's certificate that ends last among those that let it connect with security profile 3
 * and end after `after` (ISO 8601 UTC): installed as its client certificate
 * ({@link servesAsClientCertificate}) and not revoked by its CA (the serials of the
 * `certificateRevocation` item of the `caKeyId` it was issued under; a certificate stored without a
 * `caKeyId` is taken as not revoked: no revocation can name it, the API refuses to revoke it).
 * What the profile 3 upgrade requires and what clears `certificateExpiring`. Requests: 1 Query of
 * the charger's certificates ending after `after` (every page: a charger holds a certificate a
 * year or so), then 1 GetItem per candidate's CA until one is not revoked (one CA: one GetItem),
 * none for a CA `revokedSerials` has read already (a sweep passes one reader for all its chargers).
 */
export async function latestCertificateEndingAfter(
  db: Db,
  chargerId: number,
  after: string,
  revokedSerials: RevokedSerialsReader = revokedSerialsReader(db),
): Promise<ChargerCertificateItem | undefined> {
  const { data } = await db.chargerCertificate.query
    .primary({ chargerId })
    .gt({ notAfter: after })
    .go({ order: 'desc', pages: 'all' });
  // A bound on the sort key's first part alone also matches the certificate ending at `after` itself.
  for (const item of data.filter((c) => c.notAfter > after && servesAsClientCertificate(c))) {
    if (!(await isRevoked(revokedSerials, item))) return item;
  }
  return undefined;
}
