/**
 * The CloudFront Function of `/uploads/*` (lib/aws/edge/upload-size-limit.js), evaluated exactly as
 * CloudFront gets it: 413 for a declared body over the upload function's limit, else the request
 * passes unchanged.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UPLOAD_SIZE_LIMIT_SOURCE } from '../../../lib/aws/edge';
import { AWS_UPLOAD_MAX_BYTES } from '../../../shared/charger-logs/upload-limits';
import { PayloadTooLargeError } from '../../../shared/api/errors';

interface ViewerRequest {
  method: string;
  uri: string;
  headers: Record<string, { value: string }>;
}
interface GeneratedResponse {
  statusCode: number;
  headers: Record<string, { value: string }>;
  body: { encoding: string; data: string };
}

const source = readFileSync(UPLOAD_SIZE_LIMIT_SOURCE, 'utf8');
const handler = new Function(`${source}; return handler;`)() as (event: {
  request: ViewerRequest;
}) => ViewerRequest | GeneratedResponse;

/** A PUT to an upload path, with `contentLength` when given. */
function run(contentLength?: string) {
  const request: ViewerRequest = {
    method: 'PUT',
    uri: '/uploads/abc.def',
    headers: contentLength === undefined ? {} : { 'content-length': { value: contentLength } },
  };
  return { request, result: handler({ request }) };
}

describe('the edge size check of uploads', () => {
  it('holds the upload function’s limit', () => {
    expect(/var MAX_UPLOAD_BYTES = (\d+);/.exec(source)?.[1]).toBe(String(AWS_UPLOAD_MAX_BYTES));
  });

  it.each([undefined, '0', String(AWS_UPLOAD_MAX_BYTES)])('passes a request declaring %s bytes', (length) => {
    const { request, result } = run(length);
    expect(result).toBe(request);
  });

  it('answers 413 with the problem document of the function for a declared body one byte over', () => {
    const { result } = run(String(AWS_UPLOAD_MAX_BYTES + 1)) as { result: GeneratedResponse };
    expect(result.statusCode).toBe(413);
    expect(result.headers['content-type']).toEqual({ value: 'application/problem+json' });
    expect(JSON.parse(result.body.data)).toEqual(new PayloadTooLargeError(AWS_UPLOAD_MAX_BYTES).toProblem());
  });
});
