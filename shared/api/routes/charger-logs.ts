/**
 * The charger logs route group (docs/charger-logs.md), served by the `chargerOperations`
 * function: the `getLog` operation kind (its body is the kind's, `shared/charger-operations/inputs.ts`).
 * The shape of an operation's logs is the `chargerOperationReads` group's, which answers them.
 */
import { defineRoutes } from './define';
import { OPERATION_INPUTS } from '../../charger-operations';
import { ChargerOperationResponse } from './charger-operation-reads';

/** The routes, in the order the OpenAPI document lists them. */
export const chargerLogRoutes = defineRoutes('chargerOperations', {
  'POST /api/ocpp/get-log': {
    role: 'operator',
    summary: 'Ask chargers to upload a log (OCPP 1.6 GetDiagnostics, 2.0.1 GetLog)',
    description:
      "Each charger gets an upload URL of ours (on AWS a presigned S3 PUT URL, or for 2.0.1, whose log.remoteLocation takes 512 characters, our short https://<domain>/uploads/<token>: PUT or multipart POST, 4 MiB at most; on the local stack a path of the local gateway), sent as GetLog log.remoteLocation with our requestId (2.0.1, and for a 1.6 SecurityLog the 1.6 security extension's GetLog) or 1.6 GetDiagnostics location (a 1.6 DiagnosticsLog). logType DiagnosticsLog or SecurityLog (a 1.6 charger without the security extension answers it NotSupported: notSupported); oldestTimestamp/latestTimestamp (1.6 startTime/stopTime) must not be in the future (400 naming the field). An accepted request is a scheduled result: 202 with the operation pending, then accepted when the charger reports the upload (1.6 DiagnosticsStatusNotification Uploaded after GetDiagnostics, LogStatusNotification Uploaded after GetLog) and the file is stored; failed with the charger's status as the error code (UploadFailed, UploadFailure, BadMessage, NotSupportedOperation, PermissionDenied); timeout when it never reports (LOG_UPLOAD_TIMEOUT_MS, 1 h). Rejected (or a 1.6 answer naming no file) is rejected; CALLERROR NotSupported/NotImplemented notSupported. Targets: chargerId, chargerIds or siteId, exactly one. Download links: GET /api/charger-operations/{operationId}/logs.",
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.getLog },
    responses: {
      200: {
        description: 'The operation, ended (every charger refused, failed or was not connected)',
        schema: ChargerOperationResponse,
      },
      202: { description: 'The operation, pending (uploads to come)', schema: ChargerOperationResponse },
    },
  },
});
