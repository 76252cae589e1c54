/**
 * The revoked serials in the table (docs/certificates.md "Revocation"): one `certificateRevocation`
 * item per CA, keyed by its {@link caKeyId}, holding the serial numbers it revoked.
 * {@link tableRevocationSource} reads it (one GetItem) for `$connect`'s per-instance
 * {@link CachedRevocationList}; {@link revokeSerial} and {@link revokeSerialOfCa} add to it (one
 * UpdateItem, `ADD` to the set, so concurrent revocations all stay).
 */
import type { Db } from '../db';
import { type CachedRevocationList, caKeyId, type RevocationSource } from './revocation';
import { normalizeSerial } from './serial';
import type { x509 } from './x509';

/**
 * A {@link RevocationSource} over the table: one GetItem per read; a CA that revoked nothing has no
 * item, an empty list.
 * @throws (from `revokedSerials`) the data layer's errors: the cache then answers from what it had
 */
export function tableRevocationSource(db: Db): RevocationSource {
  return {
    async revokedSerials(id) {
      const { data } = await db.certificateRevocation.get({ caKeyId: id }).go();
      return data?.serials ?? [];
    },
  };
}

/**
 * Records that `issuer` revoked the certificate `serialNumber` (hexadecimal, any case, leading
 * zeros and colons allowed; kept in OCPP's form: lowercase, no leading zeros). Idempotent. One
 * UpdateItem. Instances that cached the CA's list see it within the list's TTL
 * ({@link CachedRevocationList}).
 * @param at ISO 8601 UTC
 * @throws Error when `serialNumber` is not hexadecimal (the caller validates it first)
 */
export async function revokeSerial(
  db: Db,
  issuer: x509.X509Certificate,
  serialNumber: string,
  at: string,
): Promise<void> {
  await revokeSerialOfCa(db, await caKeyId(issuer), serialNumber, at);
}

/**
 * {@link revokeSerial} for a CA known by its {@link caKeyId} (a stored certificate's `caKeyId`).
 * Idempotent. One UpdateItem.
 * @param at ISO 8601 UTC
 * @throws Error when `serialNumber` is not hexadecimal (the caller validates it first)
 */
export async function revokeSerialOfCa(
  db: Db,
  caKeyIdOfIssuer: string,
  serialNumber: string,
  at: string,
): Promise<void> {
  const serial = normalizeSerial(serialNumber);
  if (!serial) throw new Error(`${serialNumber} is not a hexadecimal serial number`);
  await db.certificateRevocation
    .update({ caKeyId: caKeyIdOfIssuer })
    .add({ serials: [serial] })
    .set({ updatedAt: at })
    .go();
}
