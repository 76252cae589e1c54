/**
 * OCPP 1.6 security extension (Improved security for OCPP 1.6-J, edition 2), what a charger sends:
 * SecurityEventNotification stored (`recordChargerSecurityEvent`), LogStatusNotification recorded
 * on the log request it names (`shared/charger-logs/`, a security log asked with GetLog),
 * SignedFirmwareStatusNotification is stored like FirmwareStatusNotification; SignCertificate
 * ("Update Charge Point Certificate"), the CSR handed to the certificate function, which checks and
 * signs it and sends CertificateSigned (`../certificate-signing.ts`, docs/certificates.md).
 */
import { ocpp16 } from '../handler';
import * as V16 from '../validators/v16';
import { recordFirmwareStatus } from '../../charging';
import { logger } from '../../logger';
import { answerSignCertificate } from '../certificate-signing';
import { recordLogStatus } from '../../charger-logs';
import { recordChargerSecurityEvent } from '../security-events';

/** OCPP 1.6 security extension handlers. */
export const security = [
  ocpp16(V16.SecurityEventNotification, async (context, payload) => {
    await recordChargerSecurityEvent(context, payload);
    return {};
  }),
  ocpp16(V16.LogStatusNotification, async ({ db, connection, receivedAt }, notification) => {
    logger.info('log status', { ocppId: connection.ocppId, ...notification });
    await recordLogStatus(db, connection.chargerId, notification, receivedAt);
    return {};
  }),
  ocpp16(V16.SignCertificate, async ({ db, connection, receivedAt }, { csr }) => ({
    // 1.6's only use: the Charge Point's own certificate.
    status: await answerSignCertificate(db, connection, {
      csr,
      certificateType: 'ChargingStationCertificate',
      receivedAt,
    }),
  })),
  ocpp16(V16.SignedFirmwareStatusNotification, async ({ db, connection, receivedAt }, { status }) => {
    await recordFirmwareStatus(db, connection, status, receivedAt);
    return {};
  }),
];
