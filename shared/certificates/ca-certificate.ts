/**
 * The CSMS CA's own certificate, made once and kept (docs/certificates.md "The CSMS CA"): read from
 * where it is kept, or, the first time, made for the signer's key (self-signed, a root) and stored
 * with a write that only the first writer wins. One code path for both stores: a file in the data
 * directory on a laptop (`local-authority.ts`), an S3 object written by the stack's CA set-up at
 * deployment on AWS (`lambdas/certificates/ca-setup.ts`, the key in KMS).
 */
import { createCaCertificate, importCaCertificate, type SigningAuthority } from './authority';
import type { CaSigner } from './ca-signer';

/**
 * Object keys in the stack's trust store bucket: the CA certificate made at deployment, and the
 * bundle CloudFront's trust store is made from (the CA, then the operator's own CAs).
 */
export const TRUST_STORE_OBJECTS = { caCertificate: 'ca.pem', bundle: 'bundle.pem' } as const;

/** Where a CA's certificate (PEM) is kept. */
export interface CaCertificateStore {
  /** The stored PEM, or undefined when none is stored yet. @throws the store's errors */
  read(): Promise<string | undefined>;
  /**
   * Stores `pem` only when nothing is stored yet (create-only).
   * @returns false when something was already there (another writer was first)
   * @throws the store's other errors
   */
  create(pem: string): Promise<boolean>;
}

/** What a new CA certificate says: its subject (RFC 4514) and validity, whole years from `now`. */
export interface CaCertificateProfile {
  subject: string;
  years: number;
}

/**
 * The CA of `signer` with its certificate from `store`: the stored one, or a new self-signed
 * certificate for the signer's key (valid `profile.years` from `now`), stored create-only; when
 * another writer stored one first, that one.
 * @throws the store's and the signer's errors; Error when the stored certificate is not a CA
 *   certificate of the signer's key (changed by someone: never replaced)
 */
export async function ensureCaCertificate(
  signer: CaSigner,
  store: CaCertificateStore,
  profile: CaCertificateProfile,
  now = new Date(),
): Promise<SigningAuthority> {
  const existing = await store.read();
  if (existing !== undefined) return importCaCertificate(existing, signer);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + profile.years);
  const certificate = await createCaCertificate(signer, { subject: profile.subject, notBefore: now, notAfter });
  if (await store.create(`${certificate.toString('pem')}\n`)) return { certificate, intermediates: [], signer };
  const winner = await store.read();
  if (winner === undefined) throw new Error('the CA certificate was neither written nor found');
  return importCaCertificate(winner, signer);
}
