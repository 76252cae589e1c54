/** Routes of the `openapi` function: the API's own description. */
import * as z from 'zod';
import { defineRoutes } from './define';

/** The routes, in the order the OpenAPI document lists them. */
export const openApiRoutes = defineRoutes('openapi', {
  'GET /api/openapi.json': {
    authenticated: false,
    summary: "This API's OpenAPI 3.1 document",
    description: 'Public: needs no API key.',
    tags: ['Meta'],
    responses: { 200: { description: 'OpenAPI 3.1 document', schema: z.record(z.string(), z.unknown()) } },
  },
});
