/**
 * Automatic sessions, as `--auto` and `--fleet` run them: plug in, authorize, charge until the
 * EV reaches its target SoC or the duration is over, stop.
 *
 * @module
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { ChargePoint } from './charge-point';
import type { EvState } from './ev';
import type { StartRequest } from './protocol';

/** How often the SoC is checked against the target, ms (real time). */
const POLL_MS = 200;

/**
 * What an automatic session drives: the parts of a running simulator (`Simulator` of `index.ts`,
 * which implements it) that {@link runAutoSession} uses.
 */
export interface AutoSessionTarget {
  readonly defaultConnectorId: number;
  readonly chargePoint: ChargePoint;
  /** Resolves when the WebSocket is closed for good. */
  readonly closed: Promise<unknown>;
  plugInAndStart(
    connectorId?: number,
    idTag?: string,
    plan?: Pick<StartRequest, 'ev' | 'departureAt' | 'targetSocPercent'>,
  ): Promise<void>;
  stop(connectorId?: number): Promise<void>;
}

/** Options of {@link runAutoSession}. */
export interface AutoSessionOptions {
  /** Connector to use. @default the simulator's `connectorId` */
  readonly connectorId?: number;
  /** idTag presented. @default the simulator's `idTag` */
  readonly idTag?: string;
  /** Longest charge before stopping, seconds (real time); also the EV's departure. @default 30 */
  readonly durationSeconds?: number;
  /** The SoC the driver wants, %: the session stops at it unless `stopAtTarget` is false. @default 100 */
  readonly targetSocPercent?: number;
  /**
   * False: the EV stays plugged in until `durationSeconds` pass (its departure), whatever its SoC, as
   * a van at a depot does; it draws nothing once full. @default true
   */
  readonly stopAtTarget?: boolean;
  /** The vehicle (battery, maximum power, SoC at plug-in). @default the simulator's EV */
  readonly ev?: Partial<EvState>;
  /** Aborting stops the session early (cleanly: StopTransaction / TransactionEvent Ended). */
  readonly signal?: AbortSignal;
}

/** How an automatic session ended. */
export interface AutoSessionOutcome {
  /** Why it stopped. */
  readonly endedBy: 'duration' | 'target' | 'aborted';
  /** SoC at the stop, %. */
  readonly socPercent: number;
  /** Energy delivered, Wh. */
  readonly energyWh: number;
}

/**
 * One full session: plug in + Authorize + start (departure = now + duration, for ISO 15118),
 * meter values until the SoC reaches `targetSocPercent` (unless `stopAtTarget` is false), `durationSeconds`
 * pass or `signal` aborts,
 * then stop (reason Local) and back to Available.
 *
 * @throws Error when a step fails or the connection closes during the session.
 */
export async function runAutoSession(
  simulator: AutoSessionTarget,
  options: AutoSessionOptions = {},
): Promise<AutoSessionOutcome> {
  const connectorId = options.connectorId ?? simulator.defaultConnectorId;
  const durationMs = (options.durationSeconds ?? 30) * 1000;
  const targetSocPercent = options.targetSocPercent ?? 100;
  await simulator.plugInAndStart(connectorId, options.idTag, {
    departureAt: new Date(Date.now() + durationMs),
    targetSocPercent,
    ...(options.ev ? { ev: options.ev } : {}),
  });
  const deadline = Date.now() + durationMs;
  const closed = simulator.closed.then(() => {
    throw new Error('the connection closed during the session');
  });
  closed.catch(() => undefined); // raced below; never an unhandled rejection after the session
  const stopWaiting = new AbortController();
  const reached = (): boolean =>
    (simulator.chargePoint.sample(connectorId, new Date()).socPercent ?? 0) >= targetSocPercent;
  let endedBy: AutoSessionOutcome['endedBy'] = 'duration';
  try {
    while (Date.now() < deadline) {
      if (options.signal?.aborted) {
        endedBy = 'aborted';
        break;
      }
      if (options.stopAtTarget !== false && reached()) {
        endedBy = 'target';
        break;
      }
      const wait = Math.min(POLL_MS, deadline - Date.now());
      await Promise.race([delay(wait, undefined, { signal: stopWaiting.signal }), closed]);
    }
  } finally {
    stopWaiting.abort();
  }
  const session = simulator.chargePoint.connector(connectorId).session;
  const start = session?.meterStartWh ?? 0;
  await simulator.stop(connectorId);
  const last = session?.lastSample;
  return { endedBy, socPercent: last?.socPercent ?? 0, energyWh: (last?.energyWh ?? start) - start };
}
