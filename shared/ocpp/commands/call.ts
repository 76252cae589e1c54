/**
 * One CALL of ours, from the lane to the wire to the answer (steps 3–5 of `command.ts`).
 */
import type { Db } from '../../db';
import { markDisconnected } from '../connection';
import { awaitAnswer, expectedRoundTripMs, newMessageId, type Answer, type Deadline } from './correlation';
import { ChargerNotConnectedError, ChargerTimeoutError } from './errors';
import {
  abandon,
  claim,
  LEASE_MARGIN_MS,
  nextStep,
  TURN_GRACE_MS,
  readLane,
  release,
  skipTurn,
  takeTicket,
  type ClaimWrites,
  type LaneHolder,
  type LaneState,
} from './lane';
import type { CommandTarget } from './targets';
import { unlogCall, logSentCall, withCallLogged } from '../message-log';
import { ConnectionGoneError, postToConnection, type PostFrame } from './transport';

/** The answer, or where the charger is connected now when the target was stale (nothing was sent). */
export type CallReply = Answer | { moved: CommandTarget };

/** Longest wait between two reads of the lane by a queued command (ms): half the turn grace. */
const MAX_WAIT_MS = TURN_GRACE_MS / 2;
const WAIT_PER_COMMAND_AHEAD_MS = 250;
const MIN_WAIT_MS = 5;

/**
 * Sends one CALL on the charger's lane and waits for the reply.
 * @param deadline by when the command must be answered (queueing included)
 * @throws ChargerNotConnectedError, ChargerTimeoutError, or the transport's unexpected errors
 */
export async function sendCall(
  db: Db,
  target: CommandTarget,
  action: string,
  payload: unknown,
  deadline: Deadline,
  options: { post?: PostFrame; with?: ClaimWrites; before?: Promise<unknown>; messageId?: string },
): Promise<CallReply> {
  options.before?.catch(() => undefined); // awaited below once the lane is held
  const messageId = options.messageId ?? newMessageId();
  const holder: LaneHolder = {
    messageId,
    connectionId: target.connectionId,
    leaseUntil: deadline.at + LEASE_MARGIN_MS,
  };
  const call = { messageId, action, payload };
  const held = await holdLane(db, target, holder, action, deadline, withCallLogged(target, call, options.with));
  if (held !== 'held') return held;
  await settledBefore(db, target.chargerId, messageId, options.before);
  const postedAt = Date.now();
  await postCall(
    db,
    target,
    messageId,
    JSON.stringify([2, messageId, action, payload]),
    options.post ?? postToConnection,
  );
  return logSentCall(db, target, call, awaitAnswer(db, target, messageId, action, postedAt, deadline));
}

/**
 * Waits for the work that must succeed before the CALL is posted; when it failed, releases the
 * lane, takes back the CALL's log item and throws.
 */
async function settledBefore(db: Db, chargerId: number, messageId: string, before: Promise<unknown> | undefined) {
  if (!before) return;
  try {
    await before;
  } catch (error) {
    await Promise.all([release(db, chargerId, messageId), unlogCall(db, chargerId, messageId)]);
    throw error;
  }
}

/** The charger's connection in a lane read, if it has one. */
function connectionOf(lane: LaneState | undefined): Omit<CommandTarget, 'chargerId'> | undefined {
  if (lane?.connectionStatus?.status !== 'Connected' || !lane.currentConnectionId || !lane.ocppProtocol) {
    return undefined;
  }
  return { connectionId: lane.currentConnectionId, protocol: lane.ocppProtocol };
}

/**
 * Takes the wire: at once on an idle lane (one write), else queued for a turn. A claim and a
 * ticket that both fail mean the connection changed or the lane just went idle: one read tells.
 */
async function holdLane(
  db: Db,
  target: CommandTarget,
  holder: LaneHolder,
  action: string,
  deadline: Deadline,
  writes: ClaimWrites | undefined,
): Promise<'held' | { moved: CommandTarget }> {
  for (;;) {
    if (await claim(db, target.chargerId, holder, undefined, writes)) return 'held';
    const taken = await takeTicket(db, target.chargerId, target.connectionId);
    if (taken) {
      if (await waitTurn(db, target, holder, action, deadline, writes, taken)) return 'held';
      continue;
    }
    const current = connectionOf(await readLane(db, target.chargerId));
    if (!current) throw new ChargerNotConnectedError(target.chargerId);
    if (current.connectionId !== target.connectionId) return { moved: { chargerId: target.chargerId, ...current } };
    if (Date.now() >= deadline.at) throw new ChargerTimeoutError(target.chargerId, action, deadline.ms);
    await sleep(MIN_WAIT_MS);
  }
}

/**
 * Waits in the queue with a ticket: reads the lane until the ticket's turn and claims it. On the
 * way, releases a holder past its lease and skips turns given up or never claimed.
 * @returns true when claimed; false when the ticket was skipped (the caller queues again)
 * @throws ChargerNotConnectedError when the charger's connection changes; ChargerTimeoutError at the deadline
 */
async function waitTurn(
  db: Db,
  target: CommandTarget,
  holder: LaneHolder,
  action: string,
  deadline: Deadline,
  writes: ClaimWrites | undefined,
  taken: { ticket: number; lane: LaneState },
): Promise<boolean> {
  const { chargerId, connectionId } = target;
  const { ticket } = taken;
  let lane: LaneState | undefined = taken.lane;
  for (;;) {
    if (lane?.currentConnectionId !== connectionId) throw new ChargerNotConnectedError(chargerId);
    const step = nextStep(lane, ticket, Date.now());
    if (step === 'claim' && (await claim(db, chargerId, holder, ticket, writes))) return true;
    if (step === 'skipped') return false;
    if (typeof step === 'object') {
      await ('release' in step ? release(db, chargerId, step.release) : skipTurn(db, chargerId, step.skip));
    }
    if (Date.now() >= deadline.at) {
      await abandon(db, chargerId, connectionId, ticket);
      throw new ChargerTimeoutError(chargerId, action, deadline.ms);
    }
    if (step === 'wait') {
      await sleep(Math.min(deadline.at - Date.now(), waitMs(lane, ticket, expectedRoundTripMs(chargerId))));
    }
    lane = await readLane(db, chargerId);
  }
}

/**
 * How long a queued command waits before reading the lane again: until about when its turn is
 * expected (each command ahead takes about the charger's round trip, counted from when the lane
 * last moved), at least {@link MIN_WAIT_MS}, at most 250 ms per command ahead and never more than
 * {@link MAX_WAIT_MS} (well inside the turn grace, so a live waiter is never skipped).
 */
export function waitMs(lane: LaneState, ticket: number, roundTripMs: number, now = Date.now()): number {
  const ahead = Math.max(1, ticket - (lane.commandsServed ?? 0));
  const since = lane.commandTurnAt ?? now;
  const expected = since + ahead * roundTripMs - now;
  const overdue = (now - since) / (2 * ahead);
  const longest = Math.min(MAX_WAIT_MS, WAIT_PER_COMMAND_AHEAD_MS * ahead);
  return Math.min(longest, Math.max(MIN_WAIT_MS, expected > 0 ? expected : overdue));
}

/**
 * Posts the CALL. A GoneException marks the charger Disconnected (which empties its lane); any
 * failure releases the lane.
 * @throws ChargerNotConnectedError when the connection is gone
 */
async function postCall(
  db: Db,
  target: CommandTarget,
  messageId: string,
  frame: string,
  post: PostFrame,
): Promise<void> {
  try {
    await post(target.connectionId, frame);
  } catch (error) {
    const gone = error instanceof ConnectionGoneError;
    const reset = gone && (await markDisconnected(db, target.chargerId, target.connectionId, new Date().toISOString()));
    if (!reset) await release(db, target.chargerId, messageId);
    throw gone ? new ChargerNotConnectedError(target.chargerId) : error;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
