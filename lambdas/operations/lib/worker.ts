/**
 * The operation worker's handler (docs/charger-operations.md, "How it runs"), one for each worker
 * function: invoked asynchronously with `{ operationId }` by the `chargerOperations` HTTP function
 * (and the sweep, for firmware campaigns), it performs every pending target of the operation
 * through the OCPP command path (its deadline `OCPP_COMMAND_TIMEOUT_MS`), recording each
 * charger's outcome. Each worker holds the commands of the kinds it performs.
 */
import { getDb } from '../../../shared/db';
import { logger } from '../../../shared/logger';
import { type ChargerOperationCommandCatalog, performOperation } from '../../../shared/charger-operations';
import { type CommandSet, ocppChargerCommands } from '../../../shared/ocpp/commands/charger-commands';

/** A UUID of any version (an operationId is a UUIDv7). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The handler of a worker holding `commands`: `{ operationId }` → performs it; anything else is
 * logged and ignored.
 */
export function operationWorker(commands: CommandSet<ChargerOperationCommandCatalog>) {
  return async (event: { operationId?: unknown }): Promise<'done' | 'invalid'> => {
    const operationId = event?.operationId;
    if (typeof operationId !== 'string' || !UUID.test(operationId)) {
      logger.error('perform: invalid event', { event });
      return 'invalid';
    }
    const db = getDb();
    await performOperation(db, ocppChargerCommands(db, commands), operationId);
    return 'done';
  };
}
