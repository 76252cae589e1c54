import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import {
  MAX_HTTP_URL_BYTES,
  MAX_REQUEST_LINE_AND_HEADERS_BYTES,
  MAX_WEBSOCKET_URL_CHARACTERS,
  requestHeadProblem,
} from '../../../lib/local/limits';

/** A request head as Node parses it: `GET <url> HTTP/1.1` and the raw header list. */
const head = (url: string, headers: Record<string, string> = {}) =>
  ({
    method: 'GET',
    url,
    httpVersion: '1.1',
    rawHeaders: Object.entries(headers).flat(),
  }) as unknown as IncomingMessage;
const urlOf = (length: number) => `/api/x?q=${'a'.repeat(length - '/api/x?q='.length)}`;

describe('requestHeadProblem', () => {
  it.each([
    ['HTTP', MAX_HTTP_URL_BYTES],
    ['WebSocket', MAX_WEBSOCKET_URL_CHARACTERS],
  ])('lets a %s URL of exactly the limit through and answers one byte more with 414', (_api, limit) => {
    expect(requestHeadProblem(head(urlOf(limit)), limit)).toBeUndefined();
    const problem = requestHeadProblem(head(urlOf(limit + 1)), limit)!;
    expect(problem.toProblem()).toMatchObject({ type: '/problems/uri-too-long', status: 414, title: 'URI Too Long' });
    expect(problem.message).toContain(String(limit));
  });

  it('counts the request line and header values (not names) against 10240 bytes: 431 one byte over', () => {
    const requestLine = 'GET / HTTP/1.1'.length;
    const fill = (extra: number) => ({
      'x-fill': 'a'.repeat(MAX_REQUEST_LINE_AND_HEADERS_BYTES - requestLine - 2 + extra),
      h: 'bb',
    });
    expect(requestHeadProblem(head('/', fill(0)), MAX_HTTP_URL_BYTES)).toBeUndefined();
    expect(requestHeadProblem(head('/', fill(1)), MAX_HTTP_URL_BYTES)?.toProblem()).toMatchObject({
      type: '/problems/request-header-fields-too-large',
      status: 431,
      title: 'Request Header Fields Too Large',
    });
  });
});
