/**
 * The OCPP message log (`GET /api/ocpp-messages`): every CALL a charger sends with our answer, and
 * every CALL we send with the charger's answer, one PutItem each (`ocppMessage`, by charger and
 * UTC day), kept 8 days (TTL).
 *
 * The stack setting `ocppMessageLog` (environment variable `OCPP_MESSAGE_LOG`) chooses what is
 * logged: `all` (default, and locally), `errors` (only exchanges answered with a CALLERROR, and our
 * CALLs that got no answer), or `off`. Frames that are not a CALL (malformed, or the charger's
 * answers, logged with our CALL) are not logged on their own. A payload over 32 KB is stored as
 * `{ truncated: true, bytes }`. Logging is best effort: a failure is logged and never fails the
 * exchange.
 */
import type { Db } from '../db';
import { logger } from '../logger';
import type { ConnectionInfo, OcppProtocol } from './connection';
import type { Answer } from './commands/correlation';

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

/** Stores one exchange (1 PutItem) unless the mode leaves it out. Never throws. */
async function logExchange(db: Db, exchange: Exchange): Promise<void> {
  const mode = messageLogMode();
  if (mode === 'off' || (mode === 'errors' && exchange.answer?.ok === true)) return;
  const createdAt = new Date(exchange.at).toISOString();
  const { answer } = exchange;
  try {
    await db.ocppMessage
      .put({
        chargerId: exchange.chargerId,
        day: createdAt.slice(0, 10),
        createdAt,
        messageId: exchange.messageId,
        protocol: exchange.protocol,
        direction: exchange.direction,
        messageType: exchange.action,
        messagePayload: stored(exchange.payload),
        ...(answer
          ? {
              responseType: answer.ok ? 'CALLRESULT' : 'CALLERROR',
              messageResponse: answer.ok
                ? stored(answer.result)
                : { errorCode: answer.errorCode, errorDescription: answer.errorDescription },
            }
          : {}),
        expiresAt: Math.floor(exchange.at / 1000) + MESSAGE_LOG_RETENTION_DAYS * 86_400,
      })
      .go();
  } catch (error) {
    logger.error('could not log an OCPP message', {
      chargerId: exchange.chargerId,
      action: exchange.action,
      error: String(error),
    });
  }
}

/** A frame's answer: a CALLRESULT payload or a CALLERROR. */
function answerOf(reply: string | undefined): Answer | undefined {
  try {
    const frame = JSON.parse(reply ?? 'null') as unknown[];
    if (frame?.[0] === 3) return { ok: true, result: frame[2] };
    if (frame?.[0] === 4) return { ok: false, errorCode: String(frame[2]), errorDescription: String(frame[3] ?? '') };
  } catch {
    // not a frame: no answer
  }
  return undefined;
}

/**
 * Logs a CALL a charger sent (`$default`) with the frame we answered.
 * Requests: 0 or 1 PutItem.
 * @param text the WebSocket message; @param reply our answer frame, if any
 */
export async function logChargerCall(
  db: Db,
  connection: ConnectionInfo,
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

/**
 * Waits for the answer to a CALL we sent and logs the exchange (the answer, or none when it timed
 * out); the answer (or the error) is passed on unchanged.
 * Requests: 0 or 1 PutItem.
 */
export async function logSentCall<T extends Answer>(
  db: Db,
  target: { chargerId: number; protocol: OcppProtocol },
  call: { messageId: string; action: string; payload: unknown; sentAt: number },
  answer: Promise<T>,
): Promise<T> {
  const exchange = { ...target, ...call, direction: 'toCharger' as const, at: call.sentAt };
  try {
    const result = await answer;
    await logExchange(db, { ...exchange, answer: result });
    return result;
  } catch (error) {
    await logExchange(db, exchange);
    throw error;
  }
}
