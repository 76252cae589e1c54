/**
 * The reads of charger operations (docs/charger-operations.md): the audit trail, one operation
 * (settled first when pending), and a get-log operation's logs with their download links
 * (docs/charger-logs.md). Apart from `charger-operations.ts`, which asks for operations: asking
 * starts the worker (the Lambda client, about a sixth of a bundle) and validates every kind's body,
 * while reading settles a log's upload (a HeadObject) and signs download links, with the SigV4
 * signer alone (`shared/charger-logs/s3-storage.ts`), and may read S3 objects.
 */
import { chargerOperationReadRoutes } from '../../shared/api/routes/charger-operation-reads';
import { listOperations, readOperation, readOperationLogs } from '../../shared/charger-operations';
import { s3LogStorage } from '../../shared/charger-logs/s3-storage';
import { storeLogsInS3 } from '../../shared/charger-logs';
import { httpHandler } from './lib/http-handler';

// A read settles a log's upload (a HeadObject) and signs its download link (a presigned GetObject).
storeLogsInS3(s3LogStorage);

/** Lambda handler of the charger operations' reads. */
export const handler = httpHandler(chargerOperationReadRoutes, {
  'GET /api/charger-operations': async ({ db, principal, queryStringParameters }) => ({
    body: await listOperations(db, principal, queryStringParameters),
  }),
  'GET /api/charger-operations/{operationId}': async ({ db, principal, pathParameters }) => ({
    body: { data: await readOperation(db, principal, pathParameters.operationId) },
  }),
  'GET /api/charger-operations/{operationId}/logs': async ({ db, principal, pathParameters }) => ({
    body: { data: await readOperationLogs(db, principal, pathParameters.operationId) },
  }),
});
