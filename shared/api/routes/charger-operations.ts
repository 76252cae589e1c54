/**
 * The `chargerOperations` route group: charger operations as resources
 * (docs/charger-operations.md), their answers and the list's query, and the routes: one
 * `POST /api/ocpp/<kind>` per operation kind with the kind's own body schema
 * (`shared/charger-operations/inputs.ts`). The function also serves the charger logs' and the firmware
 * campaigns' groups; the operations' reads are the `chargerOperationReads` function's
 * (`charger-operation-reads.ts`).
 */
import * as z from 'zod';
import { OPERATION_STATUSES } from '../../db/entities/charger-operations';
import { OPERATION_ACTIONS, OPERATION_INPUTS } from '../../charger-operations';
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
        status: z.string().optional().meta({ description: 'The last FirmwareStatusNotification status' }),
        history: z
          .array(
            z.object({ status: z.string(), at: z.string().meta({ description: 'When we received it, ISO 8601 UTC' }) }),
          )
          .meta({ description: 'Every status notified for the request, oldest first' }),
      })
      .optional()
      .meta({ description: "An update-firmware result's progress (docs/firmware.md)" }),
    compositeSchedule: z
      .object({
        portNumber: z.number().int(),
        scheduleStart: z.string().optional(),
        duration: z.number().int().optional(),
        chargingRateUnit: z.enum(['A', 'W']),
        chargingSchedulePeriod: z.array(
          z.object({ startPeriod: z.number().int(), limit: z.number(), numberPhases: z.number().int().optional() }),
        ),
      })
      .optional()
      .meta({ description: 'GetCompositeSchedule Accepted' }),
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

const ANSWER =
  "200 with the operation when every charger answered within a few seconds (results with each charger's answer), else 202 with it pending: follow it with GET /api/charger-operations/{operationId}. Targets: chargerId, chargerIds (bulk, up to 500) or siteId (every charger of the site), exactly one. 404 unknown charger, port or site (nothing sent); 400 a field the charger's OCPP version does not take, named (nothing sent). A charger not connected is a result notConnected, not an error.";

const responses = {
  200: { description: 'The operation, ended', schema: ChargerOperationResponse },
  202: { description: 'The operation, pending', schema: ChargerOperationResponse },
};

/** The routes, in the order the OpenAPI document lists them. */
export const chargerOperationRoutes = defineRoutes('chargerOperations', {
  'POST /api/ocpp/reset': {
    role: 'operator',
    summary: 'Reset chargers (OCPP Reset)',
    description: `1.6 Soft/Hard; 2.0.1 OnIdle/Immediate, optionally one port (portId, sent as evseId). A charger that resets before it answers (its connection drops, then it boots) is accepted. A 2.0.1 Scheduled (OnIdle while charging) is a success that settles when the charger boots. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.reset },
    responses,
  },
  'POST /api/ocpp/unlock-connector': {
    role: 'operator',
    summary: "Unlock a port's connector (OCPP UnlockConnector)",
    description: `Unlocked is accepted; UnlockFailed, OngoingAuthorizedTransaction, UnknownConnector are rejected, NotSupported notSupported. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.unlockConnector },
    responses,
  },
  'POST /api/ocpp/change-availability': {
    role: 'operator',
    summary: 'Make chargers or a port Operative or Inoperative (OCPP ChangeAvailability)',
    description: `Scheduled (a transaction in progress) is a success: the result stays scheduled until the port's status (every port's, for a charger) shows the change, then accepted. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.changeAvailability },
    responses,
  },
  'POST /api/ocpp/trigger-message': {
    role: 'operator',
    summary: 'Ask chargers to send a message (OCPP TriggerMessage)',
    description: `Only the messages of the charger's version: 1.6 BootNotification, DiagnosticsStatusNotification, FirmwareStatusNotification, Heartbeat, MeterValues, StatusNotification; 2.0.1 also LogStatusNotification, TransactionEvent, the Sign…Certificate and PublishFirmwareStatusNotification, not DiagnosticsStatusNotification. NotImplemented is notSupported. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.triggerMessage },
    responses,
  },
  'POST /api/ocpp/clear-cache': {
    role: 'operator',
    summary: "Clear chargers' authorization cache (OCPP ClearCache)",
    description: ANSWER,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.clearCache },
    responses,
  },
  'POST /api/ocpp/get-composite-schedule': {
    role: 'operator',
    summary: 'What chargers will enforce (OCPP GetCompositeSchedule)',
    description: `A port's, or a charger's (id 0), over duration seconds: the result's compositeSchedule. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.getCompositeSchedule },
    responses,
  },
  'POST /api/ocpp/update-firmware': {
    summary: "Update chargers' firmware (OCPP UpdateFirmware)",
    description: `1.6 §5.19 (location, retrieveDate, retries, retryInterval); 2.0.1 L01 with our requestId, and installDate, signingCertificate, signature when given (400 naming the field for a 1.6 charger). location must be an https, ftp or ftps URL (400 body.location); retrieveDate and installDate not in the past (400 naming the field). Taken (1.6's answer, 2.0.1 Accepted/AcceptedCanceled): the result is scheduled with firmware { requestId, status, history } and settles from the charger's FirmwareStatusNotifications: Installed accepted; DownloadFailed, InstallationFailed, InstallVerificationFailed, InvalidSignature failed (error.code the status); no status for an hour: timeout FirmwareStalled. A reboot in between is not a failure. Rejected, InvalidCertificate, RevokedCertificate rejected. See docs/firmware.md. ${ANSWER}`,
    tags: ['Charger operations'],
    request: { body: OPERATION_INPUTS.updateFirmware },
    responses,
  },
});
