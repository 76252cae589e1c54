/**
 * Charger simulator: an OCPP 1.6-J or 2.0.1 charge point built on ocpp-rpc's `RPCClient` in
 * strict mode (every CALL and CALLRESULT checked against the official JSON schemas), for trying
 * the CSMS without hardware and for the server's integration tests.
 *
 * @example
 * const sim = await startSimulator({ chargePointId: 'CP-1', protocol: 'ocpp1.6', onFrame: (f) => console.log(formatFrame(f)) });
 * await sim.plugInAndStart();   // Preparing → Authorize → StartTransaction → Charging
 * await sim.stop();             // StopTransaction → Finishing → Available
 * await sim.close();
 *
 * @module
 */
import { setTimeout as delay } from 'node:timers/promises';
import { RPCClient } from 'ocpp-rpc';
import { ChargePoint, type CurrentType } from './charge-point';
import { FrameParser, type SimulatorFrame } from './log';
import { createOcpp16Adapter } from './ocpp16';
import { createOcpp201Adapter } from './ocpp201';
import {
  registerCommands,
  type AdapterFactory,
  type ChargePointInfo,
  type CommandBehaviour,
  type FaultCode,
  type OcppProtocol,
  type SimulatorLogEntry,
  type StopReason,
} from './protocol';
import { Station } from './station';

export { ChargePoint, type Connector, type ConnectorStatus, type CurrentType, type MeterSample, type Session } from './charge-point';
export { formatFrame, summarizePayload, type SimulatorFrame } from './log';
export {
  FAULT_CODES,
  OCPP_PROTOCOLS,
  type ChargePointInfo,
  type CommandBehaviour,
  type FaultCode,
  type OcppProtocol,
  type SimulatorLogEntry,
  type StopReason,
} from './protocol';

/** Options of {@link startSimulator}. */
export interface SimulatorOptions {
  /** Charge point identity: the last path segment of the endpoint and the Basic auth username. */
  readonly chargePointId: string;
  /** OCPP-J subprotocol offered in `Sec-WebSocket-Protocol`. */
  readonly protocol: OcppProtocol;
  /** CSMS OCPP endpoint without the identity. @default 'ws://localhost:3000/ocpp' */
  readonly url?: string;
  /** HTTP Basic auth password (OCPP security profile 1/2); the username is the identity. */
  readonly password?: string;
  /** Number of connectors (1.6) / EVSEs with one connector each (2.0.1). @default 1 */
  readonly connectors?: number;
  /** Connector the handle's methods and CSMS remote starts without a connector use. @default 1 */
  readonly connectorId?: number;
  /** idTag (1.6) / ISO14443 idToken (2.0.1) presented by {@link Simulator.plugInAndStart}. @default 'SIM-TAG-1' */
  readonly idTag?: string;
  /** Seconds between MeterValues (1.6) / TransactionEvent Updated (2.0.1). @default 5 */
  readonly meterIntervalSeconds?: number;
  /** Whether reservations are supported (false: ReserveNow is Rejected, not advertised). @default true */
  readonly reservation?: boolean;
  /** Free vend: charge without Authorize and whatever the CSMS answers for the idTag. @default false */
  readonly freeVend?: boolean;
  /** How every CSMS command is answered. @default 'answer' */
  readonly behaviour?: CommandBehaviour;
  /** CALLERROR code when `behaviour` is `fault`. @default 'InternalError' */
  readonly faultCode?: FaultCode;
  /** AC level 2 (7.2 kW) or DC fast charging (50–150 kW). @default 'AC' */
  readonly currentType?: CurrentType;
  /** Simulated seconds per real second for the meter model. @default 1 */
  readonly speed?: number;
  /** BootNotification identity. @default vendor 'ChargingNetwork', model 'Simulator', serial from the id, firmware '1.0.0' */
  readonly info?: Partial<ChargePointInfo>;
  /** Milliseconds before a CALL to the CSMS without answer fails. @default 30000 */
  readonly callTimeoutMs?: number;
  /** Receives every OCPP-J frame sent and received. */
  readonly onFrame?: (frame: SimulatorFrame) => void;
  /** Receives the simulator's own log lines (session state, warnings, schema failures). */
  readonly onLog?: (entry: SimulatorLogEntry) => void;
}

/** How the connection ended. */
export interface CloseInfo {
  /** WebSocket close code (1006 after a dropped connection). */
  readonly code?: number;
  /** WebSocket close reason. */
  readonly reason?: string;
}

const ADAPTERS: Record<OcppProtocol, AdapterFactory> = {
  'ocpp1.6': createOcpp16Adapter,
  'ocpp2.0.1': createOcpp201Adapter,
};

type RpcClientOptions = ConstructorParameters<typeof RPCClient>[0];

/**
 * A running simulator: one charge point connected to the CSMS. Created by {@link startSimulator}.
 */
export class Simulator {
  /** Resolves when the WebSocket is closed for good (by {@link Simulator.close}, `--drop`, or the CSMS). */
  readonly closed: Promise<CloseInfo>;

  /** @internal use {@link startSimulator} */
  constructor(
    /** Charge point identity. */
    readonly chargePointId: string,
    /** Negotiated subprotocol. */
    readonly protocol: OcppProtocol,
    private readonly client: RPCClient,
    private readonly station: Station,
    private readonly defaults: { connectorId: number; idTag: string },
    closed: Promise<CloseInfo>,
  ) {
    this.closed = closed;
  }

  /** The charge point model (connectors, sessions, meter). */
  get chargePoint(): ChargePoint {
    return this.station.chargePoint;
  }

  /**
   * Plugs an EV in, authorizes and starts a session: 1.6 StatusNotification Preparing → Authorize →
   * StartTransaction → StatusNotification Charging; 2.0.1 StatusNotification Occupied → Authorize →
   * TransactionEvent Started. Meter values follow every interval until {@link Simulator.stop}.
   * Resolves once the transaction has started.
   *
   * @param connectorId - connector (1.6) / EVSE (2.0.1); @default the `connectorId` option
   * @param idTag - @default the `idTag` option
   * @throws Error when the connector is busy, unavailable or reserved for another idTag, when the
   * CSMS does not accept the idTag, or when a call fails.
   */
  plugInAndStart(connectorId = this.defaults.connectorId, idTag = this.defaults.idTag): Promise<void> {
    return this.station.startSession(connectorId, { idTag, trigger: 'Local', idTokenType: 'ISO14443' });
  }

  /**
   * Stops the session on a connector: 1.6 StopTransaction (with the last sample as
   * `transactionData`) → StatusNotification Finishing → Available; 2.0.1 TransactionEvent Ended →
   * StatusNotification Available. Waits for a start still in progress.
   *
   * @param connectorId - @default the `connectorId` option
   * @param reason - @default 'Local'
   * @throws Error when no session is running on the connector.
   */
  stop(connectorId = this.defaults.connectorId, reason: StopReason = 'Local'): Promise<void> {
    return this.station.stopSession(connectorId, reason);
  }

  /**
   * Stops all timers and closes the WebSocket (code 1000). Running sessions are not stopped: call
   * {@link Simulator.stop} first for a clean end.
   */
  async close(): Promise<CloseInfo> {
    this.station.dispose();
    await this.client.close({ code: 1000, reason: 'simulator closed' });
    return this.closed;
  }
}

/**
 * Connects a simulated charge point to `<url>/<chargePointId>` and boots it: BootNotification
 * (retried until Accepted), Heartbeat at the returned interval, then StatusNotification Available
 * for every connector (1.6: connectorId 0..N; 2.0.1: evseId 1..N). Resolves when booted.
 *
 * @throws Error when the WebSocket upgrade fails (e.g. HTTP 401 for a wrong password, or no
 * common subprotocol) or the boot calls fail.
 */
export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const chargePoint = new ChargePoint({
    connectors: options.connectors ?? 1,
    currentType: options.currentType ?? 'AC',
    speed: options.speed ?? 1,
  });
  const connectorId = options.connectorId ?? 1;
  if (!chargePoint.hasConnector(connectorId)) {
    throw new RangeError(`connector ${connectorId} does not exist (connectors: ${chargePoint.connectors.length})`);
  }
  const meterIntervalSeconds = options.meterIntervalSeconds ?? 5;
  if (!(meterIntervalSeconds > 0)) throw new RangeError(`meter interval must be positive, got ${meterIntervalSeconds}`);

  const onLog = options.onLog ?? (() => undefined);
  const clientOptions: Partial<RpcClientOptions> = {
    endpoint: (options.url ?? 'ws://localhost:3000/ocpp').replace(/\/+$/, ''),
    identity: options.chargePointId,
    protocols: [options.protocol],
    strictMode: true,
    // OCPP-J allows one CALL in flight per direction; it also keeps MeterValues before StopTransaction.
    callConcurrency: 1,
    callTimeoutMs: options.callTimeoutMs ?? 30_000,
    ...(options.password === undefined ? {} : { password: options.password }),
  };
  const url = `${clientOptions.endpoint}/${options.chargePointId}`;
  // ocpp-rpc's typings declare every option as required; the library fills in defaults.
  const client = new RPCClient(clientOptions as RpcClientOptions);

  const parser = new FrameParser();
  client.on('message', ({ message, outbound }: { message: Buffer | string; outbound: boolean }) => {
    const frame = parser.parse(message.toString(), outbound ? 'sent' : 'received');
    if (frame) options.onFrame?.(frame);
  });
  client.on('strictValidationFailure', (event: { method: string; isCall: boolean; outbound: boolean; error: Error }) => {
    const what = `${event.outbound ? 'outgoing' : 'incoming'} ${event.method} ${event.isCall ? 'request' : 'response'}`;
    onLog({ level: 'error', message: `${what} breaks the OCPP schema: ${event.error.message}` });
  });
  client.on('badMessage', ({ error }: { error: Error }) => onLog({ level: 'warn', message: `bad message from the CSMS: ${error.message}` }));
  client.on('disconnect', ({ code, reason }: CloseInfo) =>
    // A disconnect the simulator did not ask for is worth a warning (ocpp-rpc reconnects).
    onLog({ level: station.disposed ? 'info' : 'warn', message: `disconnected (${code ?? '?'}${reason ? ` ${reason}` : ''})` }),
  );
  client.on('connecting', () => onLog({ level: 'info', message: `connecting to ${url}` }));
  client.on('open', () => onLog({ level: 'info', message: `connected with ${client.protocol ?? options.protocol}` }));

  const station = new Station({
    client,
    chargePoint,
    info: {
      vendor: options.info?.vendor ?? 'ChargingNetwork',
      model: options.info?.model ?? 'Simulator',
      serialNumber: options.info?.serialNumber ?? `SIM-${options.chargePointId}`.slice(0, 25),
      firmwareVersion: options.info?.firmwareVersion ?? '1.0.0',
    },
    defaultConnectorId: connectorId,
    meterIntervalSeconds,
    reservationEnabled: options.reservation ?? true,
    freeVend: options.freeVend ?? false,
    adapterFactory: ADAPTERS[options.protocol],
    log: onLog,
  });
  const closed = new Promise<CloseInfo>((resolve) => {
    client.once('close', (info: CloseInfo) => {
      station.dispose();
      resolve(info);
    });
  });
  registerCommands(client, station.adapter.commands, {
    behaviour: options.behaviour ?? 'answer',
    ...(options.faultCode ? { faultCode: options.faultCode } : {}),
    drop: (action) => {
      onLog({ level: 'warn', message: `dropping the connection on ${action} (--drop)` });
      station.dispose();
      void client.close({ force: true });
    },
  });

  await client.connect().catch((error: unknown) => {
    // A refused upgrade (wrong password, unknown charger, no common subprotocol) carries the HTTP status.
    const code = (error as { code?: unknown }).code;
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot connect to ${url}: ${typeof code === 'number' ? `HTTP ${code} ` : ''}${detail}`, { cause: error });
  });
  try {
    await station.boot('PowerUp');
  } catch (error) {
    station.dispose();
    await client.close({ force: true });
    throw error;
  }
  return new Simulator(options.chargePointId, options.protocol, client, station, { connectorId, idTag: options.idTag ?? 'SIM-TAG-1' }, closed);
}

/** Options of {@link runAutoSession}. */
export interface AutoSessionOptions {
  /** Connector to use. @default the simulator's `connectorId` */
  readonly connectorId?: number;
  /** How long to charge before stopping, seconds (real time). @default 30 */
  readonly durationSeconds?: number;
}

/**
 * One full session, as `--auto` runs it: plug in + Authorize + start, meter values for
 * `durationSeconds`, stop (reason Local), back to Available.
 *
 * @throws Error when a step fails or the connection closes during the session.
 */
export async function runAutoSession(simulator: Simulator, options: AutoSessionOptions = {}): Promise<void> {
  const connectorId = options.connectorId;
  await simulator.plugInAndStart(connectorId);
  const abort = new AbortController();
  try {
    await Promise.race([
      delay((options.durationSeconds ?? 30) * 1000, undefined, { signal: abort.signal }),
      simulator.closed.then(() => {
        throw new Error('the connection closed during the session');
      }),
    ]);
  } finally {
    abort.abort();
  }
  await simulator.stop(connectorId);
}
