/**
 * OCPP 2.0.1 functional block H, Reservation: ReservationStatusUpdate (H05) ends the reservation
 * the station expired (`Expired`) or removed (`Removed`).
 */
import { ocpp201 } from '../handler';
import * as V201 from '../validators/v201';
import { endReservation, storableId } from '../../charging';

/** OCPP 2.0.1 ReservationStatusUpdate handler. */
export const reservation = [
  ocpp201(V201.ReservationStatusUpdate, async ({ db, connection }, { reservationId, reservationUpdateStatus }) => {
    // An ID no reservation can have (not a safe integer) names none of ours.
    const id = storableId(reservationId);
    if (id !== undefined)
      await endReservation(db, connection.organizationId, id, reservationUpdateStatus, connection.chargerId);
    return {};
  }),
];
