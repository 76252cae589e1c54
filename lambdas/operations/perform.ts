/**
 * The operation worker (docs/charger-operations.md, "How it runs") of every kind but logs:
 * invoked asynchronously with `{ operationId }`, it performs the operation through the OCPP command
 * path (`lib/worker.ts`). Log requests have their own worker (`perform-logs.ts`), which holds the S3
 * client their upload URLs need, so that this one does not.
 */
import { CHARGER_OPERATION_COMMANDS } from '../../shared/ocpp/commands/charger-operations';
import { operationWorker } from './lib/worker';

/** `{ operationId }` → performs it; anything else is logged and ignored. */
export const handler = operationWorker(CHARGER_OPERATION_COMMANDS);
