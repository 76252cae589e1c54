/**
 * Routes of the `chargerOperationReads` function: the reads of charger operations
 * (docs/charger-operations.md), the audit trail and one operation, and the logs of a get-log
 * operation with their download links (docs/charger-logs.md).
 */
import * as z from 'zod';
import { defineRoutes } from './define';
import {
  ChargerOperationList,
  ChargerOperationResponse,
  ChargerOperationsQuery,
  operationIdPath,
} from './charger-operations';

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

/** The reads, in the order the OpenAPI document lists them. */
export const chargerOperationReadRoutes = defineRoutes('chargerOperationReads', {
  'GET /api/charger-operations': {
    summary: 'The audit trail of charger operations',
    description:
      'Newest first, 100 per page; filters chargerId, siteId, action, status, createdAfter. A site-scoped key sees the operations of its site only.',
    tags: ['Charger operations'],
    request: { queryStringParameters: ChargerOperationsQuery },
    responses: { 200: { description: 'One page of operations', schema: ChargerOperationList } },
  },
  'GET /api/charger-operations/{operationId}': {
    summary: 'A charger operation',
    description:
      "Its status and each charger's result. Reading a pending operation settles what can be: a scheduled change that has happened, an operation past its deadline. Another organization's operation is 404.",
    tags: ['Charger operations'],
    request: { pathParameters: operationIdPath },
    responses: { 200: { description: 'The operation', schema: ChargerOperationResponse } },
  },
  'GET /api/charger-operations/{operationId}/logs': {
    summary: 'The logs of a get-log operation, with download links',
    description:
      "One entry per charger: its request, the last status it reported, and once uploaded the file's name, size, time and a download link valid 15 minutes (on AWS a presigned S3 GET URL). Reading settles the operation as its read does. 404 for another organization's operation, or one that is not a get-log operation.",
    tags: ['Charger operations'],
    request: { pathParameters: operationIdPath },
    responses: { 200: { description: 'The logs', schema: ChargerLogList } },
  },
});
