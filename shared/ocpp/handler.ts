/**
 * How an OCPP action is declared and found (docs/architecture.md, "How to add an OCPP action").
 * A handler names its action by the action's generated validators (`validators/v16.js`,
 * `validators/v201.js`: `ocpp16(V16.Heartbeat, …)`), so a bundle holds the validators of the
 * actions it handles, and returns the response payload; framing, schema validation and CALLERROR
 * encoding are done by the dispatcher. Payload types come from the generated schema types
 * (`types/v16.ts`, `types/v201.ts`).
 */
import type { Db } from '../db';
import type { ChargerConnection } from '../charging';
import type { OcppProtocol } from '../db/entities/common';
import type { ActionValidators } from './schemas';
import type * as Ocpp16 from './types/v16';
import type * as Ocpp201 from './types/v201';
import type * as Ocpp21 from './types/v21';

/** What a handler knows besides the payload. */
export interface OcppContext {
  db: Db;
  connection: ChargerConnection;
  /** The CALL's messageId. */
  messageId: string;
  /** When the frame arrived, ISO 8601 UTC (the server's clock). */
  receivedAt: string;
}

/** A handler of one action of one protocol version. */
export interface OcppHandler<P extends OcppProtocol = OcppProtocol, A extends string = string> {
  protocol: P;
  action: A;
  /** The action's request and response validators. */
  validators: ActionValidators<P, A>;
  handle(context: OcppContext, payload: never): Promise<unknown>;
}

/**
 * Declares an OCPP 1.6 handler of the action whose validators are given (`V16.BootNotification`);
 * `handle` is typed from the official schema of the action.
 */
export function ocpp16<A extends Ocpp16.Action>(
  validators: ActionValidators<'ocpp1.6', A>,
  handle: (context: OcppContext, payload: Ocpp16.Actions[A]['request']) => Promise<Ocpp16.Actions[A]['response']>,
): OcppHandler<'ocpp1.6', A> {
  return { protocol: 'ocpp1.6', action: validators.action, validators, handle: handle as OcppHandler['handle'] };
}

/**
 * Declares an OCPP 2.0.1 handler of the action whose validators are given (`V201.TransactionEvent`);
 * `handle` is typed from the official schema of the action.
 */
export function ocpp201<A extends Ocpp201.Action>(
  validators: ActionValidators<'ocpp2.0.1', A>,
  handle: (context: OcppContext, payload: Ocpp201.Actions[A]['request']) => Promise<Ocpp201.Actions[A]['response']>,
): OcppHandler<'ocpp2.0.1', A> {
  return { protocol: 'ocpp2.0.1', action: validators.action, validators, handle: handle as OcppHandler['handle'] };
}

/**
 * Declares an OCPP 2.1 handler of a 2.1-only action (`V21.GetCertificateChainStatus`); the actions
 * 2.0.1 has are served by its handlers through the 2.1 adapter (`v21/index.ts`).
 */
export function ocpp21<A extends Ocpp21.Action>(
  validators: ActionValidators<'ocpp2.1', A>,
  handle: (context: OcppContext, payload: Ocpp21.Actions[A]['request']) => Promise<Ocpp21.Actions[A]['response']>,
): OcppHandler<'ocpp2.1', A> {
  return { protocol: 'ocpp2.1', action: validators.action, validators, handle: handle as OcppHandler['handle'] };
}

/** The handlers of one protocol version, by action. */
export class HandlerRegistry {
  private readonly byAction = new Map<string, OcppHandler>();

  /**
   * @throws Error at start-up when an action is registered twice or a handler is of another version
   */
  constructor(
    readonly protocol: OcppProtocol,
    handlers: OcppHandler[],
  ) {
    for (const handler of handlers) {
      if (handler.protocol !== protocol)
        throw new Error(`${handler.action} is an ${handler.protocol} handler, not ${protocol}`);
      if (this.byAction.has(handler.action))
        throw new Error(`${protocol} action ${handler.action} is registered twice`);
      this.byAction.set(handler.action, handler);
    }
  }

  /** The handler of an action, if any. */
  get(action: string): OcppHandler | undefined {
    return this.byAction.get(action);
  }

  /** Every registered action. */
  actions(): string[] {
    return [...this.byAction.keys()];
  }
}
