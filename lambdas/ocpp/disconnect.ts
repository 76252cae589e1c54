/**
 * WebSocket `$disconnect`: the charger becomes Disconnected, and its commands waiting on this
 * connection end as "not connected", only if this was its current connection (docs/ocpp.md,
 * "Connecting"; docs/architecture.md, "OCPP messages").
 */
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { getDb } from '../../shared/db';
import { recordDisconnection } from '../../shared/ocpp/connection';

/** `$disconnect`: records the closed connection (always 200). */
export async function handler(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  const at = new Date(event.requestContext.requestTimeEpoch ?? Date.now()).toISOString();
  await recordDisconnection(getDb(), event.requestContext.connectionId, at);
  return { statusCode: 200 };
}
