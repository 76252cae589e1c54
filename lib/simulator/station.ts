/**
 * The station: runs the protocol-neutral flows of the simulator (boot, session start and stop,
 * meter values, reservations, availability, reset) against a {@link ProtocolAdapter}, and owns
 * every timer (heartbeat, meter values, reservation expiry).
 *
 * @module
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { RPCClient } from 'ocpp-rpc';
import type { ChargePoint, ConnectorStatus, MeterSample, Reservation } from './charge-point';
import type {
  AdapterFactory,
  AvailabilityStatus,
  ChargePointInfo,
  ProtocolAdapter,
  ReserveStatus,
  SimulatorLogEntry,
  StartRequest,
  StationApi,
  StopReason,
} from './protocol';

/** Construction options of {@link Station}. */
export interface StationOptions {
  /** Connected (or connecting) strict-mode RPC client. */
  readonly client: RPCClient;
  /** The model. */
  readonly chargePoint: ChargePoint;
  /** BootNotification identity. */
  readonly info: ChargePointInfo;
  /** Connector used when none is named. */
  readonly defaultConnectorId: number;
  /** Meter value interval, seconds. */
  readonly meterIntervalSeconds: number;
  /** Whether reservations are supported. */
  readonly reservationEnabled: boolean;
  /**
   * Free vend: charge whatever the CSMS answers for the idTag (no Authorize first, and an
   * unaccepted transaction keeps charging, as with 1.6 `StopTransactionOnInvalidId` = false).
   */
  readonly freeVend?: boolean;
  /** Creates the OCPP adapter. */
  readonly adapterFactory: AdapterFactory;
  /** Receives log lines. */
  readonly log: (entry: SimulatorLogEntry) => void;
}

/** Heartbeat interval used when the CSMS answers 0, seconds. */
const FALLBACK_HEARTBEAT_S = 300;
/** Longest delay `setTimeout` accepts, ms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Runs the simulator's flows; see the module description. */
export class Station implements StationApi {
  /** The adapter of the negotiated OCPP version. */
  readonly adapter: ProtocolAdapter;
  /** The charge point model. */
  readonly chargePoint: ChargePoint;
  /** BootNotification identity. */
  readonly info: ChargePointInfo;
  /** Connector used when a command or the handle names none. */
  readonly defaultConnectorId: number;
  /** Whether reservations are supported. */
  reservationEnabled: boolean;
  /** Free vend mode (see {@link StationOptions.freeVend}). */
  readonly freeVend: boolean;
  /** Heartbeat interval, seconds (0 before boot). */
  heartbeatIntervalSeconds = 0;
  /** Meter value interval, seconds. */
  meterIntervalSeconds: number;

  private readonly client: RPCClient;
  private readonly logSink: (entry: SimulatorLogEntry) => void;
  private readonly closing = new AbortController();
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private readonly meterTimers = new Map<number, NodeJS.Timeout>();
  private readonly reservationTimers = new Map<number, NodeJS.Timeout>();
  private readonly locks = new Map<number, Promise<unknown>>();
  private pendingReset: 'HardReset' | 'SoftReset' | undefined;

  constructor(options: StationOptions) {
    this.client = options.client;
    this.chargePoint = options.chargePoint;
    this.info = options.info;
    this.defaultConnectorId = options.defaultConnectorId;
    this.meterIntervalSeconds = options.meterIntervalSeconds;
    this.reservationEnabled = options.reservationEnabled;
    this.freeVend = options.freeVend ?? false;
    this.logSink = options.log;
    this.adapter = options.adapterFactory(this);
  }

  /** True once {@link Station.dispose} ran. */
  get disposed(): boolean {
    return this.closing.signal.aborted;
  }

  /** BootNotification until Accepted, heartbeats at the returned interval, a status per connector. */
  async boot(reason: 'PowerUp' | 'RemoteReset'): Promise<void> {
    const interval = await this.adapter.bootNotification(reason);
    this.setHeartbeatInterval(interval > 0 ? interval : FALLBACK_HEARTBEAT_S);
    await this.adapter.allStatuses();
  }

  /** Stops every timer; later calls fail. Does not close the connection. */
  dispose(): void {
    this.closing.abort(new Error('simulator closed'));
    clearInterval(this.heartbeatTimer);
    for (const timer of [...this.meterTimers.values(), ...this.reservationTimers.values()]) clearTimeout(timer);
    this.meterTimers.clear();
    this.reservationTimers.clear();
  }

  async call(action: string, payload: object): Promise<unknown> {
    if (this.disposed) throw new Error(`cannot send ${action}: simulator closed`);
    try {
      return await this.client.call(action, payload);
    } catch (error) {
      // A CALLERROR from the CSMS, or a payload strict mode refused, is an RPCError with its code.
      const code = (error as { rpcErrorCode?: unknown }).rpcErrorCode;
      const detail = typeof code === 'string' ? `${code}: ${errorMessage(error)}` : errorMessage(error);
      throw new Error(`${action} failed: ${detail}`, { cause: error });
    }
  }

  afterReply(description: string, task: () => Promise<unknown>): void {
    // A command handler's result is sent by ocpp-rpc within the same turn of the event loop (a
    // chain of microtasks); setImmediate runs after it, so the CSMS sees the answer first.
    setImmediate(() => {
      if (this.disposed) return;
      task().catch((error: unknown) => this.log('error', `${description} failed: ${errorMessage(error)}`));
    });
  }

  /**
   * A CSMS remote stop (1.6 RemoteStopTransaction, 2.0.1 RequestStopTransaction): Accepted and the
   * session stopped after the reply when the transaction is charging here, else Rejected.
   */
  remoteStop(transactionId: number | string): 'Accepted' | 'Rejected' {
    const connector = this.chargePoint.findByTransactionId(transactionId);
    if (!connector || connector.session?.state !== 'charging') return 'Rejected';
    this.afterReply(`remote stop of transaction ${transactionId}`, () => this.stopSession(connector.id, 'Remote'));
    return 'Accepted';
  }

  log(level: SimulatorLogEntry['level'], message: string): void {
    this.logSink({ level, message });
  }

  async sleep(seconds: number): Promise<void> {
    await delay(seconds * 1000, undefined, { signal: this.closing.signal });
  }

  sample(connectorId: number): MeterSample {
    return this.chargePoint.sample(connectorId, new Date());
  }

  cannotStart(connectorId: number, idTag: string): string | undefined {
    const cp = this.chargePoint;
    if (!cp.hasConnector(connectorId)) return `unknown connector ${connectorId}`;
    const connector = cp.connector(connectorId);
    if (connector.session) return `connector ${connectorId} already has a session`;
    if (!cp.operative || !connector.operative) return `connector ${connectorId} is unavailable`;
    if (connector.status !== 'Available' && connector.status !== 'Reserved') return `connector ${connectorId} is ${connector.status}`;
    const reservation = cp.reservationOn(connectorId);
    if (reservation && reservation.idTag !== idTag) {
      return `connector ${connectorId} is reserved for another idTag (reservation ${reservation.reservationId})`;
    }
    return undefined;
  }

  startSession(connectorId: number, request: StartRequest): Promise<void> {
    return this.exclusive(connectorId, async () => {
      const refusal = this.cannotStart(connectorId, request.idTag);
      if (refusal) throw new Error(refusal);
      const cp = this.chargePoint;
      await this.setStatus(connectorId, 'Preparing');

      const authorization = this.freeVend
        ? { accepted: true, status: 'Accepted' }
        : await this.adapter.authorize(request).catch(async (error: unknown) => {
            await this.settle(connectorId);
            throw error;
          });
      if (!authorization.accepted) {
        await this.settle(connectorId);
        throw new Error(`Authorize: idTag ${request.idTag} is ${authorization.status}`);
      }

      const reservation = cp.matchingReservation(connectorId, request.idTag);
      if (reservation) this.forgetReservation(reservation.reservationId);
      const session = cp.beginSession(
        connectorId,
        {
          idTag: request.idTag,
          ...(reservation ? { reservationId: reservation.reservationId } : {}),
          ...(request.remoteStartId === undefined ? {} : { remoteStartId: request.remoteStartId }),
        },
        new Date(),
      );
      const started = await this.adapter.startTransaction(connectorId, session, request).catch(async (error: unknown) => {
        cp.endSession(connectorId);
        await this.settle(connectorId);
        throw error;
      });
      session.state = 'charging';
      if (!started.accepted && this.freeVend) {
        this.log('warn', `transaction start: idTag ${request.idTag} is ${started.status}; charging anyway (free vend)`);
      } else if (!started.accepted) {
        // StopTransactionOnInvalidId (1.6) / E05: end a transaction the CSMS did not authorize.
        this.log('warn', `transaction start: idTag ${request.idTag} is ${started.status}; stopping`);
        await this.stopNow(connectorId, 'DeAuthorized');
        throw new Error(`transaction start: idTag ${request.idTag} is ${started.status}`);
      }
      await this.setStatus(connectorId, 'Charging');
      this.log('info', `connector ${connectorId}: charging, transaction ${String(session.transactionId)}`);
      this.scheduleMeterValues(connectorId);
    });
  }

  stopSession(connectorId: number, reason: StopReason): Promise<void> {
    return this.exclusive(connectorId, () => this.stopNow(connectorId, reason));
  }

  reserve(reservation: Reservation): ReserveStatus {
    const cp = this.chargePoint;
    if (!this.reservationEnabled) return 'Rejected';
    if (!(reservation.expiresAt.getTime() > Date.now())) return 'Rejected';
    const { connectorId } = reservation;
    if (connectorId !== undefined) {
      if (!cp.hasConnector(connectorId)) return 'Rejected';
      const connector = cp.connector(connectorId);
      const held = cp.reservationOn(connectorId);
      if (held && held.reservationId !== reservation.reservationId) return 'Occupied';
      if (connector.status === 'Faulted') return 'Faulted';
      if (!cp.operative || !connector.operative) return 'Unavailable';
      if (connector.session || (connector.status !== 'Available' && connector.status !== 'Reserved')) return 'Occupied';
    } else if (!cp.connectors.some((c) => !c.session && c.operative && c.status === 'Available')) {
      return cp.operative && cp.connectors.some((c) => c.operative) ? 'Occupied' : 'Unavailable';
    }

    // A reservationId that exists already is replaced (1.6 §5.13, 2.0.1 H01.FR.02).
    const previous = cp.reservation(reservation.reservationId);
    if (previous) {
      this.forgetReservation(previous.reservationId);
      if (previous.connectorId !== undefined && previous.connectorId !== connectorId) this.markStatus(previous.connectorId, 'Available');
    }
    cp.addReservation(reservation);
    this.armReservationTimer(reservation);
    if (connectorId !== undefined) this.markStatus(connectorId, 'Reserved');
    this.log('info', `reservation ${reservation.reservationId} for ${reservation.idTag} until ${reservation.expiresAt.toISOString()}`);
    return 'Accepted';
  }

  cancelReservation(reservationId: number): boolean {
    const reservation = this.forgetReservation(reservationId);
    if (!reservation) return false;
    if (reservation.connectorId !== undefined) this.markStatus(reservation.connectorId, 'Available');
    this.log('info', `reservation ${reservationId} cancelled`);
    return true;
  }

  changeAvailability(connectorId: number | undefined, operative: boolean): AvailabilityStatus {
    const cp = this.chargePoint;
    if (connectorId !== undefined && !cp.hasConnector(connectorId)) return 'Rejected';
    if (connectorId === undefined && cp.operative !== operative) {
      cp.operative = operative;
      this.afterReply('availability of the charge point', () => this.adapter.statusChanged(0));
    }
    let scheduled = false;
    for (const connector of connectorId === undefined ? cp.connectors : [cp.connector(connectorId)]) {
      // A connector in use changes once its session ends (1.6 §5.2, 2.0.1 G03.FR.05).
      if (connector.session || connector.status === 'Preparing' || connector.status === 'Finishing') {
        connector.scheduledOperative = operative;
        scheduled = true;
        continue;
      }
      connector.operative = operative;
      this.markStatus(connector.id, this.idleStatus(connector.id));
    }
    return scheduled ? 'Scheduled' : 'Accepted';
  }

  setPowerLimit(connectorId: number | undefined, limitW: number | undefined): void {
    const cp = this.chargePoint;
    for (const connector of connectorId === undefined ? cp.connectors : [cp.connector(connectorId)]) connector.powerLimitW = limitW;
    const where = connectorId === undefined ? 'all connectors' : `connector ${connectorId}`;
    this.log('info', limitW === undefined ? `${where}: power limit cleared` : `${where}: power limited to ${Math.round(limitW)} W`);
  }

  setHeartbeatInterval(seconds: number): void {
    this.heartbeatIntervalSeconds = seconds;
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
    if (seconds <= 0 || this.disposed) return;
    this.heartbeatTimer = setInterval(() => {
      this.adapter.heartbeat().catch((error: unknown) => this.log('warn', errorMessage(error)));
    }, Math.min(seconds * 1000, MAX_TIMER_MS));
  }

  setMeterInterval(seconds: number): void {
    this.meterIntervalSeconds = seconds;
  }

  reset(reason: 'HardReset' | 'SoftReset', options: { whenIdle?: boolean } = {}): boolean {
    if (options.whenIdle && this.chargePoint.connectors.some((c) => c.session)) {
      this.pendingReset = reason;
      this.log('info', 'reset scheduled for when the running sessions end');
      return false;
    }
    this.afterReply('reset', () => this.performReset(reason));
    return true;
  }

  private async performReset(reason: 'HardReset' | 'SoftReset'): Promise<void> {
    this.pendingReset = undefined;
    for (const connector of this.chargePoint.connectors) {
      if (connector.session?.state === 'charging') {
        await this.stopSession(connector.id, reason).catch((error: unknown) => this.log('error', `stop on reset failed: ${errorMessage(error)}`));
      }
    }
    this.log('info', `${reason}: rebooting`);
    await this.boot('RemoteReset');
  }

  private async stopNow(connectorId: number, reason: StopReason): Promise<void> {
    const cp = this.chargePoint;
    const connector = cp.connector(connectorId);
    const session = connector.session;
    if (!session || session.state !== 'charging') throw new Error(`no running session on connector ${connectorId}`);
    clearTimeout(this.meterTimers.get(connectorId));
    this.meterTimers.delete(connectorId);
    const sample = cp.sample(connectorId, new Date());
    session.state = 'stopping';

    let failure: unknown;
    try {
      await this.adapter.stopTransaction(connectorId, session, sample, reason);
    } catch (error) {
      failure = error;
    }
    await this.setStatus(connectorId, 'Finishing');
    cp.endSession(connectorId);
    await this.settle(connectorId);
    const deliveredWh = sample.energyWh - session.meterStartWh;
    this.log('info', `connector ${connectorId}: session ended (${reason}), ${deliveredWh} Wh delivered`);
    if (failure !== undefined) throw failure;
    if (this.pendingReset && !cp.connectors.some((c) => c.session)) {
      const pending = this.pendingReset;
      this.afterReply('scheduled reset', () => this.performReset(pending));
    }
  }

  private scheduleMeterValues(connectorId: number): void {
    const connector = this.chargePoint.connector(connectorId);
    const session = connector.session;
    if (!session || this.disposed) return;
    const running = (): boolean => !this.disposed && connector.session === session && session.state === 'charging';
    const timer = setTimeout(() => {
      this.meterTimers.delete(connectorId);
      if (!running()) return;
      const sample = this.chargePoint.sample(connectorId, new Date());
      this.adapter
        .meterValues(connectorId, session, sample)
        .catch((error: unknown) => this.log('warn', errorMessage(error)))
        .finally(() => {
          if (running()) this.scheduleMeterValues(connectorId);
        });
    }, this.meterIntervalSeconds * 1000);
    this.meterTimers.set(connectorId, timer);
  }

  private armReservationTimer(reservation: Reservation): void {
    const wait = Math.min(Math.max(0, reservation.expiresAt.getTime() - Date.now()), MAX_TIMER_MS);
    const timer = setTimeout(() => {
      this.reservationTimers.delete(reservation.reservationId);
      if (this.chargePoint.reservation(reservation.reservationId) !== reservation) return;
      if (reservation.expiresAt.getTime() > Date.now()) return this.armReservationTimer(reservation);
      void this.expire(reservation);
    }, wait);
    this.reservationTimers.set(reservation.reservationId, timer);
  }

  private async expire(reservation: Reservation): Promise<void> {
    this.chargePoint.removeReservation(reservation.reservationId);
    this.log('info', `reservation ${reservation.reservationId} expired`);
    try {
      await this.adapter.reservationExpired(reservation);
      const { connectorId } = reservation;
      if (connectorId !== undefined && this.chargePoint.connector(connectorId).status === 'Reserved') {
        await this.setStatus(connectorId, this.idleStatus(connectorId));
      }
    } catch (error) {
      this.log('warn', `reporting the expiry of reservation ${reservation.reservationId} failed: ${errorMessage(error)}`);
    }
  }

  /** Removes a reservation and its timer, without status changes. */
  private forgetReservation(reservationId: number): Reservation | undefined {
    clearTimeout(this.reservationTimers.get(reservationId));
    this.reservationTimers.delete(reservationId);
    return this.chargePoint.removeReservation(reservationId);
  }

  /** Status of a connector without a session: Unavailable, Reserved or Available. */
  private idleStatus(connectorId: number): ConnectorStatus {
    const cp = this.chargePoint;
    if (!cp.operative || !cp.connector(connectorId).operative) return 'Unavailable';
    return cp.reservationOn(connectorId) ? 'Reserved' : 'Available';
  }

  /** Back to idle after a session (or a failed start): applies a scheduled availability change. */
  private async settle(connectorId: number): Promise<void> {
    const connector = this.chargePoint.connector(connectorId);
    if (connector.scheduledOperative !== undefined) {
      connector.operative = connector.scheduledOperative;
      connector.scheduledOperative = undefined;
    }
    await this.setStatus(connectorId, this.idleStatus(connectorId));
  }

  /** Sets a status and sends the StatusNotification now. */
  private async setStatus(connectorId: number, status: ConnectorStatus): Promise<void> {
    const connector = this.chargePoint.connector(connectorId);
    if (connector.status === status) return;
    connector.status = status;
    await this.adapter.statusChanged(connectorId);
  }

  /** Sets a status now and sends the StatusNotification after the current command's answer. */
  private markStatus(connectorId: number, status: ConnectorStatus): void {
    const connector = this.chargePoint.connector(connectorId);
    if (connector.status === status) return;
    connector.status = status;
    this.afterReply(`StatusNotification of connector ${connectorId}`, () => this.adapter.statusChanged(connectorId));
  }

  /** Serialises flows on one connector (a stop waits for a start in progress). */
  private exclusive<T>(connectorId: number, task: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(connectorId) ?? Promise.resolve();
    const run = previous.then(task);
    this.locks.set(connectorId, run.catch(() => undefined));
    return run;
  }
}
