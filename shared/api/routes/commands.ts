/** Routes of the `commands` function: spec §4.3, §4.4 OCPP commands. */
import { defineRoutes, idPath } from './define';
import { LocalListResponse } from '../schemas/local-list';
import {
  ConfigurationChangeBody,
  ConfigurationChangeResponse,
  ConfigurationRefreshBody,
  ConfigurationRefreshResponse,
} from '../schemas/charger-configuration';
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
  'POST /api/chargers/{id}/configuration/refresh': {
    summary: "Read a charger's configuration from the charger (OCPP GetConfiguration / GetBaseReport, GetVariables)",
    description:
      'docs/charger-configuration.md. Body `{}` reads everything: 1.6 GetConfiguration, 2.0.1 GetBaseReport ' +
      '(`reportBase`, default FullInventory) whose NotifyReport pages are assembled as they come: 200 once the ' +
      'report is complete, 202 (`status: pending`) when it is not within 5 s (GET shows it when it is). `keys` ' +
      "(1.6) or `variables` (2.0.1) read only those. The charger's failures are results in the 200 body " +
      '(`notConnected`, `timeout`, `failed` with the CALLERROR). 400 a key or variable of the other OCPP version; ' +
      '404 unknown charger.',
    tags: ['Charger configuration'],
    request: { pathParameters: idPath, body: ConfigurationRefreshBody },
    responses: {
      200: {
        description: "The charger's result and the configuration now stored",
        schema: ConfigurationRefreshResponse,
      },
      202: { description: 'A 2.0.1 report still coming (status pending)', schema: ConfigurationRefreshResponse },
    },
  },
  'PATCH /api/chargers/{id}/configuration': {
    summary: "Change a charger's settings (OCPP ChangeConfiguration / SetVariables)",
    description:
      'docs/charger-configuration.md. 1.6 keys (`{ key, value }`, one ChangeConfiguration each, in order) or 2.0.1 ' +
      "variables (`{ component, variable, attributeType?, value }`, one SetVariables), with the charger's status " +
      'per change (Accepted, RebootRequired, Rejected, NotSupported, UnknownComponent, UnknownVariable, ' +
      'NotSupportedAttributeType; NotSent: no status, its CALL or an earlier one failed). Settings the product relies on (heartbeat and ' +
      'meter intervals, smart charging, reservations) are a 400 naming them and why, unless `force: true`; ' +
      'credentials (AuthorizationKey, BasicAuthPassword, SecurityProfile) always. 404 unknown charger.',
    tags: ['Charger configuration'],
    request: { pathParameters: idPath, body: ConfigurationChangeBody },
    responses: {
      200: {
        description: "The charger's result per change and the configuration now stored",
        schema: ConfigurationChangeResponse,
      },
    },
  },
  'GET /api/chargers/{id}/local-list': {
    summary: "A charger's local authorization list (OCPP SendLocalList), as the CSMS last set it",
    description:
      'Its support, version, entries, limits and last synchronisation (docs/local-authorization-list.md). 404 unknown charger.',
    tags: ['OCPP commands'],
    request: { pathParameters: idPath },
    responses: { 200: { description: "The charger's local list", schema: LocalListResponse } },
  },
  'POST /api/chargers/{id}/local-list/sync': {
    summary: "Resend a charger's whole local authorization list (a Full update)",
    description:
      "No body. Answered 202 at once: the update runs from the table's stream, when the charger is connected. 404 unknown charger; 409 the charger keeps no local list (it said so at its last boot).",
    tags: ['OCPP commands'],
    request: { pathParameters: idPath },
    responses: { 202: { description: 'The update is requested', schema: LocalListResponse } },
  },
});
