/**
 * The local HTTP API: a request under `/api` becomes an API Gateway HTTP API event (payload format
 * 2.0), routed with the shared route table to its function (anything unmatched goes to `fallback`,
 * as API Gateway's `$default` route does), and the function's result is written back as API
 * Gateway writes it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { matchRoute, type HttpFunctionName } from '../../shared/api/routes';
import { lambdaContext, queryParameters, singleValueHeaders, type HttpHandlers } from './lambda-events';
import { PayloadTooLargeError } from '../../shared/api/errors';
import { sendProblem } from './problem';
import { MAX_HTTP_BODY_BYTES } from './limits';

/**
 * Reads the whole request body.
 * @returns the bytes, or `'tooLarge'` as soon as more than `limit` bytes arrived
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'tooLarge'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return 'tooLarge';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** True for content types API Gateway passes as text; others are base64-encoded. */
function isTextual(contentType: string | undefined): boolean {
  return (
    !contentType || /^(text\/|application\/([\w.+-]*json|xml|x-www-form-urlencoded|javascript))/i.test(contentType)
  );
}

/** Writes a Lambda proxy result to the HTTP response, as API Gateway does. */
export function writeResult(res: ServerResponse, result: APIGatewayProxyResultV2): void {
  if (typeof result === 'string' || result === null || typeof result !== 'object' || !('statusCode' in result)) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(typeof result === 'string' ? result : JSON.stringify(result));
    return;
  }
  const body =
    result.body === undefined ? '' : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
  res.writeHead(result.statusCode ?? 200, result.headers as Record<string, string>);
  res.end(body);
}

/** The HTTP API payload-2.0 event for a request whose body has been read. */
export function httpApiEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  routeKey: string,
  pathParameters?: Record<string, string>,
): APIGatewayProxyEventV2 {
  const method = req.method ?? 'GET';
  const headers = singleValueHeaders(req);
  const now = new Date();
  const textual = isTextual(headers['content-type']);
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: queryParameters(url),
    pathParameters: pathParameters && Object.keys(pathParameters).length ? pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !textual,
  };
}

/** Serves one `/api` request: reads the body (10 MB at most), invokes the route's function and writes its result. */
export async function handleHttpApi(
  handlers: HttpHandlers,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const body = await readBody(req, MAX_HTTP_BODY_BYTES);
  if (body === 'tooLarge') return sendProblem(res, new PayloadTooLargeError(MAX_HTTP_BODY_BYTES));
  const match = matchRoute(req.method ?? 'GET', url.pathname);
  const event =
    match.kind === 'route'
      ? httpApiEvent(req, url, body, match.route.routeKey, match.pathParameters)
      : httpApiEvent(req, url, body, '$default');
  const name: HttpFunctionName = match.kind === 'route' ? match.route.function : 'fallback';
  writeResult(res, await handlers[name](event, lambdaContext(name)));
}
