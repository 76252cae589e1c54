/** Domain errors of the history context: sessions, health, error reports and the OCPP message log. */
import { BusyError, InvalidError, NotFoundError } from '../errors';

/** A filter, time range or period that breaks a rule; `field` names it as the caller sent it. */
export class InvalidHistoryInputError extends InvalidError {}

/** The charger named does not exist, or is not visible to the caller (same answer). */
export class HistoryChargerNotFoundError extends NotFoundError {
  constructor(chargerId: number, field = 'chargerId') {
    super(`Charger ${chargerId} not found`, field, 'not found');
  }
}

/** The site named does not exist, or is not visible to the caller (same answer). */
export class HistorySiteNotFoundError extends NotFoundError {
  constructor(siteId: number, field = 'siteId') {
    super(`Site ${siteId} not found`, field, 'not found');
  }
}

/**
 * Another request of the same kind from the same API key is still running (a request lease is
 * held): the caller should retry after `retryAfterSeconds`.
 */
export class RequestInFlightError extends BusyError {
  constructor(
    readonly what: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`Only one ${what} request may run at a time per API key; retry in ${retryAfterSeconds} s`);
  }
}
