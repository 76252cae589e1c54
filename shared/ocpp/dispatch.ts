/**
 * The `$default` route's work: one WebSocket message in, at most one frame out.
 *
 * A CALL is validated against the official schema of its action, handled by the registered
 * handler, and its response validated before it is sent (a reply the charger's strict
 * implementation would reject is an InternalError instead). CALLRESULT / CALLERROR frames are
 * replies to our commands and go to `onReply` (a failure there is logged: a reply is never
 * answered). Every other failure becomes the version's CALLERROR (a domain refusal of a value is
 * `PropertyConstraintViolation`); the connection is never closed and nothing is stored for a
 * rejected frame. OCPP 2.1's SEND (an unconfirmed message) and CALLRESULTERROR (the charger's error
 * about our CALLRESULT) are logged and never answered ({@link acceptUnanswered}).
 */
import type { Db } from '../db';
import { logger } from '../logger';
import { OcppCallError } from './errors';
import { InvalidError } from '../errors';
import {
  FrameError,
  parseFrame,
  type CallErrorFrame,
  type CallResultErrorFrame,
  type CallResultFrame,
  type SendFrame,
} from './frames';
import type { ChargerConnection } from '../charging';
import type { HandlerRegistry } from './handler';
import { isKnownAction, validatePayload } from './schemas';

/** What the dispatcher needs. */
export interface DispatchDependencies {
  db: Db;
  /** One registry per protocol version. */
  registries: Record<ChargerConnection['protocol'], HandlerRegistry>;
  /** Receives the charger's replies to our CALLs (command correlation), parsed and as the text that arrived. */
  onReply?: (connection: ChargerConnection, frame: CallResultFrame | CallErrorFrame, text: string) => Promise<void>;
}

/**
 * Handles one message of a connection.
 * @param connection the connection the message arrived on
 * @param text the WebSocket message
 * @param receivedAt ISO 8601 UTC arrival time
 * @returns the frame to send back (CALLRESULT or CALLERROR), or undefined for none
 */
export async function dispatchMessage(
  deps: DispatchDependencies,
  connection: ChargerConnection,
  text: string,
  receivedAt: string,
): Promise<string | undefined> {
  const { protocol } = connection;
  let messageId = '-1';
  let action = '';
  try {
    const frame = parseFrame(text, protocol);
    messageId = frame.messageId;
    if (frame.messageTypeId === 5 || frame.messageTypeId === 6) {
      await acceptUnanswered(connection, frame);
      return undefined;
    }
    if (frame.messageTypeId !== 2) {
      await handleReply(deps, connection, frame, text);
      return undefined;
    }
    action = frame.action;
    const handler = deps.registries[protocol].get(frame.action);
    if (!handler) {
      throw isKnownAction(protocol, frame.action)
        ? new OcppCallError('NotSupported', `${frame.action} is not supported from a charger by this CSMS`)
        : new OcppCallError('NotImplemented', `Unknown action ${frame.action} in ${protocol}`);
    }
    await validatePayload(handler.validators, 'req', frame.payload);
    const response = await handler.handle({ db: deps.db, connection, messageId, receivedAt }, frame.payload as never);
    try {
      await validatePayload(handler.validators, 'conf', response);
    } catch (error) {
      logger.error('handler produced a response that breaks the schema', {
        action: frame.action,
        protocol,
        error: String(error),
        response,
      });
      throw new OcppCallError('InternalError', `Could not produce a valid ${frame.action} response`);
    }
    return JSON.stringify([3, messageId, response]);
  } catch (error) {
    const id = error instanceof FrameError ? error.messageId : messageId;
    return JSON.stringify(toCallError(error, connection, id, action).toFrame(id, protocol));
  }
}

/**
 * Hands a charger's CALLRESULT/CALLERROR to `onReply`. A failure is logged, never answered: OCPP-J
 * answers no reply frame, and a CALLERROR would not tell the charger anything it can act on (the
 * command it answers then times out).
 */
async function handleReply(
  deps: DispatchDependencies,
  connection: ChargerConnection,
  frame: CallResultFrame | CallErrorFrame,
  text: string,
) {
  try {
    await deps.onReply?.(connection, frame, text);
  } catch (error) {
    logger.error("could not record a charger's reply", {
      ocppId: connection.ocppId,
      messageId: frame.messageId,
      error: error instanceof Error ? error.stack : String(error),
    });
  }
}

/**
 * OCPP 2.1's frames that are never answered: a SEND (the product uses none of the messages sent so:
 * periodic event streams) is checked against its action's schema and logged, a CALLRESULTERROR
 * (the charger could not take a CALLRESULT of ours) is logged as a warning; nothing is stored.
 */
async function acceptUnanswered(connection: ChargerConnection, frame: CallResultErrorFrame | SendFrame) {
  const { ocppId, protocol } = connection;
  if (frame.messageTypeId === 5) {
    const { messageId, errorCode, errorDescription } = frame;
    logger.warn('the charger refused a CALLRESULT of ours', { ocppId, messageId, errorCode, errorDescription });
    return;
  }
  const { messageId, action } = frame;
  let problem: string | undefined;
  try {
    if (!isKnownAction(protocol, action)) problem = `Unknown action ${action} in ${protocol}`;
    else await validatePayload({ protocol, action }, 'req', frame.payload);
  } catch (error) {
    problem = String(error instanceof Error ? error.message : error);
  }
  logger.info('a SEND of the charger, not used', { ocppId, messageId, action, ...(problem ? { problem } : {}) });
}

/**
 * The CALLERROR for an error: a frame's or handler's own; a domain refusal of a value (e.g. a
 * connector/EVSE number that cannot be a port) is `PropertyConstraintViolation` naming the field;
 * anything else is an `InternalError` (logged).
 */
function toCallError(error: unknown, connection: ChargerConnection, messageId: string, action: string): OcppCallError {
  if (error instanceof FrameError) return error.error;
  if (error instanceof OcppCallError) return error;
  if (error instanceof InvalidError) {
    const field = ocppField(connection.protocol, action, error.field);
    return new OcppCallError('PropertyConstraintViolation', error.message, field ? { field } : {});
  }
  return internalError(error, connection, messageId);
}

/** The payload field that carries what the domain calls `field` (the port number is the connectorId/evseId). */
function ocppField(
  protocol: ChargerConnection['protocol'],
  action: string,
  field: string | undefined,
): string | undefined {
  if (field !== 'portNumber') return field;
  if (protocol === 'ocpp1.6') return 'connectorId';
  return action === 'TransactionEvent' ? 'evse.id' : 'evseId';
}

function internalError(error: unknown, connection: ChargerConnection, messageId: string): OcppCallError {
  logger.error('OCPP handler failed', {
    ocppId: connection.ocppId,
    messageId,
    error: error instanceof Error ? error.stack : String(error),
  });
  return new OcppCallError('InternalError', 'The CSMS could not handle this message');
}
