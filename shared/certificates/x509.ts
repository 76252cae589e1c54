/**
 * The one door to the X.509 library (`@peculiar/x509`, on WebCrypto; docs/certificates.md
 * "Libraries"): every module of this folder imports it from here, so that its reflect polyfill
 * (`reflect-metadata`, which its dependency injection needs before it loads) comes first, and the
 * few conversions the product needs (text to a certificate, a name's common name, the fields the
 * API shows) are written once. Nothing here throws on bad input: a parse that fails is `undefined`.
 */
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { hex, normalizeSerial } from './serial';

export { hex, normalizeSerial, x509 };

/** ECDSA on P-256 with SHA-256: the CSMS CA's algorithm (KMS `ECC_NIST_P256` / `ECDSA_SHA_256`), and ISO 15118-2's. */
export const EC_P256_SHA256 = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

/** The fields of a certificate the API and the console show (OCPP's certificate data, plus the fingerprint). */
export interface CertificateSummary {
  /** Hexadecimal, lowercase, without separators or leading zeros (OCPP's `serialNumber` form). */
  serialNumber: string;
  /** Subject distinguished name, RFC 4514 order (most specific first: `CN=CP-1,O=Acme`). */
  subject: string;
  /** Issuer distinguished name, same form. */
  issuer: string;
  /** Start of validity, UTC ISO 8601. */
  notBefore: string;
  /** End of validity, UTC ISO 8601. */
  notAfter: string;
  /** SHA-256 of the DER certificate, hexadecimal lowercase (CloudFront's `CloudFront-Viewer-Cert-Sha256`). */
  sha256: string;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g;
const BASE64 = /^[A-Za-z0-9+/\s]+={0,2}\s*$/;

/**
 * One certificate from PEM text, base64 DER text or DER bytes.
 * @returns the certificate, or `undefined` when the input is not exactly one parseable certificate
 */
export function parseCertificate(input: string | Uint8Array): x509.X509Certificate | undefined {
  try {
    // A copy: its buffer is an ArrayBuffer, as BufferSource asks (a view may be over a SharedArrayBuffer).
    if (typeof input !== 'string') return new x509.X509Certificate(new Uint8Array(input));
    const text = input.trim();
    const blocks = text.match(PEM_CERTIFICATE);
    if (blocks) return blocks.length === 1 ? new x509.X509Certificate(blocks[0]!) : undefined;
    if (!BASE64.test(text)) return undefined;
    return new x509.X509Certificate(Buffer.from(text, 'base64'));
  } catch {
    return undefined;
  }
}

/**
 * Every certificate of a PEM bundle (a chain: leaf first, then its issuers), in order.
 * @returns the certificates, or `undefined` when there is none or one block does not parse
 */
export function parseCertificateChain(pem: string): x509.X509Certificate[] | undefined {
  const blocks = pem.match(PEM_CERTIFICATE);
  if (!blocks) return undefined;
  const certificates = blocks.map((block) => parseCertificate(block));
  return certificates.every((c) => c !== undefined) ? (certificates as x509.X509Certificate[]) : undefined;
}

/** PEM text of certificates, one block after the other (OCPP's `certificateChain` form). */
export function toPemChain(certificates: readonly x509.X509Certificate[]): string {
  return certificates.map((c) => c.toString('pem')).join('\n') + '\n';
}

/**
 * The values of one attribute of a name (`CN`, `O`, `DC` or a dotted OID), in the name's order.
 * @returns the values; empty when the name has none
 */
export function nameValues(name: x509.Name, attribute: string): string[] {
  return name.getField(attribute);
}

/** The name's single common name; `undefined` when it has none or more than one (then it names nobody). */
export function commonNameOf(name: x509.Name): string | undefined {
  const values = nameValues(name, 'CN');
  return values.length === 1 ? values[0] : undefined;
}

/**
 * A distinguished name as RFC 4514 (and 2253) write it, as CloudFront's `CloudFront-Viewer-Cert-Subject`
 * carries it: the relative names in reverse order of the encoding, joined by `,`, values escaped.
 */
export function rfc4514(name: x509.Name): string {
  // The library writes one relative name with RFC 4514's escaping; only the order and separator differ.
  return name
    .toJSON()
    .slice()
    .reverse()
    .map((rdn) => new x509.Name([rdn]).toString())
    .join(',');
}

/** The fields of {@link CertificateSummary} of a certificate. */
export async function summarizeCertificate(certificate: x509.X509Certificate): Promise<CertificateSummary> {
  return {
    serialNumber: normalizeSerial(certificate.serialNumber)!,
    subject: rfc4514(certificate.subjectName),
    issuer: rfc4514(certificate.issuerName),
    notBefore: certificate.notBefore.toISOString(),
    notAfter: certificate.notAfter.toISOString(),
    sha256: hex(await certificate.getThumbprint('SHA-256')),
  };
}

/** Whether two names are the same (their DER encodings are equal). */
export function sameName(a: x509.Name, b: x509.Name): boolean {
  return Buffer.from(a.toArrayBuffer()).equals(Buffer.from(b.toArrayBuffer()));
}

/** Whether `certificate` is valid at `at` (notBefore ≤ at ≤ notAfter). */
export function validAt(certificate: x509.X509Certificate, at: Date): 'valid' | 'expired' | 'notYetValid' {
  if (at.getTime() < certificate.notBefore.getTime()) return 'notYetValid';
  if (at.getTime() > certificate.notAfter.getTime()) return 'expired';
  return 'valid';
}
