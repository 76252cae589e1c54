/**
 * The OCPP command path as the charging domain's {@link ChargerCommands}: each domain command name
 * is one command declaration of this folder, sent with {@link runCommand}.
 */
import type { Db } from '../../db';
import type { ChargerCommandCatalog, ChargerCommandName, ChargerCommands } from '../../charging/charger-commands';
import { runCommand, type Command, type CommandOptions } from './command';
import { ChargerErrorResponse, ChargerNotConnectedError } from './errors';
import { remoteStart, remoteStop } from './remote-transactions';
import { cancelReservation, reservationSupport, reserveNow } from './reservation';
import { clearChargingProfile, setChargingProfile, smartChargingSupport } from './smart-charging';
import { findCharger, targetOf } from './targets';

/** CALLERROR codes that mean "this charger cannot do that" (OCPP-J: NotImplemented, NotSupported). */
const UNSUPPORTED_CODES = new Set(['NotImplemented', 'NotSupported']);

const COMMANDS: {
  [K in ChargerCommandName]: Command<ChargerCommandCatalog[K]['input'], ChargerCommandCatalog[K]['result']>;
} = {
  ReserveNow: reserveNow,
  CancelReservation: cancelReservation,
  ReservationSupport: reservationSupport,
  RemoteStart: remoteStart,
  RemoteStop: remoteStop,
  SmartChargingSupport: smartChargingSupport,
  SetChargingProfile: setChargingProfile,
  ClearChargingProfile: clearChargingProfile,
};

/**
 * The domain's charger commands over OCPP.
 * @param options deadline and transport for every command sent (tests shorten the deadline)
 */
export function ocppChargerCommands(db: Db, options: Omit<CommandOptions, 'with' | 'before'> = {}): ChargerCommands {
  return {
    find: (chargerId, fresh) => findCharger(db, chargerId, fresh),
    notConnected: (chargerId) => new ChargerNotConnectedError(chargerId),
    async send(chargerId, name, input, sendOptions) {
      const charger = await findCharger(db, chargerId);
      if (!charger) throw new ChargerNotConnectedError(chargerId);
      const outcome = await runCommand(db, targetOf(charger), COMMANDS[name] as Command<typeof input, never>, input, {
        ...options,
        ...sendOptions,
      });
      if (outcome.ok) return outcome;
      const description = outcome.errorDescription ? `: ${outcome.errorDescription}` : '';
      return {
        ok: false,
        unsupported: UNSUPPORTED_CODES.has(outcome.errorCode),
        error: new ChargerErrorResponse(chargerId, outcome.action, `CALLERROR ${outcome.errorCode}${description}`),
      };
    },
  };
}
