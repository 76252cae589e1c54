/**
 * A certificate authority that signs through a {@link CaSigner} (docs/certificates.md "The CSMS CA"):
 * the CSMS's CA for chargers (its key in KMS on AWS, in a file locally) and the CAs of the local
 * V2G test PKI use the same functions. Certificates are built by `@peculiar/x509` and signed by the
 * signer: one signature per certificate.
 *
 * Bringing your own CA: the operator's CA signs a sub-CA certificate for the CSMS's key
 * ({@link caCertificateRequest} makes its CSR, signed by the key in KMS), which
 * {@link importCaCertificate} takes with its chain; or the CSMS only verifies (the trust store holds
 * the operator's CA, and no {@link ChargingStationCertificateIssuer} is configured), or it forwards
 * the checked CSRs to the operator's CA (another {@link ChargingStationCertificateIssuer}).
 */
import { randomBytes } from 'node:crypto';
import { type CaSigner, signerCrypto, signerPublicKey } from './ca-signer';
import type { CheckedCsr } from './csr';
import { type CertificateLifetimeSettings, validityFrom } from './lifetime';
import { EC_P256_SHA256, hex, parseCertificateChain, toPemChain, x509 } from './x509';

/** A CA that issues: its certificate, the certificates above it (none for a root), and its key's signer. */
export interface SigningAuthority {
  certificate: x509.X509Certificate;
  /** The CA certificate's issuers up to (and excluding) the self-signed root, in order; empty for a root. */
  intermediates: x509.X509Certificate[];
  signer: CaSigner;
}

/** What a certificate issued by {@link issueCertificate} is made of. */
export interface CertificateProfile {
  subject: x509.Name | string;
  /** The subject's public key (DER SubjectPublicKeyInfo, or the library's key). */
  publicKey: x509.PublicKey | Uint8Array;
  notBefore: Date;
  /** Clamped to the CA certificate's `notAfter`: nothing outlives its issuer. */
  notAfter: Date;
  /** The profile's extensions; the key identifiers (SKI, AKI) are added here. */
  extensions: x509.Extension[];
}

/**
 * A new serial number: 16 random bytes (128 bits, above RFC 5280's and the CA/B Forum's 64),
 * positive and without a leading zero byte, as hexadecimal.
 */
export function newSerialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return bytes.toString('hex');
}

/**
 * Issues a certificate signed by `ca` (one call to its signer).
 * @throws the signer's error (KMS unreachable, access denied): nothing is issued
 */
export async function issueCertificate(
  ca: SigningAuthority,
  profile: CertificateProfile,
): Promise<x509.X509Certificate> {
  const publicKey =
    profile.publicKey instanceof x509.PublicKey ? profile.publicKey : new x509.PublicKey(profile.publicKey);
  const notAfter = new Date(Math.min(profile.notAfter.getTime(), ca.certificate.notAfter.getTime()));
  return x509.X509CertificateGenerator.create(
    {
      serialNumber: newSerialNumber(),
      subject: profile.subject,
      issuer: ca.certificate.subjectName,
      notBefore: profile.notBefore,
      notAfter,
      publicKey,
      signingKey: await signerPublicKey(ca.signer),
      signingAlgorithm: EC_P256_SHA256,
      extensions: [
        ...profile.extensions,
        await x509.SubjectKeyIdentifierExtension.create(publicKey),
        await x509.AuthorityKeyIdentifierExtension.create(ca.certificate.publicKey),
      ],
    },
    signerCrypto(ca.signer),
  );
}

/** What a new self-signed CA certificate says. */
export interface CaCertificateOptions {
  subject: string;
  notBefore: Date;
  notAfter: Date;
  /** How many CAs may stand below it (`pathLenConstraint`); none when omitted. */
  pathLength?: number;
}

/**
 * A self-signed CA certificate for the signer's key (a root): basic constraints CA (critical),
 * key usage keyCertSign + cRLSign + digitalSignature (critical: it also signs OCSP responses), SKI.
 */
export async function createCaCertificate(
  signer: CaSigner,
  options: CaCertificateOptions,
): Promise<x509.X509Certificate> {
  const publicKey = new x509.PublicKey(await signer.publicKey());
  const usages = x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign | x509.KeyUsageFlags.digitalSignature;
  return x509.X509CertificateGenerator.create(
    {
      serialNumber: newSerialNumber(),
      subject: options.subject,
      issuer: options.subject,
      notBefore: options.notBefore,
      notAfter: options.notAfter,
      publicKey,
      signingKey: await signerPublicKey(signer),
      signingAlgorithm: EC_P256_SHA256,
      extensions: [
        new x509.BasicConstraintsExtension(true, options.pathLength, true),
        new x509.KeyUsagesExtension(usages, true),
        await x509.SubjectKeyIdentifierExtension.create(publicKey),
      ],
    },
    signerCrypto(signer),
  );
}

/**
 * A PKCS #10 request for the signer's key, for an operator's CA to sign as a sub-CA of theirs
 * (bring your own CA): the CSMS's key stays in KMS, their CA signs, {@link importCaCertificate}
 * takes the result.
 */
export async function caCertificateRequest(signer: CaSigner, subject: string): Promise<x509.Pkcs10CertificateRequest> {
  const handle = await signerPublicKey(signer);
  return x509.Pkcs10CertificateRequestGenerator.create(
    {
      name: subject,
      keys: { publicKey: handle, privateKey: handle },
      signingAlgorithm: EC_P256_SHA256,
      extensions: [new x509.BasicConstraintsExtension(true, 0, true)],
    },
    signerCrypto(signer),
  );
}

/** Whether a certificate is a CA certificate (basic constraints CA). */
export function isCaCertificate(certificate: x509.X509Certificate): boolean {
  return certificate.getExtension(x509.BasicConstraintsExtension)?.ca === true;
}

/**
 * A {@link SigningAuthority} from a CA certificate made elsewhere (bring your own CA, or the CA
 * certificate the stack keeps) and the signer of its key.
 * @param chainPem the CA certificate first, then its issuers (the root may be included; it is dropped)
 * @throws Error when the text holds no certificate, the first is not a CA certificate, or its public
 *   key is not the signer's: a misconfiguration that must stop the start-up, not a charger's fault
 */
export async function importCaCertificate(chainPem: string, signer: CaSigner): Promise<SigningAuthority> {
  const [certificate, ...rest] = parseCertificateChain(chainPem) ?? [];
  if (!certificate) throw new Error('the CA certificate is not a PEM certificate');
  if (!isCaCertificate(certificate)) throw new Error(`${certificate.subject} is not a CA certificate`);
  const signerKey = hex(await signer.publicKey());
  if (hex(certificate.publicKey.rawData) !== signerKey)
    throw new Error(`the CA certificate ${certificate.subject} is not for the key ${signer.keyLocation}`);
  const intermediates = [];
  for (const c of rest) if (!(await c.isSelfSigned())) intermediates.push(c);
  return { certificate, intermediates, signer };
}

/** The chain sent to a charger in `CertificateSigned`: its certificate, then the CA and its intermediates (never a root). */
export async function issuedChain(ca: SigningAuthority, leaf: x509.X509Certificate): Promise<x509.X509Certificate[]> {
  const caIsRoot = await ca.certificate.isSelfSigned();
  return [leaf, ...(caIsRoot ? [] : [ca.certificate]), ...ca.intermediates];
}

/** A charging station certificate issued for a checked CSR, with what `CertificateSigned` sends. */
export interface IssuedCertificate {
  certificate: x509.X509Certificate;
  /** The PEM chain for `CertificateSigned.certificateChain` (leaf first). */
  certificateChainPem: string;
}

/**
 * Who issues charging station certificates for checked CSRs: the CSMS's CA ({@link caIssuer}), or,
 * with a CA of the operator's, something that forwards the CSR to it (the slot for bring-your-own).
 */
export interface ChargingStationCertificateIssuer {
  /** @throws the CA's error (KMS, network): the caller retries or records the failure */
  issue(csr: CheckedCsr, now: Date): Promise<IssuedCertificate>;
}

/**
 * The issuer of the CSMS's CA: the CSR's subject, its key, the lifetime of `settings`, and the
 * profile of an OCPP charging station certificate (A00: TLS client): basic constraints not a CA
 * (critical), key usage digitalSignature (+ keyAgreement for EC, keyEncipherment for RSA;
 * critical), extended key usage clientAuth.
 */
export function caIssuer(
  ca: SigningAuthority,
  settings: CertificateLifetimeSettings,
): ChargingStationCertificateIssuer {
  return {
    async issue(csr, now) {
      const keyUsage =
        x509.KeyUsageFlags.digitalSignature |
        (csr.keyType === 'EC' ? x509.KeyUsageFlags.keyAgreement : x509.KeyUsageFlags.keyEncipherment);
      const certificate = await issueCertificate(ca, {
        subject: csr.request.subjectName,
        publicKey: csr.request.publicKey,
        ...validityFrom(now, settings),
        extensions: [
          new x509.BasicConstraintsExtension(false, undefined, true),
          new x509.KeyUsagesExtension(keyUsage, true),
          new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
        ],
      });
      return { certificate, certificateChainPem: toPemChain(await issuedChain(ca, certificate)) };
    },
  };
}
