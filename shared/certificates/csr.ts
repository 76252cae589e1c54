/**
 * The checks of a charger's certificate signing request (`SignCertificate`: OCPP 2.0.1 A02/A03,
 * 1.6 security whitepaper edition 3 "Certificate signing"), before anything is signed: the CSR
 * parses (PEM or base64 DER, PKCS #10), its signature verifies with its own key (the charger holds
 * the private key: proof of possession), the key is one the CA signs (EC P-256 or P-384, RSA of at
 * least 2,048 bits: OCPP 2.0.1 A00.FR.3xx's minimums, tightened), the subject's one common name is
 * the charger's identity (`ocppId`), and, when the operator's name is configured, the subject's
 * organisation is that name (A00: "O = the CSO's name").
 *
 * A CSR that fails is a {@link CsrRejection} with a reason, never an exception: the OCPP handler
 * answers `Rejected` and records a security event with the reason.
 */
import { commonNameOf, nameValues, x509 } from './x509';

/** Longest CSR accepted, in characters: OCPP 2.0.1's `SignCertificateRequest.csr` (string[0..5500]). */
export const MAX_CSR_CHARACTERS = 5500;
/** Smallest RSA modulus accepted, in bits. */
export const MIN_RSA_BITS = 2048;
/** EC curves accepted. */
export const EC_CURVES = ['P-256', 'P-384'] as const;

/** Why a CSR is refused. */
export type CsrRejectionReason =
  /** Not a PKCS #10 request in PEM or base64 DER, or longer than {@link MAX_CSR_CHARACTERS}. */
  | 'malformed'
  /** The request's signature does not verify with its own public key. */
  | 'badSignature'
  /** A key of another kind than EC P-256/P-384 or RSA. */
  | 'unsupportedKey'
  /** An RSA key shorter than {@link MIN_RSA_BITS}. */
  | 'weakKey'
  /** The subject has no common name, several, or one that is not the charger's identity. */
  | 'commonNameMismatch'
  /** The subject's organisation is not the configured operator name. */
  | 'organizationMismatch';

/** A refused CSR: the reason, and a sentence for the security event's `techInfo` and the logs. */
export interface CsrRejection {
  ok: false;
  reason: CsrRejectionReason;
  detail: string;
}

/** A CSR that passed every check, ready for the CA. */
export interface CheckedCsr {
  ok: true;
  request: x509.Pkcs10CertificateRequest;
  /** The key's kind: `EC` (its curve in `keyDetail`) or `RSA` (its modulus length in bits). */
  keyType: 'EC' | 'RSA';
  keyDetail: string;
}

/** What the CSR must say. */
export interface CsrExpectations {
  /** The charger's identity, which the subject's common name must be (compared exactly). */
  ocppId: string;
  /** The operator's name the subject's `O` must be, when the operator configured one; unchecked otherwise. */
  organizationName?: string;
}

const PEM_CSR = /^-----BEGIN (NEW )?CERTIFICATE REQUEST-----[\s\S]+-----END (NEW )?CERTIFICATE REQUEST-----$/;
const BASE64 = /^[A-Za-z0-9+/\s]+={0,2}$/;

function reject(reason: CsrRejectionReason, detail: string): CsrRejection {
  return { ok: false, reason, detail };
}

/** The PKCS #10 request in `text`, or `undefined`. */
function parseCsr(text: string): x509.Pkcs10CertificateRequest | undefined {
  const trimmed = text.trim();
  try {
    if (PEM_CSR.test(trimmed))
      return new x509.Pkcs10CertificateRequest(trimmed.replace('NEW CERTIFICATE', 'CERTIFICATE'));
    if (BASE64.test(trimmed) && trimmed.length > 0)
      return new x509.Pkcs10CertificateRequest(Buffer.from(trimmed, 'base64'));
  } catch {
    // Not a CSR: the caller says so.
  }
  return undefined;
}

/** The key check: EC P-256/P-384 or RSA ≥ 2,048 bits. */
function checkKey(request: x509.Pkcs10CertificateRequest): CsrRejection | Pick<CheckedCsr, 'keyType' | 'keyDetail'> {
  const algorithm = request.publicKey.algorithm as { name: string; namedCurve?: string; modulusLength?: number };
  if (algorithm.name === 'ECDSA') {
    const curve = algorithm.namedCurve ?? 'unknown';
    if (!(EC_CURVES as readonly string[]).includes(curve))
      return reject('unsupportedKey', `EC key on curve ${curve}; accepted: ${EC_CURVES.join(', ')}`);
    return { keyType: 'EC', keyDetail: curve };
  }
  if (algorithm.name === 'RSASSA-PKCS1-v1_5' || algorithm.name === 'RSA-PSS') {
    const bits = algorithm.modulusLength ?? 0;
    if (bits < MIN_RSA_BITS) return reject('weakKey', `RSA key of ${bits} bits; at least ${MIN_RSA_BITS} needed`);
    return { keyType: 'RSA', keyDetail: `${bits} bits` };
  }
  return reject(
    'unsupportedKey',
    `${algorithm.name} key; accepted: EC ${EC_CURVES.join('/')}, RSA ≥ ${MIN_RSA_BITS} bits`,
  );
}

/** The subject check: one CN, the charger's identity; O the operator's name when configured. */
function checkSubject(request: x509.Pkcs10CertificateRequest, expected: CsrExpectations): CsrRejection | undefined {
  const commonName = commonNameOf(request.subjectName);
  if (commonName !== expected.ocppId)
    return reject(
      'commonNameMismatch',
      commonName === undefined
        ? `the subject (${request.subject}) has no single CN; it must be CN=${expected.ocppId}`
        : `the subject's CN is ${commonName}; it must be the charger's identity ${expected.ocppId}`,
    );
  if (expected.organizationName === undefined) return undefined;
  const organizations = nameValues(request.subjectName, 'O');
  if (organizations.length !== 1 || organizations[0] !== expected.organizationName)
    return reject(
      'organizationMismatch',
      `the subject's O is ${organizations.join(', ') || 'missing'}; it must be ${expected.organizationName}`,
    );
  return undefined;
}

/**
 * Checks a charger's CSR (module doc: parse, proof of possession, key, subject).
 * @param csr the `csr` field of `SignCertificate` (PEM; base64 DER is accepted too)
 * @returns the checked request, or the first check it fails; never throws
 */
export async function checkCsr(csr: unknown, expected: CsrExpectations): Promise<CheckedCsr | CsrRejection> {
  if (typeof csr !== 'string' || csr.length > MAX_CSR_CHARACTERS)
    return reject('malformed', `the CSR must be a PKCS #10 request in PEM of at most ${MAX_CSR_CHARACTERS} characters`);
  const request = parseCsr(csr);
  if (!request) return reject('malformed', 'the CSR is not a PKCS #10 certificate request (PEM or base64 DER)');
  const key = checkKey(request);
  if ('ok' in key) return key;
  let signed: boolean;
  try {
    signed = await request.verify();
  } catch {
    signed = false;
  }
  if (!signed) return reject('badSignature', "the CSR's signature does not verify with its public key");
  return checkSubject(request, expected) ?? { ok: true, request, ...key };
}
