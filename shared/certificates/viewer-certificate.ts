/**
 * The client certificate as CloudFront forwards it to the origin (CloudFront developer guide,
 * "Mutual TLS authentication with CloudFront (Viewer mTLS)", "Viewer mTLS headers for cache
 * policies and forwarded to origin"), read by `$connect`, and the same headers written by the local
 * TLS listener (`lib/local/tls-listener.ts`), so that one code path reads them on AWS and locally:
 *
 * | Header | Format (as the guide gives it) |
 * |---|---|
 * | `CloudFront-Viewer-Cert-Present` | `1` (a certificate was presented) or `0` |
 * | `CloudFront-Viewer-Cert-Pem` | the leaf certificate, PEM, URL-encoded (`-----BEGIN%20CERTIFICATE-----%0AMIIG…`); origin requests only |
 * | `CloudFront-Viewer-Cert-Serial-Number` | hexadecimal, colon-separated: `4a:3f:5c:92:d1:e8:7b:6c` |
 * | `CloudFront-Viewer-Cert-Issuer` | the issuer DN, RFC 2253: `CN=rootcamtls.com,OU=rootCA,O=mTLS,…` |
 * | `CloudFront-Viewer-Cert-Subject` | the subject DN, RFC 2253 |
 * | `CloudFront-Viewer-Cert-Sha256` | SHA-256 of the certificate, hexadecimal: `01fbf94f…` |
 * | `CloudFront-Viewer-Cert-Validity` | `NotBefore=2023-09-21T01:50:17Z;NotAfter=2024-09-20T01:50:17Z`; origin requests only |
 *
 * The PEM is what `$connect` decides on (it is the certificate; the other headers are CloudFront's
 * reading of it, kept for logs and checked against it). The headers are believed only on a request
 * that came through CloudFront (the origin-verify header): elsewhere anyone could write them.
 */
import { hex, rfc4514, type x509 } from './x509';

/** The forwarded headers' names, lowercase (API Gateway and Node hand headers in any case; compare lowercase). */
export const VIEWER_CERT_HEADERS = {
  present: 'cloudfront-viewer-cert-present',
  pem: 'cloudfront-viewer-cert-pem',
  serialNumber: 'cloudfront-viewer-cert-serial-number',
  issuer: 'cloudfront-viewer-cert-issuer',
  subject: 'cloudfront-viewer-cert-subject',
  sha256: 'cloudfront-viewer-cert-sha256',
  validity: 'cloudfront-viewer-cert-validity',
} as const;

/** What the headers say: no certificate, or one (its PEM decoded, the other headers as given). */
export type ViewerCertificate =
  | { present: false }
  | {
      present: true;
      /** The leaf certificate's PEM, URL-decoded; `undefined` when the header is missing or not URL-encoded text. */
      pem: string | undefined;
      serialNumber?: string;
      issuer?: string;
      subject?: string;
      sha256?: string;
      validity?: string;
    };

/**
 * Reads the certificate headers of a request (any letter case). Never throws: a header that cannot
 * be decoded is left out, and the admission decision refuses what it cannot read.
 * @param headers the request's headers (API Gateway's `event.headers`, Node's `req.headers`)
 */
export function readViewerCertificate(
  headers: Record<string, string | string[] | undefined> | undefined,
): ViewerCertificate {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {}))
    if (value !== undefined) lower[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  if (lower[VIEWER_CERT_HEADERS.present]?.trim() !== '1') return { present: false };
  let pem: string | undefined;
  try {
    const encoded = lower[VIEWER_CERT_HEADERS.pem];
    pem = encoded === undefined ? undefined : decodeURIComponent(encoded);
  } catch {
    pem = undefined;
  }
  return {
    present: true,
    pem,
    serialNumber: lower[VIEWER_CERT_HEADERS.serialNumber],
    issuer: lower[VIEWER_CERT_HEADERS.issuer],
    subject: lower[VIEWER_CERT_HEADERS.subject],
    sha256: lower[VIEWER_CERT_HEADERS.sha256],
    validity: lower[VIEWER_CERT_HEADERS.validity],
  };
}

/** An ISO 8601 time without milliseconds, as CloudFront writes it (`2024-09-20T01:50:17Z`). */
function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The headers CloudFront would forward for a viewer's certificate (none: `Present: 0`), with the
 * guide's names and formats: what the local TLS listener adds to each request it forwards.
 */
export async function viewerCertificateHeaders(
  certificate: x509.X509Certificate | undefined,
): Promise<Record<string, string>> {
  if (!certificate) return { 'CloudFront-Viewer-Cert-Present': '0' };
  const serial = certificate.serialNumber.toLowerCase();
  const padded = serial.length % 2 === 0 ? serial : `0${serial}`;
  return {
    'CloudFront-Viewer-Cert-Present': '1',
    'CloudFront-Viewer-Cert-Pem': encodeURIComponent(certificate.toString('pem') + '\n'),
    'CloudFront-Viewer-Cert-Serial-Number': padded.match(/../g)!.join(':'),
    'CloudFront-Viewer-Cert-Issuer': rfc4514(certificate.issuerName),
    'CloudFront-Viewer-Cert-Subject': rfc4514(certificate.subjectName),
    'CloudFront-Viewer-Cert-Sha256': hex(await certificate.getThumbprint('SHA-256')),
    'CloudFront-Viewer-Cert-Validity': `NotBefore=${isoSeconds(certificate.notBefore)};NotAfter=${isoSeconds(certificate.notAfter)}`,
  };
}
