/**
 * The OCPP message log (`GET /api/ocpp-messages`): every CALL a charger sends with our answer (one
 * PutItem), and every CALL we send with the charger's answer (written with the claim of the
 * charger's lane, the answer added by the `$default` handler: no request of its own), in
 * `ocppMessage` items by charger and UTC day, kept 8 days (TTL).
 *
 * The stack setting `ocppMessageLog` (environment variable `OCPP_MESSAGE_LOG`) chooses what is
 * logged: `all` (default, and locally), `errors` (only exchanges answered with a CALLERROR, and our
 * CALLs that got no answer), or `off`.
 *
 * Every frame is kept as the text that went over the WebSocket (docs/history-and-health.md), so
 * whatever a charger sends is stored: a CALL of any shape with a messageId (JSON array, `2`, a
 * non-empty string), whatever its action or payload, with our answer; our CALLs with the charger's
 * answer. A frame over {@link MAX_FRAME_BYTES} is kept cut there with its whole size, except the
 * charger's answer to a CALL of ours (its sender reads it from the item; API Gateway bounds a
 * message to 128 KB). Text that is not JSON, or JSON that is not such a CALL, has no messageId to
 * keep it by and is not logged; the charger's answers are logged with our CALL. Logging a
 * charger's CALL is best effort: a failure is logged and never fails the exchange; a CALL of ours
 * is logged in the transaction that puts it on the wire.
 */
import type { Db } from '../db';
import { logger } from '../logger';
import type { ChargerConnection } from '../charging';
import type { OcppProtocol } from '../db/entities/common';
import { sentCallKey, storedAnswer, type Answer } from './commands/correlation';
import { keptFrame, parseFrame, type CallErrorFrame, type CallResultFrame } from './frames';
import type { ClaimWrites } from './commands/lane';
import { AUTHORIZATION_KEY, BASIC_AUTH_PASSWORD } from './commands/password-answer';

/** What the message log keeps. */
export type OcppMessageLogMode = 'all' | 'errors' | 'off';
/** The values of {@link OcppMessageLogMode}. */
export const OCPP_MESSAGE_LOG_MODES: readonly OcppMessageLogMode[] = ['all', 'errors', 'off'];
/** How long messages are kept: 8 days. */
export const MESSAGE_LOG_RETENTION_DAYS = 8;
/** Largest frame kept whole, in bytes of UTF-8 text (32 KB): a longer one is kept cut there, with its size. */
export const MAX_FRAME_BYTES = 32 * 1024;

/** The mode from `OCPP_MESSAGE_LOG` (`all` when unset; an unknown value is logged and taken as `all`). */
export function messageLogMode(env: NodeJS.ProcessEnv = process.env): OcppMessageLogMode {
  const value = env.OCPP_MESSAGE_LOG ?? 'all';
  if ((OCPP_MESSAGE_LOG_MODES as readonly string[]).includes(value)) return value as OcppMessageLogMode;
  logger.warn('unknown OCPP_MESSAGE_LOG; logging all messages', { value });
  return 'all';
}

/** One exchange to log. */
interface Exchange {
  chargerId: number;
  protocol: OcppProtocol;
  direction: 'fromCharger' | 'toCharger';
  messageId: string;
  action: string;
  /** The CALL frame's text. */
  frame: string;
  /** Epoch ms. */
  at: number;
  /** The answer, when answered. */
  reply?: Reply;
}

/** An answer frame: its text and the frame parsed. */
interface Reply {
  text: string;
  frame: CallResultFrame | CallErrorFrame;
}

/** Our answer frame to a charger's CALL, parsed once (undefined: none, or not a CALLRESULT/CALLERROR). */
function replyOf(text: string | undefined): Reply | undefined {
  if (text === undefined) return undefined;
  try {
    const frame = parseFrame(text);
    return frame.messageTypeId === 3 || frame.messageTypeId === 4 ? { text, frame } : undefined;
  } catch {
    return undefined; // not a frame: no answer
  }
}

/** Whether the mode keeps an exchange with this answer (none: our CALL got no answer). */
function kept(reply: Reply | undefined): boolean {
  const mode = messageLogMode();
  return mode === 'all' || (mode === 'errors' && reply?.frame.messageTypeId !== 3);
}

/** The log item of one exchange (without the answer when it has none). */
function exchangeItem(exchange: Exchange) {
  const createdAt = new Date(exchange.at).toISOString();
  const frame = keptFrame(exchange.frame, MAX_FRAME_BYTES);
  const { reply } = exchange;
  return {
    chargerId: exchange.chargerId,
    day: createdAt.slice(0, 10),
    createdAt,
    messageId: exchange.messageId,
    protocol: exchange.protocol,
    direction: exchange.direction,
    messageType: exchange.action,
    frame: frame.text,
    frameBytes: frame.bytes,
    ...(reply ? storedAnswer(reply.frame, reply.text, MAX_FRAME_BYTES) : {}),
    expiresAt: Math.floor(exchange.at / 1000) + MESSAGE_LOG_RETENTION_DAYS * 86_400,
  };
}

/** Stores one exchange (1 PutItem). Never throws. */
async function logExchange(db: Db, exchange: Exchange): Promise<void> {
  try {
    await db.ocppMessage.put(exchangeItem(exchange)).go();
  } catch (error) {
    logger.error('could not log an OCPP message', {
      chargerId: exchange.chargerId,
      action: exchange.action,
      error: String(error),
    });
  }
}

/**
 * The messageId and action of a CALL of any shape: a JSON array whose first member is 2 and
 * second a non-empty string (else undefined: nothing to log it by). The messageId is cut to the 36
 * characters OCPP allows, the action (empty when not a string) to 64; both made well-formed (a
 * lone surrogate cannot be stored: DynamoDB stores UTF-8 only; `toWellFormed` makes it U+FFFD).
 */
export function callOf(text: string): { messageId: string; action: string } | undefined {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(frame) || frame[0] !== 2 || typeof frame[1] !== 'string' || frame[1] === '') return undefined;
  const action = typeof frame[2] === 'string' ? frame[2] : '';
  return { messageId: frame[1].slice(0, 36).toWellFormed(), action: action.slice(0, 64).toWellFormed() };
}

/**
 * Logs a CALL a charger sent (`$default`) with the frame we answered, both as text. Any CALL with
 * a messageId is logged, also one we refused for its shape, action or payload ({@link callOf}).
 * Requests: 0 or 1 PutItem. The charger's frame is read only when the mode keeps the exchange.
 * @param text the WebSocket message; @param replyText our answer frame, if any
 */
export async function logChargerCall(
  db: Db,
  connection: ChargerConnection,
  text: string,
  replyText: string | undefined,
  receivedAt: string,
): Promise<void> {
  const reply = replyOf(replyText);
  if (!kept(reply)) return;
  const call = callOf(text);
  if (!call) return;
  await logExchange(db, {
    chargerId: connection.chargerId,
    protocol: connection.protocol,
    direction: 'fromCharger',
    ...call,
    frame: text,
    at: Date.parse(receivedAt),
    reply,
  });
}

/** A CALL of ours: its messageId (a UUIDv7, whose time is the exchange's), action and payload. */
export interface SentCall {
  messageId: string;
  action: string;
  payload: unknown;
}

/** What the log keeps in place of a password we send: the frame as sent, its secret replaced. */
export const REDACTED = '<redacted>';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A CALL's payload as the log keeps it: a charger's new Basic-auth password (1.6 ChangeConfiguration
 * `AuthorizationKey`, 2.0.1 SetVariables `SecurityCtrlr.BasicAuthPassword`: the charger
 * credentials operation) replaced by {@link REDACTED}. The CSMS keeps only the password's hash;
 * the log, which every API key of the organization reads for 8 days, must not keep it either.
 */
export function loggedPayload(action: string, payload: unknown): unknown {
  if (action === 'ChangeConfiguration' && isRecord(payload) && payload.key === AUTHORIZATION_KEY)
    return { ...payload, value: REDACTED };
  if (action === 'SetVariables' && isRecord(payload) && Array.isArray(payload.setVariableData))
    return {
      ...payload,
      setVariableData: payload.setVariableData.map((data: unknown) =>
        isRecord(data) &&
        isRecord(data.component) &&
        isRecord(data.variable) &&
        data.component.name === BASIC_AUTH_PASSWORD.component &&
        data.variable.name === BASIC_AUTH_PASSWORD.variable
          ? { ...data, attributeValue: REDACTED }
          : data,
      ),
    };
  return payload;
}

function sentExchange(target: { chargerId: number; protocol: OcppProtocol }, call: SentCall): Exchange {
  const { createdAt } = sentCallKey(target.chargerId, call.messageId);
  return {
    ...target,
    messageId: call.messageId,
    action: call.action,
    frame: JSON.stringify([2, call.messageId, call.action, loggedPayload(call.action, call.payload)]),
    direction: 'toCharger',
    at: Date.parse(createdAt),
  };
}

/**
 * The claim's writes (`lane.ts`) with, when the log keeps every exchange (`all`), the CALL's log
 * item: it goes on the wire with the CALL, and the `$default` handler adds the charger's answer to
 * it (`correlation.ts`), so logging a CALL of ours costs no request of its own.
 * @returns `writes` as they are when the log is `errors` or `off`
 */
export function withCallLogged(
  target: { chargerId: number; protocol: OcppProtocol },
  call: SentCall,
  writes: ClaimWrites | undefined,
): ClaimWrites | undefined {
  if (messageLogMode() !== 'all') return writes;
  const item = exchangeItem(sentExchange(target, call));
  return (entities) => [...(writes?.(entities) ?? []), entities.ocppMessage.put(item).commit()];
}

/**
 * Takes a CALL of ours back out of the log: the item {@link withCallLogged} wrote, for a CALL that
 * was not sent after all (work it waited for failed). Requests: 0 or 1 DeleteItem. Never throws.
 */
export async function unlogCall(db: Db, chargerId: number, messageId: string): Promise<void> {
  if (messageLogMode() !== 'all') return;
  try {
    await db.ocppMessage.delete(sentCallKey(chargerId, messageId)).go();
  } catch (error) {
    logger.error('could not take back a logged OCPP message', { chargerId, messageId, error: String(error) });
  }
}

/**
 * Waits for the answer to a CALL we sent and passes it (or the error) on unchanged. With the log
 * on `errors`, logs the CALL when the exchange failed or got no answer: its attributes are added
 * to the record of the reply, if any (which keeps the charger's answer frame and becomes a full
 * entry); with `all` the claim logged it already ({@link withCallLogged}).
 * Requests: 0 or 1 UpdateItem.
 */
export async function logSentCall<T extends Answer>(
  db: Db,
  target: { chargerId: number; protocol: OcppProtocol },
  call: SentCall,
  answer: Promise<T>,
): Promise<T> {
  if (messageLogMode() !== 'errors') return answer;
  try {
    const result = await answer;
    if (!result.ok) await addSentCall(db, target, call);
    return result;
  } catch (error) {
    await addSentCall(db, target, call);
    throw error;
  }
}

/** Writes our CALL's attributes into its record, keeping any answer there. Never throws. */
async function addSentCall(db: Db, target: { chargerId: number; protocol: OcppProtocol }, call: SentCall) {
  const { chargerId, day, createdAt, messageId, ...attributes } = exchangeItem(sentExchange(target, call));
  try {
    await db.ocppMessage.update({ chargerId, day, createdAt, messageId }).set(attributes).go();
  } catch (error) {
    logger.error('could not log an OCPP message', { chargerId, action: call.action, error: String(error) });
  }
}
