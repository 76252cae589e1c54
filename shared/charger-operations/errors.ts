/** Domain errors of charger operations. */
import { InvalidError, NotFoundError } from '../errors';

/** No operation has this ID (or none the caller may see: same answer). */
export class OperationNotFoundError extends NotFoundError {
  constructor(operationId: string) {
    super(`Charger operation ${JSON.stringify(operationId)} not found`);
  }
}

/**
 * An input the addressed charger's OCPP version does not take (a 1.6 reset type for a 2.0.1
 * charger, a message its version cannot trigger, a port reset for 1.6): nothing is sent.
 */
export class NotTakenByChargerError extends InvalidError {
  /**
   * @param field the body field, in domain terms (`type`, `requestedMessage`, `portId`)
   * @param problem what the charger's version takes instead
   */
  constructor(field: string, chargerId: number, problem: string) {
    super(field, problem, `Invalid ${field} for charger ${chargerId}: ${problem}`);
  }
}
