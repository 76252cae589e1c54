/** The organization's people (docs/people-and-roles.md): invite, list, read, change, remove; and who is calling. */
import { httpHandler } from './lib/http-handler';
import { userRoutes } from '../../shared/api/routes/users';
import { actorOf } from '../../shared/api/actor';
import { changeUser, inviteUser, listUsers, processDirectory, readUser, removeUser } from '../../shared/users';

/** Lambda handler of the people's routes (HTTP API payload 2.0 event → result). */
export const handler = httpHandler(userRoutes, {
  'GET /api/me': async ({ principal }) => ({
    body: {
      data: {
        kind: principal.actor.kind,
        email: principal.actor.kind === 'user' ? principal.actor.email : null,
        userId: principal.actor.kind === 'user' ? principal.actor.userId : null,
        apiKeyId: principal.actor.kind === 'apiKey' ? principal.actor.apiKeyId : null,
        name: actorOf(principal),
        role: principal.role,
        organizationId: principal.organizationId,
        siteId: principal.siteId ?? null,
      },
    },
  }),
  'POST /api/users': async ({ db, principal, body }) => ({
    statusCode: 201,
    body: { data: await inviteUser(db, processDirectory(), principal, body.user, actorOf(principal)) },
  }),
  'GET /api/users': async ({ db, principal, queryStringParameters: q }) => ({
    body: await listUsers(db, principal, q.nextPageCursor),
  }),
  'GET /api/users/{id}': async ({ db, principal, pathParameters }) => ({
    body: { data: await readUser(db, principal, pathParameters.id) },
  }),
  'PATCH /api/users/{id}': async ({ db, principal, pathParameters, body }) => ({
    body: { data: await changeUser(db, principal, pathParameters.id, body.user) },
  }),
  'DELETE /api/users/{id}': async ({ db, principal, pathParameters }) => {
    await removeUser(db, processDirectory(), principal, pathParameters.id);
    return { statusCode: 204 };
  },
});
