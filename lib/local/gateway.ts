/**
 * The local API Gateway (docs/architecture.md, "Local stack"): one port that hosts the same handler
 * modules as AWS.
 *
 * - `/api/*` → HTTP API payload format 2.0 events (`http-api.ts`).
 * - `ws://…/ocpp/{ocppId}` → WebSocket API `$connect` / `$default` / `$disconnect` events
 *   (`websocket-api.ts`).
 * - `/@connections/{connectionId}` → the API Gateway management API (`management-api.ts`).
 * - `/uploads/{token}`, `/downloads/{token}` → chargers' log files (`log-files.ts`; S3 on AWS).
 *
 * Limits as on AWS (`limits.ts`): request line + header values, URL length, 10 MB HTTP bodies,
 * 128 KB WebSocket messages. A bad request or frame is answered and never stops the gateway.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebSocket } from 'ws';
import { serveConsoleFile } from './static-files';
import { HTTP_FUNCTIONS, httpHandlerEntry, type HttpFunctionName } from '../../shared/api/routes';
import { handleHttpApi } from './http-api';
import { CONNECTIONS_PATH, handleManagementApi } from './management-api';
import { CERTIFICATE_STATUS_FUNCTION } from '../../shared/ocpp/certificate-status';
import { handleInvoke, INVOKE_PATH, settleInvocations, type InvokableHandlers } from './lambda-api';
import { NotFoundError } from '../../shared/api/errors';
import { answerClientError, MAX_HTTP_URL_BYTES, PARSER_MAX_HEADER_BYTES, requestHeadProblem } from './limits';
import { GATEWAY_SERVICE, PortInUseError } from './ports';
import { gatewayProblem, sendProblem } from './problem';
import { WebSocketApi } from './websocket-api';
import { LOG_OPERATION_FUNCTION, OPERATION_FUNCTION } from '../../lambdas/operations/lib/start-operation';
import { requestUrl, type HttpHandlers, type OcppHandlers } from './lambda-events';
import { handleLogFiles } from './log-files';

export type { LambdaHandler } from './lambda-events';

/** The handlers the gateway hosts. */
export interface LocalHandlers {
  http: HttpHandlers;
  ocpp: OcppHandlers;
  /** Smart charging's functions (`lambdas/power/*`); `allocate` is invoked through the Lambda Invoke API. */
  power: InvokableHandlers;
  /**
   * The charger operations' workers (`lambdas/operations/perform.ts` and, for log requests,
   * `perform-logs.ts`, invoked through the Lambda Invoke API as `perform` and `perform-logs`) and sweep (`lambdas/operations/sweep.ts`, run every minute
   * by the local stack).
   */
  operations: InvokableHandlers;
  /** The local list's stream consumer (`lambdas/local-list/sync.ts`; the stream loop's, not the gateway's). */
  localList?: InvokableHandlers;
  /**
   * The alert rules' stream consumer (`lambdas/alerts/trigger.ts`, the stream loop's) and the alert
   * sweep (`lambdas/alerts/sweep.ts`, run every minute by the local stack).
   */
  alerts?: InvokableHandlers;
  /**
   * The webhooks' stream consumer (`lambdas/webhooks/fan-out.ts`, the stream loop's) and delivery
   * worker (`lambdas/webhooks/deliver.ts`, the local delivery queue's).
   */
  webhooks?: InvokableHandlers;
  /**
   * The certificate function (`lambdas/certificates/sign.ts`): the stream loop's, with the stack's
   * `tls` option; the certificate status function (`status.ts`), invoked by `$default` through the
   * Lambda Invoke API as `certificate-status`.
   */
  certificates?: InvokableHandlers;
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

/**
 * Imports the real handler modules: `lambdas/http/<name in kebab-case>.ts` for every HTTP function
 * of the route table, `lambdas/ocpp/{connect,message,disconnect}.ts`, `lambdas/power/{trigger,schedule,allocate}.ts`,
 * `lambdas/operations/{perform,sweep}.ts`, `lambdas/local-list/sync.ts`, `lambdas/alerts/{trigger,sweep}.ts`,
 * `lambdas/webhooks/{fan-out,deliver}.ts` and `lambdas/certificates/{sign,status}.ts`. Import after the environment
 * (`TABLE_NAME`, `DYNAMODB_ENDPOINT`, `WS_MANAGEMENT_ENDPOINT`) is set.
 */
export async function loadHandlers(): Promise<LocalHandlers> {
  const http = Object.fromEntries(
    await Promise.all(
      (Object.keys(HTTP_FUNCTIONS) as HttpFunctionName[]).map(async (name) => [
        name,
        (await import(/* @vite-ignore */ `../../${httpHandlerEntry(name)}`)).handler,
      ]),
    ),
  ) as HttpHandlers;
  const [connect, message, disconnect] = await Promise.all(
    (['connect', 'message', 'disconnect'] as const).map(
      async (name) => (await import(`../../lambdas/ocpp/${name}.ts`)).handler,
    ),
  );
  const power = Object.fromEntries(
    await Promise.all(
      (['trigger', 'schedule', 'allocate'] as const).map(async (name) => [
        name,
        (await import(`../../lambdas/power/${name}.ts`)).handler,
      ]),
    ),
  ) as InvokableHandlers;
  const [perform, performLogs, sweep] = await Promise.all(
    (['perform', 'perform-logs', 'sweep'] as const).map(
      async (name) => (await import(`../../lambdas/operations/${name}.ts`)).handler,
    ),
  );
  const sync = 'sync';
  const localList = { [sync]: (await import(`../../lambdas/local-list/${sync}.ts`)).handler } as InvokableHandlers;
  const handlersOf = async (folder: string, names: readonly string[]) =>
    Object.fromEntries(
      await Promise.all(
        names.map(async (name) => [name, (await import(`../../lambdas/${folder}/${name}.ts`)).handler]),
      ),
    ) as InvokableHandlers;
  const alerts = await handlersOf('alerts', ['trigger', 'sweep']);
  const webhooks = await handlersOf('webhooks', ['fan-out', 'deliver']);
  const certificates = await handlersOf('certificates', ['sign', 'status']);
  return {
    http,
    ocpp: { connect, message, disconnect },
    power,
    operations: { [OPERATION_FUNCTION]: perform, [LOG_OPERATION_FUNCTION]: performLogs, sweep },
    localList,
    alerts,
    webhooks,
    certificates,
  };
}

/** Routes a plain HTTP request, within the limits, to the management API, the HTTP API, or a 404. */
async function handleRequest(
  handlers: LocalHandlers,
  websocketApi: WebSocketApi,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const tooLarge = requestHeadProblem(req, MAX_HTTP_URL_BYTES);
  if (tooLarge) return sendProblem(res, tooLarge);
  const url = requestUrl(req);
  if (!url)
    return sendProblem(res, gatewayProblem(400, 'invalid-request', `The request-target ${req.url} is not a URL`));
  const connection = CONNECTIONS_PATH.exec(url.pathname);
  if (connection) return handleManagementApi(websocketApi, req, res, connection[1]!);
  const invoke = INVOKE_PATH.exec(url.pathname);
  if (invoke) {
    const status = handlers.certificates?.status;
    const certificateStatus: InvokableHandlers = status ? { [CERTIFICATE_STATUS_FUNCTION]: status } : {};
    return handleInvoke({ ...handlers.power, ...handlers.operations, ...certificateStatus }, req, res, invoke[1]!);
  }
  // Chargers' log uploads and their downloads (S3's presigned URLs on AWS).
  if (await handleLogFiles(req, res, url)) return;
  // The operator console at / and the API reference at /api/docs (static files, before the API routes).
  if (await serveConsoleFile(req, res, url.pathname)) return;
  if (url.pathname !== '/api' && !url.pathname.startsWith('/api/')) {
    const where = 'the API is under /api and chargers connect to /ocpp/{ocppId}';
    return sendProblem(res, new NotFoundError(`No endpoint ${req.method} ${url.pathname}; ${where}`));
  }
  return handleHttpApi(handlers.http, req, res, url);
}

/**
 * How long the gateway keeps an idle client connection open, ms: 65 s, well above the keep-alive
 * of clients that reuse connections (undici, Node's `fetch`: 4 s; browsers, load balancers: up to
 * 60 s). With Node's default (5 s) the server closed an idle connection while such a client
 * was sending on it, and the client got "other side closed". The client learns it from the
 * `Keep-Alive: timeout=65` header.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** How long a request's headers may take, ms: above {@link KEEP_ALIVE_TIMEOUT_MS}, as Node requires. */
export const HEADERS_TIMEOUT_MS = 66_000;

/**
 * Starts the gateway.
 * @param options.port TCP port (0 = any free port)
 * @param options.host interface to bind (default 127.0.0.1)
 * @throws PortInUseError when another process listens on the port
 */
export async function startLocalGateway(
  handlers: LocalHandlers,
  options: { port: number; host?: string },
): Promise<LocalGateway> {
  const host = options.host ?? '127.0.0.1';
  const websocketApi = new WebSocketApi(handlers.ocpp);
  const server = createServer({ maxHeaderSize: PARSER_MAX_HEADER_BYTES }, (req, res) => {
    handleRequest(handlers, websocketApi, req, res).catch((error: unknown) => {
      console.error('local gateway error', error);
      if (!res.headersSent)
        sendProblem(res, gatewayProblem(502, 'bad-gateway', 'The handler failed; see the local stack log'));
      else res.end();
    });
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.on('clientError', answerClientError);
  server.on('upgrade', (req, socket, head) => {
    websocketApi.handleUpgrade(req, socket, head).catch((error: unknown) => {
      console.error('upgrade failed', error);
      socket.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(options.port, GATEWAY_SERVICE) : error),
    );
    server.listen(options.port, host, () => resolve());
  });
  // Listening: a later server error (say, out of file descriptors) is logged; the gateway keeps serving.
  server.on('error', (error) => console.error('local gateway server error', error));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    port,
    connections: websocketApi.connections,
    async close() {
      await settleInvocations();
      const disconnected = websocketApi.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await Promise.all([closed, disconnected]);
    },
  };
}
