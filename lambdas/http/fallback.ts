/**
 * API Gateway's `$default` route: every request no route matched. Answers a problem document:
 * 405 with `Allow` when the path exists under other methods, else 404 (spec §7). It matches with
 * the route keys alone, so its bundle holds none of the routes' schemas.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { matchRouteKey } from '../../shared/api/routes/keys';
import { MethodNotAllowedError, NotFoundError } from '../../shared/api/errors';
import { FORBIDDEN_DIRECT_ACCESS, problemResponse } from './lib/problem-response';
import { cameThroughCloudFront } from '../lib/origin-verify';

/**
 * Answers an unmatched request: 405 with `Allow` for a known path, else 404 (problem documents);
 * 403 when it did not come through CloudFront.
 */
export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  if (!cameThroughCloudFront(event.headers)) return problemResponse(FORBIDDEN_DIRECT_ACCESS);
  const method = event.requestContext.http.method;
  const path = event.rawPath;
  const match = matchRouteKey(method, path);
  if (match.kind === 'methodNotAllowed') return problemResponse(new MethodNotAllowedError(method, path, match.allowed));
  return problemResponse(new NotFoundError(`No endpoint ${method} ${path}`));
}
