/**
 * The command path, generic over the action (ARCHITECTURE.md, "Commands"): a CSMS-initiated CALL
 * to a connected charger, answered with the charger's reply.
 *
 * 1. The charger must be Connected (else {@link ChargerNotConnectedError}, at once, nothing written).
 * 2. The CALL payload is validated against the official schema (a bug of ours never reaches a charger).
 * 3. A Pending correlation record (`ocppCommand`, TTL 1 h) is written, then the CALL is posted.
 *    A GoneException marks the charger Disconnected and answers as not connected.
 * 4. The record is polled with strongly consistent reads, first after 10 ms, then ×1.5 up to
 *    250 ms between reads, until the `$default` handler completes it or the deadline passes
 *    (default 20 s, inside API Gateway's 30 s): then it is marked TimedOut, so a late reply is
 *    ignored, and {@link ChargerTimeoutError} (504) is thrown.
 * 5. A CALLRESULT is validated against the action's response schema (invalid → 502).
 *
 * A command is declared once per action and version with {@link defineCommand}; adding
 * SetChargingProfile, GetConfiguration, ChangeAvailability… is one small module each.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import { ChargerErrorResponse, ChargerNotConnectedError, ChargerTimeoutError } from '../../api/errors';
import type { OcppProtocol } from '../connection';
import { isConditionalCheckFailure } from '../../db/conditions';
import type { CallErrorFrame, CallResultFrame } from '../frames';
import { validatePayload } from '../schemas';
import type * as Ocpp16 from '../types/v16';
import type * as Ocpp201 from '../types/v201';
import { ConnectionGoneError, postToConnection, type PostFrame } from './transport';

/** A charger a command can be sent to. */
export interface CommandTarget {
  chargerId: number;
  protocol: OcppProtocol;
  connectionId: string;
}

/** How one version carries a command: the action, the request built from the input, the result read from the response. */
export interface VersionMapping<Input, Result, Request, Response> {
  action: string;
  request(input: Input): Request;
  result(response: Response): Result;
}

/** A command with its mapping for each version. */
export interface Command<Input, Result> {
  name: string;
  'ocpp1.6': VersionMapping<Input, Result, any, any>;
  'ocpp2.0.1': VersionMapping<Input, Result, any, any>;
}

/**
 * Declares a command: per version the OCPP action, typed from the official schemas.
 */
export function defineCommand<Input, Result, A16 extends Ocpp16.Action, A201 extends Ocpp201.Action>(definition: {
  name: string;
  'ocpp1.6': VersionMapping<Input, Result, Ocpp16.Actions[A16]['request'], Ocpp16.Actions[A16]['response']> & { action: A16 };
  'ocpp2.0.1': VersionMapping<Input, Result, Ocpp201.Actions[A201]['request'], Ocpp201.Actions[A201]['response']> & { action: A201 };
}): Command<Input, Result> {
  return definition;
}

/** The charger's answer: its result, or its CALLERROR. */
export type CommandOutcome<Result> =
  | { ok: true; result: Result }
  | { ok: false; errorCode: string; errorDescription: string };

/** Tunables of the command path (tests shorten the deadline). */
export interface CommandOptions {
  /** Milliseconds to wait for the reply. @default OCPP_COMMAND_TIMEOUT_MS or 20 000 */
  deadlineMs?: number;
  /** How frames are posted. @default API Gateway's management API */
  post?: PostFrame;
}

/** Seconds a correlation record is kept. */
const CORRELATION_TTL_SECONDS = 3600;
const FIRST_POLL_MS = 10;
const POLL_BACKOFF = 1.5;
const MAX_POLL_MS = 250;

/** The default deadline, from `OCPP_COMMAND_TIMEOUT_MS` (ms), else 20 s. */
export function defaultDeadlineMs(): number {
  const configured = Number(process.env.OCPP_COMMAND_TIMEOUT_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : 20_000;
}

/**
 * Resolves where a charger can be reached.
 * @throws ChargerNotConnectedError (409) when it has no open connection
 */
export function commandTarget(charger: { chargerId: number; connectionStatus?: { status: string }; currentConnectionId?: string; ocppProtocol?: OcppProtocol }): CommandTarget {
  if (charger.connectionStatus?.status !== 'Connected' || !charger.currentConnectionId || !charger.ocppProtocol) {
    throw new ChargerNotConnectedError(charger.chargerId);
  }
  return { chargerId: charger.chargerId, protocol: charger.ocppProtocol, connectionId: charger.currentConnectionId };
}

/**
 * Sends a command and waits for the charger's answer.
 * @throws ChargerNotConnectedError (409) when the connection is gone
 * @throws ChargerTimeoutError (504) when no answer comes before the deadline
 * @throws ChargerErrorResponse (502) when the answer breaks the action's schema
 */
export async function runCommand<Input, Result>(
  db: Db,
  target: CommandTarget,
  command: Command<Input, Result>,
  input: Input,
  options: CommandOptions = {},
): Promise<CommandOutcome<Result>> {
  const mapping = command[target.protocol];
  const payload = mapping.request(input);
  validatePayload(target.protocol, mapping.action, 'req', payload);
  const reply = await sendCall(db, target, mapping.action, payload, options);
  if (!reply.ok) return reply;
  try {
    validatePayload(target.protocol, mapping.action, 'conf', reply.result);
  } catch (error) {
    throw new ChargerErrorResponse(target.chargerId, mapping.action, `an invalid response (${(error as Error).message})`);
  }
  return { ok: true, result: mapping.result(reply.result) };
}

/** Sends one CALL and waits for its CALLRESULT payload or CALLERROR (steps 3–4 above). */
export async function sendCall(
  db: Db,
  target: CommandTarget,
  action: string,
  payload: unknown,
  options: CommandOptions = {},
): Promise<CommandOutcome<unknown>> {
  const messageId = randomUUID();
  const now = Date.now();
  await db.ocppCommand
    .create({
      messageId,
      chargerId: target.chargerId,
      action,
      status: 'Pending',
      createdAt: new Date(now).toISOString(),
      expiresAt: Math.floor(now / 1000) + CORRELATION_TTL_SECONDS,
    })
    .go();
  try {
    await (options.post ?? postToConnection)(target.connectionId, JSON.stringify([2, messageId, action, payload]));
  } catch (error) {
    await db.ocppCommand.patch({ messageId }).set({ status: 'Failed', errorDescription: 'connection gone' }).go();
    if (error instanceof ConnectionGoneError) {
      await markGone(db, target);
      throw new ChargerNotConnectedError(target.chargerId);
    }
    throw error;
  }
  const deadlineMs = options.deadlineMs ?? defaultDeadlineMs();
  const deadline = now + deadlineMs;
  for (let delay = FIRST_POLL_MS; ; delay = Math.min(MAX_POLL_MS, delay * POLL_BACKOFF)) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(delay, deadline - Date.now()))));
    const { data } = await db.ocppCommand.get({ messageId }).go({ consistent: true });
    if (data && data.status !== 'Pending') return outcomeOf(data);
    if (Date.now() >= deadline) break;
  }
  try {
    await db.ocppCommand
      .patch({ messageId })
      .set({ status: 'TimedOut' })
      .where(({ status }, { eq }) => eq(status, 'Pending'))
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    // Answered between the last read and now: use the answer.
    const { data } = await db.ocppCommand.get({ messageId }).go({ consistent: true });
    if (data && data.status !== 'TimedOut') return outcomeOf(data);
  }
  throw new ChargerTimeoutError(target.chargerId, action, Math.round(deadlineMs / 100) / 10);
}

function outcomeOf(record: { status: string; response?: unknown; errorCode?: string; errorDescription?: string }): CommandOutcome<unknown> {
  if (record.status === 'Answered') return { ok: true, result: record.response ?? {} };
  return { ok: false, errorCode: record.errorCode ?? 'GenericError', errorDescription: record.errorDescription ?? '' };
}

/** A GoneException: the charger is Disconnected if that connection was still its current one. */
async function markGone(db: Db, target: CommandTarget): Promise<void> {
  try {
    await db.charger
      .patch({ chargerId: target.chargerId })
      .set({ connectionStatus: { status: 'Disconnected', timestamp: new Date().toISOString() } })
      .remove(['currentConnectionId'])
      .where(({ currentConnectionId }, { eq }) => eq(currentConnectionId, target.connectionId))
      .go();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/**
 * Completes the correlation record of a charger's reply (called by the `$default` handler).
 * A reply to an unknown, already answered or timed-out command, or to another charger's
 * command, changes nothing. Requests: 1 UpdateItem.
 */
export async function completeCommand(db: Db, chargerId: number, frame: CallResultFrame | CallErrorFrame): Promise<boolean> {
  const answeredAt = new Date().toISOString();
  const set =
    frame.messageTypeId === 3
      ? { status: 'Answered' as const, response: frame.payload, answeredAt }
      : { status: 'Failed' as const, errorCode: frame.errorCode, errorDescription: frame.errorDescription, answeredAt };
  try {
    await db.ocppCommand
      .patch({ messageId: frame.messageId })
      .set(set)
      .where(({ status, chargerId: owner }, { eq }) => `${eq(status, 'Pending')} AND ${eq(owner, chargerId)}`)
      .go();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}
