/** Maintenance windows (docs/maintenance-windows.md): create, list, read, change, delete. */
import { actorOf } from '../../shared/api/actor';
import { httpHandler } from './lib/http-handler';
import { maintenanceWindowRoutes } from '../../shared/api/routes/maintenance-windows';
import { siteAndChargerIds } from '../../shared/api/routes/list-query';
import {
  createMaintenanceWindow,
  deleteMaintenanceWindow,
  listMaintenanceWindows,
  readMaintenanceWindow,
  updateMaintenanceWindow,
} from '../../shared/maintenance-windows';

/** Lambda handler of the maintenance-window routes (HTTP API payload 2.0 event → result). */
export const handler = httpHandler(maintenanceWindowRoutes, {
  'POST /api/maintenance-windows': async ({ db, principal, body }) => ({
    statusCode: 201,
    body: { data: await createMaintenanceWindow(db, principal, { ...body, userEmail: actorOf(principal) }) },
  }),
  'GET /api/maintenance-windows': async ({ db, principal, queryStringParameters: q }) => ({
    body: await listMaintenanceWindows(db, principal, {
      afterTimestamp: q.afterTimestamp,
      beforeTimestamp: q.beforeTimestamp,
      ...siteAndChargerIds(q),
      nextPageCursor: q.nextPageCursor,
    }),
  }),
  'GET /api/maintenance-windows/{id}': async ({ db, principal, pathParameters }) => ({
    body: { data: await readMaintenanceWindow(db, principal, pathParameters.id) },
  }),
  'PATCH /api/maintenance-windows/{id}': async ({ db, principal, pathParameters, body }) => ({
    body: {
      data: await updateMaintenanceWindow(db, principal, pathParameters.id, {
        ...body,
        userEmail: actorOf(principal),
      }),
    },
  }),
  'DELETE /api/maintenance-windows/{id}': async ({ db, principal, pathParameters }) => {
    await deleteMaintenanceWindow(db, principal, pathParameters.id);
    return { statusCode: 204 };
  },
});
