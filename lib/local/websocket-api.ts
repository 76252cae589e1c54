/**
 * The local WebSocket API: `ws://…/ocpp/{ocppId}` becomes API Gateway WebSocket API
 * `$connect` / `$default` / `$disconnect` events with API Gateway's shapes. The identity is moved
 * into `?ocppId=` as the CloudFront Function does on AWS. The `$connect` answer decides the
 * handshake (its status and its `Sec-WebSocket-Protocol` header); a `$default` answer with a body
 * is sent back (two-way route).
 */
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { lambdaContext, queryParameters, requestUrl, singleValueHeaders, type OcppHandlers } from './lambda-events';
import { MAX_WEBSOCKET_URL_CHARACTERS, MAX_WS_MESSAGE_BYTES, requestHeadProblem } from './limits';
import { rawProblemResponse } from './problem';

const OCPP_PATH = /^\/ocpp\/([^/?]+)$/;

/** What the management API's GET tells about a connection. */
export interface ConnectionInfo {
  connectedAt: number;
  lastActiveAt: number;
  sourceIp: string;
  userAgent: string;
}

/** A handshake as `$connect` saw it: what every later event of the connection repeats. */
interface Handshake {
  connectionId: string;
  ocppId: string;
  domainName: string;
  sourceIp: string;
  userAgent: string;
}

type EventType = 'CONNECT' | 'MESSAGE' | 'DISCONNECT';

/** Writes a bare HTTP refusal of a WebSocket handshake. */
function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** The WebSocket API's connections and its `$connect` / `$default` / `$disconnect` routes. */
export class WebSocketApi {
  /** Open connections by connectionId. */
  readonly connections = new Map<string, WebSocket>();
  /** What is known of each open connection, by connectionId. */
  readonly connectionInfo = new Map<string, ConnectionInfo>();
  /** Each connection's `$disconnect`, from its opening until that handler has run. */
  private readonly closing = new Map<string, Promise<void>>();
  private readonly wss: WebSocketServer;

  constructor(private readonly handlers: OcppHandlers) {
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: MAX_WS_MESSAGE_BYTES,
      // The $connect handler has already chosen; ws only echoes that choice.
      handleProtocols: (_protocols, request) =>
        (request as IncomingMessage & { chosenProtocol?: string }).chosenProtocol ?? false,
    });
  }

  private requestContext(handshake: Handshake, routeKey: string, eventType: EventType) {
    const now = Date.now();
    return {
      routeKey,
      eventType,
      connectionId: handshake.connectionId,
      messageId: eventType === 'MESSAGE' ? randomUUID() : undefined,
      extendedRequestId: randomUUID(),
      requestTime: new Date(now).toUTCString(),
      messageDirection: 'IN' as const,
      stage: 'ocpp',
      connectedAt: this.connectionInfo.get(handshake.connectionId)?.connectedAt ?? now,
      requestTimeEpoch: now,
      requestId: randomUUID(),
      domainName: handshake.domainName,
      apiId: 'local',
    };
  }

  /** The `$connect` event: headers, the query string with `ocppId` added, and the caller's identity. */
  private connectEvent(req: IncomingMessage, url: URL, handshake: Handshake): APIGatewayProxyWebsocketEventV2 {
    const headers = singleValueHeaders(req);
    const query = { ...queryParameters(url), ocppId: handshake.ocppId };
    return {
      headers,
      multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
      queryStringParameters: query,
      multiValueQueryStringParameters: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, [v]])),
      requestContext: {
        ...this.requestContext(handshake, '$connect', 'CONNECT'),
        identity: { sourceIp: handshake.sourceIp, userAgent: handshake.userAgent },
      },
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyWebsocketEventV2;
  }

  /**
   * Handles an HTTP upgrade: checks the limits, runs `$connect` and completes or refuses the
   * handshake as its answer says. A client gone before the handshake completes gets its
   * `$disconnect` (code 1006) all the same, as `$connect` has recorded it.
   */
  async handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => undefined); // a client that resets mid-handshake is not the gateway's fault
    const tooLarge = requestHeadProblem(req, MAX_WEBSOCKET_URL_CHARACTERS);
    if (tooLarge) return void socket.end(rawProblemResponse(tooLarge));
    const url = requestUrl(req);
    const match = url && OCPP_PATH.exec(url.pathname);
    if (!url || !match) return refuse(socket, 404, 'Not Found');
    let ocppId: string;
    try {
      ocppId = decodeURIComponent(match[1]!);
    } catch {
      return refuse(socket, 400, 'Bad Request');
    }
    const headers = singleValueHeaders(req);
    const handshake: Handshake = {
      connectionId: randomUUID().replace(/-/g, '').slice(0, 16) + '=',
      ocppId,
      domainName: headers.host ?? 'localhost',
      sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
      userAgent: headers['user-agent'] ?? '',
    };
    const result = await this.connect(req, url, handshake);
    if (result === 'failed') return refuse(socket, 500, 'Internal Server Error');
    const structured = typeof result === 'object' && result !== null ? result : { statusCode: 200 };
    const status = structured.statusCode ?? 200;
    if (status < 200 || status > 299) return refuse(socket, status, STATUS_CODES[status] ?? 'Forbidden');
    const protocolHeader = Object.entries(structured.headers ?? {}).find(
      ([k]) => k.toLowerCase() === 'sec-websocket-protocol',
    )?.[1];
    (req as IncomingMessage & { chosenProtocol?: string }).chosenProtocol =
      protocolHeader === undefined ? undefined : String(protocolHeader);
    let opened = false;
    // ws completes or aborts the handshake synchronously.
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      opened = true;
      this.open(ws, handshake);
    });
    if (!opened) void this.disconnect(handshake, 1006, Buffer.alloc(0));
  }

  /** Runs `$connect`; `'failed'` when the handler threw. */
  private async connect(
    req: IncomingMessage,
    url: URL,
    handshake: Handshake,
  ): Promise<APIGatewayProxyResultV2 | undefined | 'failed'> {
    try {
      return await this.handlers.connect(this.connectEvent(req, url, handshake), lambdaContext('connect'));
    } catch (error) {
      console.error('$connect handler failed', error);
      return 'failed';
    }
  }

  /** Registers an accepted connection and routes its frames and its close. */
  private open(ws: WebSocket, handshake: Handshake): void {
    this.connections.set(handshake.connectionId, ws);
    const now = Date.now();
    this.connectionInfo.set(handshake.connectionId, {
      connectedAt: now,
      lastActiveAt: now,
      sourceIp: handshake.sourceIp,
      userAgent: handshake.userAgent,
    });
    ws.on('message', (data, isBinary) => this.onMessage(ws, handshake, data, isBinary));
    // A frame API Gateway would refuse (invalid UTF-8 text, a message over 128 KB, a protocol
    // error): ws has already closed the connection with the matching code (1007, 1009, 1002).
    ws.on('error', (error: Error & { code?: string }) => {
      console.warn(`Closed ${handshake.ocppId}'s connection ${handshake.connectionId}: ${error.message}`);
    });
    const closed = new Promise<void>((resolve) =>
      ws.once('close', (code, reason) => resolve(this.disconnect(handshake, code, reason))),
    );
    this.closing.set(handshake.connectionId, closed);
  }

  /** `$default`: one event per message; an answer with a body is sent back, a failure as API Gateway's error frame. */
  private onMessage(ws: WebSocket, handshake: Handshake, data: RawData, isBinary: boolean): void {
    const info = this.connectionInfo.get(handshake.connectionId);
    if (info) info.lastActiveAt = Date.now();
    const body = isBinary ? Buffer.from(data as Buffer).toString('base64') : data.toString();
    const event = {
      requestContext: this.requestContext(handshake, '$default', 'MESSAGE'),
      body,
      isBase64Encoded: isBinary,
    } as unknown as APIGatewayProxyWebsocketEventV2;
    this.handlers
      .message(event, lambdaContext('message'))
      .then((reply) => {
        const replyBody =
          typeof reply === 'string' ? reply : reply && typeof reply === 'object' ? reply.body : undefined;
        if (replyBody && ws.readyState === ws.OPEN) ws.send(replyBody);
      })
      .catch((error: unknown) => {
        console.error('$default handler failed', error);
        // API Gateway answers a failed integration with this frame.
        const frame = {
          message: 'Internal server error',
          connectionId: handshake.connectionId,
          requestId: event.requestContext.requestId,
        };
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
      });
  }

  /** `$disconnect`, with the close code and reason; settles when the handler has. */
  private async disconnect(handshake: Handshake, code: number, reason: Buffer): Promise<void> {
    this.connections.delete(handshake.connectionId);
    const event = {
      headers: {},
      requestContext: {
        ...this.requestContext(handshake, '$disconnect', 'DISCONNECT'),
        disconnectStatusCode: code,
        disconnectReason: reason.toString(),
      },
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyWebsocketEventV2;
    this.connectionInfo.delete(handshake.connectionId);
    await this.handlers
      .disconnect(event, lambdaContext('disconnect'))
      .catch((error: unknown) => console.error('$disconnect handler failed', error));
    // Only now: `close()` waits for a `$disconnect` still running when it is called (a charger that
    // closed just before the stack), so nothing runs against the stack's table after it closed.
    this.closing.delete(handshake.connectionId);
  }

  /** Drops every connection, stops accepting new ones, and settles once every `$disconnect` has run. */
  async close(): Promise<void> {
    const closing = [...this.closing.values()];
    for (const ws of this.connections.values()) ws.terminate();
    this.wss.close();
    await Promise.all(closing);
  }
}
