/**
 * The local API Gateway management API, `/@connections/{connectionId}`: POST sends a frame, GET
 * describes the connection, DELETE closes it, and an unknown connection is 410 Gone, so the real
 * `ApiGatewayManagementApiClient` works against it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './http-api';
import { MAX_WS_MESSAGE_BYTES } from './limits';
import { problem } from './problem';
import type { WebSocketApi } from './websocket-api';

/** Path of a management API call; group 1 is the URL-encoded connectionId. */
export const CONNECTIONS_PATH = /^\/@connections\/([^/?]+)$/;

/** Serves one management API call for `connectionId`. */
export async function handleManagementApi(
  api: WebSocketApi,
  req: IncomingMessage,
  res: ServerResponse,
  connectionId: string,
): Promise<void> {
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
    if (body === 'tooLarge') return problem(res, 413, 'Payload Too Large', 'Message too large');
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
    problem(res, 405, 'Method Not Allowed', 'Use POST, GET or DELETE');
  }
}
