/**
 * Correlation of a CALL of ours with the charger's reply (step 5 of `command.ts`): the `$default`
 * handler stores the reply in an `ocppCommand` record and releases the charger's lane in one
 * transaction; the sender reads the record (after the first read with the charger, to see a
 * connection change) until it is there or the deadline passes.
 */
import type { Db } from '../../db';
import { transact } from '../../db';
import type { CallErrorFrame, CallResultFrame } from '../frames';
import { ChargerNotConnectedError, ChargerTimeoutError } from './errors';
import { releaseUpdate } from './lane';
import type { CommandTarget } from './targets';
import { BoundedMap } from '../../bounded-map';

/** When a command must be answered by: epoch ms, and the deadline's length in ms. */
export interface Deadline {
  at: number;
  ms: number;
}

/** The charger's reply: a CALLRESULT payload, or a CALLERROR. */
export type Answer = { ok: true; result: unknown } | { ok: false; errorCode: string; errorDescription: string };

/** Seconds a correlation record is kept. */
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
 * @throws ChargerNotConnectedError when the charger's connection changes (the reply will not come)
 * @throws ChargerTimeoutError at the deadline (the lane is released, the record marked TimedOut)
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
    if (read.disconnected) throw new ChargerNotConnectedError(target.chargerId);
    if (Date.now() >= deadline.at) return timeOut(db, target, messageId, action, deadline);
    delay = reads === 0 ? Math.max(MIN_READ_MS, roundTrip * RETRY_FACTOR) : Math.min(MAX_READ_MS, delay * READ_BACKOFF);
  }
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
  let record: Awaited<ReturnType<ReturnType<Db['ocppCommand']['get']>['go']>>['data'];
  let disconnected = false;
  if (withCharger) {
    const { canceled, data } = await db.service.transaction
      .get(({ charger, ocppCommand }) => [
        charger.get({ chargerId: target.chargerId }).commit(),
        ocppCommand.get({ messageId }).commit(),
      ])
      .go();
    if (canceled) return { answeredAt: 0, disconnected: false };
    record = data[1]?.item ?? null;
    disconnected = data[0]?.item?.currentConnectionId !== target.connectionId;
  } else {
    record = (await db.ocppCommand.get({ messageId }).go({ consistent: true })).data;
  }
  return {
    ...(record && record.status !== 'TimedOut' ? { answer: answerOf(record) } : {}),
    answeredAt: record?.answeredAt ? Date.parse(record.answeredAt) : Date.now(),
    disconnected,
  };
}

/** The deadline passed: release the lane and mark the record TimedOut, unless the reply won the race. */
async function timeOut(
  db: Db,
  target: CommandTarget,
  messageId: string,
  action: string,
  deadline: Deadline,
): Promise<Answer> {
  const now = Date.now();
  const { data, where } = releaseUpdate(messageId);
  const outcome = await transact(db, ({ charger, ocppCommand }) => ({
    lane: charger.patch({ chargerId: target.chargerId }).data(data).where(where).commit(),
    record: ocppCommand
      .put({
        messageId,
        chargerId: target.chargerId,
        action,
        status: 'TimedOut',
        createdAt: new Date(now).toISOString(),
        expiresAt: expiry(now),
      })
      .commit(),
  }));
  if (!outcome.ok) {
    // Not our lane any more: the reply came in between, or the connection changed.
    const read = await readAnswer(db, target, messageId, true);
    if (read.answer) return read.answer;
    if (read.disconnected) throw new ChargerNotConnectedError(target.chargerId);
  }
  throw new ChargerTimeoutError(target.chargerId, action, deadline.ms);
}

function answerOf(record: {
  status: string;
  response?: unknown;
  errorCode?: string;
  errorDescription?: string;
}): Answer {
  if (record.status === 'Answered') return { ok: true, result: record.response ?? {} };
  return { ok: false, errorCode: record.errorCode ?? 'GenericError', errorDescription: record.errorDescription ?? '' };
}

function expiry(now: number): number {
  return Math.floor(now / 1000) + CORRELATION_TTL_SECONDS;
}

/**
 * Completes the command a charger replied to (called by the `$default` handler): stores the reply
 * and releases the charger's lane in one TransactWriteItems, only if that command holds the lane
 * on this connection. A reply to an unknown, timed-out or already answered command, to another
 * charger's, or on another connection, changes nothing.
 * @param connection the charger and connection the reply arrived on
 * @returns whether a command was completed
 */
export async function completeCommand(
  db: Db,
  connection: { chargerId: number; connectionId: string },
  frame: CallResultFrame | CallErrorFrame,
): Promise<boolean> {
  const now = Date.now();
  const answeredAt = new Date(now).toISOString();
  const reply =
    frame.messageTypeId === 3
      ? { status: 'Answered' as const, response: frame.payload }
      : { status: 'Failed' as const, errorCode: frame.errorCode, errorDescription: frame.errorDescription };
  const { data, where } = releaseUpdate(frame.messageId, connection.connectionId);
  const outcome = await transact(db, ({ charger, ocppCommand }) => ({
    lane: charger.patch({ chargerId: connection.chargerId }).data(data).where(where).commit(),
    record: ocppCommand
      .put({
        messageId: frame.messageId,
        chargerId: connection.chargerId,
        ...reply,
        createdAt: answeredAt,
        answeredAt,
        expiresAt: expiry(now),
      })
      .commit(),
  }));
  return outcome.ok;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
