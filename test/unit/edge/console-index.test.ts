/**
 * The CloudFront Function of the operator console's behaviours (lib/aws/edge/console-index.js),
 * evaluated exactly as CloudFront gets it: it names the index documents S3 cannot find itself.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONSOLE_INDEX_SOURCE } from '../../../lib/aws/console';

interface ViewerRequest {
  method: string;
  uri: string;
  querystring: Record<string, { value: string }>;
  headers: Record<string, { value: string }>;
}

const source = readFileSync(CONSOLE_INDEX_SOURCE, 'utf8');
const handler = new Function(`${source}; return handler;`)() as (event: { request: ViewerRequest }) => ViewerRequest;

function run(uri: string): ViewerRequest {
  return handler({
    request: {
      method: 'GET',
      uri,
      querystring: { a: { value: '1' } },
      headers: { host: { value: 'd1.cloudfront.net' } },
    },
  });
}

describe('console-index CloudFront Function', () => {
  it('is plain cloudfront-js-2.0 code: no imports or exports, under the 10 KB limit', () => {
    expect(source).not.toMatch(/^\s*(import|export)\b/m);
    expect(source).not.toMatch(/\brequire\(/);
    expect(Buffer.byteLength(source)).toBeLessThan(10 * 1024);
  });

  it.each([
    ['/', '/index.html'],
    ['/api/docs', '/api/docs/index.html'],
    ['/api/docs/', '/api/docs/index.html'],
    ['/favicon.ico', '/favicon.svg'],
  ])('serves %s from %s', (uri, object) => {
    expect(run(uri).uri).toBe(object);
  });

  it.each([
    '/console.js',
    '/api/docs/swagger-ui.css',
    '/index.html',
    '/api/docsx',
    '/api/docs//',
    '/sites',
    '/constructor',
    '/__proto__',
  ])('leaves %s unchanged', (uri) => {
    expect(run(uri).uri).toBe(uri);
  });

  it('keeps the query string and headers', () => {
    const request = run('/');

    expect(request.querystring).toEqual({ a: { value: '1' } });
    expect(request.headers.host).toEqual({ value: 'd1.cloudfront.net' });
  });
});
