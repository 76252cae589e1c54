/** `GET /api/openapi.json`: the OpenAPI 3.1 document generated from the route table (public). */
import { httpHandler } from './lib/http-handler';
import { openApiRoutes } from '../../shared/api/routes/openapi';
import { openApiDocument } from '../../shared/api/openapi';

/** Lambda handler serving the OpenAPI 3.1 document. */
export const handler = httpHandler(openApiRoutes, {
  'GET /api/openapi.json': async () => ({ body: openApiDocument() }),
});
