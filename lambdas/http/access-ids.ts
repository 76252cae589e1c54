/** Spec §4.1: access IDs. */
import { httpHandler } from './lib/http-handler';
import { accessIdRoutes, parseBatchItem } from '../../shared/api/routes/access-ids';
import { createAccessId, listAccessIds, patchAccessId, readAccessId, upsertAccessIdBatch } from '../../shared/access';

/** Lambda handler of the access-ID routes (HTTP API payload 2.0 event → result). */
export const handler = httpHandler(accessIdRoutes, {
  'GET /api/access-ids': async ({ db, principal, queryStringParameters }) => ({
    body: await listAccessIds(db, principal.organizationId, queryStringParameters.nextPageCursor),
  }),
  'GET /api/access-ids/{id}': async ({ db, principal, pathParameters }) => ({
    body: { accessId: await readAccessId(db, principal.organizationId, pathParameters.id) },
  }),
  'POST /api/access-ids': async ({ db, principal, body }) => ({
    statusCode: 201,
    body: { accessId: await createAccessId(db, principal.organizationId, body.accessId) },
  }),
  'PATCH /api/access-ids/{id}': async ({ db, principal, pathParameters, body }) => ({
    body: { accessId: await patchAccessId(db, principal.organizationId, pathParameters.id, body.accessId) },
  }),
  'PUT /api/access-ids/batch': async ({ db, principal, body }) => ({
    body: { results: await upsertAccessIdBatch(db, principal.organizationId, body.accessIds.map(parseBatchItem)) },
  }),
});
