/**
 * Correlation of a CALL of ours with the charger's reply (step 5 of `command.ts`). The record is
 * the CALL's own entry in the OCPP message log (`ocppMessage`): our messageIds are UUIDv7s, so
 * the record's key (charger, UTC day, `createdAt`, messageId) follows from the reply alone. With
 * the log on, the claim that puts the CALL on the wire writes the entry (`message-log.ts`); the
 * `$default` handler adds the reply to it and releases the charger's lane in one transaction
 * (with the log off, that write creates an entry holding only the reply, which the log does not
 * list and which expires after an hour). The sender reads the entry (after the first read with the
 * charger, to see a connection change) until the reply is there or the deadline passes.
 */
import { v7 as uuidv7, validate as isUuid, version as uuidVersion } from 'uuid';
import type { Db } from '../../db';
import { transact } from '../../db';
import { keptFrame, parseFrame, type CallErrorFrame, type CallResultFrame } from '../frames';
import { ChargerNotConnectedError, ChargerTimeoutError } from './errors';
import { release, releaseUpdate } from './lane';
import type { CommandTarget } from './targets';
import { BoundedMap } from '../../bounded-map';

/** When a command must be answered by: epoch ms, and the deadline's length in ms. */
export interface Deadline {
  at: number;
  ms: number;
}

/** The charger's reply: a CALLRESULT payload, or a CALLERROR. */
export type Answer = { ok: true; result: unknown } | { ok: false; errorCode: string; errorDescription: string };

/**
 * The answer a CALLRESULT or CALLERROR frame carries (OCPP-J: `[3, messageId, payload]`,
 * `[4, messageId, errorCode, errorDescription, errorDetails]`).
 */
function answerOfFrame(frame: CallResultFrame | CallErrorFrame): Answer {
  return frame.messageTypeId === 3
    ? { ok: true, result: frame.payload }
    : { ok: false, errorCode: frame.errorCode, errorDescription: frame.errorDescription };
}

/** The key of a CALL's record: the message log's key of the exchange. */
export interface CallRecordKey {
  chargerId: number;
  /** `YYYY-MM-DD` (UTC) of `createdAt`. */
  day: string;
  /** The messageId's time, ISO 8601 UTC. */
  createdAt: string;
  messageId: string;
}

/**
 * A new messageId for a CALL of ours: a UUIDv7 (RFC 9562), whose first 48 bits are its time in
 * epoch ms; 36 characters, the most an OCPP-J message ID may have (2.0.1 Part 4, 1.6-J alike; `frames.ts`).
 */
export function newMessageId(): string {
  return uuidv7();
}

/**
 * Where the record of our CALL `messageId` to `chargerId` is: its time is the UUIDv7's.
 * @returns undefined when `messageId` is not a UUIDv7 (not one of ours: nothing to correlate)
 */
export function callRecordKey(chargerId: number, messageId: string): CallRecordKey | undefined {
  if (!isUuid(messageId) || uuidVersion(messageId) !== 7) return undefined;
  const createdAt = new Date(Number.parseInt(messageId.slice(0, 8) + messageId.slice(9, 13), 16)).toISOString();
  return { chargerId, day: createdAt.slice(0, 10), createdAt, messageId };
}

/**
 * {@link callRecordKey} of a messageId we made ({@link newMessageId}).
 * @throws Error when it is not a UUIDv7 (a bug of ours)
 */
export function sentCallKey(chargerId: number, messageId: string): CallRecordKey {
  const key = callRecordKey(chargerId, messageId);
  if (!key) throw new Error(`messageId ${messageId} is not a UUIDv7`);
  return key;
}

/** Seconds a reply is kept when the CALL is not in the message log. */
const CORRELATION_TTL_SECONDS = 3600;
/** Round trip assumed for a charger not heard from yet (ms). */
const DEFAULT_ROUND_TRIP_MS = 10;
/** The first read comes a little after the charger's usual round trip (× this factor)… */
const FIRST_READ_FACTOR = 1.1;
/** …and a second one soon after it (× this factor of the round trip), then backing off. */
const RETRY_FACTOR = 0.3;
const MIN_READ_MS = 3;
const READ_BACKOFF = 1.5;
const MAX_READ_MS = 250;
/**
 * How long a reply may still be on its way once the charger's connection has changed: a charger
 * that answers, then closes its connection at once (to reconnect with a new password, to reset)
 * sends its reply first, but the reply's handling can end after the close is recorded.
 */
const REPLY_IN_FLIGHT_MS = 1_000;

/** The last round trips per charger (ms), newest last. */
const roundTrips = new BoundedMap<number, number[]>(10_000);
const ROUND_TRIPS_KEPT = 9;

/**
 * The charger's usual round trip, CALL posted → reply stored (ms): the median of the last
 * {@link ROUND_TRIPS_KEPT} this instance saw (robust to a slow outlier);
 * {@link DEFAULT_ROUND_TRIP_MS} before any.
 */
export function expectedRoundTripMs(chargerId: number): number {
  const recent = roundTrips.get(chargerId);
  if (!recent?.length) return DEFAULT_ROUND_TRIP_MS;
  const sorted = [...recent].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function noteRoundTrip(chargerId: number, ms: number): void {
  const recent = roundTrips.get(chargerId) ?? [];
  roundTrips.set(chargerId, [...recent.slice(1 - ROUND_TRIPS_KEPT), Math.max(0, ms)]);
}

/**
 * Waits for the reply to a posted CALL: reads the record first at 1.1 × the charger's usual round
 * trip (one GetItem), then with the charger (one TransactGetItems) 0.3 × the round trip later,
 * then ×1.5 up to 250 ms apart.
 * @throws ChargerNotConnectedError when the charger's connection changes and no reply was sent before
 * @throws ChargerTimeoutError at the deadline (the lane is released, so a late reply changes nothing)
 */
export async function awaitAnswer(
  db: Db,
  target: CommandTarget,
  messageId: string,
  action: string,
  postedAt: number,
  deadline: Deadline,
): Promise<Answer> {
  const roundTrip = expectedRoundTripMs(target.chargerId);
  let delay = Math.max(MIN_READ_MS, roundTrip * FIRST_READ_FACTOR);
  for (let reads = 0; ; reads++) {
    await sleep(Math.min(delay, deadline.at - Date.now()));
    const read = await readAnswer(db, target, messageId, reads > 0);
    if (read.answer) {
      noteRoundTrip(target.chargerId, read.answeredAt - postedAt);
      return read.answer;
    }
    if (read.disconnected) return lastChance(db, target, messageId);
    if (Date.now() >= deadline.at) return timeOut(db, target, messageId, action, deadline);
    delay = reads === 0 ? Math.max(MIN_READ_MS, roundTrip * RETRY_FACTOR) : Math.min(MAX_READ_MS, delay * READ_BACKOFF);
  }
}

/**
 * The charger's connection changed with no reply read yet: one more read (one GetItem) once a reply
 * sent just before the close has had time to be handled ({@link REPLY_IN_FLIGHT_MS}).
 * @throws ChargerNotConnectedError when there is still no reply
 */
async function lastChance(db: Db, target: CommandTarget, messageId: string): Promise<Answer> {
  await sleep(REPLY_IN_FLIGHT_MS);
  const { answer } = await readAnswer(db, target, messageId, false);
  if (answer) return answer;
  throw new ChargerNotConnectedError(target.chargerId);
}

/**
 * One read of the record: alone (one GetItem) the first time, when the reply is most likely
 * there; then with the charger (one TransactGetItems), to see a connection change. A read
 * cancelled by a concurrent write tells nothing.
 */
async function readAnswer(
  db: Db,
  target: CommandTarget,
  messageId: string,
  withCharger: boolean,
): Promise<{ answer?: Answer; answeredAt: number; disconnected: boolean }> {
  const key = sentCallKey(target.chargerId, messageId);
  let record: Awaited<ReturnType<ReturnType<Db['ocppMessage']['get']>['go']>>['data'];
  let disconnected = false;
  if (withCharger) {
    const { canceled, data } = await db.service.transaction
      .get(({ charger, ocppMessage }) => [
        charger.get({ chargerId: target.chargerId }).commit(),
        ocppMessage.get(key).commit(),
      ])
      .go();
    if (canceled) return { answeredAt: 0, disconnected: false };
    record = data[1]?.item ?? null;
    disconnected = data[0]?.item?.currentConnectionId !== target.connectionId;
  } else {
    record = (await db.ocppMessage.get(key).go({ consistent: true })).data;
  }
  return {
    ...(record?.responseFrame === undefined ? {} : { answer: answerOf(record.responseFrame) }),
    answeredAt: record?.answeredAt ? Date.parse(record.answeredAt) : Date.now(),
    disconnected,
  };
}

/**
 * The deadline passed: release the lane (one UpdateItem), so that a late reply changes nothing,
 * unless the reply won the race.
 */
async function timeOut(
  db: Db,
  target: CommandTarget,
  messageId: string,
  action: string,
  deadline: Deadline,
): Promise<Answer> {
  if (!(await release(db, target.chargerId, messageId))) {
    // Not our lane any more: the reply came in between, or the connection changed.
    const read = await readAnswer(db, target, messageId, true);
    if (read.answer) return read.answer;
    if (read.disconnected) throw new ChargerNotConnectedError(target.chargerId);
  }
  throw new ChargerTimeoutError(target.chargerId, action, deadline.ms);
}

/** An answer as a message-log entry holds it (`ocppMessage`); {@link answerOf} reads it back. */
export interface StoredAnswer {
  responseType: 'CALLRESULT' | 'CALLERROR';
  /** The answer frame as text (at most `maxBytes` of it). */
  responseFrame: string;
  /** The whole answer frame's size, bytes of UTF-8. */
  responseFrameBytes: number;
}

/**
 * How an answer frame is stored in a message-log entry (the one shape for both directions): as
 * the text that went over the WebSocket, so whatever a charger put in it can be stored.
 * @param maxBytes the most of the text kept (the charger's answer to a CALL of ours is kept whole: its sender reads it)
 */
export function storedAnswer(
  frame: CallResultFrame | CallErrorFrame,
  text: string,
  maxBytes = Number.POSITIVE_INFINITY,
): StoredAnswer {
  const kept = keptFrame(text, maxBytes);
  return {
    responseType: frame.messageTypeId === 3 ? 'CALLRESULT' : 'CALLERROR',
    responseFrame: kept.text,
    responseFrameBytes: kept.bytes,
  };
}

/**
 * The answer a record's `responseFrame` holds ({@link storedAnswer} read back). A text that is not
 * a CALLRESULT/CALLERROR frame (never stored: `completeCommand` takes parsed frames) reads as a
 * CALLERROR `GenericError`.
 * @param responseFrame the charger's answer frame as it arrived (kept whole for a CALL of ours)
 */
export function answerOf(responseFrame: string): Answer {
  try {
    const frame = parseFrame(responseFrame);
    if (frame.messageTypeId === 3 || frame.messageTypeId === 4) return answerOfFrame(frame);
  } catch {}
  return { ok: false, errorCode: 'GenericError', errorDescription: 'The stored answer is not an OCPP-J reply' };
}

/**
 * Completes the command a charger replied to (called by the `$default` handler): adds the reply
 * to the CALL's record and releases the charger's lane in one TransactWriteItems, only if that
 * command holds the lane on this connection. A reply to an unknown, timed-out or already answered
 * command, to another charger's, on another connection, or whose messageId is not a UUIDv7 (not
 * ours), changes nothing.
 * @param connection the charger and connection the reply arrived on
 * @param text the reply as it arrived (stored whole: whatever it holds is a DynamoDB string)
 * @returns whether a command was completed
 */
export async function completeCommand(
  db: Db,
  connection: { chargerId: number; connectionId: string },
  frame: CallResultFrame | CallErrorFrame,
  text: string,
): Promise<boolean> {
  const key = callRecordKey(connection.chargerId, frame.messageId);
  if (!key) return false;
  const now = Date.now();
  const reply = storedAnswer(frame, text);
  const { data, where } = releaseUpdate(frame.messageId, connection.connectionId);
  const outcome = await transact(db, ({ charger, ocppMessage }) => ({
    lane: charger.patch({ chargerId: connection.chargerId }).data(data).where(where).commit(),
    record: ocppMessage
      .update(key)
      .data((attr, op) => {
        op.set(attr.responseType, reply.responseType);
        op.set(attr.responseFrame, reply.responseFrame);
        op.set(attr.responseFrameBytes, reply.responseFrameBytes);
        op.set(attr.answeredAt, new Date(now).toISOString());
        op.ifNotExists(attr.expiresAt, Math.floor(now / 1000) + CORRELATION_TTL_SECONDS);
      })
      .commit(),
  }));
  return outcome.ok;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
