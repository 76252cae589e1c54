/** Serialises a problem error as an API Gateway HTTP API result (no data-layer imports, so the fallback function stays small). */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ProblemError } from '../../../shared/api/errors';

/** `application/problem+json` result for a problem error, with its headers (`Allow`, `Retry-After`, …). */
export function problemResponse(error: ProblemError): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: error.status,
    headers: { 'content-type': 'application/problem+json', ...error.headers },
    body: JSON.stringify(error.toProblem()),
  };
}

/** 403 for a request sent to the API's own endpoint, not through CloudFront (`lambdas/lib/origin-verify.ts`). */
export const FORBIDDEN_DIRECT_ACCESS = new ProblemError(
  403,
  'forbidden',
  'Forbidden',
  'Use the API through its CloudFront domain',
);
