/** Every OCPP 1.6-J action a charger may send to this CSMS, by functional block. */
import { HandlerRegistry } from '../handler';
import { provisioning } from './provisioning';
import { availability } from './availability';
import { authorization } from './authorization';
import { transactions } from './transactions';
import { firmware } from './firmware';
import { dataTransfer } from './data-transfer';
import { security } from './security';

/** The OCPP 1.6 handler registry; building it fails if an action is registered twice. */
export const ocpp16Registry = new HandlerRegistry('ocpp1.6', [
  ...provisioning,
  ...availability,
  ...authorization,
  ...transactions,
  ...firmware,
  ...dataTransfer,
  ...security,
]);
