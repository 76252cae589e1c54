/** Problem documents (RFC 9457) the local API Gateway itself answers, shaped as the API's own. */
import type { ServerResponse } from 'node:http';

/** Answers `status` with an `application/problem+json` body (type/title/status/detail/error). */
export function problem(res: ServerResponse, status: number, title: string, detail: string): void {
  res.writeHead(status, { 'content-type': 'application/problem+json' });
  res.end(JSON.stringify({ type: '/problems/gateway', title, status, detail, error: detail }));
}
