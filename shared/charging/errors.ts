/** Domain errors of charging: sessions, reservations and remote control of ports. */
import { ConflictError, InvalidError } from '../errors';

/** The reservationId is used already in the organization (caller-assigned, unique: spec §4.3). */
export class ReservationIdTakenError extends ConflictError {
  constructor(reservationId: number) {
    super(`reservationId ${reservationId} is already used in this organization`, 'reservationId', 'already used');
  }
}

/** No charging session is in progress on the port (or not the one the caller named). */
export class NoSessionInProgressError extends ConflictError {
  constructor(portId: number, named?: { sessionId: number; current: number }) {
    super(
      named
        ? `Session ${named.sessionId} is not in progress on port ${portId} (session ${named.current} is)`
        : `No charging session is in progress on port ${portId}`,
      named ? 'sessionId' : 'portId',
      named ? 'not the session in progress' : 'no session in progress',
    );
  }
}

/** A field the charger's OCPP version does not take (e.g. `parentIdTag` on OCPP 2.0.1). */
export class UnsupportedByChargerError extends InvalidError {
  constructor(field: string, chargerId: number, protocol: string, message: string) {
    super(field, `charger ${chargerId} speaks ${protocol}`, message);
  }
}

/**
 * A connector/EVSE number that cannot be a port of the charger: below 1, or beyond the registered
 * ports plus the few a charger may add by reporting them (`shared/charging/ports.ts`).
 */
export class PortNumberError extends InvalidError {
  constructor(portNumber: number, problem: string) {
    super('portNumber', problem, `Connector/EVSE ${portNumber} cannot be a port of this charger: ${problem}`);
  }
}
