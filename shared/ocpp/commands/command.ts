/**
 * The command path, generic over the action (docs/architecture.md, "The command path"): a CALL of ours to a
 * connected charger, answered with the charger's reply.
 *
 * 1. The target is where the charger is connected (`targets.ts`: a per-instance cache or one
 *    GetItem); not connected → {@link ChargerNotConnectedError} at once, nothing written.
 * 2. The CALL payload is validated against the official schema (a bug of ours never reaches a charger).
 * 3. The charger's lane is claimed (`lane.ts`): one CALL of ours outstanding per charger, in
 *    arrival order. On an idle lane this is one conditional write, which also checks that the
 *    target connection is still the charger's current one and commits the command's own writes
 *    ({@link CommandOptions.with}); otherwise the command queues for its turn. Work started
 *    alongside ({@link CommandOptions.before}) must have succeeded before the CALL is posted.
 * 4. The CALL is posted (`PostToConnection`). A GoneException marks the charger Disconnected
 *    (which empties its lane) and answers as not connected.
 * 5. The charger's CALLRESULT/CALLERROR reaches the `$default` handler, which adds it to the
 *    CALL's entry in the OCPP message log (found by the time in its UUIDv7 messageId; written by
 *    the claim when the log keeps everything) and releases the lane in one transaction
 *    (`correlation.ts`). The sender reads the entry first at about the charger's usual round trip
 *    (one GetItem), then with the charger (one TransactGetItems), backing off up to 250 ms between
 *    reads, until the deadline (default 20 s, inside API Gateway's 30 s): then it releases the
 *    lane (a late reply then changes nothing) and throws {@link ChargerTimeoutError}.
 *    A change of the charger's connection while waiting (`$disconnect`, a new connection) ends
 *    the command at once with {@link ChargerNotConnectedError}.
 * 6. A CALLRESULT is validated against the action's response schema (invalid → {@link ChargerErrorResponse}).
 *
 * DynamoDB requests for a charger that answers at once: 1 write (the claim, with the CALL's log
 * entry), 1 read and 1 write by `$default`. A command is declared once per action and version with
 * {@link defineCommand}; adding SetChargingProfile, GetConfiguration, ChangeAvailability… is one
 * small module each.
 */
import type { Db } from '../../db';
import { baseProtocol } from '../../db/entities/common';
import { validatePayload, type ActionValidators } from '../schemas';
import type * as Ocpp16 from '../types/v16';
import type * as Ocpp201 from '../types/v201';
import type * as Ocpp21 from '../types/v21';
import { sendCall } from './call';
import { ChargerErrorResponse, ChargerNotConnectedError } from './errors';
import type { ClaimWrites } from './lane';
import { forgetTarget, rememberTarget, type CommandTarget } from './targets';
import type { PostFrame } from './transport';

export type { CommandTarget } from './targets';

/**
 * How one version carries a command: the action (by its generated validators, `V16.ReserveNow`,
 * so the bundle holds them), the request built from the input, the result from the response.
 */
export interface VersionMapping<Input, Result, Request, Response> {
  call: ActionValidators;
  request(input: Input): Request;
  result(response: Response): Result;
}

/**
 * A command with its mapping for each version; a version without one (an action OCPP 1.6 does not
 * have, or one only OCPP 2.1 has) answers NotSupported without sending anything ({@link runCommand}).
 * A 2.1 station is sent the `ocpp2.1` mapping when there is one, else the 2.0.1 one.
 */
export interface Command<Input, Result> {
  name: string;
  'ocpp1.6'?: VersionMapping<Input, Result, any, any>;
  'ocpp2.0.1'?: VersionMapping<Input, Result, any, any>;
  'ocpp2.1'?: VersionMapping<Input, Result, any, any>;
}

/**
 * Declares a command: per version the OCPP action, typed from the official schemas; an `ocpp2.1`
 * mapping only where 2.1's request carries more than 2.0.1's (CertificateSigned's `requestId`):
 * without one, a 2.1 station is sent the 2.0.1 request.
 */
export function defineCommand<
  Input,
  Result,
  A16 extends Ocpp16.Action,
  A201 extends Ocpp201.Action,
  A21 extends Ocpp21.Action = never,
>(definition: {
  name: string;
  'ocpp1.6': VersionMapping<Input, Result, Ocpp16.Actions[A16]['request'], Ocpp16.Actions[A16]['response']> & {
    call: ActionValidators<'ocpp1.6', A16>;
  };
  'ocpp2.0.1': VersionMapping<Input, Result, Ocpp201.Actions[A201]['request'], Ocpp201.Actions[A201]['response']> & {
    call: ActionValidators<'ocpp2.0.1', A201>;
  };
  'ocpp2.1'?: VersionMapping<Input, Result, Ocpp21.Actions[A21]['request'], Ocpp21.Actions[A21]['response']> & {
    call: ActionValidators<'ocpp2.1', A21>;
  };
}): Command<Input, Result> {
  return definition;
}

/**
 * Declares a command OCPP 2.0.1 has and 1.6 does not (GetChargingProfiles K09): a 1.6 charger
 * answers NotSupported without a CALL.
 */
export function defineCommand201<Input, Result, A201 extends Ocpp201.Action>(definition: {
  name: string;
  'ocpp2.0.1': VersionMapping<Input, Result, Ocpp201.Actions[A201]['request'], Ocpp201.Actions[A201]['response']> & {
    call: ActionValidators<'ocpp2.0.1', A201>;
  };
}): Command<Input, Result> {
  return definition;
}

/**
 * Declares a command only OCPP 2.1 has (the tariff messages, I07-I12): a 1.6 or 2.0.1 charger
 * answers NotSupported without a CALL.
 */
export function defineCommand21<Input, Result, A21 extends Ocpp21.Action>(definition: {
  name: string;
  'ocpp2.1': VersionMapping<Input, Result, Ocpp21.Actions[A21]['request'], Ocpp21.Actions[A21]['response']> & {
    call: ActionValidators<'ocpp2.1', A21>;
  };
}): Command<Input, Result> {
  return definition;
}

/** The charger's answer: its result, or its CALLERROR (with the action it answered). */
export type CommandOutcome<Result> =
  | { ok: true; result: Result }
  | { ok: false; action: string; errorCode: string; errorDescription: string };

/** Tunables of the command path: nothing here assumes an HTTP caller. */
export interface CommandOptions {
  /** Milliseconds for the whole command, queueing included. @default OCPP_COMMAND_TIMEOUT_MS or 20 000 */
  deadlineMs?: number;
  /** How frames are posted. @default API Gateway's management API */
  post?: PostFrame;
  /**
   * Writes committed in the same transaction that claims the charger's lane, i.e. only if the
   * CALL goes on the wire and just before it does (e.g. a port's pending remote start). The claim
   * is then a TransactWriteItems instead of an UpdateItem: one request, twice the write units.
   */
  with?: ClaimWrites;
  /**
   * Work started alongside the command that must succeed before the CALL goes on the wire (e.g.
   * the HTTP API's rate-limit count): awaited once the lane is held. When it fails, the lane is
   * released, nothing is sent, and its error is thrown. Cheaper and quicker than `with` (no
   * transaction), for writes that may stay when the command is not sent.
   */
  before?: Promise<unknown>;
  /** The CALL's messageId, a UUIDv7 (`newMessageId` of `correlation.ts`); default a new one. */
  messageId?: string;
}

/** The default deadline, from `OCPP_COMMAND_TIMEOUT_MS` (ms), else 20 s. */
export function defaultDeadlineMs(): number {
  const configured = Number(process.env.OCPP_COMMAND_TIMEOUT_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : 20_000;
}

/** Times the target may turn out stale (the charger reconnected) before the command gives up. */
const MAX_TARGET_REFRESHES = 3;

/**
 * Sends a command and waits for the charger's answer (steps 2–6 above). Usable by any caller: an
 * HTTP request, or a background sender with a short deadline.
 * @param target where the charger was last seen connected; a stale one is refreshed once verified
 * @throws ChargerNotConnectedError when the charger is not (or no longer) connected
 * @throws ChargerTimeoutError when no answer comes before the deadline
 * @throws ChargerErrorResponse when the answer breaks the action's schema
 */
export async function runCommand<Input, Result>(
  db: Db,
  target: CommandTarget,
  command: Command<Input, Result>,
  input: Input,
  options: CommandOptions = {},
): Promise<CommandOutcome<Result>> {
  const deadlineMs = options.deadlineMs ?? defaultDeadlineMs();
  const deadline = { at: Date.now() + deadlineMs, ms: deadlineMs };
  for (let refreshes = 0; ; refreshes++) {
    // A 2.1 charger is sent what a 2.0.1 one is, checked against 2.1's schemas (docs/ocpp.md, "OCPP 2.1"),
    // unless the action is 2.1's own.
    const mapping = command[target.protocol] ?? command[baseProtocol(target.protocol)];
    if (!mapping) {
      // The version has no such action: the charger cannot do it, as a CALLERROR NotSupported says.
      const description = `OCPP ${target.protocol.slice(4)} has no ${command.name}`;
      return { ok: false, action: command.name, errorCode: 'NotSupported', errorDescription: description };
    }
    const { action } = mapping.call;
    const validators = { protocol: target.protocol, action };
    const payload = mapping.request(input);
    await validatePayload(validators, 'req', payload);
    let reply: Awaited<ReturnType<typeof sendCall>>;
    try {
      reply = await sendCall(db, target, action, payload, deadline, options);
    } catch (error) {
      if (error instanceof ChargerNotConnectedError) forgetTarget(db, target.chargerId);
      throw error;
    }
    if ('moved' in reply) {
      if (refreshes >= MAX_TARGET_REFRESHES) throw new ChargerNotConnectedError(target.chargerId);
      target = reply.moved;
      rememberTarget(db, target);
      continue;
    }
    if (!reply.ok) return { ...reply, action };
    try {
      await validatePayload(validators, 'conf', reply.result);
    } catch (error) {
      throw new ChargerErrorResponse(target.chargerId, action, `an invalid response (${(error as Error).message})`);
    }
    return { ok: true, result: mapping.result(reply.result) };
  }
}
