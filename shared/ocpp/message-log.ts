/**
 * The OCPP message log (`GET /api/ocpp-messages`): every CALL a charger sends with our answer (one
 * PutItem), and every CALL we send with the charger's answer (written with the claim of the
 * charger's lane, the answer added by the `$default` handler: no request of its own), in
 * `ocppMessage` items by charger and UTC day, kept 8 days (TTL).
 *
 * The stack setting `ocppMessageLog` (environment variable `OCPP_MESSAGE_LOG`) chooses what is
 * logged: `all` (default, and locally), `errors` (only exchanges answered with a CALLERROR, and our
 * CALLs that got no answer), or `off`. Frames that are not a CALL (malformed, or the charger's
 * answers, logged with our CALL) are not logged on their own. A payload over 32 KB is stored as
 * `{ truncated: true, bytes }`, except the answer to a CALL of ours (its sender reads it from the
 * item). Logging a charger's CALL is best effort: a failure is logged and never fails the
 * exchange; a CALL of ours is logged in the transaction that puts it on the wire.
 */
import type { Db } from '../db';
import { logger } from '../logger';
import type { ChargerConnection } from '../charging/charger-connection';
import type { OcppProtocol } from '../db/entities/common';
import { answerOfFrame, sentCallKey, storedAnswer, type Answer } from './commands/correlation';
import { parseFrame } from './frames';
import type { ClaimWrites } from './commands/lane';

/** What the message log keeps. */
export type OcppMessageLogMode = 'all' | 'errors' | 'off';
/** The values of {@link OcppMessageLogMode}. */
export const OCPP_MESSAGE_LOG_MODES: readonly OcppMessageLogMode[] = ['all', 'errors', 'off'];
/** How long messages are kept: 8 days. */
export const MESSAGE_LOG_RETENTION_DAYS = 8;
/** Largest payload stored as is, in bytes of JSON. */
const MAX_PAYLOAD_BYTES = 32 * 1024;

/** The mode from `OCPP_MESSAGE_LOG` (`all` when unset; an unknown value is logged and taken as `all`). */
export function messageLogMode(env: NodeJS.ProcessEnv = process.env): OcppMessageLogMode {
  const value = env.OCPP_MESSAGE_LOG ?? 'all';
  if ((OCPP_MESSAGE_LOG_MODES as readonly string[]).includes(value)) return value as OcppMessageLogMode;
  logger.warn('unknown OCPP_MESSAGE_LOG; logging all messages', { value });
  return 'all';
}

/** A payload as stored: itself, or a note of its size when too large. */
function stored(payload: unknown): unknown {
  const bytes = Buffer.byteLength(JSON.stringify(payload) ?? '');
  return bytes > MAX_PAYLOAD_BYTES ? { truncated: true, bytes } : payload;
}

/** One exchange to log. */
interface Exchange {
  chargerId: number;
  protocol: OcppProtocol;
  direction: 'fromCharger' | 'toCharger';
  messageId: string;
  action: string;
  payload: unknown;
  /** Epoch ms. */
  at: number;
  answer?: Answer;
}

/** Whether the mode keeps an exchange with this answer (none: our CALL got no answer). */
function kept(answer: Answer | undefined): boolean {
  const mode = messageLogMode();
  return mode === 'all' || (mode === 'errors' && answer?.ok !== true);
}

/** The log item of one exchange. */
function exchangeItem(exchange: Exchange) {
  const createdAt = new Date(exchange.at).toISOString();
  const { answer } = exchange;
  return {
    chargerId: exchange.chargerId,
    day: createdAt.slice(0, 10),
    createdAt,
    messageId: exchange.messageId,
    protocol: exchange.protocol,
    direction: exchange.direction,
    messageType: exchange.action,
    messagePayload: stored(exchange.payload),
    ...(answer ? storedAnswer(answer.ok ? { ok: true, result: stored(answer.result) } : answer) : {}),
    expiresAt: Math.floor(exchange.at / 1000) + MESSAGE_LOG_RETENTION_DAYS * 86_400,
  };
}

/** Stores one exchange (1 PutItem) unless the mode leaves it out. Never throws. */
async function logExchange(db: Db, exchange: Exchange): Promise<void> {
  if (!kept(exchange.answer)) return;
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

/** The answer our reply frame carries (a CALLRESULT payload or a CALLERROR); none without a reply. */
function answerOf(reply: string | undefined): Answer | undefined {
  if (reply === undefined) return undefined;
  try {
    const frame = parseFrame(reply);
    return frame.messageTypeId === 2 ? undefined : answerOfFrame(frame);
  } catch {
    return undefined; // not a frame: no answer
  }
}

/**
 * Logs a CALL a charger sent (`$default`) with the frame we answered.
 * Requests: 0 or 1 PutItem.
 * @param text the WebSocket message; @param reply our answer frame, if any
 */
export async function logChargerCall(
  db: Db,
  connection: ChargerConnection,
  text: string,
  reply: string | undefined,
  receivedAt: string,
): Promise<void> {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return;
  }
  if (!Array.isArray(frame) || frame[0] !== 2 || typeof frame[1] !== 'string' || typeof frame[2] !== 'string') return;
  await logExchange(db, {
    chargerId: connection.chargerId,
    protocol: connection.protocol,
    direction: 'fromCharger',
    messageId: frame[1].slice(0, 36),
    action: frame[2].slice(0, 64),
    payload: frame[3] ?? null,
    at: Date.parse(receivedAt),
    answer: answerOf(reply),
  });
}

/** A CALL of ours: its messageId (a UUIDv7, whose time is the exchange's), action and payload. */
export interface SentCall {
  messageId: string;
  action: string;
  payload: unknown;
}

function sentExchange(
  target: { chargerId: number; protocol: OcppProtocol },
  call: SentCall,
  answer?: Answer,
): Exchange {
  const { createdAt } = sentCallKey(target.chargerId, call.messageId);
  return { ...target, ...call, direction: 'toCharger', at: Date.parse(createdAt), answer };
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
 * on `errors`, logs the exchange when it failed or got no answer (the record of the reply, if
 * any, becomes a full entry); with `all` the claim logged it already ({@link withCallLogged}).
 * Requests: 0 or 1 PutItem.
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
    await logExchange(db, sentExchange(target, call, result));
    return result;
  } catch (error) {
    await logExchange(db, sentExchange(target, call));
    throw error;
  }
}
