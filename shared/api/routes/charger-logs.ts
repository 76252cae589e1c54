/**
 * The charger logs route group (docs/charger-logs.md), served by the `chargerOperations`
 * function: the `getLog` operation kind (its body is the kind's, `shared/charger-operations/inputs.ts`),
 * and the shape of an operation's logs, which the `chargerOperationReads` function answers.
 */
import * as z from 'zod';
import { defineRoutes } from './define';
import { OPERATION_INPUTS } from '../../charger-operations';
import { ChargerOperationResponse } from './charger-operations';

/** One charger's log of a `getLog` operation. */
export const ChargerLog = z
  .object({
    chargerId: z.number().int(),
    ocppId: z.string(),
    requestId: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Ours (2.0.1 GetLog requestId); null when nothing was asked' }),
    logType: z.string().meta({ description: 'DiagnosticsLog or SecurityLog' }),
    status: z.enum(['pending', 'uploaded', 'failed', 'notRequested']).meta({
      description:
        'pending: not uploaded yet; uploaded: the file is stored; failed: the charger refused, failed or reported a failure; notRequested: nothing was asked (not connected)',
    }),
    ocppStatus: z.string().nullable().meta({
      description:
        'The last status the charger reported (1.6 DiagnosticsStatus: Uploading, Uploaded, UploadFailed, Idle; 2.0.1 UploadLogStatusEnumType), or ours: Requested, Accepted, NotAccepted, AcceptedCanceled',
    }),
    fileName: z.string().nullable().meta({ description: "The charger's file name, from its answer" }),
    sizeBytes: z.number().int().nullable().meta({ description: 'Size of the stored file, bytes' }),
    uploadedAt: z.string().nullable().meta({ description: 'When the file was stored, ISO 8601 UTC' }),
    downloadUrl: z.string().nullable().meta({
      description:
        'A short-lived link to the file (on AWS a presigned S3 GET URL), valid 15 minutes: ask again for a new one',
    }),
    downloadUrlExpiresAt: z.string().nullable(),
  })
  .meta({ id: 'ChargerLog' });

/** `{ data: logs }`. */
export const ChargerLogList = z.object({ data: z.array(ChargerLog) }).meta({ id: 'ChargerLogList' });

/** The routes, in the order the OpenAPI document lists them. */
export const chargerLogRoutes = defineRoutes('chargerOperations', {
  'POST /api/ocpp/get-log': {
    role: 'operator',
    summary: 'Ask chargers to upload a log (OCPP 1.6 GetDiagnostics, 2.0.1 GetLog)',
    description:
      "Each charger gets an upload URL of ours (on AWS a presigned S3 PUT URL, or for 2.0.1, whose log.remoteLocation takes 512 characters, our short https://<domain>/uploads/<token>: PUT or multipart POST, 4 MiB at most; on the local stack a path of the local gateway), sent as 1.6 GetDiagnostics location or 2.0.1 GetLog log.remoteLocation with our requestId. logType DiagnosticsLog (both versions) or SecurityLog (2.0.1 only: 400 body.logType for a 1.6 charger, nothing sent); oldestTimestamp/latestTimestamp (1.6 startTime/stopTime) must not be in the future (400 naming the field). An accepted request is a scheduled result: 202 with the operation pending, then accepted when the charger reports the upload (1.6 DiagnosticsStatusNotification Uploaded, 2.0.1 LogStatusNotification Uploaded) and the file is stored; failed with the charger's status as the error code (UploadFailed, UploadFailure, BadMessage, NotSupportedOperation, PermissionDenied); timeout when it never reports (LOG_UPLOAD_TIMEOUT_MS, 1 h). Rejected (or a 1.6 answer naming no file) is rejected; CALLERROR NotSupported/NotImplemented notSupported. Targets: chargerId, chargerIds or siteId, exactly one. Download links: GET /api/charger-operations/{operationId}/logs.",
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
