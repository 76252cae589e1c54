/**
 * The V2G test PKI kept in files (`npm start`: `<dataDir>/certificates/v2g-test-pki/`), so that
 * the roots a charger was given (`InstallCertificate` V2G and MO roots) stay valid across restarts.
 * Each CA and the SECC certificate is `<name>.pem` with its key `<name>-key.pem` (mode 600); the
 * OCSP URL written into them is `ocsp-url.txt`. The PKI is made again when a file is missing, the
 * OCSP URL changed (the responder's port), or the SECC certificate ends within 7 days. Contract
 * certificates and revocations are not kept: they live as long as the process.
 */
import { createPrivateKey } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { keyObjectSigner } from './ca-signer';
import {
  assembleV2gTestPki,
  generateV2gTestPki,
  type TestPkiCa,
  type V2gTestPki,
  type V2gTestPkiOptions,
  type V2gTestPkiParts,
} from './v2g-test-pki';
import { parseCertificate } from './x509';

/** The parts' file names, in the order each CA's parents come first. */
const PART_FILES = {
  v2gRoot: 'v2g-root',
  cpoSubCa1: 'cpo-sub-ca-1',
  cpoSubCa2: 'cpo-sub-ca-2',
  secc: 'secc',
  moRoot: 'mo-root',
  moSubCa1: 'mo-sub-ca-1',
  moSubCa2: 'mo-sub-ca-2',
} as const satisfies Record<keyof V2gTestPkiParts, string>;

const RENEW_MS = 7 * 86_400_000;

async function writeParts(dir: string, parts: V2gTestPkiParts, ocspUrl: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [part, name] of Object.entries(PART_FILES)) {
    const { certificate, privateKey } = parts[part as keyof V2gTestPkiParts];
    await writeFile(join(dir, `${name}.pem`), certificate.toString('pem') + '\n');
    await writeFile(join(dir, `${name}-key.pem`), privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }
  await writeFile(join(dir, 'ocsp-url.txt'), ocspUrl);
}

/** The parts read back; `undefined` when a file is missing or does not parse. */
async function readParts(dir: string): Promise<V2gTestPkiParts | undefined> {
  const read: Partial<Record<keyof V2gTestPkiParts, TestPkiCa>> = {};
  try {
    for (const [part, name] of Object.entries(PART_FILES)) {
      const certificate = parseCertificate(await readFile(join(dir, `${name}.pem`), 'utf8'));
      const privateKey = createPrivateKey(await readFile(join(dir, `${name}-key.pem`), 'utf8'));
      if (!certificate) return undefined;
      read[part as keyof V2gTestPkiParts] = {
        certificate,
        privateKey,
        intermediates: [],
        signer: keyObjectSigner(privateKey, `file:${name}`),
      };
    }
  } catch {
    return undefined;
  }
  const parts = read as V2gTestPkiParts;
  // Each sub-CA's intermediates: the sub-CAs above it (roots excluded), as generateV2gTestPki sets them.
  parts.cpoSubCa2.intermediates = [parts.cpoSubCa1.certificate];
  parts.moSubCa2.intermediates = [parts.moSubCa1.certificate];
  return parts;
}

/**
 * The PKI of `dir`: read back, or generated and written (module doc).
 * @throws the file system's errors when writing
 */
export async function loadOrCreateV2gTestPki(dir: string, options: V2gTestPkiOptions): Promise<V2gTestPki> {
  const now = options.now ?? new Date();
  const storedUrl = await readFile(join(dir, 'ocsp-url.txt'), 'utf8').catch(() => undefined);
  const parts = storedUrl === options.ocspUrl ? await readParts(dir) : undefined;
  if (parts && parts.secc.certificate.notAfter.getTime() - now.getTime() > RENEW_MS)
    return assembleV2gTestPki(parts, options);
  const pki = await generateV2gTestPki(options);
  await writeParts(dir, pki, options.ocspUrl);
  return pki;
}
