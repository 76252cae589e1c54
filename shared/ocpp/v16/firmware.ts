/** OCPP 1.6 Firmware Management profile: FirmwareStatusNotification (§4.5), DiagnosticsStatusNotification (§4.4). */
import { ocpp16 } from '../handler';
import * as V16 from '../validators/v16';
import { recordFirmwareStatus } from '../../charging';
import { logger } from '../../logger';
import { recordDiagnosticsStatus } from '../../charger-logs';

/** OCPP 1.6 Firmware Management handlers. */
export const firmware = [
  ocpp16(V16.FirmwareStatusNotification, async ({ db, connection, receivedAt }, { status }) => {
    await recordFirmwareStatus(db, connection, status, receivedAt);
    return {};
  }),
  ocpp16(V16.DiagnosticsStatusNotification, async ({ db, connection, receivedAt }, { status }) => {
    logger.info('diagnostics status', { ocppId: connection.ocppId, status });
    await recordDiagnosticsStatus(db, connection.chargerId, status, receivedAt);
    return {};
  }),
];
