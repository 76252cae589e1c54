/**
 * Remote control's command set (spec §4.3 reservations, §4.4 remote start and stop): what the HTTP
 * commands function wires into `ocppChargerCommands`.
 */
import type { RemoteControlCommandCatalog } from '../../charging';
import type { CommandSet } from './charger-commands';
import { remoteStart, remoteStop } from './remote-transactions';
import { cancelReservation, reservationSupport, reserveNow } from './reservation';

/** The OCPP declaration of each remote-control command. */
export const REMOTE_CONTROL_COMMANDS: CommandSet<RemoteControlCommandCatalog> = {
  ReserveNow: reserveNow,
  CancelReservation: cancelReservation,
  ReservationSupport: reservationSupport,
  RemoteStart: remoteStart,
  RemoteStop: remoteStop,
};
