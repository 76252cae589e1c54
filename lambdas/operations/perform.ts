/**
 * The operation worker (docs/charger-operations.md), invoked asynchronously with `{ operationId }`
 * by the `chargerOperations` HTTP function: performs every pending target of the operation through
 * the OCPP command path (its deadline `OCPP_COMMAND_TIMEOUT_MS`), recording each charger's outcome.
 */
import { getDb } from '../../shared/db';
import { logger } from '../../shared/logger';
import { performOperation } from '../../shared/charger-operations';
import { ocppChargerCommands } from '../../shared/ocpp/commands/charger-commands';
import { CHARGER_OPERATION_COMMANDS } from '../../shared/ocpp/commands/charger-operations';
import { logUrlSecret, storeLogsInS3 } from '../../shared/charger-logs';
import { s3LogStorage } from '../../shared/charger-logs/s3-storage';

// The worker signs upload URLs: short ones of ours where a presigned URL is too long (2.0.1 GetLog).
storeLogsInS3(s3LogStorage, () => logUrlSecret());

/** A UUID of any version (an operationId is a UUIDv7). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `{ operationId }` → performs it; anything else is logged and ignored. */
export async function handler(event: { operationId?: unknown }): Promise<'done' | 'invalid'> {
  const operationId = event?.operationId;
  if (typeof operationId !== 'string' || !UUID.test(operationId)) {
    logger.error('perform: invalid event', { event });
    return 'invalid';
  }
  const db = getDb();
  await performOperation(db, ocppChargerCommands(db, CHARGER_OPERATION_COMMANDS), operationId);
  return 'done';
}
