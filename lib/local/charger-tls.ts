/**
 * Security profile 3 on a laptop (docs/certificates.md "On a laptop"): the local CA and server
 * certificate of the data directory (`tls-certificates.ts`), the TLS listener in front of the plain
 * gateway (`tls-listener.ts`), and the handlers told what CloudFront's side tells them on AWS: the
 * chargers' trust store (`CHARGER_TRUST_ANCHORS`, the local CA) and a secret that vouches for the
 * certificate headers the listener forwards (`VIEWER_CERT_VERIFY_SECRET`, sent in the origin-verify
 * header), and the CA the certificate function signs chargers' CSRs with (`LOCAL_CA_DIR`). A request straight to the plain gateway carries no secret, so `$connect` ignores the
 * certificate headers on it, as it does on AWS for a request that did not come through CloudFront.
 */
import { randomBytes } from 'node:crypto';
import { ORIGIN_VERIFY_HEADER, VIEWER_CERT_VERIFY_ENV } from '../../lambdas/lib/origin-verify';
import type { LocalCertificateAuthority } from '../../shared/certificates';
import { CHARGER_TRUST_ANCHORS_ENV } from '../../shared/ocpp/connect-certificates';
import { CA_ENV } from '../../shared/ocpp/certificate-signing';
import { ensureLocalTlsCertificates } from './tls-certificates';
import { startTlsListener, type ViewerMtlsMode } from './tls-listener';

/** The chargers' TLS entrance of a local stack. */
export interface ChargerTls {
  /** `https://localhost:<port>` */
  url: string;
  /** `wss://localhost:<port>/ocpp` (append `/<ocppId>`) */
  ocppUrl: string;
  port: number;
  /** The local CA: it signs chargers' client certificates and the server certificate. */
  ca: LocalCertificateAuthority;
  /** The CA certificate's file: what a charger trusts (`ca.certificateFile`). */
  caFile: string;
  close(): Promise<void>;
}

/**
 * Makes (or reads) the local CA in `dataDir`, sets the handlers' trust store and header secret in
 * the environment, and starts the TLS listener forwarding to `upstream`.
 * @param options.port the listener's port (0: any free port)
 * @param options.mode `optional` as CloudFront (a certificate that does not chain is refused at the
 *   handshake) or `passthrough` (forwarded, for tests of `$connect`'s own refusals) @default 'optional'
 * @throws the listener's listen error (EADDRINUSE), the file system's errors
 */
export async function startChargerTls(options: {
  dataDir: string;
  upstream: string;
  port: number;
  host?: string;
  mode?: ViewerMtlsMode;
}): Promise<ChargerTls> {
  const certificates = await ensureLocalTlsCertificates(options.dataDir);
  const caPem = certificates.ca.certificate.toString('pem');
  const secret = randomBytes(24).toString('base64url');
  process.env[CHARGER_TRUST_ANCHORS_ENV] = caPem;
  process.env[VIEWER_CERT_VERIFY_ENV] = secret;
  // The certificate function signs chargers' CSRs with the same CA (SignCertificate).
  process.env[CA_ENV.localDir] = options.dataDir;
  const listener = await startTlsListener({
    port: options.port,
    host: options.host,
    certificate: certificates.certificate,
    key: certificates.key,
    clientCa: caPem,
    upstream: options.upstream,
    mode: options.mode ?? 'optional',
    addHeaders: { [ORIGIN_VERIFY_HEADER]: secret },
  });
  return {
    url: listener.url,
    ocppUrl: `${listener.url.replace(/^https/, 'wss')}/ocpp`,
    port: listener.port,
    ca: certificates.ca,
    caFile: certificates.caFile,
    async close() {
      await listener.close();
      delete process.env[VIEWER_CERT_VERIFY_ENV];
      delete process.env[CHARGER_TRUST_ANCHORS_ENV];
      delete process.env[CA_ENV.localDir];
    },
  };
}
