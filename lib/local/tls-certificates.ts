/**
 * The local TLS listener's certificates (docs/certificates.md "On a laptop"): the local CSMS CA
 * (`shared/certificates/local-authority.ts`) signs a server certificate for `localhost`, 127.0.0.1
 * and ::1, kept in the data directory beside it and issued again when it is missing, issued by
 * another CA, or within 30 days of its end. Chargers (and Python's `ssl`, the simulator, curl) trust
 * the CA file; the same CA signs chargers' client certificates, so one file is all a charger needs.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { issueCertificate } from '../../shared/certificates';
import { fileCaSigner } from '../../shared/certificates';
import { type LocalCertificateAuthority, localCertificateAuthority } from '../../shared/certificates';
import { parseCertificate, x509 } from '../../shared/certificates';

/** The server's files, relative to the data directory. */
export const LOCAL_SERVER_FILES = {
  key: join('certificates', 'server-key.pem'),
  certificate: join('certificates', 'server.pem'),
} as const;

/** Names the server certificate is valid for. */
export const LOCAL_SERVER_NAMES = { dns: ['localhost'], ip: ['127.0.0.1', '::1'] } as const;

const DAY_MS = 86_400_000;
/** Validity of the server certificate, in days; it is issued again within {@link RENEW_DAYS} of its end. */
const SERVER_DAYS = 397;
const RENEW_DAYS = 30;

/** What the TLS listener and `npm start` need: PEM texts and the CA file to print. */
export interface LocalTlsCertificates {
  ca: LocalCertificateAuthority;
  /** The CA certificate's file: what a charger trusts, and the client certificates' issuer. */
  caFile: string;
  /** The server's certificate (PEM) and private key (PEM, PKCS #8). */
  certificate: string;
  key: string;
}

/** Whether `pem` is a server certificate of `ca`, good for at least {@link RENEW_DAYS} more days at `now`. */
async function stillGood(pem: string | undefined, ca: LocalCertificateAuthority, now: Date): Promise<boolean> {
  const certificate = pem === undefined ? undefined : parseCertificate(pem);
  if (!certificate) return false;
  if (certificate.notAfter.getTime() - now.getTime() < RENEW_DAYS * DAY_MS) return false;
  return certificate.verify({ publicKey: ca.certificate.publicKey, signatureOnly: true }).catch(() => false);
}

/**
 * The CA and the server certificate of `dataDir`, made or renewed as needed (module doc).
 * @throws the file system's errors, or the local CA's (`localCertificateAuthority`)
 */
export async function ensureLocalTlsCertificates(dataDir: string, now = new Date()): Promise<LocalTlsCertificates> {
  const ca = await localCertificateAuthority(dataDir, now);
  const keyFile = join(dataDir, LOCAL_SERVER_FILES.key);
  const certificateFile = join(dataDir, LOCAL_SERVER_FILES.certificate);
  const serverKey = await fileCaSigner(keyFile); // an EC P-256 key file, made on first use (mode 600)
  const key = await readFile(keyFile, 'utf8');
  let certificate = await readFile(certificateFile, 'utf8').catch(() => undefined);
  if (!(await stillGood(certificate, ca, now))) {
    const names = [
      ...LOCAL_SERVER_NAMES.dns.map((value) => ({ type: 'dns' as const, value })),
      ...LOCAL_SERVER_NAMES.ip.map((value) => ({ type: 'ip' as const, value })),
    ];
    const issued = await issueCertificate(ca, {
      subject: 'CN=localhost, O=Charging Network (local)',
      publicKey: await serverKey.publicKey(),
      notBefore: new Date(now.getTime() - 5 * 60_000),
      notAfter: new Date(now.getTime() + SERVER_DAYS * DAY_MS),
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyAgreement, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
        new x509.SubjectAlternativeNameExtension(names),
      ],
    });
    certificate = issued.toString('pem') + '\n';
    await writeFile(certificateFile, certificate);
  }
  return { ca, caFile: ca.certificateFile, certificate: certificate!, key };
}
