/**
 * OCPP 2.0.1 functional block L, FirmwareManagement: FirmwareStatusNotification (L01), stored on the
 * charger; PublishFirmwareStatusNotification (L03), recorded on the publish-firmware request it names
 * (`shared/charger-operations/publish-kinds.ts`; a status of no request of ours is answered and ignored).
 */
import { ocpp201 } from '../handler';
import * as V201 from '../validators/v201';
import { recordFirmwareStatus } from '../../charging';
import { recordPublishFirmwareStatus } from '../../charger-operations';

/** OCPP 2.0.1 FirmwareStatusNotification and PublishFirmwareStatusNotification handlers. */
export const firmware = [
  ocpp201(V201.FirmwareStatusNotification, async ({ db, connection, receivedAt }, { status, requestId }) => {
    await recordFirmwareStatus(db, connection, status, receivedAt, requestId);
    return {};
  }),
  ocpp201(
    V201.PublishFirmwareStatusNotification,
    async ({ db, connection, receivedAt }, { status, requestId, location }) => {
      await recordPublishFirmwareStatus(db, connection.chargerId, { status, requestId, location }, receivedAt);
      return {};
    },
  ),
];
