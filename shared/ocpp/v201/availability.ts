/**
 * OCPP 2.0.1 functional block G, Availability: StatusNotification (G01). The EVSE is the port
 * (evseId = port number); the connector's status becomes the port's status, with errorCode
 * `NoError` (2.0.1 reports faults through NotifyEvent, not in the status).
 */
import { ocpp201 } from '../handler';
import * as V201 from '../validators/v201';
import { chargerTime, recordChargerStatus, recordPortStatus } from '../../charging';

/** OCPP 2.0.1 StatusNotification handler; an impossible evseId is a PropertyConstraintViolation. */
export const availability = [
  ocpp201(V201.StatusNotification, async ({ db, connection, receivedAt }, payload) => {
    const timestamp = chargerTime(payload.timestamp, receivedAt, connection.ocppId);
    const status = { status: payload.connectorStatus, timestamp, errorCode: 'NoError' };
    if (payload.evseId === 0) await recordChargerStatus(db, connection, status);
    else await recordPortStatus(db, connection, payload.evseId, status);
    return {};
  }),
];
