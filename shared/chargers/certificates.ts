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
  certificateType: 'ChargingStationCertificate' | 'V2GCertificate';
  /** Always `signed` (by the CSMS CA) for now. */
  source: 'signed';
  issuedAt: string;
  /** The charger's answer to CertificateSigned, or `NotDelivered`. */
  deliveryStatus: string;
}

/** What the certificate function records of an issued certificate. */
export type IssuedChargerCertificate = Omit<ChargerCertificate, 'source'> & { chargerId: number };

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
    certificateType,
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
 * The charger's certificate that ends last, if any ends after `after` (ISO 8601 UTC): 1 Query,
 * one item at most.
 */
export async function latestCertificateEndingAfter(
  db: Db,
  chargerId: number,
  after: string,
): Promise<ChargerCertificateItem | undefined> {
  const { data } = await db.chargerCertificate.query
    .primary({ chargerId })
    .gt({ notAfter: after })
    .go({ order: 'desc', count: 1 });
  // A bound on the sort key's first part alone also matches the certificate ending at `after` itself.
  const latest = data[0];
  return latest && latest.notAfter > after ? latest : undefined;
}
