/**
 * `SignCertificate` (OCPP 2.0.1 A02/A03; 1.6 security whitepaper, "Update Charge Point
 * Certificate"), the `$default` side. The CSR is checked in full and signed by the certificate
 * function (`lambdas/certificates/sign.ts`), not here: the X.509 library, the CA's signer and a
 * Lambda client would take the message function's bundle past its 800 KiB ceiling. So `$default`
 * refuses what is not a certificate request at all (`Rejected`: not a PEM `CERTIFICATE REQUEST`
 * block or base64 of a DER SEQUENCE), stores the CSR (one PutItem, in the charger's partition) and
 * answers `Accepted`; the table's stream hands it to the certificate function, which checks it
 * (key type and size, its signature, CN = `ocppId`), signs it (one signature) and sends
 * CertificateSigned, or records the refusal as a security event and sends nothing (the charger
 * asks again: 2.0.1 A02, after `CertSigningWaitMinimum`).
 */
import { randomUUID } from 'node:crypto';
import type { CertificateSigningUse, ChargerConnection } from '../charging';
import type { Db } from '../db';
import { CERTIFICATE_SIGNING_REQUEST_TTL_SECONDS } from '../db/entities/certificates';
import { logger } from '../logger';

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
 * Answers a charger's SignCertificate: `Rejected` for what is not a certificate request (logged
 * as a security event), else the CSR stored for the certificate function and `Accepted`.
 * Requests: 1 PutItem when accepted.
 */
export async function answerSignCertificate(
  db: Db,
  connection: Pick<ChargerConnection, 'chargerId' | 'ocppId'>,
  request: { csr: string; certificateType?: CertificateSigningUse; receivedAt: string },
): Promise<'Accepted' | 'Rejected'> {
  const certificateType = request.certificateType ?? 'ChargingStationCertificate';
  if (!looksLikeCsr(request.csr)) {
    logger.warn('security event', {
      ocppId: connection.ocppId,
      chargerId: connection.chargerId,
      type: 'InvalidCsr',
      techInfo: 'SignCertificate: the csr is not a PKCS #10 certificate request',
    });
    return 'Rejected';
  }
  await db.certificateSigningRequest
    .put({
      chargerId: connection.chargerId,
      requestId: randomUUID(),
      ocppId: connection.ocppId,
      csr: request.csr,
      certificateType,
      receivedAt: request.receivedAt,
      expiresAt: Math.floor(Date.parse(request.receivedAt) / 1000) + CERTIFICATE_SIGNING_REQUEST_TTL_SECONDS,
    })
    .go();
  return 'Accepted';
}
