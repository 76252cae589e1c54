/**
 * The local WebSocket API: `ws://…/ocpp/{chargePointId}` becomes API Gateway WebSocket API
 * `$connect` / `$default` / `$disconnect` events with API Gateway's shapes. The identity is moved
 * into `?chargePointId=` as the CloudFront Function does on AWS. The `$connect` answer decides the
 * handshake (its status and its `Sec-WebSocket-Protocol` header); a `$default` answer with a body
 * is sent back (two-way route).
 */
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { lambdaContext, queryParameters, singleValueHeaders, type OcppHandlers } from './lambda-events';
import { MAX_WS_MESSAGE_BYTES } from './limits';

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

  /** The `$connect` event: headers, the query string with `chargePointId` added, and the caller's identity. */
  private connectEvent(
    req: IncomingMessage,
    url: URL,
    handshake: Handshake,
    chargePointId: string,
  ): APIGatewayProxyWebsocketEventV2 {
    const headers = singleValueHeaders(req);
    const query = { ...queryParameters(url), chargePointId };
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

  /** Handles an HTTP upgrade: runs `$connect` and completes or refuses the handshake as its answer says. */
  async handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = OCPP_PATH.exec(url.pathname);
    if (!match) return refuse(socket, 404, 'Not Found');
    let chargePointId: string;
    try {
      chargePointId = decodeURIComponent(match[1]!);
    } catch {
      return refuse(socket, 400, 'Bad Request');
    }
    const headers = singleValueHeaders(req);
    const handshake: Handshake = {
      connectionId: randomUUID().replace(/-/g, '').slice(0, 16) + '=',
      domainName: headers.host ?? 'localhost',
      sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
      userAgent: headers['user-agent'] ?? '',
    };
    let result: APIGatewayProxyResultV2 | undefined;
    try {
      result = await this.handlers.connect(
        this.connectEvent(req, url, handshake, chargePointId),
        lambdaContext('connect'),
      );
    } catch (error) {
      console.error('$connect handler failed', error);
      return refuse(socket, 500, 'Internal Server Error');
    }
    const structured = typeof result === 'object' && result !== null ? result : { statusCode: 200 };
    const status = structured.statusCode ?? 200;
    if (status < 200 || status > 299)
      return refuse(socket, status, status === 401 ? 'Unauthorized' : status === 404 ? 'Not Found' : 'Forbidden');
    const protocolHeader = Object.entries(structured.headers ?? {}).find(
      ([k]) => k.toLowerCase() === 'sec-websocket-protocol',
    )?.[1];
    (req as IncomingMessage & { chosenProtocol?: string }).chosenProtocol =
      protocolHeader === undefined ? undefined : String(protocolHeader);
    this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws, handshake));
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
    ws.on('close', (code, reason) => this.onClose(handshake, code, reason));
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

  /** `$disconnect`, with the close code and reason. */
  private onClose(handshake: Handshake, code: number, reason: Buffer): void {
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
    this.handlers
      .disconnect(event, lambdaContext('disconnect'))
      .catch((error: unknown) => console.error('$disconnect handler failed', error));
  }

  /** Drops every connection (each gets its `$disconnect`) and stops accepting new ones. */
  close(): void {
    for (const ws of this.connections.values()) ws.terminate();
    this.wss.close();
  }
}
