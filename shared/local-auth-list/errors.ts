/** Domain errors of the local authorization list. */
import { ConflictError } from '../errors';

/** The charger said at its last boot that it keeps no local list: nothing can be sent to it. */
export class LocalListUnsupportedError extends ConflictError {
  constructor(chargerId: number) {
    super(`Charger ${chargerId} keeps no local authorization list (it said so at its last boot)`);
  }
}
