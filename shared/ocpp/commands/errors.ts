/**
 * Errors of the command path (a CALL of ours to a charger). They belong to the OCPP layer: the
 * HTTP layer maps them to problem documents (409 `/problems/charger-not-connected`, 504
 * `/problems/charger-timeout`, 502 `/problems/charger-error`); a background sender handles them
 * as it sees fit.
 */

/** Base class of the command path's errors: the charger it was about. */
export class CommandError extends Error {
  constructor(
    readonly chargerId: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/**
 * The charger has no open OCPP connection, or the connection the command was posted to (or
 * waited for) closed: the command was not sent, or its answer will never come.
 */
export class ChargerNotConnectedError extends CommandError {
  constructor(chargerId: number) {
    super(chargerId, `Charger ${chargerId} is not connected; the command was not sent`);
  }
}

/** The charger did not answer before the deadline; a late answer is ignored. */
export class ChargerTimeoutError extends CommandError {
  /** The deadline, in s (one decimal). */
  readonly seconds: number;

  /**
   * @param action the OCPP action
   * @param deadlineMs the deadline, in ms
   */
  constructor(
    chargerId: number,
    readonly action: string,
    deadlineMs: number,
  ) {
    const seconds = Math.round(deadlineMs / 100) / 10;
    super(chargerId, `Charger ${chargerId} did not answer ${action} within ${seconds} s; a late answer is ignored`);
    this.seconds = seconds;
  }
}

/** The charger answered with a CALLERROR we do not map to a status, or with a reply that breaks the action's schema. */
export class ChargerErrorResponse extends CommandError {
  /**
   * @param action the OCPP action
   * @param detail what it answered, e.g. `CALLERROR InternalError: disk full`
   */
  constructor(
    chargerId: number,
    readonly action: string,
    readonly detail: string,
  ) {
    super(chargerId, `Charger ${chargerId} answered ${action} with ${detail}`);
  }
}
