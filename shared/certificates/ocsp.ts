/**
 * OCSP (RFC 6960) for Plug & Charge (OCPP 2.0.1 C07 `Authorize` with `iso15118CertificateHashData`,
 * M06 `GetCertificateStatus`; docs/certificates.md "OCSP"): OCPP's hash data turned into an OCSP
 * request, and a responder's answer checked: its signature, that the signer may answer for the CA
 * (the CA itself, or a responder it delegated with `id-kp-OCSPSigning`), that the CA chains to the
 * trust store (V2G and MO roots), and that the answer is current. The ASN.1 is `@peculiar/asn1-ocsp`'s
 * (the same schema family as the X.509 library); signatures are checked by Node's crypto.
 *
 * OCPP's hash data: `hashAlgorithm` (`SHA256`/`SHA384`/`SHA512`), `issuerNameHash` and
 * `issuerKeyHash` as hexadecimal (the hash of the issuer's DER name and of its public key's bits),
 * `serialNumber` hexadecimal without leading zeros (compared case-insensitively, leading zeros ignored).
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import * as asnOcsp from '@peculiar/asn1-ocsp';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import type { Certificate as AsnCertificate } from '@peculiar/asn1-x509';
import type { TrustStore } from './trust-store';
import { hex, normalizeSerial, x509 } from './x509';

/** OCPP's `HashAlgorithmEnumType`. */
export type OcspHashAlgorithm = 'SHA256' | 'SHA384' | 'SHA512';

/**
 * The hash algorithms of a `CertID` this module reads: OCPP's, and SHA-1, RFC 6960's usual one
 * (openssl's default), which the local responder answers; OCPP's hash data never carries it
 * ({@link normalizeHashData} refuses it).
 */
export type CertIdHashAlgorithm = OcspHashAlgorithm | 'SHA1';

/** OCPP's `CertificateHashDataType` (2.0.1 and the 1.6 whitepaper). */
export interface CertificateHashData {
  hashAlgorithm: CertIdHashAlgorithm;
  issuerNameHash: string;
  issuerKeyHash: string;
  serialNumber: string;
}

/** OCPP's `OCSPRequestDataType`: the hash data and the responder to ask. */
export interface OcspRequestData extends CertificateHashData {
  responderURL: string;
}

const WEB_HASH: Record<CertIdHashAlgorithm, string> = {
  SHA1: 'SHA-1',
  SHA256: 'SHA-256',
  SHA384: 'SHA-384',
  SHA512: 'SHA-512',
};
const HASH_HEX_LENGTH: Partial<Record<CertIdHashAlgorithm, number>> = { SHA256: 64, SHA384: 96, SHA512: 128 };
const algorithms = new x509.AlgorithmProvider();

/**
 * The hash data in one form (hashes lowercase, serial without leading zeros), or `undefined` when
 * a field is not what OCPP says (unknown algorithm, a hash of the wrong length, a serial not hex).
 */
export function normalizeHashData(data: CertificateHashData): CertificateHashData | undefined {
  const length = HASH_HEX_LENGTH[data.hashAlgorithm];
  const hash = (value: unknown) =>
    typeof value === 'string' && new RegExp(`^[0-9a-fA-F]{${length}}$`).test(value) ? value.toLowerCase() : undefined;
  const issuerNameHash = hash(data.issuerNameHash);
  const issuerKeyHash = hash(data.issuerKeyHash);
  const serialNumber = typeof data.serialNumber === 'string' ? normalizeSerial(data.serialNumber) : undefined;
  if (!length || !issuerNameHash || !issuerKeyHash || !serialNumber || data.serialNumber.includes(':'))
    return undefined;
  return { hashAlgorithm: data.hashAlgorithm, issuerNameHash, issuerKeyHash, serialNumber };
}

/** The cache key of hash data (normalised): `SHA256:<name hash>:<key hash>:<serial>`. */
export function hashDataKey(data: CertificateHashData): string {
  return [data.hashAlgorithm, data.issuerNameHash, data.issuerKeyHash, data.serialNumber].join(':');
}

/** The hash of the issuer's public key as OCSP defines it (the `subjectPublicKey` bits). */
export async function issuerKeyHash(issuer: x509.X509Certificate, algorithm: CertIdHashAlgorithm): Promise<string> {
  return hex(await issuer.publicKey.getKeyIdentifier(WEB_HASH[algorithm]));
}

/** OCPP's hash data of `certificate`, issued by `issuer`. */
export async function certificateHashData(
  certificate: x509.X509Certificate,
  issuer: x509.X509Certificate,
  hashAlgorithm: OcspHashAlgorithm = 'SHA256',
): Promise<CertificateHashData> {
  const nodeHash = WEB_HASH[hashAlgorithm].replace('SHA-', 'sha');
  const nameHash = createHash(nodeHash).update(Buffer.from(certificate.issuerName.toArrayBuffer())).digest();
  return {
    hashAlgorithm,
    issuerNameHash: hex(nameHash),
    issuerKeyHash: await issuerKeyHash(issuer, hashAlgorithm),
    serialNumber: normalizeSerial(certificate.serialNumber)!,
  };
}

/** The OCSP responder URL of a certificate's authority information access extension, if any. */
export function ocspResponderUrl(certificate: x509.X509Certificate): string | undefined {
  const aia = certificate.getExtension(x509.AuthorityInfoAccessExtension);
  return aia?.ocsp.find((name) => name.type === 'url')?.value;
}

/** The DER content of a positive INTEGER from hexadecimal: a zero byte first when the high bit is set. */
function integerBytes(serialHex: string): ArrayBuffer {
  const even = serialHex.length % 2 ? `0${serialHex}` : serialHex;
  const bytes = Buffer.from(even, 'hex');
  const content = bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes;
  return new Uint8Array(content).buffer;
}

/** The OCSP `CertID` of (normalised) hash data. */
export function certId(data: CertificateHashData): asnOcsp.CertID {
  return new asnOcsp.CertID({
    hashAlgorithm: algorithms.toAsnAlgorithm({ name: WEB_HASH[data.hashAlgorithm] }),
    issuerNameHash: new OctetString(Buffer.from(data.issuerNameHash, 'hex')),
    issuerKeyHash: new OctetString(Buffer.from(data.issuerKeyHash, 'hex')),
    serialNumber: integerBytes(data.serialNumber),
  });
}

/** The hash data a `CertID` carries, in OCPP's form; `undefined` for a hash algorithm other than SHA-1 and OCPP's. */
export function hashDataOf(id: asnOcsp.CertID): CertificateHashData | undefined {
  const name = (algorithms.toWebAlgorithm(id.hashAlgorithm) as { name?: string } | null)?.name;
  const hashAlgorithm = (Object.keys(WEB_HASH) as CertIdHashAlgorithm[]).find((a) => WEB_HASH[a] === name);
  if (!hashAlgorithm) return undefined;
  return {
    hashAlgorithm,
    issuerNameHash: hex(id.issuerNameHash.buffer),
    issuerKeyHash: hex(id.issuerKeyHash.buffer),
    serialNumber: normalizeSerial(hex(id.serialNumber)) ?? '0',
  };
}

/** A DER OCSP request for one certificate (no nonce: answers may be cached, as responders' pre-signed ones are). */
export function buildOcspRequest(data: CertificateHashData): Uint8Array {
  const request = new asnOcsp.OCSPRequest({
    tbsRequest: new asnOcsp.TBSRequest({ requestList: [new asnOcsp.Request({ reqCert: certId(data) })] }),
  });
  return new Uint8Array(AsnConvert.serialize(request));
}

/** A certificate's status as its responder gave it. */
export type OcspCertStatus = 'good' | 'revoked' | 'unknown';

/** A checked answer. */
export interface OcspAnswer {
  status: OcspCertStatus;
  thisUpdate: Date;
  /** When the responder will have newer information; the answer is cached until then. */
  nextUpdate?: Date;
  revokedAt?: Date;
  /** The response as received (DER): what `GetCertificateStatus` returns, base64. */
  response: Uint8Array;
}

/** Why a response is not believed. */
export type OcspFailure =
  | 'malformed'
  | 'notSuccessful'
  | 'noMatchingResponse'
  | 'badSignature'
  | 'untrustedResponder'
  | 'stale';

/** The outcome of {@link verifyOcspResponse}. */
export type OcspVerification = { ok: true; answer: OcspAnswer } | { ok: false; reason: OcspFailure; detail: string };

/** What a response is checked against. */
export interface OcspVerificationContext {
  /** The roots the CA must chain to (V2G root, MO roots). */
  trustStore: TrustStore;
  /** CA certificates that may complete the path (a charger's contract chain); the response's own are used too. */
  intermediates?: readonly x509.X509Certificate[];
  now: Date;
}

/** How far ahead of `now` a `thisUpdate` may be (responders' clocks), in ms. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * How old an answer without `nextUpdate` may be, in ms (1 h): RFC 6960 §4.2.2.1 lets a responder
 * omit `nextUpdate` ("newer revocation information is available all the time"), so such an answer
 * says nothing about now once it is old; without this bound a responder's (or an attacker's)
 * years-old `good` would be believed. The OCSP client caches such an answer as long.
 */
export const MAX_AGE_WITHOUT_NEXT_UPDATE_MS = 3_600_000;

function fail(reason: OcspFailure, detail: string): OcspVerification {
  return { ok: false, reason, detail };
}

/** The basic response inside a DER OCSPResponse, or why there is none. */
function basicResponse(der: Uint8Array): asnOcsp.BasicOCSPResponse | OcspVerification {
  let response: asnOcsp.OCSPResponse;
  try {
    response = AsnConvert.parse(der, asnOcsp.OCSPResponse);
  } catch {
    return fail('malformed', 'the answer is not a DER OCSP response');
  }
  if (response.responseStatus !== asnOcsp.OCSPResponseStatus.successful)
    return fail('notSuccessful', `the responder answered ${asnOcsp.OCSPResponseStatus[response.responseStatus]}`);
  if (response.responseBytes?.responseType !== asnOcsp.id_pkix_ocsp_basic)
    return fail('malformed', 'the response is not a basic OCSP response');
  try {
    return AsnConvert.parse(response.responseBytes.response, asnOcsp.BasicOCSPResponse);
  } catch {
    return fail('malformed', 'the basic OCSP response does not parse');
  }
}

/** Whether `signer`'s key signed `data` with the response's algorithm. */
function signedBy(basic: asnOcsp.BasicOCSPResponse, signer: x509.X509Certificate): boolean {
  try {
    const web = algorithms.toWebAlgorithm(basic.signatureAlgorithm) as { name: string; hash?: { name: string } } | null;
    const hash = web?.hash?.name.replace('SHA-', 'sha');
    if (!hash || !basic.tbsResponseDataRaw) return false;
    const key = createPublicKey({ key: Buffer.from(signer.publicKey.rawData), format: 'der', type: 'spki' });
    const dsaEncoding = web?.name === 'ECDSA' ? 'der' : undefined;
    return verify(hash, Buffer.from(basic.tbsResponseDataRaw), { key, dsaEncoding }, Buffer.from(basic.signature));
  } catch {
    return false;
  }
}

/**
 * The CA certificate on whose behalf `signer` answers for `data`: `signer` itself when its key is
 * the issuer's; else, for a delegated responder (extended key usage `id-kp-OCSPSigning`), the
 * candidate whose key is the issuer's and that signed the responder's certificate.
 */
async function authorizingCa(
  signer: x509.X509Certificate,
  data: CertificateHashData,
  candidates: readonly x509.X509Certificate[],
): Promise<x509.X509Certificate | undefined> {
  if ((await issuerKeyHash(signer, data.hashAlgorithm)) === data.issuerKeyHash) return signer;
  const eku = signer.getExtension(x509.ExtendedKeyUsageExtension);
  if (!eku?.usages.includes(asnOcsp.id_kp_OCSPSigning)) return undefined;
  for (const ca of candidates) {
    if ((await issuerKeyHash(ca, data.hashAlgorithm)) !== data.issuerKeyHash) continue;
    if (await signer.verify({ publicKey: ca.publicKey, signatureOnly: true }).catch(() => false)) return ca;
  }
  return undefined;
}

/** The single response for `data` in `basic`, if any. */
function matchingResponse(
  basic: asnOcsp.BasicOCSPResponse,
  data: CertificateHashData,
): asnOcsp.SingleResponse | undefined {
  const wanted = hashDataKey(data);
  return basic.tbsResponseData.responses.find((single) => {
    const got = hashDataOf(single.certID);
    return got !== undefined && hashDataKey(got) === wanted;
  });
}

/**
 * Checks a DER OCSP response for the certificate `requested` names (module doc). Never throws.
 * @param requested normalised hash data ({@link normalizeHashData})
 */
export async function verifyOcspResponse(
  der: Uint8Array,
  requested: CertificateHashData,
  context: OcspVerificationContext,
): Promise<OcspVerification> {
  const basic = basicResponse(der);
  if ('ok' in basic) return basic;
  const single = matchingResponse(basic, requested);
  if (!single) return fail('noMatchingResponse', 'the response does not answer for the certificate asked about');
  const included = (basic.certs ?? []).map((c) => new x509.X509Certificate(AsnConvert.serialize(c as AsnCertificate)));
  const candidates = [...included, ...(context.intermediates ?? []), ...context.trustStore.anchors];
  const signer = candidates.find((candidate) => signedBy(basic, candidate));
  if (!signer) return fail('badSignature', 'no certificate at hand signed the response');
  const ca = await authorizingCa(signer, requested, candidates);
  if (!ca) return fail('untrustedResponder', `${signer.subject} may not answer for this CA`);
  const chain = await context.trustStore.verify(ca, candidates, context.now);
  if (!chain.ok || (signer !== ca && !(await context.trustStore.verify(signer, candidates, context.now)).ok))
    return fail(
      'untrustedResponder',
      `the responder's CA does not chain to the trust store: ${chain.ok ? '' : chain.detail}`,
    );
  const { thisUpdate, nextUpdate } = single;
  const now = context.now.getTime();
  const tooOld = nextUpdate ? nextUpdate.getTime() < now : thisUpdate.getTime() + MAX_AGE_WITHOUT_NEXT_UPDATE_MS < now;
  if (thisUpdate.getTime() > now + CLOCK_SKEW_MS || tooOld)
    return fail('stale', `the answer is for ${thisUpdate.toISOString()}–${nextUpdate?.toISOString() ?? '…'}`);
  const { certStatus } = single;
  const status: OcspCertStatus = certStatus.revoked ? 'revoked' : certStatus.good === null ? 'good' : 'unknown';
  return {
    ok: true,
    answer: { status, thisUpdate, nextUpdate, revokedAt: single.certStatus.revoked?.revocationTime, response: der },
  };
}
