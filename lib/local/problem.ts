/**
 * Problem documents (RFC 9457) the local API Gateway answers itself, shaped as the API's own
 * (`application/problem+json` with type/title/status/detail/error, see `shared/api/errors.ts`).
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import { ProblemError } from '../../shared/api/errors';

/** A problem the gateway answers: `/problems/<slug>` with the status's standard title. */
export function gatewayProblem(status: number, slug: string, detail: string): ProblemError {
  return new ProblemError(status, slug, STATUS_CODES[status] ?? 'Error', detail);
}

/** Answers the problem on an HTTP response. */
export function sendProblem(res: ServerResponse, problem: ProblemError): void {
  res.writeHead(problem.status, { 'content-type': 'application/problem+json', ...problem.headers });
  res.end(JSON.stringify(problem.toProblem()));
}

/**
 * The problem as a whole HTTP/1.1 response (status line, headers, body) for a raw socket: a request
 * Node could not parse, or a refused WebSocket handshake. The connection is closed after it.
 */
export function rawProblemResponse(problem: ProblemError): string {
  const body = JSON.stringify(problem.toProblem());
  return [
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? 'Error'}`,
    'Content-Type: application/problem+json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}
