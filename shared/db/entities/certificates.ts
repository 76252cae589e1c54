/**
 * Entities of chargers' certificates (`shared/certificates/`; docs/certificates.md): the serial
 * numbers each CA revoked, read by `$connect` (security profile 3) to refuse a revoked client
 * certificate; the CSRs chargers sent, waiting to be signed; the certificates the CSMS CA issued
 * to chargers. A charger's security profile is an attribute of the charger item (`chargers.ts`).
 */
import { Entity } from 'electrodb';
import { SERVICE, timestamp, type EntityConfiguration } from './common';

/** How long a CSR waits for the certificate function, in seconds (TTL): a day, then it is gone. */
export const CERTIFICATE_SIGNING_REQUEST_TTL_SECONDS = 86_400;

/**
 * A charger's CSR waiting for the certificate function (`lambdas/certificates/sign.ts`, fed by the
 * table's stream): written by `$default` when it answers SignCertificate `Accepted`, deleted by the
 * certificate function before it signs (or refuses) it: the delete that returns the item claims
 * the CSR, so a stream record handed over twice is served once. In the charger's partition.
 */
const certificateSigningRequestSchema = {
  model: { entity: 'certificateSigningRequest', version: '1', service: SERVICE },
  attributes: {
    chargerId: { type: 'number', required: true },
    requestId: { type: 'string', required: true },
    ocppId: { type: 'string', required: true },
    /** The CSR as the charger sent it (PEM, at most 5,500 characters: OCPP's limit). */
    csr: { type: 'string', required: true },
    /**
     * OCPP's `CertificateSigningUseEnumType` (1.6: always the station's own); absent when a 2.0.1
     * or 2.1 charger left it out, which means both uses (A02).
     */
    certificateType: { type: ['ChargingStationCertificate', 'V2GCertificate'] as const },
    /** OCPP 2.1's `requestId` of SignCertificate, sent back in CertificateSigned; absent before 2.1. */
    ocppRequestId: { type: 'number' },
    receivedAt: timestamp,
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['chargerId'] },
      sk: { field: 'sk', composite: ['requestId'] },
    },
  },
} as const;

/**
 * The serial numbers one CA revoked, one item per CA (by its key ID: the SHA-256 of its public key,
 * `caKeyId` of `shared/certificates/revocation.ts`), read with one GetItem by `$connect`'s
 * revocation list (cached per instance, docs/certificates.md "Revocation") and added to with one
 * UpdateItem (`ADD` to the set: concurrent revocations all stay).
 */
const certificateRevocationSchema = {
  model: { entity: 'certificateRevocation', version: '1', service: SERVICE },
  attributes: {
    caKeyId: { type: 'string', required: true },
    /** Hexadecimal, lowercase, no leading zeros (OCPP's form of a serial number). */
    serials: { type: 'set', items: 'string' },
    updatedAt: timestamp,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['caKeyId'] }, sk: { field: 'sk', composite: [] } },
  },
} as const;

/** How long a charger's certificate is kept after its end, in seconds (TTL from `notAfter`): 400 days. */
export const CHARGER_CERTIFICATE_TTL_SECONDS = 400 * 86_400;

/**
 * A certificate the CSMS CA issued to a charger, stored when CertificateSigned goes out
 * (`lambdas/certificates/sign.ts`): what the API shows of it (docs/certificates.md, "A charger's
 * certificates"), the charger's answer, and its end. In the charger's partition, sorted by its end
 * (the charger's latest is the last), and by organization and end on gsi1, which the alert sweep
 * reads for `certificateExpiring`.
 */
const chargerCertificateSchema = {
  model: { entity: 'chargerCertificate', version: '1', service: SERVICE },
  attributes: {
    chargerId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    siteId: { type: 'number', required: true },
    /** Hexadecimal, lowercase, no leading zeros. */
    serialNumber: { type: 'string', required: true },
    subject: { type: 'string', required: true },
    issuer: { type: 'string', required: true },
    notBefore: timestamp,
    notAfter: timestamp,
    /** SHA-256 of the DER certificate, hexadecimal lowercase. */
    sha256: { type: 'string', required: true },
    /** What the charger asked it for; absent when it asked for both uses (2.0.1: `certificateType` omitted). */
    certificateType: { type: ['ChargingStationCertificate', 'V2GCertificate'] as const },
    /** The issuing CA's key ID (SHA-256 of its public key): where its revocations are looked up. */
    caKeyId: { type: 'string' },
    /**
     * When an operator revoked it through the API (ISO 8601 UTC): the first time only. Whether it
     * is revoked is the `certificateRevocation` item's say; this is when.
     */
    revokedAt: { type: 'string' },
    issuedAt: timestamp,
    /** The charger's answer to CertificateSigned (`Accepted`, `Rejected`), or `NotDelivered`. */
    deliveryStatus: { type: 'string', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['chargerId'] },
      sk: { field: 'sk', composite: ['notAfter', 'serialNumber'], casing: 'none' },
    },
    byOrganization: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['organizationId'] },
      sk: { field: 'gsi1sk', composite: ['notAfter', 'chargerId', 'serialNumber'], casing: 'none' },
    },
  },
} as const;

/** Builds the certificate entities bound to one client and table. */
export function certificateEntities(config: EntityConfiguration) {
  return {
    certificateRevocation: new Entity(certificateRevocationSchema, config),
    certificateSigningRequest: new Entity(certificateSigningRequestSchema, config),
    chargerCertificate: new Entity(chargerCertificateSchema, config),
  };
}
