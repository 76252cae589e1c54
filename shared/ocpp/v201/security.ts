/**
 * OCPP 2.0.1 functional block A, Security: SecurityEventNotification (A04), stored
 * (`recordChargerSecurityEvent`); SignCertificate (A02/A03), the CSR handed to the certificate function, which checks and
 * signs it and sends CertificateSigned (`../certificate-signing.ts`, docs/certificates.md).
 */
import { ocpp201 } from '../handler';
import * as V201 from '../validators/v201';
import { answerSignCertificate } from '../certificate-signing';
import { recordChargerSecurityEvent } from '../security-events';

/** OCPP 2.0.1 security handlers. */
export const security = [
  ocpp201(V201.SecurityEventNotification, async (context, payload) => {
    await recordChargerSecurityEvent(context, payload);
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
