/** Alert recipients (docs/alert-recipients.md): create, list, read, change, delete. */
import { httpHandler } from './lib/http-handler';
import { alertRecipientRoutes } from '../../shared/api/routes/alert-recipients';
import {
  createAlertRecipient,
  deleteAlertRecipient,
  listAlertRecipients,
  readAlertRecipient,
  updateAlertRecipient,
} from '../../shared/alert-recipients';

/** Lambda handler of the alert-recipient routes (HTTP API payload 2.0 event → result). */
export const handler = httpHandler(alertRecipientRoutes, {
  'POST /api/alert-recipients': async ({ db, principal, body }) => ({
    statusCode: 201,
    body: { data: await createAlertRecipient(db, principal, body.alertRecipient) },
  }),
  'GET /api/alert-recipients': async ({ db, principal, queryStringParameters: q }) => ({
    body: await listAlertRecipients(db, principal, q.nextPageCursor),
  }),
  'GET /api/alert-recipients/{id}': async ({ db, principal, pathParameters }) => ({
    body: { data: await readAlertRecipient(db, principal, pathParameters.id) },
  }),
  'PATCH /api/alert-recipients/{id}': async ({ db, principal, pathParameters, body }) => ({
    body: { data: await updateAlertRecipient(db, principal, pathParameters.id, body.alertRecipient) },
  }),
  'DELETE /api/alert-recipients/{id}': async ({ db, principal, pathParameters }) => {
    await deleteAlertRecipient(db, principal, pathParameters.id);
    return { statusCode: 204 };
  },
});
