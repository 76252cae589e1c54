/**
 * The operation worker of log requests (`getLog`, docs/charger-logs.md): invoked asynchronously
 * with `{ operationId }` like `perform.ts`, it signs each charger's upload URL (a presigned S3 PUT
 * URL, or where that is too long for the charger a short one of ours with the URL secret) and
 * sends GetLog or GetDiagnostics. It holds only the log commands: the log commands' validators and
 * the Secrets Manager client stay out of the other worker, and the other kinds' out of this one.
 */
import { LOG_OPERATION_COMMANDS } from '../../shared/ocpp/commands/charger-logs';
import { logUrlSecret, storeLogsInS3 } from '../../shared/charger-logs';
import { s3LogStorage } from '../../shared/charger-logs/s3-storage';
import { operationWorker } from './lib/worker';

storeLogsInS3(s3LogStorage, () => logUrlSecret());

/** `{ operationId }` of a `getLog` operation → performs it; anything else is logged and ignored. */
export const handler = operationWorker(LOG_OPERATION_COMMANDS);
