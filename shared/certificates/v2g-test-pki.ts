/**
 * A local V2G test PKI for Plug & Charge (ISO 15118-2 Annex F's certificate profiles; docs/certificates.md
 * "The test PKI"), for tests and `npm start`, where no roaming hub's PKI is at hand:
 *
 * - V2G root → CPO sub-CA 1 → CPO sub-CA 2 → the SECC certificate (the charging station's side of
 *   ISO 15118 TLS; CN the SECC ID);
 * - MO root → MO sub-CA 1 → MO sub-CA 2 → contract certificates (CN the eMAID).
 *
 * Every key is EC P-256 and every signature ECDSA with SHA-256, as ISO 15118-2 requires; the CAs'
 * `DC` attribute says their PKI (`V2G`, `CPO`, `MO`), roots and sub-CAs carry basic constraints
 * (critical, path lengths 2/1/0 from the root down) and keyCertSign + cRLSign; sub-CAs and leaves
 * carry an authority information access extension with the test OCSP responder's URL. Leaves:
 * digitalSignature + keyAgreement (the SECC), + nonRepudiation (contracts), not CAs.
 *
 * The PKI knows what it issued and revoked: {@link V2gTestPki.statusOf} answers the local OCSP
 * responder (`ocsp-responder.ts`). Nothing here is for production: its keys live in memory (or in
 * the data directory's files, `npm start`).
 */
import type { KeyObject } from 'node:crypto';
import { createCaCertificate, issueCertificate, type SigningAuthority } from './authority';
import { generateEcKey, keyObjectSigner } from './ca-signer';
import { type CertificateHashData, issuerKeyHash } from './ocsp';
import type { ResponderStatus } from './ocsp-responder';
import { normalizeSerial, x509 } from './x509';

/** One certificate of the PKI with its private key. */
export interface TestPkiCredential {
  certificate: x509.X509Certificate;
  privateKey: KeyObject;
}

/** A CA of the PKI: it signs, and its key can be written out (`npm start` keeps the PKI in files). */
export interface TestPkiCa extends SigningAuthority {
  privateKey: KeyObject;
}

/** A contract certificate issued to an EV, with its chain up to (not including) the MO root. */
export interface TestContract extends TestPkiCredential {
  emaid: string;
  /** Contract certificate, MO sub-CA 2, MO sub-CA 1: what `Authorize.certificate` carries (PEM). */
  chain: x509.X509Certificate[];
}

/** The generated PKI. */
export interface V2gTestPki {
  v2gRoot: TestPkiCa;
  cpoSubCa1: TestPkiCa;
  cpoSubCa2: TestPkiCa;
  secc: TestPkiCredential;
  moRoot: TestPkiCa;
  moSubCa1: TestPkiCa;
  moSubCa2: TestPkiCa;
  /** The OCSP URL written into every sub-CA and leaf. */
  ocspUrl: string;
  /** Issues a contract certificate for `emaid` (ISO 15118-2 form, see `contract-certificates.ts`), good from `now`. */
  issueContract(emaid: string, now?: Date): Promise<TestContract>;
  /** Revokes a certificate of the PKI from `at`: the OCSP responder answers `revoked` from then on. */
  revoke(certificate: x509.X509Certificate, at?: Date): Promise<void>;
  /** What the PKI's OCSP responder answers for hash data (`unknown` for anything it did not issue). */
  statusOf(hashData: CertificateHashData): Promise<ResponderStatus>;
}

/** Options of {@link generateV2gTestPki}. */
export interface V2gTestPkiOptions {
  /** The test OCSP responder's URL (`http://127.0.0.1:<port>/ocsp`). */
  ocspUrl: string;
  /** The SECC ID of the SECC certificate's CN. @default 'DEABCS1234567890123456789012345678' */
  seccId?: string;
  /** When the PKI starts. @default now */
  now?: Date;
}

const YEAR_MS = 365 * 86_400_000;
const CA_USAGES = x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign;

/** A sub-CA of `parent` (path length `pathLength`), with the OCSP URL. */
async function subCa(
  parent: SigningAuthority,
  subject: string,
  pathLength: number,
  years: number,
  options: Required<V2gTestPkiOptions>,
): Promise<TestPkiCa> {
  const privateKey = generateEcKey();
  const signer = keyObjectSigner(privateKey, `memory:${subject}`);
  const certificate = await issueCertificate(parent, {
    subject,
    publicKey: await signer.publicKey(),
    notBefore: options.now,
    notAfter: new Date(options.now.getTime() + years * YEAR_MS),
    extensions: [
      new x509.BasicConstraintsExtension(true, pathLength, true),
      new x509.KeyUsagesExtension(CA_USAGES, true),
      new x509.AuthorityInfoAccessExtension({ ocsp: [new x509.GeneralName('url', options.ocspUrl)] }),
    ],
  });
  const intermediates = [parent.certificate, ...parent.intermediates].filter((c) => c.subject !== c.issuer);
  return { certificate, intermediates, signer, privateKey };
}

/** A root of the PKI: self-signed, 40 years (ISO 15118-2's maximum for roots), path length 2. */
async function root(subject: string, now: Date): Promise<TestPkiCa> {
  const privateKey = generateEcKey();
  const signer = keyObjectSigner(privateKey, `memory:${subject}`);
  const certificate = await createCaCertificate(signer, {
    subject,
    notBefore: now,
    notAfter: new Date(now.getTime() + 40 * YEAR_MS),
    pathLength: 2,
  });
  return { certificate, intermediates: [], signer, privateKey };
}

/** A leaf of `ca` for a new key: not a CA, the key usages given, the OCSP URL. */
async function leaf(
  ca: SigningAuthority,
  subject: string,
  usages: number,
  days: number,
  options: Required<V2gTestPkiOptions>,
): Promise<TestPkiCredential> {
  const privateKey = generateEcKey();
  const certificate = await issueCertificate(ca, {
    subject,
    publicKey: await keyObjectSigner(privateKey, 'memory').publicKey(),
    notBefore: options.now,
    notAfter: new Date(options.now.getTime() + days * 86_400_000),
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(usages, true),
      new x509.AuthorityInfoAccessExtension({ ocsp: [new x509.GeneralName('url', options.ocspUrl)] }),
    ],
  });
  return { certificate, privateKey };
}

/** A subject of the PKI: `CN=<cn>, O=…, C=DE, DC=<pki>`. */
function subject(commonName: string, pki: 'V2G' | 'CPO' | 'MO'): string {
  return `CN=${commonName}, O=Charging Network Test PKI, C=DE, DC=${pki}`;
}

/** A root with its two sub-CAs (path lengths 1 and 0; 4 and 2 years). */
async function hierarchy(name: 'V2G' | 'MO', subCaName: string, options: Required<V2gTestPkiOptions>) {
  const top = await root(subject(`${name} Test Root CA`, name), options.now);
  const first = await subCa(top, subject(`${subCaName} Test Sub-CA 1`, name), 1, 4, options);
  const second = await subCa(first, subject(`${subCaName} Test Sub-CA 2`, name), 0, 2, options);
  return [top, first, second] as const;
}

/** What the PKI issued and revoked: its OCSP responder's knowledge. */
class PkiRecords {
  private readonly issued = new Set<string>();
  private readonly revoked = new Map<string, Date>();

  constructor(private readonly cas: readonly SigningAuthority[]) {}

  record(certificate: x509.X509Certificate): void {
    this.issued.add(serialKey(certificate.issuerName, certificate.serialNumber));
  }

  revoke(certificate: x509.X509Certificate, at: Date): void {
    this.revoked.set(serialKey(certificate.issuerName, certificate.serialNumber), at);
  }

  async statusOf(hashData: CertificateHashData): Promise<ResponderStatus> {
    for (const ca of this.cas) {
      if ((await issuerKeyHash(ca.certificate, hashData.hashAlgorithm)) !== hashData.issuerKeyHash) continue;
      const key = serialKey(ca.certificate.subjectName, hashData.serialNumber);
      const revokedAt = this.revoked.get(key);
      if (revokedAt) return { status: 'revoked', revokedAt };
      if (this.issued.has(key)) return { status: 'good' };
    }
    return { status: 'unknown' };
  }
}

/** A certificate's identity within the PKI: its issuer's name and its serial. */
function serialKey(issuer: x509.Name, serial: string): string {
  return `${issuer.toString()}#${normalizeSerial(serial)}`;
}

/**
 * Generates the PKI (module doc): 8 EC P-256 keys and certificates, in well under a second.
 * Validities: roots 40 years, sub-CA 1 4 years, sub-CA 2 2 years, the SECC certificate 90 days
 * (ISO 15118-2: 2–3 months), contracts 2 years.
 */
export async function generateV2gTestPki(input: V2gTestPkiOptions): Promise<V2gTestPki> {
  const options = withDefaults(input);
  const [v2gRoot, cpoSubCa1, cpoSubCa2] = await hierarchy('V2G', 'CPO', options);
  const [moRoot, moSubCa1, moSubCa2] = await hierarchy('MO', 'MO', options);
  const seccUsages = x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyAgreement;
  const secc = await leaf(cpoSubCa2, subject(options.seccId, 'CPO'), seccUsages, 90, options);
  return assembleV2gTestPki({ v2gRoot, cpoSubCa1, cpoSubCa2, secc, moRoot, moSubCa1, moSubCa2 }, options);
}

function withDefaults(input: V2gTestPkiOptions): Required<V2gTestPkiOptions> {
  return { seccId: 'DEABCS1234567890123456789012345678', now: new Date(), ...input };
}

/** The certificates and keys of a PKI, without its behaviour. */
export type V2gTestPkiParts = Pick<
  V2gTestPki,
  'v2gRoot' | 'cpoSubCa1' | 'cpoSubCa2' | 'secc' | 'moRoot' | 'moSubCa1' | 'moSubCa2'
>;

/** A working PKI from its parts (generated, or read back from files: `v2g-test-pki-files.ts`). */
export function assembleV2gTestPki(parts: V2gTestPkiParts, input: V2gTestPkiOptions): V2gTestPki {
  const options = withDefaults(input);
  const { v2gRoot, cpoSubCa1, cpoSubCa2, secc, moRoot, moSubCa1, moSubCa2 } = parts;
  const records = new PkiRecords([v2gRoot, cpoSubCa1, cpoSubCa2, moRoot, moSubCa1, moSubCa2]);
  for (const c of [cpoSubCa1, cpoSubCa2, moSubCa1, moSubCa2, secc]) records.record(c.certificate);
  const contractUsages =
    x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation | x509.KeyUsageFlags.keyAgreement;
  return {
    ...parts,
    ocspUrl: options.ocspUrl,
    async issueContract(emaid, now = new Date()) {
      const contract = await leaf(moSubCa2, subject(emaid, 'MO'), contractUsages, 730, { ...options, now });
      records.record(contract.certificate);
      return { ...contract, emaid, chain: [contract.certificate, moSubCa2.certificate, moSubCa1.certificate] };
    },
    revoke: async (certificate, at = new Date()) => records.revoke(certificate, at),
    statusOf: (hashData) => records.statusOf(hashData),
  };
}
