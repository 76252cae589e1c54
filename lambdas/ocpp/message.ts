/**
 * WebSocket `$default` (two-way): every OCPP-J frame a charger sends. Until the OCPP bridge's
 * action handlers exist, every CALL is answered with a `NotImplemented` CALLERROR and any other
 * frame is ignored.
 */
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';

export async function handler(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  let frame: unknown;
  try {
    frame = JSON.parse(event.body ?? '');
  } catch {
    return { statusCode: 200, body: JSON.stringify([4, '-1', 'FormationViolation', 'Frame is not valid JSON', {}]) };
  }
  if (Array.isArray(frame) && frame[0] === 2 && typeof frame[1] === 'string') {
    return { statusCode: 200, body: JSON.stringify([4, frame[1], 'NotImplemented', `Action ${String(frame[2])} is not implemented`, {}]) };
  }
  return { statusCode: 200 };
}
