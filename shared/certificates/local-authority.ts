/**
 * The CSMS's CA on a laptop (docs/certificates.md "The CSMS CA"): its key in the data directory
 * (`<dataDir>/certificates/ca-key.pem`, mode 600) and its self-signed certificate beside it
 * (`ca.pem`), both made on first use and kept across restarts, so chargers' certificates stay valid.
 * The same {@link SigningAuthority} as on AWS, where the key is in KMS (`kms-signer.ts`) and the
 * certificate comes from the stack: only the signer differs.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SigningAuthority } from './authority';
import { type CaCertificateStore, ensureCaCertificate } from './ca-certificate';
import { fileCaSigner } from './ca-signer';

/** The local CA's files, relative to the data directory. */
export const LOCAL_CA_FILES = {
  key: join('certificates', 'ca-key.pem'),
  certificate: join('certificates', 'ca.pem'),
} as const;

/** Subject of the local CA's certificate. */
export const LOCAL_CA_SUBJECT = 'CN=Charging Network Local CSMS CA, O=Charging Network (local)';

/** Validity of the local CA's certificate, in years: longer than any charger certificate it issues. */
export const LOCAL_CA_YEARS = 20;

/** The local CA and where its certificate is (the file `npm start` prints, chargers trust). */
export interface LocalCertificateAuthority extends SigningAuthority {
  certificateFile: string;
}

/**
 * The local CA of `dataDir`: its key and certificate read, or made and written when missing (the
 * certificate written exclusively: two processes that start together agree on one).
 * @throws the file system's errors, or when `ca.pem` is not a CA certificate of `ca-key.pem`'s key
 *   (files someone changed: they are not replaced)
 */
export async function localCertificateAuthority(dataDir: string, now = new Date()): Promise<LocalCertificateAuthority> {
  const signer = await fileCaSigner(join(dataDir, LOCAL_CA_FILES.key));
  const certificateFile = join(dataDir, LOCAL_CA_FILES.certificate);
  const store: CaCertificateStore = {
    read: () =>
      readFile(certificateFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      }),
    async create(pem) {
      await mkdir(join(dataDir, 'certificates'), { recursive: true });
      try {
        await writeFile(certificateFile, pem, { flag: 'wx' });
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      }
    },
  };
  const ca = await ensureCaCertificate(signer, store, { subject: LOCAL_CA_SUBJECT, years: LOCAL_CA_YEARS }, now);
  return { ...ca, certificateFile };
}
