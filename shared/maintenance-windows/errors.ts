/** Domain errors of maintenance windows (docs/maintenance-windows.md). */
import { ConflictError, NotFoundError } from '../errors';

/** No window has this ID (or none the caller may see: same answer). */
export class MaintenanceWindowNotFoundError extends NotFoundError {
  constructor(windowId: number) {
    super(`Maintenance window ${windowId} not found`);
  }
}

/** The charger named by a window's `chargerId` does not exist (or the caller may not see it). */
export class WindowChargerNotFoundError extends NotFoundError {
  constructor(chargerId: number) {
    super(`Charger ${chargerId} not found`, 'chargerId', 'not found');
  }
}

/** The window has ended: it is history (charger health counts it) and can no longer change. */
export class WindowEndedError extends ConflictError {
  constructor(windowId: number, endTimestamp: string) {
    super(`Maintenance window ${windowId} ended at ${endTimestamp}: an ended window cannot change`);
  }
}

/** The window changed (or was deleted) between this request's read and its write. */
export class WindowChangedError extends ConflictError {
  constructor(windowId: number) {
    super(`Maintenance window ${windowId} was changed by another request meanwhile; read it and retry`);
  }
}
