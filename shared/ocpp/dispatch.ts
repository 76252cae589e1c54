/**
 * The `$default` route's work: one WebSocket message in, at most one frame out.
 *
 * A CALL is validated against the official schema of its action, handled by the registered
 * handler, and its response validated before it is sent (a reply the charger's strict
 * implementation would reject is an InternalError instead). CALLRESULT / CALLERROR frames are
 * replies to our commands and go to `onReply`. Every failure becomes the version's CALLERROR; the
 * connection is never closed and nothing is stored for a rejected frame.
 */
import type { Db } from '../db';
import { logger } from '../logger';
import { OcppCallError } from './errors';
import { FrameError, parseFrame, type CallErrorFrame, type CallResultFrame } from './frames';
import type { ConnectionInfo } from './connection';
import type { HandlerRegistry } from './handler';
import { isKnownAction, validatePayload } from './schemas';

/** What the dispatcher needs. */
export interface DispatchDependencies {
  db: Db;
  /** One registry per protocol version. */
  registries: Record<ConnectionInfo['protocol'], HandlerRegistry>;
  /** Receives the charger's replies to our CALLs (command correlation). */
  onReply?: (connection: ConnectionInfo, frame: CallResultFrame | CallErrorFrame) => Promise<void>;
}

/**
 * Handles one message of a connection.
 * @param connection the connection the message arrived on
 * @param text the WebSocket message
 * @param receivedAt ISO 8601 UTC arrival time
 * @returns the frame to send back (CALLRESULT or CALLERROR), or undefined for none
 */
export async function dispatchMessage(deps: DispatchDependencies, connection: ConnectionInfo, text: string, receivedAt: string): Promise<string | undefined> {
  const { protocol } = connection;
  let messageId = '-1';
  try {
    const frame = parseFrame(text);
    messageId = frame.messageId;
    if (frame.messageTypeId !== 2) {
      await deps.onReply?.(connection, frame);
      return undefined;
    }
    const handler = deps.registries[protocol].get(frame.action);
    if (!handler) {
      throw isKnownAction(protocol, frame.action)
        ? new OcppCallError('NotSupported', `${frame.action} is not supported from a charger by this CSMS`)
        : new OcppCallError('NotImplemented', `Unknown action ${frame.action} in ${protocol}`);
    }
    validatePayload(handler.validators, 'req', frame.payload);
    const response = await handler.handle({ db: deps.db, connection, messageId, receivedAt }, frame.payload as never);
    try {
      validatePayload(handler.validators, 'conf', response);
    } catch (error) {
      logger.error('handler produced a response that breaks the schema', { action: frame.action, protocol, error: String(error), response });
      throw new OcppCallError('InternalError', `Could not produce a valid ${frame.action} response`);
    }
    return JSON.stringify([3, messageId, response]);
  } catch (error) {
    const callError =
      error instanceof FrameError ? error.error : error instanceof OcppCallError ? error : internalError(error, connection, messageId);
    const id = error instanceof FrameError ? error.messageId : messageId;
    return JSON.stringify(callError.toFrame(id, protocol));
  }
}

function internalError(error: unknown, connection: ConnectionInfo, messageId: string): OcppCallError {
  logger.error('OCPP handler failed', { chargePointId: connection.ocppId, messageId, error: error instanceof Error ? error.stack : String(error) });
  return new OcppCallError('InternalError', 'The CSMS could not handle this message');
}
