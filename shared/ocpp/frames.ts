/**
 * OCPP-J RPC frames (OCPP 1.6-J §4, OCPP 2.0.1 Part 4 §4, OCPP 2.1 Part 4 §4): parsing what a
 * charger sends.
 *
 * - CALL `[2, messageId, action, payload]`
 * - CALLRESULT `[3, messageId, payload]`
 * - CALLERROR `[4, messageId, errorCode, errorDescription, errorDetails]`
 * - OCPP 2.1 only: CALLRESULTERROR `[5, messageId, errorCode, errorDescription, errorDetails]` (the
 *   charger's error about a CALLRESULT of ours) and SEND `[6, messageId, action, payload]` (an
 *   unconfirmed message: never answered)
 */
import type { OcppProtocol } from '../db/entities/common';
import { OcppCallError } from './errors';

/** A request from the charger. */
export interface CallFrame {
  messageTypeId: 2;
  messageId: string;
  action: string;
  payload: Record<string, unknown>;
}
/** A charger's reply to one of our CALLs. */
export interface CallResultFrame {
  messageTypeId: 3;
  messageId: string;
  payload: Record<string, unknown>;
}
/** A charger's error reply to one of our CALLs. */
export interface CallErrorFrame {
  messageTypeId: 4;
  messageId: string;
  errorCode: string;
  errorDescription: string;
  errorDetails: Record<string, unknown>;
}
/** OCPP 2.1: the charger's error about a CALLRESULT of ours (it could not take our answer). */
export interface CallResultErrorFrame {
  messageTypeId: 5;
  messageId: string;
  errorCode: string;
  errorDescription: string;
  errorDetails: Record<string, unknown>;
}
/** OCPP 2.1: an unconfirmed message from the charger (e.g. NotifyPeriodicEventStream), never answered. */
export interface SendFrame {
  messageTypeId: 6;
  messageId: string;
  action: string;
  payload: Record<string, unknown>;
}
/** Any frame. */
export type Frame = CallFrame | CallResultFrame | CallErrorFrame | CallResultErrorFrame | SendFrame;

/** A frame that could not be parsed, with the CALLERROR to answer and the message ID if readable. */
export class FrameError extends Error {
  constructor(
    readonly error: OcppCallError,
    readonly messageId: string,
  ) {
    super(error.message);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** OCPP 2.0.1: the message ID is a string of at most 36 characters (1.6 allows the same). */
const MAX_MESSAGE_ID_LENGTH = 36;

/**
 * Parses a WebSocket text message into a frame.
 * @param protocol the connection's version: message types 5 and 6 are OCPP 2.1's only
 * @throws FrameError with: RpcFrameworkError (1.6: FormationViolation) when the text is not JSON,
 *   not an array, or the message ID cannot be read; MessageTypeNotSupported (1.6: ProtocolError)
 *   for an unknown message type (5 and 6 before 2.1); FormatViolation (1.6: FormationViolation)
 *   when a known frame has the wrong length or member types.
 */
export function parseFrame(text: string, protocol?: OcppProtocol): Frame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new FrameError(new OcppCallError('RpcFrameworkError', 'Message is not valid JSON'), '-1');
  }
  if (!Array.isArray(value))
    throw new FrameError(new OcppCallError('RpcFrameworkError', 'Message is not an OCPP-J array'), '-1');
  const [messageTypeId, messageId] = value;
  if (typeof messageId !== 'string' || messageId.length === 0 || messageId.length > MAX_MESSAGE_ID_LENGTH) {
    throw new FrameError(
      new OcppCallError('RpcFrameworkError', `MessageId must be a string of 1-${MAX_MESSAGE_ID_LENGTH} characters`),
      '-1',
    );
  }
  const malformed = (what: string) => new FrameError(new OcppCallError('FormatViolation', what), messageId);
  if (protocol === 'ocpp2.1' && (messageTypeId === 5 || messageTypeId === 6)) return parse21Frame(value, malformed);
  switch (messageTypeId) {
    case 2: {
      const [, , action, payload] = value;
      if (value.length !== 4) throw malformed('A CALL has 4 elements: [2, messageId, action, payload]');
      if (typeof action !== 'string' || action.length === 0)
        throw malformed("A CALL's action must be a non-empty string");
      if (!isObject(payload)) throw malformed("A CALL's payload must be a JSON object");
      return { messageTypeId, messageId, action, payload };
    }
    case 3: {
      const [, , payload] = value;
      if (value.length !== 3 || !isObject(payload)) throw malformed('A CALLRESULT is [3, messageId, payload object]');
      return { messageTypeId, messageId, payload };
    }
    case 4:
      return { messageTypeId, messageId, ...errorOf(value, 'A CALLERROR', malformed) };
    default:
      throw new FrameError(
        new OcppCallError('MessageTypeNotSupported', `Unknown message type ${JSON.stringify(messageTypeId)}`),
        messageId,
      );
  }
}

/** OCPP 2.1's CALLRESULTERROR and SEND frames (their message type already read). */
function parse21Frame(value: unknown[], malformed: (what: string) => FrameError): CallResultErrorFrame | SendFrame {
  const [messageTypeId, messageId] = value as [5 | 6, string];
  if (messageTypeId === 6) {
    const [, , action, payload] = value;
    if (value.length !== 4 || typeof action !== 'string' || action.length === 0 || !isObject(payload))
      throw malformed('A SEND is [6, messageId, action, payload object]');
    return { messageTypeId, messageId, action, payload };
  }
  return { messageTypeId, messageId, ...errorOf(value, 'A CALLRESULTERROR', malformed) };
}

/**
 * The error of a CALLERROR or CALLRESULTERROR frame, `[type, messageId, errorCode, errorDescription,
 * errorDetails]`.
 * @throws FrameError (FormatViolation) naming `what` when the frame has another shape
 */
function errorOf(value: unknown[], what: string, malformed: (what: string) => FrameError) {
  const [messageTypeId, , errorCode, errorDescription, errorDetails] = value;
  if (
    value.length !== 5 ||
    typeof errorCode !== 'string' ||
    typeof errorDescription !== 'string' ||
    !isObject(errorDetails)
  ) {
    throw malformed(
      `${what} is [${String(messageTypeId)}, messageId, errorCode, errorDescription, errorDetails object]`,
    );
  }
  return { errorCode, errorDescription, errorDetails };
}

/** A frame's text as a log keeps it: at most a bound of it, and its whole size. */
export interface KeptFrame {
  /** The frame's text, cut at the bound (on a character boundary) when longer. */
  text: string;
  /** The whole frame's size in bytes of UTF-8 (more than `text`'s when it was cut). */
  bytes: number;
}

/**
 * A frame's text cut to at most `maxBytes` bytes of UTF-8, never inside a character (the log's
 * bound, `message-log.ts`). A frame within the bound, as nearly every one is, is only measured.
 * @param maxBytes the bound, bytes; Infinity keeps it whole
 */
export function keptFrame(text: string, maxBytes: number): KeptFrame {
  const bytes = Buffer.byteLength(text);
  if (bytes <= maxBytes) return { text, bytes };
  // encodeInto writes whole characters only: `read` UTF-16 units of the text fit in the bound.
  const { read } = new TextEncoder().encodeInto(text, new Uint8Array(maxBytes));
  return { text: text.slice(0, read), bytes };
}
