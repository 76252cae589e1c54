/**
 * Periodic meter values of running sessions (1.6 MeterValues, 2.0.1 TransactionEvent Updated):
 * one timer per connector, re-armed after each message so a slow CSMS never gets two at once.
 *
 * @module
 */
import type { ChargePoint, MeterSample, Session } from './charge-point';

/** What {@link MeterTimers} needs. */
export interface MeterTimerHooks {
  /** The current interval, seconds (it can change between two messages). */
  intervalSeconds(): number;
  /** Whether the station is closed (no more timers). */
  disposed(): boolean;
  /** Sends the periodic message of a sample. */
  send(connectorId: number, session: Session, sample: MeterSample): Promise<void>;
  /** Reports a failed send. */
  failed(error: unknown): void;
}

/** The meter value timers of a charge point's connectors. */
export class MeterTimers {
  private readonly timers = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly chargePoint: ChargePoint,
    private readonly hooks: MeterTimerHooks,
  ) {}

  /** Sends meter values every interval while the connector's current session is charging. */
  start(connectorId: number): void {
    const connector = this.chargePoint.connector(connectorId);
    const session = connector.session;
    if (!session || this.hooks.disposed()) return;
    const running = (): boolean =>
      !this.hooks.disposed() && connector.session === session && session.state === 'charging';
    const timer = setTimeout(() => {
      this.timers.delete(connectorId);
      if (!running()) return;
      const sample = this.chargePoint.sample(connectorId, new Date());
      this.hooks
        .send(connectorId, session, sample)
        .catch((error: unknown) => this.hooks.failed(error))
        .finally(() => {
          if (running()) this.start(connectorId);
        });
    }, this.hooks.intervalSeconds() * 1000);
    this.timers.set(connectorId, timer);
  }

  /** Stops the connector's timer. */
  stop(connectorId: number): void {
    clearTimeout(this.timers.get(connectorId));
    this.timers.delete(connectorId);
  }

  /** Stops every timer. */
  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
