/**
 * WebSocket `$connect` (docs/ocpp.md, "Connecting"): identity from `?ocppId=` (put there
 * by the CloudFront Function on AWS, by the local gateway locally), Basic auth, subprotocol
 * negotiation, then the connection is recorded and the chosen `Sec-WebSocket-Protocol` returned.
 * A refusal is an HTTP status at the handshake: 403 not through CloudFront
 * (`lambdas/lib/origin-verify.ts`), 404 unknown charger, 401 bad credentials or, by the security
 * profile rule, a missing or refused client certificate (docs/certificates.md), 400 no supported
 * subprotocol. The `CloudFront-Viewer-Cert-*` headers are read only when the origin-verify secret
 * vouches for them (`viewerCertificateHeadersTrusted`).
 *
 * A charger has one connection: when its identity connects while an older connection is open,
 * the older one is closed (`DeleteConnection`) before the new one is recorded, and the takeover
 * is logged (warning) with the identity and both connection IDs.
 */
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { getDb } from '../../shared/db';
import { checkConnect, recordConnection } from '../../shared/ocpp/connection';
import { closeConnection } from '../../shared/ocpp/commands/transport';
import { logger } from '../../shared/logger';
import { cameThroughCloudFront, viewerCertificateHeadersTrusted } from '../lib/origin-verify';

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & {
  headers?: Record<string, string | undefined>;
  queryStringParameters?: Record<string, string | undefined>;
};

/** `$connect`: 200 with the chosen `Sec-WebSocket-Protocol`, or the refusal status (403/404/401/400). */
export async function handler(event: ConnectEvent): Promise<APIGatewayProxyResultV2> {
  if (!cameThroughCloudFront(event.headers)) return { statusCode: 403, body: 'Connect through the CloudFront domain' };
  const ocppId = event.queryStringParameters?.ocppId;
  if (!ocppId) return { statusCode: 404, body: 'Unknown charge point' };
  const headers = Object.fromEntries(Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const db = getDb();
  const requestTime = new Date(event.requestContext.requestTimeEpoch ?? Date.now());
  const decision = await checkConnect(db, ocppId, {
    authorization: headers.authorization,
    secWebSocketProtocol: headers['sec-websocket-protocol'],
    certificateHeaders: viewerCertificateHeadersTrusted(headers) ? headers : undefined,
    at: requestTime,
  });
  if ('reason' in decision) {
    const detail = 'detail' in decision ? decision.detail : undefined;
    logger.info('connection refused', { ocppId, reason: decision.reason, ...(detail ? { detail } : {}) });
    return { statusCode: decision.status, body: decision.reason };
  }
  const { connectionId } = event.requestContext;
  if (decision.previousConnectionId) await closePrevious(ocppId, decision.previousConnectionId, connectionId);
  const at = requestTime.toISOString();
  await recordConnection(db, decision, ocppId, connectionId, at);
  return { statusCode: 200, headers: { 'Sec-WebSocket-Protocol': decision.protocol } };
}

/** Closes the charger's older connection; a failure to close is logged, and the new one still accepted. */
async function closePrevious(ocppId: string, previousConnectionId: string, connectionId: string): Promise<void> {
  let closed: boolean | 'failed';
  try {
    closed = await closeConnection(previousConnectionId);
  } catch (error) {
    closed = 'failed';
    logger.error('could not close the previous connection', {
      ocppId,
      previousConnectionId,
      error: String(error),
    });
  }
  logger.warn('connection taken over: a new connection of this charge point replaces the open one, which is closed', {
    ocppId,
    previousConnectionId,
    connectionId,
    previousConnection: closed === true ? 'closed' : closed === false ? 'already gone' : 'close failed',
  });
}
