/** OCPP 1.6 Core profile, StatusNotification (§4.9): connectorId 0 is the charger, N is port N. */
import { ocpp16 } from '../handler';
import * as V16 from '../validators/v16';
import { chargerTime, recordChargerStatus, recordPortStatus } from '../../charging';
import { recordChargerError, statusErrorReport } from '../../history';

/** OCPP 1.6 StatusNotification handler; an impossible connectorId is a PropertyConstraintViolation. */
export const availability = [
  ocpp16(V16.StatusNotification, async ({ db, connection, receivedAt }, payload) => {
    const status = {
      status: payload.status,
      timestamp: chargerTime(payload.timestamp, receivedAt, connection.ocppId),
      errorCode: payload.errorCode,
      vendorErrorCode: payload.vendorErrorCode,
      info: payload.info,
    };
    if (payload.connectorId === 0) await recordChargerStatus(db, connection, status);
    else await recordPortStatus(db, connection, payload.connectorId, status);
    if (payload.errorCode !== 'NoError') {
      await recordChargerError(db, connection, statusErrorReport(payload.connectorId, status));
    }
    return {};
  }),
];
