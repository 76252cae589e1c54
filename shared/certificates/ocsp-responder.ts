/**
 * An OCSP responder's answers (RFC 6960), built with the same ASN.1 schemas that read them
 * (`ocsp.ts`) and signed through a {@link CaSigner}: the local V2G test PKI's responder (for tests
 * and `npm start`; the HTTP server is `lib/local/ocsp-responder.ts`). Each certificate asked about
 * is answered `good`, `revoked` or `unknown` as `statusOf` says; a request that does not parse gets
 * `malformedRequest`, never an exception.
 */
import * as asnOcsp from '@peculiar/asn1-ocsp';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { Certificate as AsnCertificate, Name as AsnName } from '@peculiar/asn1-x509';
import type { CaSigner } from './ca-signer';
import { type CertificateHashData, hashDataOf } from './ocsp';
import { EC_P256_SHA256, x509 } from './x509';

/** What the responder says of one certificate. */
export type ResponderStatus = { status: 'good' } | { status: 'unknown' } | { status: 'revoked'; revokedAt: Date };

/** The responder's identity, key and knowledge. */
export interface OcspResponderConfig {
  /** The signing certificate: the CA itself, or a responder it delegated (`id-kp-OCSPSigning`). Sent in the response. */
  certificate: x509.X509Certificate;
  /** Certificates between the signing certificate and its root, sent after it so the answer can be checked with the root alone. */
  chain?: readonly x509.X509Certificate[];
  signer: CaSigner;
  /** The status of the certificate named by `hashData` (normalised hash data; unknown algorithms never reach it). */
  statusOf(hashData: CertificateHashData): Promise<ResponderStatus> | ResponderStatus;
  /**
   * How long an answer is valid (`nextUpdate − thisUpdate`), in ms; `null` leaves `nextUpdate` out
   * (RFC 6960 §4.2.2.1: newer information is always available). @default 3_600_000 (1 h)
   */
  validityMs?: number | null;
}

const algorithms = new x509.AlgorithmProvider();

/** A response without bytes: only a status (`malformedRequest`, `internalError`). */
function statusOnly(status: asnOcsp.OCSPResponseStatus): Uint8Array {
  return new Uint8Array(AsnConvert.serialize(new asnOcsp.OCSPResponse({ responseStatus: status })));
}

/** The `CertStatus` of a responder status. */
function certStatus(status: ResponderStatus): asnOcsp.CertStatus {
  if (status.status === 'good') return new asnOcsp.CertStatus({ good: null });
  if (status.status === 'revoked')
    return new asnOcsp.CertStatus({ revoked: new asnOcsp.RevokedInfo({ revocationTime: status.revokedAt }) });
  return new asnOcsp.CertStatus({ unknown: null });
}

/** One `SingleResponse` per certificate asked about. */
async function singleResponses(
  request: asnOcsp.OCSPRequest,
  config: OcspResponderConfig,
  now: Date,
): Promise<asnOcsp.SingleResponse[]> {
  const nextUpdate =
    config.validityMs === null ? undefined : new Date(now.getTime() + (config.validityMs ?? 3_600_000));
  return Promise.all(
    request.tbsRequest.requestList.map(async ({ reqCert }) => {
      const hashData = hashDataOf(reqCert);
      const status = hashData ? await config.statusOf(hashData) : ({ status: 'unknown' } as const);
      return new asnOcsp.SingleResponse({
        certID: reqCert,
        certStatus: certStatus(status),
        thisUpdate: now,
        ...(nextUpdate ? { nextUpdate } : {}),
      });
    }),
  );
}

/**
 * The certificates a DER OCSP request asks about, as hash data (`undefined` for one with a hash
 * algorithm OCPP does not name); `undefined` when the request does not parse.
 */
export function requestedCertificates(requestDer: Uint8Array): (CertificateHashData | undefined)[] | undefined {
  try {
    return AsnConvert.parse(requestDer, asnOcsp.OCSPRequest).tbsRequest.requestList.map((r) => hashDataOf(r.reqCert));
  } catch {
    return undefined;
  }
}

/**
 * The DER response to a DER OCSP request, signed by the responder (one signature).
 * @param now the answer's `producedAt` and `thisUpdate`
 * @returns a successful basic response, or `malformedRequest` for a request that does not parse;
 *   `internalError` when the signer fails (never an exception)
 */
export async function answerOcspRequest(
  requestDer: Uint8Array,
  config: OcspResponderConfig,
  now = new Date(),
): Promise<Uint8Array> {
  let request: asnOcsp.OCSPRequest;
  try {
    request = AsnConvert.parse(requestDer, asnOcsp.OCSPRequest);
    if (!request.tbsRequest.requestList.length) throw new Error('no certificate asked about');
  } catch {
    return statusOnly(asnOcsp.OCSPResponseStatus.malformedRequest);
  }
  try {
    const tbsResponseData = new asnOcsp.ResponseData({
      responderID: new asnOcsp.ResponderID({
        byName: AsnConvert.parse(config.certificate.subjectName.toArrayBuffer(), AsnName),
      }),
      producedAt: now,
      responses: await singleResponses(request, config, now),
    });
    const signature = await config.signer.sign(new Uint8Array(AsnConvert.serialize(tbsResponseData)));
    const basic = new asnOcsp.BasicOCSPResponse({
      tbsResponseData,
      signatureAlgorithm: algorithms.toAsnAlgorithm(EC_P256_SHA256),
      signature: new Uint8Array(signature).buffer,
      certs: [config.certificate, ...(config.chain ?? [])].map((c) => AsnConvert.parse(c.rawData, AsnCertificate)),
    });
    const responseBytes = new asnOcsp.ResponseBytes({
      responseType: asnOcsp.id_pkix_ocsp_basic,
      response: new OctetString(AsnConvert.serialize(basic)),
    });
    return new Uint8Array(
      AsnConvert.serialize(
        new asnOcsp.OCSPResponse({ responseStatus: asnOcsp.OCSPResponseStatus.successful, responseBytes }),
      ),
    );
  } catch {
    return statusOnly(asnOcsp.OCSPResponseStatus.internalError);
  }
}
