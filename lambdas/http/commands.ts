/**
 * Spec §4.3, §4.4: reservations and remote start/stop, sent to the charger as OCPP commands; a
 * charger's Basic-auth password (docs/charger-credentials.md); a charger's configuration read from
 * it and changed (docs/charger-configuration.md); a charger's local authorization list read and its
 * resync (docs/local-authorization-list.md); a charger's security profile and the revocation of
 * its certificates (docs/certificates.md).
 */
import type { Db } from '../../shared/db';
import { httpHandler } from './lib/http-handler';
import { commandRoutes } from '../../shared/api/routes/commands';
import { configurationRoutes } from '../../shared/api/routes/charger-configuration';
import { localListRoutes } from '../../shared/api/routes/local-list';
import { chargerSecurityRoutes } from '../../shared/api/routes/charger-security';
import { revokeChargerCertificate, setSecurityProfile } from '../../shared/chargers';
import {
  cancelPortReservation,
  changeChargerPassword,
  remoteStartPort,
  remoteStopPort,
  reservePort,
} from '../../shared/charging';
import { ocppChargerCommands } from '../../shared/ocpp/commands/charger-commands';
import { closeConnection } from '../../shared/ocpp/commands/transport';
import { REMOTE_CONTROL_COMMANDS } from '../../shared/ocpp/commands/remote-control';
import { CREDENTIALS_COMMANDS } from '../../shared/ocpp/commands/credentials';
import { readLocalList, requestResync } from '../../shared/local-auth-list';

import { CONFIGURATION_COMMANDS } from '../../shared/ocpp/commands/configuration';
import {
  changeChargerConfiguration,
  refreshChargerConfiguration,
  refreshChargerMonitors,
} from '../../shared/charger-configuration';

/** The commands this function sends: remote control's, credentials' and configuration's (its bundle holds no other command). */
const commandsOf = (db: Db) => ocppChargerCommands(db, REMOTE_CONTROL_COMMANDS);
const credentialsCommandsOf = (db: Db) => ocppChargerCommands(db, CREDENTIALS_COMMANDS);
const configurationCommandsOf = (db: Db) => ocppChargerCommands(db, CONFIGURATION_COMMANDS);

/** Lambda handler of the OCPP command routes; waits for the charger up to the command deadline. */
export const handler = httpHandler(
  { ...commandRoutes, ...configurationRoutes, ...localListRoutes, ...chargerSecurityRoutes },
  {
    'POST /api/ocpp/reservations': async ({ db, principal, body }) => ({
      body: { data: { status: await reservePort(db, commandsOf(db), principal, body) } },
    }),
    'POST /api/ocpp/reservations/cancel': async ({ db, principal, body }) => ({
      body: { data: { status: await cancelPortReservation(db, commandsOf(db), principal, body) } },
    }),
    // Counted alongside: the rate limit must pass before the charger is sent anything.
    'POST /api/ocpp/remote-start': async ({ db, principal, body, counted }) => ({
      body: { data: await remoteStartPort(db, commandsOf(db), principal, body, { before: counted }) },
    }),
    'POST /api/ocpp/remote-stop': async ({ db, principal, body, counted }) => ({
      body: { data: { status: await remoteStopPort(db, commandsOf(db), principal, body, { before: counted }) } },
    }),
    'POST /api/chargers/{id}/password': async ({ db, principal, pathParameters, body }) => ({
      body: { data: await changeChargerPassword(db, credentialsCommandsOf(db), principal, pathParameters.id, body) },
    }),
    'POST /api/chargers/{id}/configuration/refresh': async ({ db, principal, pathParameters, body }) => {
      const data = await refreshChargerConfiguration(
        db,
        configurationCommandsOf(db),
        principal,
        pathParameters.id,
        body,
      );
      return { statusCode: data.status === 'pending' ? 202 : 200, body: { data } };
    },
    'POST /api/chargers/{id}/monitors/refresh': async ({ db, principal, pathParameters }) => {
      const data = await refreshChargerMonitors(db, configurationCommandsOf(db), principal, pathParameters.id);
      return { statusCode: data.status === 'pending' ? 202 : 200, body: { data } };
    },
    'PATCH /api/chargers/{id}/configuration': async ({ db, principal, pathParameters, body }) => {
      return {
        body: {
          data: await changeChargerConfiguration(db, configurationCommandsOf(db), principal, pathParameters.id, body),
        },
      };
    },
    'GET /api/chargers/{id}/local-list': async ({ db, principal, pathParameters }) => ({
      body: { data: await readLocalList(db, principal, pathParameters.id) },
    }),
    'PUT /api/chargers/{id}/security-profile': async ({ db, principal, pathParameters, body }) => ({
      body: { data: await setSecurityProfile(db, principal, pathParameters.id, body.securityProfile) },
    }),
    'POST /api/chargers/{id}/certificates/{serialNumber}/revoke': async ({ db, principal, pathParameters }) => {
      const revoked = await revokeChargerCertificate(db, principal, pathParameters.id, pathParameters.serialNumber, {
        close: closeConnection,
      });
      return { body: { data: revoked.certificate } };
    },
    'POST /api/chargers/{id}/local-list/sync': async ({ db, principal, pathParameters }) => ({
      statusCode: 202,
      body: { data: await requestResync(db, principal, pathParameters.id) },
    }),
  },
);
