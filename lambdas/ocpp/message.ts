/**
 * WebSocket `$default` (two-way route): every OCPP-J frame a charger sends. The reply frame, if
 * any, is the route response (no extra PostToConnection). The connection record is cached for the
 * life of the Lambda instance, so a warm instance reads nothing to know who is talking.
 *
 * A frame on a connection that is not (or no longer) a charger's is refused with a CALLERROR
 * and changes nothing: unknown or expired, or replaced by a newer connection of the same charger
 * (its record is deleted when the newer one is recorded; a cached one yields to the newer one).
 * Each CALL is logged with its answer (`shared/ocpp/message-log.ts`, setting `OCPP_MESSAGE_LOG`).
 * The connection's `lastMessageAt` is written at most every 5 minutes while the charger talks
 * (`shared/chargers/last-message.ts`), for the alert sweep's offline rule.
 */
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { getDb } from '../../shared/db';
import type { ChargerConnection } from '../../shared/charging';
import { LastMessageRecorder } from '../../shared/chargers';
import { ConnectionCache } from '../../shared/ocpp/connection';
import { completeCommand } from '../../shared/ocpp/commands/correlation';
import type { CallErrorFrame, CallResultFrame } from '../../shared/ocpp/frames';
import { dispatchMessage } from '../../shared/ocpp/dispatch';
import { logChargerCall } from '../../shared/ocpp/message-log';
import { OcppCallError } from '../../shared/ocpp/errors';
import { ocpp16Registry } from '../../shared/ocpp/v16';
import { ocpp201Registry } from '../../shared/ocpp/v201';
import { ocpp21Registry } from '../../shared/ocpp/v21';

const connections = new ConnectionCache();
const lastMessages = new LastMessageRecorder();
const registries = { 'ocpp1.6': ocpp16Registry, 'ocpp2.0.1': ocpp201Registry, 'ocpp2.1': ocpp21Registry };

/** `$default`: one frame in; the reply frame (CALLRESULT/CALLERROR) as the route response body, or none. */
export async function handler(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  const db = getDb();
  const body = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
  const connection = await connections.resolve(db, event.requestContext.connectionId);
  if (!connection) {
    // Not a connection we accepted, expired, or taken over by a newer one: nothing is handled on it.
    const messageId = /^\s*\[\s*2\s*,\s*"([^"]{1,36})"/.exec(body)?.[1] ?? '-1';
    return {
      statusCode: 200,
      body: JSON.stringify(
        new OcppCallError('GenericError', 'Unknown connection; reconnect').toFrame(messageId, 'ocpp2.0.1'),
      ),
    };
  }
  const receivedAt = new Date(event.requestContext.requestTimeEpoch ?? Date.now()).toISOString();
  // A charger's CALLRESULT/CALLERROR completes our command posted to this connection.
  const onReply = async (from: ChargerConnection, frame: CallResultFrame | CallErrorFrame, text: string) => {
    await completeCommand(db, from, frame, text);
  };
  const connectedAt = connections.connectedAtOf(connection.connectionId) ?? receivedAt;
  const [reply] = await Promise.all([
    dispatchMessage({ db, registries, onReply }, connection, body, receivedAt),
    lastMessages.received(db, connection.connectionId, connectedAt, receivedAt),
  ]);
  await logChargerCall(db, connection, body, reply, receivedAt);
  return reply === undefined ? { statusCode: 200 } : { statusCode: 200, body: reply };
}
