/**
 * OCPP 2.0.1 functional block A, Security: SecurityEventNotification (A04), stored
 * (`recordChargerSecurityEvent`); SignCertificate (A02/A03), the CSR handed to the certificate function, which checks and
 * signs it and sends CertificateSigned (`../certificate-signing.ts`, docs/certificates.md). And
 * block M's charger-initiated CALLs of Plug & Charge, answered by the certificate status function
 * (`../certificate-status.ts`): GetCertificateStatus (M06) and Get15118EVCertificate (M01/M02).
 */
import { ocpp201 } from '../handler';
import * as V201 from '../validators/v201';
import { answerSignCertificate } from '../certificate-signing';
import { answerGet15118EvCertificate, answerGetCertificateStatus } from '../certificate-status';
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
  // Also 2.1's (adapted), whose schema lets a longer ocspResult through: the connection says which.
  ocpp201(V201.GetCertificateStatus, async ({ connection }, { ocspRequestData }) =>
    answerGetCertificateStatus(ocspRequestData, connection.protocol),
  ),
  ocpp201(V201.Get15118EVCertificate, async (_context, { iso15118SchemaVersion, action, exiRequest }) =>
    answerGet15118EvCertificate({ iso15118SchemaVersion, action, exiRequest }),
  ),
];
