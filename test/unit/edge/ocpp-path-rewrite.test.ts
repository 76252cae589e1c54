/**
 * The CloudFront Function that moves the charge point identity from the OCPP-J URL path into the
 * query string (lib/aws/edge/ocpp-path-rewrite.js), evaluated exactly as CloudFront gets it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OCPP_PATH_REWRITE_SOURCE } from '../../../lib/aws/edge';
import { OCPP_STAGE_NAME } from '../../../lib/aws/ocpp-api';

/** A CloudFront Functions query string: one `{ value }` (and `multiValue` when repeated) per name. */
type QueryString = Record<string, { value: string; multiValue?: { value: string }[] }>;
interface ViewerRequest {
  method: string;
  uri: string;
  querystring: QueryString;
  headers: Record<string, { value: string }>;
  cookies: Record<string, { value: string }>;
}
interface GeneratedResponse {
  statusCode: number;
  statusDescription?: string;
}

const source = readFileSync(OCPP_PATH_REWRITE_SOURCE, 'utf8');
const handler = new Function(`${source}; return handler;`)() as (event: {
  request: ViewerRequest;
}) => ViewerRequest | GeneratedResponse;

/** Runs the function on a viewer request for `uri` (path only) with `querystring`. */
function run(uri: string, querystring: QueryString = {}) {
  const request: ViewerRequest = {
    method: 'GET',
    uri,
    querystring,
    headers: { host: { value: 'd111111abcdef8.cloudfront.net' }, 'sec-websocket-version': { value: '13' } },
    cookies: {},
  };
  return handler({ request });
}

/** Asserts the function forwarded the request (rather than answering it) and returns it. */
function forwarded(result: ViewerRequest | GeneratedResponse): ViewerRequest {
  expect(result).toHaveProperty('uri');
  return result as ViewerRequest;
}

describe('ocpp-path-rewrite CloudFront Function', () => {
  it('is plain cloudfront-js-2.0 code: no imports or exports, under the 10 KB limit', () => {
    expect(source).not.toMatch(/^\s*(import|export)\b/m);
    expect(source).not.toMatch(/\brequire\(/);
    expect(Buffer.byteLength(source)).toBeLessThan(10 * 1024);
  });

  it('rewrites /ocpp/CP-1 to the stage path with ocppId=CP-1', () => {
    const request = forwarded(run('/ocpp/CP-1'));

    expect(request.uri).toBe(`/${OCPP_STAGE_NAME}`);
    expect(request.querystring.ocppId?.value).toBe('CP-1');
  });

  it('keeps the other headers of the handshake untouched', () => {
    const request = forwarded(run('/ocpp/CP-1'));

    expect(request.headers['sec-websocket-version']).toEqual({ value: '13' });
    expect(request.method).toBe('GET');
  });

  it.each([
    ['a space', 'CP%201', 'CP%201'],
    ['a non-ASCII character', 'Borne-%C3%A9t%C3%A9', 'Borne-%C3%A9t%C3%A9'],
    ['an encoded slash', 'site%2FCP-1', 'site%2FCP-1'],
    ['an encoded query delimiter', 'CP%26admin%3D1', 'CP%26admin%3D1'],
    ['a needlessly encoded unreserved character', 'CP%2D1', 'CP-1'],
    ['lower-case percent-encoding', 'CP%c3%a9', 'CP%C3%A9'],
  ])('decodes then re-encodes an identity with %s', (_case, segment, expected) => {
    const request = forwarded(run(`/ocpp/${segment}`));

    expect(request.uri).toBe('/ocpp');
    expect(request.querystring.ocppId?.value).toBe(expected);
    expect(decodeURIComponent(request.querystring.ocppId!.value)).toBe(decodeURIComponent(segment));
  });

  it('keeps the query parameters the charger sent', () => {
    const request = forwarded(
      run('/ocpp/CP-1', { token: { value: 'abc' }, tag: { value: 'x', multiValue: [{ value: 'x' }, { value: 'y' }] } }),
    );

    expect(request.querystring).toEqual({
      token: { value: 'abc' },
      tag: { value: 'x', multiValue: [{ value: 'x' }, { value: 'y' }] },
      ocppId: { value: 'CP-1' },
    });
  });

  it('replaces an ocppId in the query string with the one in the path', () => {
    const request = forwarded(
      run('/ocpp/CP-1', { ocppId: { value: 'CP-2', multiValue: [{ value: 'CP-2' }, { value: 'CP-3' }] } }),
    );

    expect(request.querystring.ocppId).toEqual({ value: 'CP-1' });
  });

  it.each([
    ['no identity', '/ocpp/'],
    ['two segments', '/ocpp/a/b'],
    ['a trailing slash', '/ocpp/CP-1/'],
  ])('answers 404 at the edge for a path with %s', (_case, uri) => {
    expect(run(uri)).toEqual({ statusCode: 404, statusDescription: 'Not Found' });
  });

  it('answers 400 at the edge when the identity is not valid percent-encoding', () => {
    expect(run('/ocpp/%E0%A4%A')).toEqual({ statusCode: 400, statusDescription: 'Bad Request' });
  });

  it.each(['/api/sites', '/ocpp', '/ocppx/CP-1', '/', '/other/ocpp/CP-1'])('leaves %s untouched', (uri) => {
    const querystring = { a: { value: '1' } };

    const request = forwarded(run(uri, querystring));

    expect(request.uri).toBe(uri);
    expect(request.querystring).toEqual({ a: { value: '1' } });
  });
});
