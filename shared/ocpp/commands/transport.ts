/**
 * Reaching a charger's connection: API Gateway's management API (`PostToConnection` and
 * `DeleteConnection` on `@connections/{connectionId}`), at `WS_MANAGEMENT_ENDPOINT` (the WebSocket
 * stage's callback URL on AWS; the local gateway's URL locally).
 */
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { localEndpointConfig, processClient } from '../../aws-clients';

/** Posts one frame to a connection. */
export type PostFrame = (connectionId: string, frame: string) => Promise<void>;

/** Thrown when the connection no longer exists (API Gateway's GoneException, HTTP 410). */
export class ConnectionGoneError extends Error {
  constructor(readonly connectionId: string) {
    super(`Connection ${connectionId} is gone`);
    this.name = 'ConnectionGoneError';
  }
}

/** The management API client, at `WS_MANAGEMENT_ENDPOINT` (dummy credentials for a local gateway). */
const managementClient = /* @__PURE__ */ processClient(
  () => {
    const endpoint = process.env.WS_MANAGEMENT_ENDPOINT;
    if (!endpoint) throw new Error('WS_MANAGEMENT_ENDPOINT is not set');
    return endpoint;
  },
  (endpoint) =>
    new ApiGatewayManagementApiClient(/\.amazonaws\.com/.test(endpoint) ? { endpoint } : localEndpointConfig(endpoint)),
);

/**
 * Posts a frame with the real management API client.
 * @throws ConnectionGoneError when API Gateway answers 410 Gone
 */
export const postToConnection: PostFrame = async (connectionId, frame) => {
  try {
    await managementClient().send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(frame) }),
    );
  } catch (error) {
    throw isGone(error) ? new ConnectionGoneError(connectionId) : error;
  }
};

/**
 * Closes a connection (`DeleteConnection`); API Gateway then raises its `$disconnect`.
 * @returns false when it was already gone (410)
 */
export async function closeConnection(connectionId: string): Promise<boolean> {
  try {
    await managementClient().send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    return true;
  } catch (error) {
    if (isGone(error)) return false;
    throw error;
  }
}

function isGone(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'GoneException' || e.$metadata?.httpStatusCode === 410;
}
