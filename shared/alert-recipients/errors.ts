/** Domain errors of alert recipients (docs/alert-recipients.md). */
import { NotFoundError } from '../errors';

/** No recipient has this ID (or none the caller may see: same answer). */
export class AlertRecipientNotFoundError extends NotFoundError {
  constructor(alertRecipientId: number) {
    super(`Alert recipient ${alertRecipientId} not found`);
  }
}
