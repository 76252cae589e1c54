/** OCPP 1.6 Core profile, provisioning: BootNotification (§4.2) and Heartbeat (§4.6). */
import { ocpp16 } from '../handler';
import * as V16 from '../validators/v16';
import { recordBoot } from '../../charging';
import { HEARTBEAT_INTERVAL_SECONDS } from '../connection';

/** OCPP 1.6 BootNotification and Heartbeat handlers. */
export const provisioning = [
  ocpp16(V16.BootNotification, async ({ db, connection, receivedAt }, payload) => {
    await recordBoot(
      db,
      connection,
      {
        manufacturer: payload.chargePointVendor,
        model: payload.chargePointModel,
        serialNumber: payload.chargePointSerialNumber ?? payload.chargeBoxSerialNumber,
        firmwareVersion: payload.firmwareVersion,
      },
      receivedAt,
    );
    return { status: 'Accepted', currentTime: receivedAt, interval: HEARTBEAT_INTERVAL_SECONDS };
  }),
  // No write: the connection itself shows the charger is alive.
  ocpp16(V16.Heartbeat, async ({ receivedAt }) => ({ currentTime: receivedAt })),
];
