/** Routes of the `commands` function: spec §4.3, §4.4 OCPP commands. */
import { defineRoutes, idPath } from './define';
import {
  ChargerPasswordBody,
  ChargerPasswordResponse,
  CancelReservationBody,
  CommandStatusResponse,
  RemoteStartBody,
  RemoteStartResponse,
  RemoteStopBody,
  ReservationBody,
  ReservationResponse,
} from '../schemas/ocpp-commands';

/** The routes, in the order the OpenAPI document lists them. */
export const commandRoutes = defineRoutes('commands', {
  'POST /api/ocpp/reservations': {
    summary: 'Reserve a port (OCPP ReserveNow)',
    description:
      "Spec §4.3. The charger's answer is the status (200); a charger without reservation support answers Rejected. 404 unknown port; 409 reservationId already used, or charger not connected; 502 charger error; 504 no answer in time.",
    tags: ['OCPP commands'],
    request: { body: ReservationBody },
    responses: { 200: { description: "The charger's status", schema: ReservationResponse } },
  },
  'POST /api/ocpp/reservations/cancel': {
    summary: 'Cancel a reservation (OCPP CancelReservation)',
    description:
      'Sent to the charger even when the reservation is unknown to us. 404 unknown charger; 409 not connected; 502; 504.',
    tags: ['OCPP commands'],
    request: { body: CancelReservationBody },
    responses: { 200: { description: "The charger's status", schema: CommandStatusResponse } },
  },
  'POST /api/ocpp/remote-start': {
    countAlongside: true,
    summary: 'Start charging on a port (OCPP RemoteStartTransaction / RequestStartTransaction)',
    description:
      'Spec §4.4. Without idTag the server-side tag CSMS-REMOTE is used. 404 unknown port; 409 not connected; 502; 504.',
    tags: ['OCPP commands'],
    request: { body: RemoteStartBody },
    responses: { 200: { description: "The charger's status and the remote start ID", schema: RemoteStartResponse } },
  },
  'POST /api/ocpp/remote-stop': {
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
