/**
 * The `commands` route group: spec §4.3, §4.4 OCPP commands (reservations, remote start and
 * stop) and a charger's Basic-auth password, their bodies and answers (spec §2.5; reference notes
 * "Reservations") and routes. Remote start and stop are not in the reference product: their shapes
 * are ours, kept like the reservation endpoints (`{ data: { status } }`). The function also serves
 * the charger configuration's refresh and change and the local list's groups.
 */
import * as z from 'zod';
import { ID_TOKEN_TYPES } from '../../ocpp/id-token-types';
import { ocppPasswordSchema } from '../../chargers';
import { defineRoutes, idPath } from './define';

const positiveId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** OCPP IdToken: 1–20 characters (OCPP 1.6 CiString20Type), no control characters. */
const idTag = z
  .string()
  .min(1, 'must not be empty')
  .max(20, 'must be at most 20 characters')
  .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');
/** ISO 8601 date-time with a UTC offset (`Z` or `±hh:mm`). */
const isoDateTime = z.iso.datetime({
  offset: true,
  message: 'must be an ISO 8601 date-time with offset, e.g. 2026-11-21T18:00:00Z',
});

/** `POST /api/ocpp/reservations` body. */
export const ReservationBody = z
  .strictObject({
    portId: positiveId.meta({ description: 'Port ID (from the charger read)' }),
    expiryDate: isoDateTime
      .refine((v) => Date.parse(v) > Date.now(), 'must be in the future')
      .meta({ description: 'When the reservation ends' }),
    idTag: idTag.meta({ description: 'The only idTag that may start on the reserved port' }),
    reservationId: z
      .number()
      .int()
      .min(0)
      .max(2_147_483_647)
      .meta({ description: 'Chosen by the caller; unique in the organization (a reused one is 409)' }),
    parentIdTag: idTag
      .optional()
      .meta({ description: 'Group idTag, OCPP 1.6 chargers only (400 for a 2.0.1 charger)' }),
    idTokenType: z
      .enum(ID_TOKEN_TYPES)
      .optional()
      .meta({ description: 'OCPP 2.0.1 only (ignored for 1.6); default Central' }),
  })
  .meta({ id: 'ReservationRequest' });

/** `POST /api/ocpp/reservations/cancel` body (reference notes). */
export const CancelReservationBody = z
  .strictObject({ chargerId: positiveId, reservationId: z.number().int().min(0).max(2_147_483_647) })
  .meta({ id: 'CancelReservationRequest' });

/** `POST /api/ocpp/remote-start` body (spec §4.4). */
export const RemoteStartBody = z
  .strictObject({
    portId: positiveId,
    idTag: idTag
      .optional()
      .meta({ description: 'Tag the session is started for; default the server-side tag CSMS-REMOTE' }),
    idTokenType: z
      .enum(ID_TOKEN_TYPES)
      .optional()
      .meta({ description: 'OCPP 2.0.1 only (ignored for 1.6); default Central' }),
  })
  .meta({ id: 'RemoteStartRequest' });

/** `POST /api/ocpp/remote-stop` body (ours). */
export const RemoteStopBody = z
  .strictObject({
    portId: positiveId.meta({ description: 'Stop the session in progress on this port' }),
    sessionId: positiveId
      .optional()
      .meta({ description: 'If given, that session must be the one in progress (else 409)' }),
  })
  .meta({ id: 'RemoteStopRequest' });

/** Reservation answer (spec §4.3 statuses). */
export const ReservationResponse = z
  .object({ data: z.object({ status: z.enum(['Accepted', 'Faulted', 'Occupied', 'Rejected', 'Unavailable']) }) })
  .meta({ id: 'ReservationResponse' });

/** Accepted/Rejected answer of cancel and remote stop. */
export const CommandStatusResponse = z
  .object({ data: z.object({ status: z.enum(['Accepted', 'Rejected']) }) })
  .meta({ id: 'CommandStatusResponse' });

/** Remote start answer: the status and the remote start's ID (the session that follows carries it). */
export const RemoteStartResponse = z
  .object({ data: z.object({ status: z.enum(['Accepted', 'Rejected']), remoteStartId: z.number().int() }) })
  .meta({ id: 'RemoteStartResponse' });

/** `POST /api/chargers/{id}/password` body (ours: charger credentials). */
export const ChargerPasswordBody = z
  .strictObject({
    password: ocppPasswordSchema.optional().meta({
      description:
        'The new Basic-auth password: 16-40 characters of A-Z a-z 0-9 * - _ = : + | @ . (an OCPP 1.6 charger ' +
        'takes 20 at most). Absent: a random one of 20 alphanumerics is generated and returned once.',
    }),
  })
  .meta({ id: 'ChargerPasswordRequest' });

/** `POST /api/chargers/{id}/password` answer. */
export const ChargerPasswordResponse = z
  .object({
    data: z.object({
      status: z
        .enum([
          'Accepted',
          'RebootRequired',
          'Rejected',
          'NotSupported',
          'UnknownComponent',
          'UnknownVariable',
          'NotSupportedAttributeType',
        ])
        .meta({ description: "The charger's answer (1.6 ConfigurationStatus, 2.0.1 SetVariableStatus)" }),
      confirmed: z.boolean().meta({
        description:
          'Whether the charger confirmed the password (Accepted or RebootRequired): it connects with it only ' +
          'from now on. Otherwise its old password stays in force.',
      }),
      password: z.string().optional().meta({
        description: 'The generated password, when none was given and the charger confirmed it: shown only here',
      }),
    }),
  })
  .meta({ id: 'ChargerPasswordResponse' });

/** The routes, in the order the OpenAPI document lists them. */
export const commandRoutes = defineRoutes('commands', {
  'POST /api/ocpp/reservations': {
    role: 'operator',
    summary: 'Reserve a port (OCPP ReserveNow)',
    description:
      "Spec §4.3. The charger's answer is the status (200); a charger without reservation support answers Rejected. 404 unknown port; 409 reservationId already used, or charger not connected; 502 charger error; 504 no answer in time.",
    tags: ['OCPP commands'],
    request: { body: ReservationBody },
    responses: { 200: { description: "The charger's status", schema: ReservationResponse } },
  },
  'POST /api/ocpp/reservations/cancel': {
    role: 'operator',
    summary: 'Cancel a reservation (OCPP CancelReservation)',
    description:
      'Sent to the charger even when the reservation is unknown to us. 404 unknown charger; 409 not connected; 502; 504.',
    tags: ['OCPP commands'],
    request: { body: CancelReservationBody },
    responses: { 200: { description: "The charger's status", schema: CommandStatusResponse } },
  },
  'POST /api/ocpp/remote-start': {
    role: 'operator',
    countAlongside: true,
    summary: 'Start charging on a port (OCPP RemoteStartTransaction / RequestStartTransaction)',
    description:
      'Spec §4.4. Without idTag the server-side tag CSMS-REMOTE is used. 404 unknown port; 409 not connected; 502; 504.',
    tags: ['OCPP commands'],
    request: { body: RemoteStartBody },
    responses: { 200: { description: "The charger's status and the remote start ID", schema: RemoteStartResponse } },
  },
  'POST /api/ocpp/remote-stop': {
    role: 'operator',
    countAlongside: true,
    summary: 'Stop the session in progress on a port (OCPP RemoteStopTransaction / RequestStopTransaction)',
    description:
      '404 unknown port; 409 no session in progress (or not the given sessionId), or not connected; 502; 504.',
    tags: ['OCPP commands'],
    request: { body: RemoteStopBody },
    responses: { 200: { description: "The charger's status", schema: CommandStatusResponse } },
  },
  'POST /api/chargers/{id}/password': {
    summary: "Set or rotate a charger's Basic-auth password (OCPP 1.6 AuthorizationKey / 2.0.1 BasicAuthPassword)",
    description:
      'Sent to the connected charger (1.6 ChangeConfiguration AuthorizationKey, security whitepaper; 2.0.1 ' +
      'SetVariables SecurityCtrlr.BasicAuthPassword, A01). The new password is accepted at the handshake only once ' +
      'the charger has confirmed it (Accepted, or RebootRequired), the old one until then and never after. Any other ' +
      'answer (200 with its status), a CALLERROR (502) or no answer (504) leaves the old one in force. 404 unknown ' +
      'charger; 409 not connected.',
    tags: ['OCPP commands'],
    request: { pathParameters: idPath, body: ChargerPasswordBody },
    responses: { 200: { description: "The charger's answer", schema: ChargerPasswordResponse } },
  },
});
