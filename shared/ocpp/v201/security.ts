/**
 * OCPP 2.0.1 functional block A, Security: SecurityEventNotification (A04), acknowledged and
 * logged; SignCertificate (A02/A03), the CSR handed to the certificate function, which checks and
 * signs it and sends CertificateSigned (`../certificate-signing.ts`, docs/certificates.md).
 */
import { ocpp201 } from '../handler';
import * as V201 from '../validators/v201';
import { logger } from '../../logger';
import { answerSignCertificate } from '../certificate-signing';

/** OCPP 2.0.1 security handlers. */
export const security = [
  ocpp201(V201.SecurityEventNotification, async ({ connection }, { type, timestamp }) => {
    logger.warn('security event', { ocppId: connection.ocppId, type, eventTimestamp: timestamp });
    return {};
  }),
  ocpp201(V201.SignCertificate, async ({ db, connection, receivedAt }, { csr, certificateType }) => ({
    status: await answerSignCertificate(db, connection, {
      csr,
      receivedAt,
      ...(certificateType ? { certificateType } : {}),
    }),
  })),
];
