/**
 * The `$connect` decision for chargers' client certificates (OCPP security profile 3: OCPP 2.0.1
 * A00 "Security profiles", 1.6 security whitepaper §2; docs/certificates.md "What `$connect`
 * checks"). CloudFront (viewer mTLS, optional mode) has already refused a certificate that does not
 * chain to its trust store or is expired; `$connect` decides again on the forwarded PEM, because it
 * also knows what CloudFront does not: the charger the connection claims to be, its security
 * profile, and the CA's revocations. Locally the TLS listener forwards the same headers.
 *
 * Two functions: {@link admitViewerCertificate} judges the certificate (chain, validity, not a CA,
 * client use: clientAuth and digitalSignature where restricted, CN = `ocppId`, not revoked); {@link decideSecurityProfile} combines it with the
 * password check and the charger's profile. Neither throws: a refusal carries its reason.
 */
import { type CachedRevocationList, RevocationUnavailableError } from './revocation';
import type { ChainFailure, TrustStore } from './trust-store';
import type { ViewerCertificate } from './viewer-certificate';
import { type CertificateSummary, commonNameOf, parseCertificate, summarizeCertificate, x509 } from './x509';
import type { SecurityProfile } from '../db/entities/chargers';

/** Why a presented certificate is refused (or that there is none). */
export type CertificateRefusal =
  /** No certificate was presented (`CloudFront-Viewer-Cert-Present` not 1). */
  | 'noCertificate'
  /** The PEM header is missing or does not hold one certificate. */
  | 'unreadableCertificate'
  /** CloudFront's SHA-256 header is not the PEM's: the headers were not all written by one hand. */
  | 'headerMismatch'
  | ChainFailure
  /** The certificate is a CA's, its extended key usage excludes TLS client authentication, or its key usage digitalSignature. */
  | 'notAClientCertificate'
  /** Its subject's common name is not the identity the charger connects as. */
  | 'commonNameMismatch'
  /** Its CA revoked it. */
  | 'revoked'
  /** Its CA's revocation list could not be read (and none was cached): unknown is not good. */
  | 'revocationUnavailable';

/** The certificate's judgement. */
export type CertificateAdmission =
  | { admit: true; certificate: CertificateSummary }
  | { admit: false; reason: CertificateRefusal; detail: string };

/** What the judgement needs besides the certificate. */
export interface AdmissionContext {
  /** The identity the charger connects as (the URL's last segment). */
  ocppId: string;
  /** The CAs that issue chargers' certificates (CloudFront's trust store's certificates). */
  trustStore: TrustStore;
  /** CA certificates that may stand between a charger's certificate and the trust store (CloudFront forwards the leaf only). */
  intermediates?: readonly x509.X509Certificate[];
  revocation: Pick<CachedRevocationList, 'isRevoked'>;
  /** The time to judge validity at (the request's time). */
  now: Date;
}

function refuse(reason: CertificateRefusal, detail: string): CertificateAdmission {
  return { admit: false, reason, detail };
}

/**
 * Why the leaf may not authenticate a TLS client; `undefined` when it may. A CA certificate may
 * not; an extended key usage must include clientAuth; a key usage must include digitalSignature:
 * the client proves its key by signing the handshake (TLS 1.2 CertificateVerify, TLS 1.3 likewise),
 * and the static-(EC)DH client authentication that keyAgreement alone would serve is not offered
 * (TLS 1.3 dropped it). RFC 5280 §4.2.1.3/§4.2.1.12: an absent extension restricts nothing, so a
 * certificate without key usage (or without extended key usage) passes that check.
 */
function clientUseProblem(leaf: x509.X509Certificate): string | undefined {
  if (leaf.getExtension(x509.BasicConstraintsExtension)?.ca) return 'it is a CA certificate';
  const eku = leaf.getExtension(x509.ExtendedKeyUsageExtension);
  if (eku && !eku.usages.includes(x509.ExtendedKeyUsage.clientAuth))
    return 'its extended key usage excludes TLS client authentication';
  const keyUsage = leaf.getExtension(x509.KeyUsagesExtension);
  if (keyUsage && !(keyUsage.usages & x509.KeyUsageFlags.digitalSignature))
    return 'its key usage excludes digitalSignature, which a TLS client signs its handshake with';
  return undefined;
}

/**
 * Judges the certificate CloudFront (or the local TLS listener) forwarded, in this order: present,
 * readable, the headers agree, chains to the trust store at `now` (every certificate of the path
 * valid then), usable by a TLS client, CN = `ocppId`, not revoked by its issuer.
 * Requests: none, or one read of the issuer's revocation list when the instance's copy is older
 * than its TTL (`revocation.ts`).
 */
export async function admitViewerCertificate(
  viewer: ViewerCertificate,
  context: AdmissionContext,
): Promise<CertificateAdmission> {
  if (!viewer.present) return refuse('noCertificate', 'no client certificate was presented');
  const leaf = viewer.pem === undefined ? undefined : parseCertificate(viewer.pem);
  if (!leaf) return refuse('unreadableCertificate', 'the forwarded certificate PEM is missing or not a certificate');
  const summary = await summarizeCertificate(leaf);
  if (viewer.sha256 !== undefined && viewer.sha256.toLowerCase() !== summary.sha256)
    return refuse('headerMismatch', `the SHA-256 header ${viewer.sha256} is not the certificate's ${summary.sha256}`);
  const chain = await context.trustStore.verify(leaf, context.intermediates ?? [], context.now);
  if (!chain.ok) return refuse(chain.reason, chain.detail);
  const useProblem = clientUseProblem(leaf);
  if (useProblem) return refuse('notAClientCertificate', `${summary.subject}: ${useProblem}`);
  const commonName = commonNameOf(leaf.subjectName);
  if (commonName !== context.ocppId)
    return refuse(
      'commonNameMismatch',
      `the certificate is for ${commonName ?? summary.subject}, not ${context.ocppId}`,
    );
  const issuer = chain.path[1] ?? leaf;
  try {
    if (await context.revocation.isRevoked(issuer, summary.serialNumber))
      return refuse('revoked', `${summary.issuer} revoked the certificate ${summary.serialNumber}`);
  } catch (error) {
    if (!(error instanceof RevocationUnavailableError)) throw error;
    return refuse('revocationUnavailable', error.message);
  }
  return { admit: true, certificate: summary };
}

/** A charger's security profile (OCPP 2.0.1 A00; 1.6 whitepaper `SecurityProfile`). */
export type { SecurityProfile };

/** What `$connect` knows of a connection when it decides. */
export interface ConnectEvidence {
  /** The profile the charger is set to (`securityProfile` on the charger). */
  securityProfile: SecurityProfile;
  /**
   * The Basic-auth check's outcome (`shared/ocpp/connection.ts`): `accepted` also for a charger
   * registered without a password (docs/charger-credentials.md).
   */
  password: 'accepted' | 'refused';
  /** {@link admitViewerCertificate}'s judgement (`noCertificate` when none was presented). */
  certificate: CertificateAdmission;
}

/** Why a connection is refused by the profile rule. */
export type ProfileRefusal = 'certificateRequired' | 'badCertificate' | 'badCredentials';

/** The profile rule's outcome. */
export type ConnectDecision =
  | { admit: true; authenticatedBy: 'password' | 'certificate' | 'password and certificate' }
  | { admit: false; reason: ProfileRefusal; detail: string };

/**
 * The security profile rule:
 * - a certificate that was presented and refused refuses the connection, whatever the profile
 *   (a revoked or foreign certificate is never a charger's mistake to overlook);
 * - profile 3: an admitted certificate is required, even when the password is right (A00: the
 *   certificate authenticates the charger; a password sent along is not checked);
 * - profiles 1 and 2: the password check decides.
 */
export function decideSecurityProfile(evidence: ConnectEvidence): ConnectDecision {
  const { certificate } = evidence;
  if (!certificate.admit && certificate.reason !== 'noCertificate')
    return { admit: false, reason: 'badCertificate', detail: `${certificate.reason}: ${certificate.detail}` };
  if (evidence.securityProfile === 3)
    return certificate.admit
      ? { admit: true, authenticatedBy: 'certificate' }
      : { admit: false, reason: 'certificateRequired', detail: 'security profile 3 requires a client certificate' };
  if (evidence.password === 'refused')
    return { admit: false, reason: 'badCredentials', detail: 'the Basic-auth credentials are wrong or missing' };
  return { admit: true, authenticatedBy: certificate.admit ? 'password and certificate' : 'password' };
}
