/** Spec §4.3, §4.4: reservations and remote start/stop, sent to the charger as OCPP commands. */
import { httpHandler } from './lib/http-handler';
import { commandRoutes } from '../../shared/api/routes/commands';
import {
  cancelPortReservation,
  remoteStartPort,
  remoteStopPort,
  reservePort,
} from '../../shared/charging/remote-control';
import { ocppChargerCommands } from '../../shared/ocpp/commands/charger-commands';

/** Lambda handler of the OCPP command routes; waits for the charger up to the command deadline. */
export const handler = httpHandler(commandRoutes, {
  'POST /api/ocpp/reservations': async ({ db, principal, body }) => ({
    body: { data: { status: await reservePort(db, ocppChargerCommands(db), principal, body) } },
  }),
  'POST /api/ocpp/reservations/cancel': async ({ db, principal, body }) => ({
    body: { data: { status: await cancelPortReservation(db, ocppChargerCommands(db), principal, body) } },
  }),
  // Counted alongside: the rate limit must pass before the charger is sent anything.
  'POST /api/ocpp/remote-start': async ({ db, principal, body, counted }) => ({
    body: { data: await remoteStartPort(db, ocppChargerCommands(db), principal, body, { before: counted }) },
  }),
  'POST /api/ocpp/remote-stop': async ({ db, principal, body, counted }) => ({
    body: { data: { status: await remoteStopPort(db, ocppChargerCommands(db), principal, body, { before: counted }) } },
  }),
});
