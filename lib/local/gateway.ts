/**
 * The local API Gateway (ARCHITECTURE.md, "Local stack"): one port that hosts the same handler
 * modules as AWS.
 *
 * - `/api/*` → HTTP API payload format 2.0 events, routed with the shared route table to
 *   `lambdas/http/<function>.ts`; anything unmatched goes to the `fallback` function, as
 *   API Gateway's `$default` route does.
 * - `ws://…/ocpp/{chargePointId}` → WebSocket API `$connect` / `$default` / `$disconnect` events
 *   with API Gateway's shapes. The identity is moved into `?chargePointId=` as the CloudFront
 *   Function does on AWS. The `$connect` answer decides the handshake (its status and its
 *   `Sec-WebSocket-Protocol` header); a `$default` answer with a body is sent back (two-way route).
 * - `/@connections/{connectionId}` → the API Gateway management API (POST sends a frame, GET
 *   describes the connection, DELETE closes it; an unknown connection is 410 Gone), so the real
 *   `ApiGatewayManagementApiClient` works against it.
 *
 * Limits as on AWS: 10 MB HTTP bodies, 128 KB WebSocket messages.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyResultV2,
  APIGatewayProxyWebsocketEventV2,
  Context,
} from 'aws-lambda';
import { HTTP_FUNCTIONS, matchRoute, type HttpFunctionName } from '../../shared/api/routes';
import { serveConsoleFile } from './static-files';

/** A Lambda handler as the gateway invokes it. */
export type LambdaHandler<E = unknown, R = unknown> = (event: E, context: Context) => Promise<R>;

/** The handlers the gateway hosts. */
export interface LocalHandlers {
  http: Record<HttpFunctionName, LambdaHandler<APIGatewayProxyEventV2, APIGatewayProxyResultV2>>;
  ocpp: Record<'connect' | 'message' | 'disconnect', LambdaHandler<APIGatewayProxyWebsocketEventV2, APIGatewayProxyResultV2 | undefined>>;
}

/** A running gateway. */
export interface LocalGateway {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Open WebSocket connections by connectionId. */
  connections: Map<string, WebSocket>;
  /** Closes every connection (each gets its `$disconnect`) and the server. */
  close(): Promise<void>;
}

const MAX_HTTP_BODY_BYTES = 10 * 1024 * 1024;
const MAX_WS_MESSAGE_BYTES = 128 * 1024;
const OCPP_PATH = /^\/ocpp\/([^/?]+)$/;
const CONNECTIONS_PATH = /^\/@connections\/([^/?]+)$/;

/**
 * Imports the real handler modules: `lambdas/http/<name>.ts` for every HTTP function of the route
 * table, and `lambdas/ocpp/{connect,message,disconnect}.ts`. Import after the environment
 * (`TABLE_NAME`, `DYNAMODB_ENDPOINT`, `WS_MANAGEMENT_ENDPOINT`) is set.
 */
export async function loadHandlers(): Promise<LocalHandlers> {
  const http = Object.fromEntries(
    await Promise.all(
      Object.keys(HTTP_FUNCTIONS).map(async (name) => [name, (await import(`../../lambdas/http/${name}.ts`)).handler]),
    ),
  ) as LocalHandlers['http'];
  const [connect, message, disconnect] = await Promise.all(
    (['connect', 'message', 'disconnect'] as const).map(async (name) => (await import(`../../lambdas/ocpp/${name}.ts`)).handler),
  );
  return { http, ocpp: { connect, message, disconnect } };
}

function lambdaContext(functionName: string): Context {
  const deadline = Date.now() + 29_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function singleValueHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

function queryParameters(url: URL): Record<string, string> | undefined {
  if (!url.search) return undefined;
  const params: Record<string, string> = {};
  for (const [key, value] of url.searchParams) params[key] = key in params ? `${params[key]},${value}` : value;
  return params;
}

function problem(res: ServerResponse, status: number, title: string, detail: string): void {
  res.writeHead(status, { 'content-type': 'application/problem+json' });
  res.end(JSON.stringify({ type: '/problems/gateway', title, status, detail, error: detail }));
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'tooLarge'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return 'tooLarge';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function isTextual(contentType: string | undefined): boolean {
  return !contentType || /^(text\/|application\/([\w.+-]*json|xml|x-www-form-urlencoded|javascript))/i.test(contentType);
}

/** Writes a Lambda proxy result to the HTTP response, as API Gateway does. */
function writeResult(res: ServerResponse, result: APIGatewayProxyResultV2): void {
  if (typeof result === 'string' || result === null || typeof result !== 'object' || !('statusCode' in result)) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(typeof result === 'string' ? result : JSON.stringify(result));
    return;
  }
  const body = result.body === undefined ? '' : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
  res.writeHead(result.statusCode ?? 200, result.headers as Record<string, string>);
  res.end(body);
}

/**
 * Starts the gateway.
 * @param options.port TCP port (0 = any free port)
 * @param options.host interface to bind (default 127.0.0.1)
 */
export async function startLocalGateway(handlers: LocalHandlers, options: { port: number; host?: string }): Promise<LocalGateway> {
  const connections = new Map<string, WebSocket>();
  const connectionInfo = new Map<string, { connectedAt: number; lastActiveAt: number; sourceIp: string; userAgent: string }>();
  const host = options.host ?? '127.0.0.1';

  async function handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const connection = CONNECTIONS_PATH.exec(url.pathname);
    if (connection) return handleManagementApi(req, res, decodeURIComponent(connection[1]!));
    // The operator console at / and the API reference at /api/docs (static files, before the API routes).
    if (await serveConsoleFile(req, res, url.pathname)) return;
    if (url.pathname !== '/api' && !url.pathname.startsWith('/api/')) {
      return problem(res, 404, 'Not Found', `No endpoint ${req.method} ${url.pathname}; the API is under /api and chargers connect to /ocpp/{chargePointId}`);
    }
    const body = await readBody(req, MAX_HTTP_BODY_BYTES);
    if (body === 'tooLarge') return problem(res, 413, 'Payload Too Large', `The request body exceeds ${MAX_HTTP_BODY_BYTES} bytes`);
    const method = req.method ?? 'GET';
    const match = matchRoute(method, url.pathname);
    const headers = singleValueHeaders(req);
    const now = new Date();
    const textual = isTextual(headers['content-type']);
    const routeKey = match.kind === 'route' ? match.route.routeKey : '$default';
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      headers,
      queryStringParameters: queryParameters(url),
      pathParameters: match.kind === 'route' && Object.keys(match.pathParameters).length ? match.pathParameters : undefined,
      requestContext: {
        accountId: 'local',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'localhost',
        http: { method, path: url.pathname, protocol: `HTTP/${req.httpVersion}`, sourceIp: req.socket.remoteAddress ?? '127.0.0.1', userAgent: headers['user-agent'] ?? '' },
        requestId: randomUUID(),
        routeKey,
        stage: '$default',
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
      },
      body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
      isBase64Encoded: body.length > 0 && !textual,
    };
    const name: HttpFunctionName = match.kind === 'route' ? match.route.function : 'fallback';
    writeResult(res, await handlers.http[name](event, lambdaContext(name)));
  }

  async function handleManagementApi(req: IncomingMessage, res: ServerResponse, connectionId: string): Promise<void> {
    const ws = connections.get(connectionId);
    const info = connectionInfo.get(connectionId);
    if (!ws || !info) {
      // As API Gateway: the SDK maps this to GoneException.
      res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
      res.end(JSON.stringify({ message: 'Gone' }));
      return;
    }
    if (req.method === 'POST') {
      const body = await readBody(req, MAX_WS_MESSAGE_BYTES);
      if (body === 'tooLarge') return problem(res, 413, 'Payload Too Large', 'Message too large');
      ws.send(body.toString('utf8'));
      res.writeHead(200).end();
    } else if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({
        ConnectedAt: new Date(info.connectedAt).toISOString(),
        LastActiveAt: new Date(info.lastActiveAt).toISOString(),
        Identity: { SourceIp: info.sourceIp, UserAgent: info.userAgent },
      }));
    } else if (req.method === 'DELETE') {
      ws.close(1000);
      res.writeHead(204).end();
    } else {
      problem(res, 405, 'Method Not Allowed', 'Use POST, GET or DELETE');
    }
  }

  const server = createServer((req, res) => {
    handleHttp(req, res).catch((error: unknown) => {
      console.error('local gateway error', error);
      if (!res.headersSent) problem(res, 502, 'Bad Gateway', 'The handler failed; see the local stack log');
      else res.end();
    });
  });

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_WS_MESSAGE_BYTES,
    // The $connect handler has already chosen; ws only echoes that choice.
    handleProtocols: (_protocols, request) => (request as IncomingMessage & { chosenProtocol?: string }).chosenProtocol ?? false,
  });

  function websocketContext(connectionId: string, routeKey: string, eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT', domainName: string) {
    const now = Date.now();
    return {
      routeKey,
      eventType,
      connectionId,
      messageId: eventType === 'MESSAGE' ? randomUUID() : undefined,
      extendedRequestId: randomUUID(),
      requestTime: new Date(now).toUTCString(),
      messageDirection: 'IN' as const,
      stage: 'ocpp',
      connectedAt: connectionInfo.get(connectionId)?.connectedAt ?? now,
      requestTimeEpoch: now,
      requestId: randomUUID(),
      domainName,
      apiId: 'local',
    };
  }

  async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = OCPP_PATH.exec(url.pathname);
    const refuse = (status: number, reason: string) => {
      socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (!match) return refuse(404, 'Not Found');
    let chargePointId: string;
    try {
      chargePointId = decodeURIComponent(match[1]!);
    } catch {
      return refuse(400, 'Bad Request');
    }
    const connectionId = randomUUID().replace(/-/g, '').slice(0, 16) + '=';
    const headers = singleValueHeaders(req);
    const domainName = headers.host ?? 'localhost';
    const query = queryParameters(url) ?? {};
    const sourceIp = req.socket.remoteAddress ?? '127.0.0.1';
    const event = {
      headers,
      multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
      queryStringParameters: { ...query, chargePointId },
      multiValueQueryStringParameters: Object.fromEntries(Object.entries({ ...query, chargePointId }).map(([k, v]) => [k, [v]])),
      requestContext: { ...websocketContext(connectionId, '$connect', 'CONNECT', domainName), identity: { sourceIp, userAgent: headers['user-agent'] ?? '' } },
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyWebsocketEventV2;
    let result: APIGatewayProxyResultV2 | undefined;
    try {
      result = await handlers.ocpp.connect(event, lambdaContext('connect'));
    } catch (error) {
      console.error('$connect handler failed', error);
      return refuse(500, 'Internal Server Error');
    }
    const structured = typeof result === 'object' && result !== null ? result : { statusCode: 200 };
    const status = structured.statusCode ?? 200;
    if (status < 200 || status > 299) return refuse(status, status === 401 ? 'Unauthorized' : status === 404 ? 'Not Found' : 'Forbidden');
    const protocolHeader = Object.entries(structured.headers ?? {}).find(([k]) => k.toLowerCase() === 'sec-websocket-protocol')?.[1];
    (req as IncomingMessage & { chosenProtocol?: string }).chosenProtocol = protocolHeader === undefined ? undefined : String(protocolHeader);
    wss.handleUpgrade(req, socket, head, (ws) => {
      connections.set(connectionId, ws);
      const now = Date.now();
      connectionInfo.set(connectionId, { connectedAt: now, lastActiveAt: now, sourceIp, userAgent: headers['user-agent'] ?? '' });
      ws.on('message', (data, isBinary) => {
        const info = connectionInfo.get(connectionId);
        if (info) info.lastActiveAt = Date.now();
        const body = isBinary ? Buffer.from(data as Buffer).toString('base64') : data.toString();
        const messageEvent = {
          requestContext: websocketContext(connectionId, '$default', 'MESSAGE', domainName),
          body,
          isBase64Encoded: isBinary,
        } as unknown as APIGatewayProxyWebsocketEventV2;
        handlers.ocpp
          .message(messageEvent, lambdaContext('message'))
          .then((reply) => {
            const replyBody = typeof reply === 'string' ? reply : reply && typeof reply === 'object' ? reply.body : undefined;
            if (replyBody && ws.readyState === ws.OPEN) ws.send(replyBody);
          })
          .catch((error: unknown) => {
            console.error('$default handler failed', error);
            // API Gateway answers a failed integration with this frame.
            if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ message: 'Internal server error', connectionId, requestId: messageEvent.requestContext.requestId }));
          });
      });
      ws.on('close', (code, reason) => {
        connections.delete(connectionId);
        const disconnectEvent = {
          headers: {},
          requestContext: { ...websocketContext(connectionId, '$disconnect', 'DISCONNECT', domainName), disconnectStatusCode: code, disconnectReason: reason.toString() },
          isBase64Encoded: false,
        } as unknown as APIGatewayProxyWebsocketEventV2;
        connectionInfo.delete(connectionId);
        handlers.ocpp.disconnect(disconnectEvent, lambdaContext('disconnect')).catch((error: unknown) => console.error('$disconnect handler failed', error));
      });
    });
  }

  server.on('upgrade', (req, socket, head) => {
    handleUpgrade(req, socket, head).catch((error: unknown) => {
      console.error('upgrade failed', error);
      socket.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    port,
    connections,
    async close() {
      for (const ws of connections.values()) ws.terminate();
      wss.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
