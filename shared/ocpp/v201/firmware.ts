/** OCPP 2.0.1 functional block L, FirmwareManagement: FirmwareStatusNotification (L01), stored on the charger. */
import { ocpp201 } from '../handler';
import * as V201 from '../validators/v201';
import { recordFirmwareStatus } from '../../charging';

/** OCPP 2.0.1 FirmwareStatusNotification handler. */
export const firmware = [
  ocpp201(V201.FirmwareStatusNotification, async ({ db, connection, receivedAt }, { status, requestId }) => {
    await recordFirmwareStatus(db, connection, status, receivedAt, requestId);
    return {};
  }),
];
