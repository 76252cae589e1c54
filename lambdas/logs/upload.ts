/**
 * Our upload URL for chargers' logs (docs/charger-logs.md, "URL length"): `PUT|POST
 * /uploads/{token}[/{fileName}]`, on AWS behind CloudFront's `/uploads/*` behaviour and the HTTP
 * API's routes of the same paths; on the local stack the local gateway invokes this same handler.
 * Parses the request, checks the token (the domain's `receiveUpload`), stores the file and answers:
 * 201 stored; 403 a token that is not a valid, unexpired upload token (or a request that did not
 * come through CloudFront); 410 a token whose file is already stored (a token uploads once); 413 a
 * body over the store's limit (AWS: 4 MiB); 400 a multipart body with no part; 405 another method.
 * Nothing is stored but on 201.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { BadRequestError, MethodNotAllowedError, PayloadTooLargeError, ProblemError } from '../../shared/api/errors';
import { logUploadStore, receiveUpload, UPLOAD_METHODS, type UploadOutcome } from '../../shared/charger-logs';
import { logger } from '../../shared/logger';
import { FORBIDDEN_DIRECT_ACCESS, problemResponse } from '../http/lib/problem-response';
import { cameThroughCloudFront } from '../lib/origin-verify';

/** 403 for a token that grants no upload (not ours, another purpose, or expired). */
const FORBIDDEN_TOKEN = new ProblemError(
  403,
  'forbidden',
  'Forbidden',
  'The upload link is not valid: it may have expired (ask for the log again)',
);

/** 410 for a token whose upload is stored: it is spent, and the file is not replaced. */
const UPLOAD_LINK_USED = new ProblemError(
  410,
  'upload-link-used',
  'Gone',
  'This upload link was already used: the file it uploaded is kept and not replaced (ask for the log again)',
);

/** The answer to an outcome of {@link receiveUpload}. */
function responseOf(outcome: UploadOutcome, method: string, path: string): APIGatewayProxyStructuredResultV2 {
  switch (outcome.result) {
    case 'stored':
      return { statusCode: 201, body: '' };
    case 'forbidden':
      return problemResponse(FORBIDDEN_TOKEN);
    case 'alreadyUploaded':
      return problemResponse(UPLOAD_LINK_USED);
    case 'tooLarge':
      return problemResponse(new PayloadTooLargeError(outcome.maxBytes));
    case 'noFilePart':
      return problemResponse(
        new BadRequestError('The multipart body has no part', [
          { path: 'body', message: 'a multipart/form-data body with a file part' },
        ]),
      );
    case 'methodNotAllowed':
      return problemResponse(new MethodNotAllowedError(method, path, [...UPLOAD_METHODS]));
  }
}

/** Takes one upload (API Gateway HTTP API event, payload format 2.0). */
export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  if (!cameThroughCloudFront(event.headers)) return problemResponse(FORBIDDEN_DIRECT_ACCESS);
  const method = event.requestContext.http.method;
  const body = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  const outcome = await receiveUpload(
    { method, path: event.rawPath, contentType: event.headers?.['content-type'], body },
    logUploadStore(),
  );
  if (outcome.result === 'stored') logger.info('log uploaded', { key: outcome.key, sizeBytes: outcome.sizeBytes });
  return responseOf(outcome, method, event.rawPath);
}
