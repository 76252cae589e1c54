/**
 * The local authorization list route group (docs/local-authorization-list.md), served by the
 * `commands` function: a charger's list as the CSMS last set it, its limits and the last
 * synchronisation, and its resync. Not in the reference product: the shapes are ours.
 */
import * as z from 'zod';
import { defineRoutes, idPath } from './define';

/** A charger's local list. */
export const LocalList = z
  .strictObject({
    chargerId: z.number().int(),
    ocppId: z.string(),
    support: z
      .enum(['supported', 'unsupported', 'unknown'])
      .meta({ description: 'Whether the charger keeps a local list, as it said at its last boot' }),
    status: z.enum(['neverSynced', 'syncing', 'inSync', 'pending', 'failed', 'unsupported']).meta({
      description: '`pending`: changes wait for the charger to connect; `failed`: its last answer was not Accepted',
    }),
    listVersion: z
      .number()
      .int()
      .meta({ description: 'The version the charger holds, as the CSMS last set it (0: none)' }),
    entryCount: z.number().int(),
    entries: z.array(z.string()).meta({ description: 'The normalised ocppIdTags the charger holds, sorted' }),
    omitted: z.number().int().meta({
      description: 'Authorized access IDs that did not fit (LocalAuthListMaxLength; a 1.6 idTag over 20 characters)',
    }),
    maxLength: z.number().int().optional().meta({ description: 'LocalAuthListMaxLength, when the charger said' }),
    itemsPerMessage: z
      .number()
      .int()
      .optional()
      .meta({ description: '1.6 SendLocalListMaxLength / 2.0.1 ItemsPerMessage, when the charger said' }),
    bytesPerMessage: z.number().int().optional().meta({ description: '2.0.1 BytesPerMessage, when the charger said' }),
    fullRequired: z.boolean().meta({ description: 'The next update is Full' }),
    lastSync: z
      .strictObject({
        at: z.string(),
        updateType: z.string().meta({ description: '`Full`, `Differential` or `None` (nothing to send)' }),
        messages: z.number().int().meta({ description: 'SendLocalList messages sent' }),
        result: z
          .string()
          .meta({ description: 'Accepted, Failed, VersionMismatch, NotSupported, NotConnected or NoAnswer' }),
        error: z.string().optional(),
      })
      .optional(),
    resyncRequestedAt: z.string().optional(),
  })
  .meta({ id: 'LocalAuthorizationList' });

/** `GET /api/chargers/{id}/local-list` and `POST …/sync` answer. */
export const LocalListResponse = z.strictObject({ data: LocalList });

/** The routes, served by the `commands` function, in the order the OpenAPI document lists them. */
export const localListRoutes = defineRoutes('commands', {
  'GET /api/chargers/{id}/local-list': {
    summary: "A charger's local authorization list (OCPP SendLocalList), as the CSMS last set it",
    description:
      'Its support, version, entries, limits and last synchronisation (docs/local-authorization-list.md). 404 unknown charger.',
    tags: ['OCPP commands'],
    request: { pathParameters: idPath },
    responses: { 200: { description: "The charger's local list", schema: LocalListResponse } },
  },
  'POST /api/chargers/{id}/local-list/sync': {
    role: 'operator',
    summary: "Resend a charger's whole local authorization list (a Full update)",
    description:
      "No body. Answered 202 at once: the update runs from the table's stream, when the charger is connected. 404 unknown charger; 409 the charger keeps no local list (it said so at its last boot).",
    tags: ['OCPP commands'],
    request: { pathParameters: idPath },
    responses: { 202: { description: 'The update is requested', schema: LocalListResponse } },
  },
});
