/**
 * Answers and queries of charger operations (docs/charger-operations.md). The request bodies are
 * the kinds' own schemas (`shared/charger-operations/core-kinds.ts`), since a kind owns its input.
 */
import * as z from 'zod';
import { OPERATION_STATUSES } from '../../db/entities/charger-operations';
import { OPERATION_ACTIONS } from '../../charger-operations/kinds';
import { numericIdParam, Pagination, paginationQuery } from './common';

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
    requestedBy: z
      .union([z.object({ apiKeyId: z.number().int() }), z.object({ operator: z.string() })])
      .meta({ description: 'The API key that asked, or the operator CLI' }),
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
