/**
 * The face of `shared/alert-recipients/` (the people alerts are e-mailed to, and the e-mail): what
 * the adapters (`shared/api`, `shared/ocpp`, `lambdas/`, `lib/`, `bin/`) import of it, and only
 * through here (`.dependency-cruiser.cjs`, docs/architecture.md "Domain folders"). Tests may import
 * the modules.
 *
 * @module
 */
export { emailAlerts } from './email';
export {
  createAlertRecipient,
  deleteAlertRecipient,
  listAlertRecipients,
  MAX_RECIPIENT_NAME_LENGTH,
  readAlertRecipient,
  updateAlertRecipient,
  type AlertRecipient,
} from './recipients';
