/**
 * Routes of the `chargerOperationReads` function: the reads of charger operations
 * (docs/charger-operations.md), the audit trail and one operation, and the logs of a get-log
 * operation with their download links (docs/charger-logs.md); and the operation's schemas, which
 * the operations' POST routes (`charger-operations.ts`) answer with.
 */
import * as z from 'zod';
import { OPERATION_ACTIONS } from '../../charger-operations';
import { OPERATION_STATUSES } from '../../db/entities/charger-operations';
import { numericIdParam, Pagination, paginationQuery, RequestedBySchema } from './common';
import { defineRoutes } from './define';

const RESULT_STATUSES = [
  'pending',
  'accepted',
  'scheduled',
  'rejected',
  'notSupported',
  'failed',
  'timeout',
  'notConnected',
] as const;

/** OCPP's certificate hash data (hexadecimal). */
const HashData = z.object({
  hashAlgorithm: z.string(),
  issuerNameHash: z.string(),
  issuerKeyHash: z.string(),
  serialNumber: z.string(),
});

/** One charger's (or port's) result. */
export const ChargerOperationResult = z
  .object({
    chargerId: z.number().int(),
    ocppId: z.string(),
    siteId: z.number().int(),
    portId: z.number().int().optional(),
    portNumber: z.number().int().optional().meta({ description: '1.6 connectorId / 2.0.1 evseId' }),
    status: z.enum(RESULT_STATUSES).meta({
      description:
        'pending: not answered yet; accepted: done (or a Scheduled change that has happened); scheduled: the charger will do it (still in progress); rejected; notSupported (its status or CALLERROR NotSupported/NotImplemented); failed (another CALLERROR, an invalid answer); timeout (no answer by the deadline, or a Scheduled change that never happened); notConnected (nothing sent)',
    }),
    ocppStatus: z.string().optional().meta({ description: "The charger's status word as sent" }),
    answer: z.record(z.string(), z.unknown()).optional().meta({ description: "The charger's CALLRESULT payload" }),
    error: z
      .object({ code: z.string(), description: z.string() })
      .optional()
      .meta({ description: 'A CALLERROR as sent, or ours: NotConnected, Timeout, InvalidAnswer, NoOutcome, …' }),
    note: z.string().optional(),
    answeredAt: z.string().optional(),
    settledAt: z.string().optional().meta({ description: 'When a scheduled result settled' }),
    firmware: z
      .object({
        requestId: z.number().int().meta({ description: 'Ours, unique per charger (sent as the 2.0.1 requestId)' }),
        status: z
          .string()
          .optional()
          .meta({ description: 'The last FirmwareStatusNotification (or PublishFirmwareStatusNotification) status' }),
        history: z
          .array(
            z.object({ status: z.string(), at: z.string().meta({ description: 'When we received it, ISO 8601 UTC' }) }),
          )
          .meta({ description: 'Every status notified for the request, oldest first' }),
        locations: z
          .array(z.string())
          .optional()
          .meta({ description: 'publish-firmware: where the local controller serves the image, once Published' }),
      })
      .optional()
      .meta({ description: "An update-firmware or publish-firmware result's progress (docs/firmware.md)" }),
    compositeSchedule: z
      .object({
        portNumber: z.number().int(),
        scheduleStart: z.string().optional(),
        duration: z.number().int().optional(),
        chargingRateUnit: z.enum(['A', 'W']),
        chargingSchedulePeriod: z.array(
          z.object({
            startPeriod: z.number().int(),
            limit: z.number().optional().meta({
              description:
                'A per phase or W; always on 1.6 and 2.0.1, optional on OCPP 2.1 (its operationMode sets the rate)',
            }),
            limit_L2: z.number().optional().meta({ description: 'OCPP 2.1: phase L2 (limit is then L1)' }),
            limit_L3: z.number().optional().meta({ description: 'OCPP 2.1: phase L3' }),
            numberPhases: z.number().int().optional(),
            setpoint: z
              .number()
              .optional()
              .meta({ description: 'OCPP 2.1: the rate the EV follows (negative: discharging)' }),
            setpoint_L2: z.number().optional(),
            setpoint_L3: z.number().optional(),
            operationMode: z
              .enum([
                'Idle',
                'ChargingOnly',
                'CentralSetpoint',
                'ExternalSetpoint',
                'ExternalLimits',
                'CentralFrequency',
                'LocalFrequency',
                'LocalLoadBalancing',
              ])
              .optional()
              .meta({ description: 'OCPP 2.1; absent: ChargingOnly' }),
          }),
        ),
      })
      .optional()
      .meta({ description: 'GetCompositeSchedule Accepted' }),
    customerInformation: z
      .object({
        requestId: z.number().int().meta({ description: 'Ours (CustomerInformation requestId)' }),
        complete: z.boolean(),
        report: z
          .string()
          .optional()
          .meta({ description: 'The NotifyCustomerInformation pages joined, once complete' }),
        pages: z.number().int(),
        generatedAt: z.string().optional(),
        truncated: z.boolean().optional().meta({ description: 'The report passed 64 KiB: its end is left out' }),
      })
      .optional()
      .meta({ description: 'A customer-information report (docs/charger-operations.md)' }),
    installedCertificates: z
      .array(
        z.object({
          certificateType: z.string(),
          ...HashData.shape,
          childCertificateHashData: z.array(HashData).optional(),
        }),
      )
      .optional()
      .meta({ description: 'GetInstalledCertificateIds: the certificates listed (none for NotFound)' }),
    displayMessageId: z
      .number()
      .int()
      .optional()
      .meta({ description: 'SetDisplayMessage: the id the message was set under' }),
    displayMessages: z
      .object({
        requestId: z.number().int(),
        complete: z.boolean(),
        messages: z
          .array(z.record(z.string(), z.unknown()))
          .optional()
          .meta({ description: 'Once complete: each as reported (2.0.1 MessageInfoType), in arrival order' }),
        truncated: z.boolean().optional().meta({ description: 'More than 50 listed: the rest left out' }),
      })
      .optional()
      .meta({ description: 'A get-display-messages listing (docs/charger-operations.md)' }),
    transactionStatus: z
      .object({
        messagesInQueue: z.boolean().meta({ description: 'Transaction messages still queued at the station' }),
        ongoingIndicator: z.boolean().optional().meta({ description: 'The transaction named is still ongoing' }),
      })
      .optional()
      .meta({ description: 'GetTransactionStatus (2.0.1 E14): the station’s answer' }),
    tariffAssignments: z
      .array(z.record(z.string(), z.unknown()))
      .optional()
      .meta({ description: 'GetTariffs (2.1 I12): the tariffs the station holds (TariffAssignmentType)' }),
    monitors: z
      .array(
        z.object({
          id: z.number().int().optional(),
          status: z.string(),
          statusInfo: z.string().optional(),
          type: z.string().optional(),
          severity: z.number().int().optional(),
          component: z.record(z.string(), z.unknown()).optional(),
          variable: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .optional()
      .meta({ description: 'Per monitor set or cleared: the charger’s id and status' }),
  })
  .meta({ id: 'ChargerOperationResult' });

/** An operation. */
export const ChargerOperation = z
  .object({
    operationId: z.string().meta({ description: 'UUIDv7' }),
    action: z.string().meta({ description: OPERATION_ACTIONS.join(', ') }),
    status: z.enum(OPERATION_STATUSES).meta({
      description: 'pending until every result is final; then completed (all accepted), failed (none) or partial',
    }),
    organizationId: z.number().int(),
    siteId: z.number().int().nullable().meta({ description: 'When every charger addressed is on one site' }),
    request: z.record(z.string(), z.unknown()).meta({ description: 'The validated body' }),
    requestedBy: RequestedBySchema,
    userEmail: z
      .string()
      .nullable()
      .meta({ description: "Who asked: a person's e-mail, or the API key's name; null for the operator CLI" }),
    createdAt: z.string(),
    updatedAt: z.string(),
    completedAt: z.string().nullable(),
    deadlineAt: z.string().meta({ description: 'By when every result is final (the sweep ends the rest)' }),
    results: z.array(ChargerOperationResult),
  })
  .meta({ id: 'ChargerOperation' });

/** `{ data: operation }`. */
export const ChargerOperationResponse = z.object({ data: ChargerOperation }).meta({ id: 'ChargerOperationResponse' });

/** A page of the audit trail. */
export const ChargerOperationList = z
  .object({ data: z.array(ChargerOperation), pagination: Pagination })
  .meta({ id: 'ChargerOperationList' });

/** `{operationId}` path. */
export const operationIdPath = z.strictObject({
  operationId: z.uuid({ version: 'v7', message: 'must be an operation ID (UUIDv7)' }),
});

/** `GET /api/charger-operations` query. */
export const ChargerOperationsQuery = paginationQuery.extend({
  chargerId: numericIdParam.optional().meta({ description: 'Operations that addressed this charger' }),
  siteId: numericIdParam.optional().meta({ description: 'Operations whose chargers are all on this site' }),
  action: z.enum(OPERATION_ACTIONS).optional(),
  status: z.enum(OPERATION_STATUSES).optional(),
  createdAfter: z.iso
    .datetime({ offset: true, message: 'must be an ISO 8601 date-time with offset' })
    .optional()
    .meta({ description: 'Operations created at or after it' }),
});

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
