/**
 * The local API Gateway management API, `/@connections/{connectionId}`: POST sends a frame, GET
 * describes the connection, DELETE closes it, and an unknown connection is 410 Gone, so the real
 * `ApiGatewayManagementApiClient` works against it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './http-api';
import { MAX_WS_MESSAGE_BYTES } from './limits';
import { MethodNotAllowedError, PayloadTooLargeError } from '../../shared/api/errors';
import { sendProblem } from './problem';
import type { WebSocketApi } from './websocket-api';

/** Path of a management API call; group 1 is the URL-encoded connectionId. */
export const CONNECTIONS_PATH = /^\/@connections\/([^/?]+)$/;

/** The connectionId of a path's URL-encoded segment; `undefined` when it is not valid percent-encoding. */
function decodeConnectionId(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Serves one management API call for the connection named by the (URL-encoded) path segment. */
export async function handleManagementApi(
  api: WebSocketApi,
  req: IncomingMessage,
  res: ServerResponse,
  encodedConnectionId: string,
): Promise<void> {
  const connectionId = decodeConnectionId(encodedConnectionId) ?? '';
  const ws = api.connections.get(connectionId);
  const info = api.connectionInfo.get(connectionId);
  if (!ws || !info) {
    // As API Gateway: the SDK maps this to GoneException.
    res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
    res.end(JSON.stringify({ message: 'Gone' }));
    return;
  }
  if (req.method === 'POST') {
    const body = await readBody(req, MAX_WS_MESSAGE_BYTES);
    if (body === 'tooLarge') return sendProblem(res, new PayloadTooLargeError(MAX_WS_MESSAGE_BYTES));
    ws.send(body.toString('utf8'));
    res.writeHead(200).end();
  } else if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        ConnectedAt: new Date(info.connectedAt).toISOString(),
        LastActiveAt: new Date(info.lastActiveAt).toISOString(),
        Identity: { SourceIp: info.sourceIp, UserAgent: info.userAgent },
      }),
    );
  } else if (req.method === 'DELETE') {
    ws.close(1000);
    res.writeHead(204).end();
  } else {
    sendProblem(
      res,
      new MethodNotAllowedError(req.method ?? '', '/@connections/{connectionId}', ['POST', 'GET', 'DELETE']),
    );
  }
}
