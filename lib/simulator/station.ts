/**
 * The station: runs the protocol-neutral flows of the simulator (boot, session start and stop,
 * meter values, reservations, availability, charging-profile changes, reset) against a
 * {@link ProtocolAdapter}, and owns the timers (heartbeat here; meter values in `meter-timers.ts`,
 * reservation expiry in `reservations.ts`).
 *
 * @module
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { RPCClient } from 'ocpp-rpc';
import { reconnect, reconnectWithPassword } from './connection';
import { WebSocket } from 'ws';
import { LocalList, localAuthorization } from './local-list';
import { changeAvailability, idleStatus, startRefusal } from './availability';
import type { ChargePoint, ConnectorStatus, MeterSample, Reservation, Session } from './charge-point';
import type { ChargingProfiles } from './charging-profiles';
import { MeterTimers } from './meter-timers';
import { FirmwareUpdater } from './firmware';
import type {
  AvailabilityStatus,
  ChargePointInfo,
  ProtocolAdapter,
  ReserveStatus,
  SimulatorLogEntry,
  StartRequest,
  StationApi,
  StopReason,
} from './protocol';
import { ReservationDesk } from './reservations';
import type { SmartChargingConfig } from './smart-charging';

import type { StationOptions } from './station-options';

export type { StationOptions };

/** Heartbeat interval used when the CSMS answers 0, seconds. */
const FALLBACK_HEARTBEAT_S = 300;
/** Longest delay `setTimeout` accepts, ms. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** SoC a session aims for when the request names none, %. */
const DEFAULT_TARGET_SOC = 100;

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
  /** What smart charging is supported. */
  readonly smartCharging: SmartChargingConfig;
  /** Whether 2.0.1 sessions send NotifyEVChargingNeeds. */
  readonly iso15118: boolean;
  /** Heartbeat interval, seconds (0 before boot). */
  heartbeatIntervalSeconds = 0;
  readonly localList = new LocalList();
  localAuthorizeOffline = true;
  localPreAuthorize = false;
  /** Meter value interval, seconds. */
  meterIntervalSeconds: number;

  private readonly client: RPCClient;
  private readonly logSink: (entry: SimulatorLogEntry) => void;
  private readonly closing = new AbortController();
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private readonly meterTimers: MeterTimers;
  private readonly reservations: ReservationDesk;
  private readonly locks = new Map<number, Promise<unknown>>();
  private pendingReset: 'HardReset' | 'SoftReset' | undefined;

  /** Firmware updates (`firmware.ts`). */
  readonly firmware: FirmwareUpdater;

  constructor(options: StationOptions) {
    this.client = options.client;
    this.chargePoint = options.chargePoint;
    this.info = options.info;
    this.defaultConnectorId = options.defaultConnectorId;
    this.meterIntervalSeconds = options.meterIntervalSeconds;
    this.reservationEnabled = options.reservationEnabled;
    this.freeVend = options.freeVend ?? false;
    this.smartCharging = options.smartCharging;
    this.iso15118 = options.iso15118 ?? false;
    this.logSink = options.log;
    this.adapter = options.adapterFactory(this);
    this.firmware = new FirmwareUpdater(
      options.firmware ?? {},
      {
        notify: (status, requestId) =>
          this.call('FirmwareStatusNotification', requestId === undefined ? { status } : { status, requestId }),
        reboot: () => this.performReset('HardReset'),
        log: (level, message) => this.log(level, message),
        disposed: () => this.disposed,
      },
      this.adapter.protocol,
    );
    this.meterTimers = new MeterTimers(this.chargePoint, {
      intervalSeconds: () => this.meterIntervalSeconds,
      disposed: () => this.disposed,
      send: (connectorId, session, sample) => this.adapter.meterValues(connectorId, session, sample),
      failed: (error) => this.log('warn', errorMessage(error)),
    });
    this.reservations = new ReservationDesk(this.chargePoint, {
      markStatus: (connectorId, status) => this.markStatus(connectorId, status),
      setStatus: (connectorId, status) => this.setStatus(connectorId, status),
      idleStatus: (connectorId) => idleStatus(this.chargePoint, connectorId),
      expired: (reservation) => this.adapter.reservationExpired(reservation),
      log: (level, message) => this.log(level, message),
    });
  }

  /** True while a hard reset connects again: that close does not end the simulator. */
  restarting = false;
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
    this.firmware.stop();
    clearInterval(this.heartbeatTimer);
    this.meterTimers.dispose();
    this.reservations.dispose();
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
    if (connector?.session?.state !== 'charging') return 'Rejected';
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
    return startRefusal(this.chargePoint, connectorId, idTag);
  }

  startSession(connectorId: number, request: StartRequest): Promise<void> {
    return this.exclusive(connectorId, async () => {
      const refusal = this.cannotStart(connectorId, request.idTag);
      if (refusal) {
        this.chargePoint.profiles.clearTransaction(connectorId);
        throw new Error(refusal);
      }
      const local = localAuthorization(this.localList, request.idTag, this.client.state === WebSocket.OPEN, this);
      await this.setStatus(connectorId, 'Preparing');
      await this.authorize(connectorId, request, this.freeVend ? undefined : local);
      const session = this.openSession(connectorId, request);
      const started = await this.adapter
        .startTransaction(connectorId, session, request)
        .catch(async (error: unknown) => {
          this.chargePoint.endSession(connectorId);
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
      const soc = Math.round(session.ev.socPercent);
      this.log(
        'info',
        `connector ${connectorId}: charging, transaction ${String(session.transactionId)}, EV at ${soc} %`,
      );
      this.meterTimers.start(connectorId);
    });
  }

  stopSession(connectorId: number, reason: StopReason): Promise<void> {
    return this.exclusive(connectorId, () => this.stopNow(connectorId, reason));
  }

  reserve(reservation: Reservation): ReserveStatus {
    return this.reservationEnabled ? this.reservations.reserve(reservation) : 'Rejected';
  }

  cancelReservation(reservationId: number): boolean {
    return this.reservations.cancel(reservationId);
  }

  changeAvailability(connectorId: number | undefined, operative: boolean): AvailabilityStatus {
    return changeAvailability(this.chargePoint, connectorId, operative, {
      chargePointChanged: () =>
        this.afterReply('availability of the charge point', () => this.adapter.statusChanged(0)),
      connectorChanged: (id) => this.markStatus(id, idleStatus(this.chargePoint, id)),
    });
  }

  changeProfiles<T>(change: (profiles: ChargingProfiles) => T): T {
    const cp = this.chargePoint;
    const now = new Date();
    const charging = cp.connectors.filter((c) => c.session?.state === 'charging');
    for (const connector of charging) cp.sample(connector.id, now);
    const result = change(cp.profiles);
    const limits = cp.connectors.map((c) => {
      const limitW = cp.offer(c.id, now).profileLimitW;
      return `#${c.id} ${limitW === undefined ? 'none' : `${Math.round(limitW)} W`}`;
    });
    this.log('info', `charging profiles: ${cp.profiles.count} installed; limits ${limits.join(', ')}`);
    return result;
  }

  changePassword(password: string): void {
    this.afterReply('reconnection with the new password', async () => {
      this.log('info', 'password changed: reconnecting with it');
      reconnectWithPassword(this.client, password);
    });
  }

  setHeartbeatInterval(seconds: number): void {
    this.heartbeatIntervalSeconds = seconds;
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
    if (seconds <= 0 || this.disposed) return;
    const beat = (): void =>
      void this.adapter.heartbeat().catch((error: unknown) => this.log('warn', errorMessage(error)));
    this.heartbeatTimer = setInterval(beat, Math.min(seconds * 1000, MAX_TIMER_MS));
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
        await this.stopSession(connector.id, reason).catch((error: unknown) =>
          this.log('error', `stop on reset failed: ${errorMessage(error)}`),
        );
      }
    }
    this.log('info', `${reason}: rebooting`);
    // A hard reset (1.6 Hard, 2.0.1 Immediate) drops the connection and connects again.
    if (reason === 'HardReset' && !(await reconnect(this.client, this))) return;
    await this.boot('RemoteReset');
  }

  /** Authorize unless free vend or the local list took the card when presented (`local`); throws when refused. */
  private async authorize(connectorId: number, request: StartRequest, local: string | undefined): Promise<void> {
    if (this.freeVend) return;
    if (local) {
      this.log('info', `idTag ${request.idTag} authorized from the local list (${local})`);
      return;
    }
    const authorization = await this.adapter.authorize(request).catch(async (error: unknown) => {
      await this.settle(connectorId);
      throw error;
    });
    if (!authorization.accepted) {
      await this.settle(connectorId);
      throw new Error(`Authorize: idTag ${request.idTag} is ${authorization.status}`);
    }
  }

  /** Opens the session (consuming a matching reservation) with the request's EV. */
  private openSession(connectorId: number, request: StartRequest): Session {
    const reservation = this.reservations.consume(connectorId, request.idTag);
    const details = {
      idTag: request.idTag,
      targetSocPercent: request.targetSocPercent ?? DEFAULT_TARGET_SOC,
      ...(reservation ? { reservationId: reservation.reservationId } : {}),
      ...(request.remoteStartId === undefined ? {} : { remoteStartId: request.remoteStartId }),
      ...(request.departureAt ? { departureAt: request.departureAt } : {}),
    };
    return this.chargePoint.beginSession(connectorId, details, new Date(), request.ev);
  }

  private async stopNow(connectorId: number, reason: StopReason): Promise<void> {
    const cp = this.chargePoint;
    const connector = cp.connector(connectorId);
    const session = connector.session;
    if (session?.state !== 'charging') throw new Error(`no running session on connector ${connectorId}`);
    this.meterTimers.stop(connectorId);
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

  /** Back to idle after a session or a failed start: its TxProfiles go, a scheduled availability applies. */
  private async settle(connectorId: number): Promise<void> {
    this.chargePoint.profiles.clearTransaction(connectorId);
    const connector = this.chargePoint.connector(connectorId);
    if (connector.scheduledOperative !== undefined) {
      connector.operative = connector.scheduledOperative;
      connector.scheduledOperative = undefined;
    }
    await this.setStatus(connectorId, idleStatus(this.chargePoint, connectorId));
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
    this.locks.set(
      connectorId,
      run.catch(() => undefined),
    );
    return run;
  }
}
