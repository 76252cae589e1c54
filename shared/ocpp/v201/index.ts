/** Every OCPP 2.0.1 action a charging station may send to this CSMS, by functional block. */
import { HandlerRegistry } from '../handler';
import { provisioning } from './provisioning';
import { availability } from './availability';
import { authorization } from './authorization';
import { transactions } from './transactions';
import { meterValues } from './meter-values';
import { firmware } from './firmware';
import { diagnostics } from './diagnostics';
import { security } from './security';
import { dataTransfer } from './data-transfer';
import { reservation } from './reservation';
import { smartCharging } from './smart-charging';
import { monitoring } from './monitoring';
import { display } from './display';

/** The OCPP 2.0.1 handler registry; building it fails if an action is registered twice. */
export const ocpp201Registry = new HandlerRegistry('ocpp2.0.1', [
  ...provisioning,
  ...availability,
  ...authorization,
  ...transactions,
  ...meterValues,
  ...firmware,
  ...diagnostics,
  ...security,
  ...dataTransfer,
  ...reservation,
  ...smartCharging,
  ...monitoring,
  ...display,
]);
