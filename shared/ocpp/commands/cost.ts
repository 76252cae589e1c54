/**
 * CostUpdated (OCPP 2.0.1 I04): the CSMS tells a charging station the running cost of a transaction
 * (`totalCost`, in the currency the station's `TariffCostCtrlr.Currency` names, and `transactionId`);
 * the station answers an empty CostUpdatedResponse. OCPP 1.6 has no such message: a 1.6 charger
 * answers NotSupported without a CALL (and is never sent it: `COST_UPDATED_PROTOCOLS`). One
 * declaration for what sends it: the table stream's cost updates (`shared/charging/cost-updates.ts`).
 */
import type { CostCommandCatalog } from '../../charging';
import type { CommandSet } from './charger-commands';
import { defineCommand201 } from './command';
import * as V201 from '../validators/v201';

/** CostUpdated (2.0.1 I04): `{ totalCost, transactionId }`, answered `{}`. */
export const costUpdated = defineCommand201<CostCommandCatalog['CostUpdated']['input'], undefined, 'CostUpdated'>({
  name: 'CostUpdated',
  'ocpp2.0.1': {
    call: V201.CostUpdated,
    request: ({ ocppTransactionId, totalCost }) => ({ totalCost, transactionId: ocppTransactionId }),
    result: () => undefined,
  },
});

/** The OCPP declaration of the cost commands: what the stream's sender wires into `ocppChargerCommands`. */
export const COST_COMMANDS: CommandSet<CostCommandCatalog> = { CostUpdated: costUpdated };
