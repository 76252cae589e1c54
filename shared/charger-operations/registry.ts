/**
 * The registry of operation kinds, by action: the one list the machinery (`operations.ts`), the
 * API routes and the worker read. Adding a kind (configuration, firmware, logs) is one entry here
 * with its module, its OCPP command declarations (`shared/ocpp/commands/charger-operations.ts`),
 * and its route (`shared/api/routes/charger-operations.ts`).
 */
import type { OperationKind } from './kinds';
import { changeAvailability, clearCache, reset, triggerMessage, unlockConnector } from './core-kinds';
import { updateFirmware } from './firmware-kind';
import { getLog } from './log-kind';

/** Every kind, by its action. */
export const OPERATION_KINDS = {
  reset,
  unlockConnector,
  changeAvailability,
  triggerMessage,
  clearCache,
  updateFirmware,
  getLog,
} as const satisfies Record<string, OperationKind<any>>;

/** An operation's action. */
export type OperationAction = keyof typeof OPERATION_KINDS;

/** Every action, for the audit trail's filter. */
export const OPERATION_ACTIONS = Object.keys(OPERATION_KINDS) as OperationAction[];

/** The kind of a stored action; undefined for one this build does not know. */
export function kindOf(action: string): OperationKind<any> | undefined {
  return (OPERATION_KINDS as Record<string, OperationKind<any>>)[action];
}
