/**
 * AWS's size limits, applied by the local API Gateway as on AWS so that what works locally works
 * deployed:
 *
 * - HTTP API: request line + header values at most 10240 bytes, payload at most 10 MB.
 * - CloudFront (in front of both APIs on AWS): a URL of at most 8192 bytes.
 * - WebSocket API: a URL of at most 4096 characters, messages of at most 128 KB (closed with 1009).
 *
 * A URL over its limit is answered 414, a request line + headers over theirs 431, both as problem
 * documents. Node's HTTP parser itself holds at most {@link PARSER_MAX_HEADER_BYTES} of a request
 * head; a longer one cannot be read at all and is answered 431 from the socket.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ProblemError } from '../../shared/api/errors';
import { gatewayProblem, rawProblemResponse } from './problem';

/** HTTP API payload size quota: 10 MB. */
export const MAX_HTTP_BODY_BYTES = 10 * 1024 * 1024;
/** WebSocket API message payload size quota: 128 KB (larger messages are closed with 1009). */
export const MAX_WS_MESSAGE_BYTES = 128 * 1024;
/** HTTP API quota: total combined size of the request line and header values, in bytes. */
export const MAX_REQUEST_LINE_AND_HEADERS_BYTES = 10_240;
/** CloudFront quota on the URL of a request, in bytes. */
export const MAX_HTTP_URL_BYTES = 8192;
/** WebSocket API quota on the URL of the handshake, in characters. */
export const MAX_WEBSOCKET_URL_CHARACTERS = 4096;
/** How much of a request head Node's parser buffers (its default is 16 KB); beyond, 431 from the socket. */
export const PARSER_MAX_HEADER_BYTES = 64 * 1024;

/** 431 for a request line + headers over `limit` bytes. */
function headersTooLarge(limit: number): ProblemError {
  return gatewayProblem(
    431,
    'request-header-fields-too-large',
    `The request line and header values exceed ${limit} bytes (API Gateway's limit)`,
  );
}

/**
 * The limit a request head breaks, if any: its URL over `maxUrl` (414), or its request line and
 * header values together over {@link MAX_REQUEST_LINE_AND_HEADERS_BYTES} (431).
 * @param maxUrl {@link MAX_HTTP_URL_BYTES} for HTTP requests, {@link MAX_WEBSOCKET_URL_CHARACTERS} for handshakes
 */
export function requestHeadProblem(req: IncomingMessage, maxUrl: number): ProblemError | undefined {
  const target = req.url ?? '/';
  // Node reads the request head as latin1, so a string's length is its size in bytes.
  if (target.length > maxUrl) {
    return gatewayProblem(414, 'uri-too-long', `The URL is ${target.length} bytes long; the limit is ${maxUrl}`);
  }
  const requestLine = `${req.method} ${target} HTTP/${req.httpVersion}`.length;
  let size = requestLine;
  for (let i = 1; i < req.rawHeaders.length; i += 2) size += req.rawHeaders[i]!.length;
  if (size > MAX_REQUEST_LINE_AND_HEADERS_BYTES) return headersTooLarge(MAX_REQUEST_LINE_AND_HEADERS_BYTES);
  return undefined;
}

/**
 * The server's `clientError` listener: a request Node could not parse is answered with a problem
 * document (431 when its head outgrew the parser, 400 otherwise) instead of Node's bare answer,
 * and the rest of what the client sends is read and dropped so that it gets the answer rather
 * than a reset.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const problem =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? headersTooLarge(PARSER_MAX_HEADER_BYTES)
      : gatewayProblem(400, 'invalid-request', `The request is not valid HTTP/1.1 (${error.code ?? error.message})`);
  socket.end(rawProblemResponse(problem));
}
