/**
 * `SignCertificate` (OCPP 2.0.1 A02/A03; 1.6 security whitepaper, "Update Charge Point
 * Certificate"), the `$default` side. The X.509 library and the CA's signer would take the message
 * function's bundle past its 800 KiB ceiling, so `$default` refuses what is not a certificate
 * request at all (`Rejected`: not a PEM `CERTIFICATE REQUEST` block or base64 of a DER SEQUENCE)
 * and a V2G certificate's (no V2G issuer is configured),
 * asks the certificate status function (`lambdas/certificates/status.ts`, one Invoke) to check the
 * CSR (key type and size, its signature, CN = `ocppId`: `Rejected` when it fails), then stores it
 * (one PutItem, in the charger's partition) and answers `Accepted`. The table's stream hands it to
 * the certificate function (`lambdas/certificates/sign.ts`), which checks it again, signs it (one
 * signature) and sends CertificateSigned, or records the refusal as a security event and sends
 * nothing (when the status function could not be asked; the charger asks again: 2.0.1 A02, after
 * `CertSigningWaitMinimum`). A refusal here is a stored security event too (`InvalidCsr`, one
 * PutItem: the answer's only write). A deployment with no CSMS CA configured (no KMS key and CA
 * certificate, no local CA directory) answers every SignCertificate `Rejected`: accepting a CSR
 * that nothing will ever sign would leave the charger waiting.
 */
import { randomUUID } from 'node:crypto';
import type { ChargerConnection } from '../charging';
import type { Db } from '../db';
import { CERTIFICATE_SIGNING_REQUEST_TTL_SECONDS } from '../db/entities/certificates';
import { recordSecurityEvent } from '../history';
import { logger } from '../logger';
import { askCertificateStatus } from './certificate-status';
import type { CertificateSigningUseEnumType } from './types/v21';

/**
 * Environment variables of the CSMS CA (docs/certificates.md): on AWS the KMS key and the CA
 * certificate (PEM, with its chain), locally the data directory of `npm start`'s CA; the lifetime
 * of the certificates it issues, days.
 */
export const CA_ENV = {
  kmsKeyId: 'CA_KMS_KEY_ID',
  certificate: 'CA_CERTIFICATE',
  localDir: 'LOCAL_CA_DIR',
  lifetimeDays: 'CERTIFICATE_LIFETIME_DAYS',
} as const;

/** Whether `env` names a CSMS CA to sign chargers' CSRs with: a KMS key with its certificate, or a local CA directory. */
export function certificateSigningConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean((env[CA_ENV.kmsKeyId] && env[CA_ENV.certificate]) || env[CA_ENV.localDir]);
}

/** The entities whose new items the certificate function consumes from the table's stream. */
export const CERTIFICATE_SIGNING_ENTITIES = ['certificateSigningRequest'] as const;

const PEM_REQUEST =
  /^-----BEGIN (?:NEW )?CERTIFICATE REQUEST-----\s*([A-Za-z0-9+/=\s]+?)\s*-----END (?:NEW )?CERTIFICATE REQUEST-----$/;
const BASE64 = /^[A-Za-z0-9+/=\s]+$/;

/**
 * Whether `csr` can be a PKCS #10 request: a PEM `CERTIFICATE REQUEST` block, or base64 (some 1.6
 * chargers send DER without the PEM lines), whose bytes start as a DER SEQUENCE. A framing check
 * only: the request itself is parsed and verified by the certificate function (`checkCsr`).
 */
export function looksLikeCsr(csr: string): boolean {
  const body = PEM_REQUEST.exec(csr.trim())?.[1] ?? (BASE64.test(csr.trim()) ? csr.trim() : undefined);
  if (!body) return false;
  const der = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  return der.length > 16 && der[0] === 0x30;
}

/**
 * Why the certificate status function refuses a well-framed CSR (its key type or size, its
 * signature, a CN that is not `ocppId`: `checkCsr`), or undefined when it passes, or when the
 * function cannot be asked: the certificate function checks every CSR again before it signs, and
 * refuses it then (a security event, nothing signed).
 */
async function csrRefusal(csr: string, ocppId: string): Promise<string | undefined> {
  const answer = await askCertificateStatus({ action: 'CheckCsr', csr, ocppId });
  return answer && !answer.ok ? `the csr is refused (${answer.reason}): ${answer.detail}` : undefined;
}

/**
 * A charger's SignCertificate as received, as the handlers of every version hand it over: OCPP's
 * `SignCertificateRequest` without 2.1's `hashRootCertificate`, with when it came.
 */
export interface ReceivedSignCertificate {
  csr: string;
  /**
   * 1.6: always `ChargingStationCertificate` (its only use); 2.0.1 and 2.1: as sent, omitted when
   * the charger left it out, which means both uses (A02).
   */
  certificateType?: CertificateSigningUseEnumType;
  /** OCPP 2.1's `requestId`, sent back in CertificateSigned. */
  requestId?: number;
  /** ISO 8601 UTC. */
  receivedAt: string;
}

/**
 * Answers a charger's SignCertificate: `Rejected` where no CSMS CA is configured
 * ({@link certificateSigningConfigured}), for a V2G certificate (`V2GCertificate`, 2.1's
 * `V2G20Certificate`: the SECC certificate of ISO 15118 comes from a CPO sub-CA under a V2G root,
 * and none is configured to sign with: the CSMS CA would issue a certificate no EV trusts), for
 * what is not a certificate request, and for a CSR the certificate status function refuses (key
 * type and size, signature, CN = `ocppId`; logged and stored as an `InvalidCsr` security event),
 * else the CSR stored for the certificate function (its `certificateType` as sent, 2.1's
 * `requestId`) and `Accepted`. Requests: 1 Lambda Invoke (the check), then 1 PutItem (stored or
 * refused); none for a V2G certificate or without a CA.
 */
export async function answerSignCertificate(
  db: Db,
  connection: Pick<ChargerConnection, 'chargerId' | 'ocppId' | 'organizationId' | 'siteId'>,
  request: ReceivedSignCertificate,
): Promise<'Accepted' | 'Rejected'> {
  const { certificateType } = request;
  if (!certificateSigningConfigured()) {
    logger.warn('SignCertificate refused: no CSMS CA is configured', { ocppId: connection.ocppId, certificateType });
    return 'Rejected';
  }
  if (certificateType !== undefined && certificateType !== 'ChargingStationCertificate') {
    logger.warn('SignCertificate refused: no V2G (CPO sub-CA) issuer is configured', {
      ocppId: connection.ocppId,
      certificateType,
    });
    return 'Rejected';
  }
  const refusal = looksLikeCsr(request.csr)
    ? await csrRefusal(request.csr, connection.ocppId)
    : 'the csr is not a PKCS #10 certificate request';
  if (refusal !== undefined) {
    const techInfo = `SignCertificate: ${refusal}`.slice(0, 255);
    logger.warn('security event', {
      ocppId: connection.ocppId,
      chargerId: connection.chargerId,
      type: 'InvalidCsr',
      techInfo,
    });
    await recordSecurityEvent(db, {
      chargerId: connection.chargerId,
      organizationId: connection.organizationId,
      siteId: connection.siteId,
      timestamp: request.receivedAt,
      type: 'InvalidCsr',
      techInfo,
      source: 'csms',
      receivedAt: request.receivedAt,
    });
    return 'Rejected';
  }
  await db.certificateSigningRequest
    .put({
      chargerId: connection.chargerId,
      requestId: randomUUID(),
      ocppId: connection.ocppId,
      csr: request.csr,
      ...(certificateType ? { certificateType } : {}),
      ...(request.requestId === undefined ? {} : { ocppRequestId: request.requestId }),
      receivedAt: request.receivedAt,
      expiresAt: Math.floor(Date.parse(request.receivedAt) / 1000) + CERTIFICATE_SIGNING_REQUEST_TTL_SECONDS,
    })
    .go();
  return 'Accepted';
}
