/**
 * Each charger's certificates (docs/certificates.md, "A charger's certificates"): the ones the CSMS
 * CA issued, stored when CertificateSigned goes out (`lambdas/certificates/sign.ts`), with what the
 * API shows of a certificate (serial, subject, issuer, validity, SHA-256) and the charger's answer;
 * listed by `GET /api/chargers/{id}/certificates`, newest end first. Kept 400 days past their end.
 */
import type { EntityItem } from 'electrodb';
import type { CertificateSummary } from '../certificates/x509';
import type { Db } from '../db';
import { CHARGER_CERTIFICATE_TTL_SECONDS } from '../db/entities/certificates';
import { type AccessScope, canAccess } from '../organizations/access-scope';
import { ChargerNotFoundError } from './errors';

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
}

/**
 * What the certificate function records of an issued certificate; `caKeyId`: the issuing CA's key
 * ID (`caKeyId` of `shared/certificates/revocation.ts`), where its revocations are looked up.
 */
export type IssuedChargerCertificate = Omit<ChargerCertificate, 'source'> & { chargerId: number; caKeyId?: string };

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

/** The API view of a stored certificate. */
export function chargerCertificateView(item: ChargerCertificateItem): ChargerCertificate {
  const { serialNumber, subject, issuer, notBefore, notAfter, sha256, certificateType, issuedAt, deliveryStatus } =
    item;
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
  };
}

/**
 * A charger's certificates, latest end first: 1 GetItem (the charger, for the caller's scope) and
 * 1 Query of its partition (every page: a charger holds a certificate a year or so).
 * @throws ChargerNotFoundError when the charger is unknown or not the caller's
 */
export async function listChargerCertificates(
  db: Db,
  scope: AccessScope,
  chargerId: number,
): Promise<ChargerCertificate[]> {
  const { data: charger } = await db.charger.get({ chargerId }).go();
  if (!charger || !canAccess(scope, charger.organizationId, charger.siteId)) throw new ChargerNotFoundError(chargerId);
  const { data } = await db.chargerCertificate.query.primary({ chargerId }).go({ order: 'desc', pages: 'all' });
  return data.map(chargerCertificateView);
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
 * `caKeyId` is taken as not revoked: one was only stored so before revocations could be recorded).
 * What the profile 3 upgrade requires and what clears `certificateExpiring`. Requests: 1 Query of
 * the charger's certificates ending after `after` (every page: a charger holds a certificate a
 * year or so), then 1 GetItem per candidate's CA until one is not revoked (one CA: one GetItem).
 */
export async function latestCertificateEndingAfter(
  db: Db,
  chargerId: number,
  after: string,
): Promise<ChargerCertificateItem | undefined> {
  const { data } = await db.chargerCertificate.query
    .primary({ chargerId })
    .gt({ notAfter: after })
    .go({ order: 'desc', pages: 'all' });
  const revoked = new Map<string, ReadonlySet<string>>();
  // A bound on the sort key's first part alone also matches the certificate ending at `after` itself.
  for (const item of data.filter((c) => c.notAfter > after && servesAsClientCertificate(c))) {
    if (item.caKeyId === undefined) return item;
    if (!revoked.has(item.caKeyId)) {
      const { data: list } = await db.certificateRevocation.get({ caKeyId: item.caKeyId }).go();
      revoked.set(item.caKeyId, new Set(list?.serials ?? []));
    }
    if (!revoked.get(item.caKeyId)!.has(item.serialNumber)) return item;
  }
  return undefined;
}
