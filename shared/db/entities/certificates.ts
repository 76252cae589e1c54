/**
 * Entities of chargers' certificates (`shared/certificates/`; docs/certificates.md): the serial
 * numbers each CA revoked, read by `$connect` (security profile 3) to refuse a revoked client
 * certificate. A charger's security profile is an attribute of the charger item (`chargers.ts`).
 */
import { Entity } from 'electrodb';
import { SERVICE, timestamp, type EntityConfiguration } from './common';

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

/** Builds the certificate entities bound to one client and table. */
export function certificateEntities(config: EntityConfiguration) {
  return {
    certificateRevocation: new Entity(certificateRevocationSchema, config),
  };
}
