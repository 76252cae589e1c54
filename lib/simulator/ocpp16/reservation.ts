/**
 * OCPP 1.6 Reservation feature profile (§5.13 ReserveNow, §5.1 CancelReservation); the rules are
 * the station's (`reservations.ts`). connectorId 0 reserves any connector.
 *
 * @module
 */
import type { Commands, Context16 } from './messages';

/** ReserveNow and CancelReservation. */
export function reservationCommands({ station }: Context16): Commands {
  return {
    ReserveNow: {
      answer: (req) => ({
        status: station.reserve({
          reservationId: req.reservationId,
          ...(req.connectorId === 0 ? {} : { connectorId: req.connectorId }),
          idTag: req.idTag,
          expiresAt: new Date(req.expiryDate),
        }),
      }),
      refuse: () => ({ status: 'Rejected' }),
    },

    CancelReservation: {
      answer: (req) => ({ status: station.cancelReservation(req.reservationId) ? 'Accepted' : 'Rejected' }),
      refuse: () => ({ status: 'Rejected' }),
    },
  };
}
