/**
 * The CAs a certificate must chain to (docs/certificates.md "What `$connect` checks"): the CSMS CA
 * (and an operator's own CA) for chargers' certificates, the V2G and MO roots for Plug & Charge.
 * {@link TrustStore.verify} builds the path from a certificate to one of them, through the
 * intermediates given, and checks each link with the X.509 library: the issuer's name, its
 * signature, the issuer is a CA allowed to sign certificates (basic constraints, key usage, path
 * length), and every certificate of the path is valid at the time given.
 */
import { isCaCertificate } from './authority';
import { parseCertificateChain, sameName, validAt, x509 } from './x509';

/** Longest path accepted, certificates from the leaf to the anchor included (RFC 5280 sets none; OCPP's 4 hash data fit). */
export const MAX_PATH_LENGTH = 6;

/** Why a certificate does not chain. */
export type ChainFailure =
  /** No issuer among the anchors and intermediates, or the path is longer than {@link MAX_PATH_LENGTH}. */
  | 'untrusted'
  /** An issuer has the right name but its key did not sign the certificate. */
  | 'badSignature'
  /** A certificate of the path is past its `notAfter`. */
  | 'expired'
  /** A certificate of the path is before its `notBefore`. */
  | 'notYetValid'
  /** An issuer is not a CA, may not sign certificates, or has more CAs below it than its path length allows. */
  | 'notACa';

/** The outcome: the path (leaf first, anchor last), or why there is none. */
export type ChainResult =
  | { ok: true; path: x509.X509Certificate[] }
  | { ok: false; reason: ChainFailure; detail: string };

/** A set of trust anchors (root or intermediate CA certificates trusted as they are). */
export class TrustStore {
  readonly anchors: readonly x509.X509Certificate[];
  private readonly anchorDer: Set<string>;

  constructor(anchors: readonly x509.X509Certificate[]) {
    this.anchors = anchors;
    this.anchorDer = new Set(anchors.map((a) => Buffer.from(a.rawData).toString('base64')));
  }

  /**
   * A trust store of the certificates in PEM text (one or several blocks).
   * @throws Error when the text holds no certificate or one does not parse: configuration to fix
   */
  static fromPem(pem: string): TrustStore {
    const anchors = parseCertificateChain(pem);
    if (!anchors) throw new Error('the trust store is not a list of PEM certificates');
    return new TrustStore(anchors);
  }

  private isAnchor(certificate: x509.X509Certificate): boolean {
    return this.anchorDer.has(Buffer.from(certificate.rawData).toString('base64'));
  }

  /** The candidate that signed `certificate`, anchors first; or why none did. */
  private async issuerOf(
    certificate: x509.X509Certificate,
    intermediates: readonly x509.X509Certificate[],
  ): Promise<x509.X509Certificate | ChainFailure> {
    const named = [...this.anchors, ...intermediates].filter((c) => sameName(c.subjectName, certificate.issuerName));
    for (const candidate of named) {
      const signed = await certificate
        .verify({ publicKey: candidate.publicKey, signatureOnly: true })
        .catch(() => false);
      if (signed) return candidate;
    }
    return named.length ? 'badSignature' : 'untrusted';
  }

  /**
   * Verifies that `leaf` chains to an anchor at `at`.
   * @param intermediates certificates that may stand between (a charger's chain, an OCSP response's certs)
   * @returns the path, or the first failure; never throws
   */
  async verify(
    leaf: x509.X509Certificate,
    intermediates: readonly x509.X509Certificate[],
    at: Date,
  ): Promise<ChainResult> {
    const path: x509.X509Certificate[] = [leaf];
    for (let current = leaf; path.length <= MAX_PATH_LENGTH; ) {
      const validity = validAt(current, at);
      if (validity !== 'valid') return failure(validity, `${current.subject} is ${validity} at ${at.toISOString()}`);
      if (this.isAnchor(current)) return { ok: true, path };
      const issuer = await this.issuerOf(current, intermediates);
      if (typeof issuer === 'string')
        return failure(issuer, `no trusted issuer signed ${current.subject} (${current.issuer})`);
      const problem = caProblem(issuer, path.length - 1);
      if (problem) return failure('notACa', problem);
      path.push(issuer);
      current = issuer;
    }
    return failure('untrusted', `no anchor within ${MAX_PATH_LENGTH} certificates of ${leaf.subject}`);
  }
}

function failure(reason: ChainFailure, detail: string): ChainResult {
  return { ok: false, reason, detail };
}

/**
 * Why `issuer` may not have signed a certificate with `casBelow` CA certificates between it and
 * the leaf; `undefined` when it may.
 */
function caProblem(issuer: x509.X509Certificate, casBelow: number): string | undefined {
  if (!isCaCertificate(issuer)) return `${issuer.subject} is not a CA`;
  const keyUsage = issuer.getExtension(x509.KeyUsagesExtension);
  if (keyUsage && !(keyUsage.usages & x509.KeyUsageFlags.keyCertSign))
    return `${issuer.subject} may not sign certificates (key usage)`;
  const pathLength = issuer.getExtension(x509.BasicConstraintsExtension)?.pathLength;
  if (pathLength !== undefined && casBelow > pathLength)
    return `${issuer.subject} allows ${pathLength} CA(s) below it, the path has ${casBelow}`;
  return undefined;
}
