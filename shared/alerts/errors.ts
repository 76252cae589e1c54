/** Domain errors of alerts (docs/alerts.md). */
import { NotFoundError } from '../errors';

/** No alert has this ID (or none the caller may see: same answer). */
export class AlertNotFoundError extends NotFoundError {
  constructor(alertId: number) {
    super(`Alert ${alertId} not found`);
  }
}
