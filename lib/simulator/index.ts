/**
 * Charger simulator: an OCPP 1.6-J, 2.0.1 or 2.1 charge point built on ocpp-rpc's `RPCClient` in
 * strict mode (every CALL and CALLRESULT checked against the official JSON schemas), for trying
 * the CSMS without hardware and for the server's integration tests. Each session plugs in an EV
 * (`ev.ts`) that draws min(charging-profile limit, EV acceptance, port maximum).
 *
 * @example
 * const sim = await startSimulator({
 *   ocppId: 'CP-1', protocol: 'ocpp1.6', onFrame: (f) => console.log(formatFrame(f)),
 * });
 * await sim.plugInAndStart();   // Preparing → Authorize → StartTransaction → Charging
 * await sim.stop();             // StopTransaction → Finishing → Available
 * await sim.close();
 *
 * @module
 */
import type { FirmwareOptions } from './firmware';
import type { LocalList } from './local-list';
import type { RPCClient } from 'ocpp-rpc';
import { ChargePoint, type CurrentType } from './charge-point';
import type { RateUnit } from './charging-profiles';
import { connect, createRpcClient } from './connection';
import type { EvSpec } from './ev';
import type { SimulatorFrame } from './log';
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
  type StartRequest,
  type StopReason,
} from './protocol';
import { SMART_CHARGING_LIMITS, type SmartChargingConfig } from './smart-charging';
import { Station } from './station';

export {
  runAutoSession,
  type AutoSessionOptions,
  type AutoSessionOutcome,
  type AutoSessionTarget,
} from './auto-session';
export {
  ChargePoint,
  type Connector,
  type ConnectorStatus,
  type CurrentType,
  type MeterSample,
  type Offer,
  type Session,
} from './charge-point';
export { ChargingProfiles, type ChargingProfile, type RateUnit } from './charging-profiles';
export { acceptanceW, type EvSpec, type EvState } from './ev';
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
export { DEFAULT_START_SOC_PERCENT, EV_DEFAULTS, PORT_MAX_POWER_W } from './supply';

/** Options of {@link startSimulator}. */
export interface SimulatorOptions {
  /** Charge point identity: the last path segment of the endpoint and the Basic auth username. */
  readonly ocppId: string;
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
  /** AC (three phases, 230 V) or DC (400 V). @default 'AC' */
  readonly currentType?: CurrentType;
  /** Port maximum of every connector, W. @default 7200 on AC, 150000 on DC */
  readonly maxPowerW?: number;
  /** The EV each session plugs in. @default 60 kWh / 11 kW on AC, 75 kWh / 150 kW on DC */
  readonly ev?: Partial<EvSpec>;
  /** EV state of charge at plug-in, %. @default 35 */
  readonly startSocPercent?: number;
  /** Smart charging (SetChargingProfile & co.); false: CALLERROR NotSupported, not advertised. @default true */
  readonly smartCharging?: boolean;
  /** Charging-schedule units advertised (and, in 2.0.1, accepted). @default ['A'] on AC, ['W'] on DC */
  readonly rateUnits?: readonly RateUnit[];
  /** 2.0.1: send NotifyEVChargingNeeds (ISO 15118) after TransactionEvent Started. @default false */
  readonly iso15118?: boolean;
  /**
   * How much faster than real time SoC moves: each EV's battery is this many times smaller, power
   * and energy stay real (see `ChargePointOptions.speed`). @default 1
   */
  readonly speed?: number;
  /**
   * BootNotification identity.
   * @default vendor 'ChargingNetwork', model 'Simulator', serial from the id, firmware '1.0.0'
   */
  readonly info?: Partial<ChargePointInfo>;
  /** How UpdateFirmware goes: the delay between statuses, a failure (`firmware.ts`). @default 500 ms, no failure */
  readonly firmware?: FirmwareOptions;
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

/** What a session plugs in and aims for (see {@link Simulator.plugInAndStart}). */
export type SessionPlan = Pick<StartRequest, 'ev' | 'departureAt' | 'targetSocPercent'>;

const ADAPTERS: Record<OcppProtocol, AdapterFactory> = {
  'ocpp1.6': createOcpp16Adapter,
  'ocpp2.0.1': createOcpp201Adapter,
  'ocpp2.1': (station) => createOcpp201Adapter(station, 'ocpp2.1'),
};

/**
 * A running simulator: one charge point connected to the CSMS. Created by {@link startSimulator}.
 */
export class Simulator {
  /** Resolves when the WebSocket is closed for good (by {@link Simulator.close}, `--drop`, or the CSMS). */
  readonly closed: Promise<CloseInfo>;

  /** @internal use {@link startSimulator} */
  constructor(
    /** Charge point identity. */
    readonly ocppId: string,
    /** Negotiated subprotocol. */
    readonly protocol: OcppProtocol,
    private readonly client: RPCClient,
    private readonly station: Station,
    private readonly defaults: { connectorId: number; idTag: string },
    closed: Promise<CloseInfo>,
  ) {
    this.closed = closed;
  }

  /** The charge point model (connectors, sessions, EVs, charging profiles, meter). */
  get chargePoint(): ChargePoint {
    return this.station.chargePoint;
  }

  /** The local authorization list the CSMS sent (SendLocalList), with its version. */
  get localList(): LocalList {
    return this.station.localList;
  }

  /** The connector the handle's methods use when none is named. */
  get defaultConnectorId(): number {
    return this.defaults.connectorId;
  }

  /**
   * Plugs an EV in, authorizes and starts a session: 1.6 StatusNotification Preparing → Authorize →
   * StartTransaction → StatusNotification Charging; 2.0.1 StatusNotification Occupied → Authorize →
   * TransactionEvent Started (→ NotifyEVChargingNeeds with `iso15118`). Meter values follow every
   * interval until {@link Simulator.stop}. Resolves once the transaction has started.
   *
   * @param connectorId - connector (1.6) / EVSE (2.0.1); @default the `connectorId` option
   * @param idTag - @default the `idTag` option
   * @param plan - the EV (battery Wh, maximum power W, SoC %), departure and target SoC
   * @throws Error when the connector is busy, unavailable or reserved for another idTag, when the
   * CSMS does not accept the idTag, or when a call fails; RangeError for an invalid EV.
   */
  plugInAndStart(
    connectorId = this.defaults.connectorId,
    idTag = this.defaults.idTag,
    plan: SessionPlan = {},
  ): Promise<void> {
    return this.station.startSession(connectorId, { idTag, trigger: 'Local', idTokenType: 'ISO14443', ...plan });
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

/** The smart-charging capabilities from the options (units: A on AC, W on DC unless given). */
function smartChargingOf(options: SimulatorOptions, currentType: CurrentType): SmartChargingConfig {
  const rateUnits = options.rateUnits?.length ? [...new Set(options.rateUnits)] : [currentType === 'AC' ? 'A' : 'W'];
  return { enabled: options.smartCharging ?? true, rateUnits: rateUnits as RateUnit[], ...SMART_CHARGING_LIMITS };
}

/** The charge point model from the options. @throws RangeError for an invalid option */
function chargePointOf(options: SimulatorOptions): ChargePoint {
  const chargePoint = new ChargePoint({
    connectors: options.connectors ?? 1,
    currentType: options.currentType ?? 'AC',
    speed: options.speed ?? 1,
    ...(options.maxPowerW === undefined ? {} : { maxPowerW: options.maxPowerW }),
    ...(options.ev ? { ev: options.ev } : {}),
    ...(options.startSocPercent === undefined ? {} : { startSocPercent: options.startSocPercent }),
  });
  const connectorId = options.connectorId ?? 1;
  if (!chargePoint.hasConnector(connectorId)) {
    throw new RangeError(`connector ${connectorId} does not exist (connectors: ${chargePoint.connectors.length})`);
  }
  return chargePoint;
}

/**
 * Connects a simulated charge point to `<url>/<ocppId>` and boots it: BootNotification
 * (retried until Accepted), Heartbeat at the returned interval, then StatusNotification Available
 * for every connector (1.6: connectorId 0..N; 2.0.1: evseId 1..N). Resolves when booted.
 *
 * @throws RangeError for an invalid option (connector, meter interval, power, battery, SoC, speed);
 * Error when the WebSocket upgrade fails (e.g. HTTP 401 for a wrong password, or no common
 * subprotocol) or the boot calls fail.
 */
export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const chargePoint = chargePointOf(options);
  const meterIntervalSeconds = options.meterIntervalSeconds ?? 5;
  if (!(meterIntervalSeconds > 0)) throw new RangeError(`meter interval must be positive, got ${meterIntervalSeconds}`);
  const onLog = options.onLog ?? (() => undefined);
  let station: Station | undefined;
  const { client, url } = createRpcClient({
    ...options,
    url: options.url ?? 'ws://localhost:3000/ocpp',
    callTimeoutMs: options.callTimeoutMs ?? 30_000,
    onLog,
    closing: () => (station?.disposed || station?.restarting) ?? false,
  });
  const booted = new Station({
    client,
    chargePoint,
    info: {
      vendor: options.info?.vendor ?? 'ChargingNetwork',
      model: options.info?.model ?? 'Simulator',
      serialNumber: options.info?.serialNumber ?? `SIM-${options.ocppId}`.slice(0, 25),
      firmwareVersion: options.info?.firmwareVersion ?? '1.0.0',
    },
    defaultConnectorId: options.connectorId ?? 1,
    meterIntervalSeconds,
    reservationEnabled: options.reservation ?? true,
    freeVend: options.freeVend ?? false,
    smartCharging: smartChargingOf(options, chargePoint.currentType),
    iso15118: options.iso15118 ?? false,
    adapterFactory: ADAPTERS[options.protocol],
    ...(options.firmware ? { firmware: options.firmware } : {}),
    log: onLog,
  });
  station = booted;
  return boot(options, client, url, booted);
}

/** Registers the commands, connects and boots; closes everything if the boot fails. */
async function boot(options: SimulatorOptions, client: RPCClient, url: string, station: Station): Promise<Simulator> {
  const closed = new Promise<CloseInfo>((resolve) => {
    client.on('close', (info: CloseInfo) => {
      if (station.restarting) return; // a hard reset connects again
      station.dispose();
      resolve(info);
    });
  });
  registerCommands(client, station.adapter.commands, {
    behaviour: options.behaviour ?? 'answer',
    ...(options.faultCode ? { faultCode: options.faultCode } : {}),
    drop: (action) => {
      station.log('warn', `dropping the connection on ${action} (--drop)`);
      station.dispose();
      void client.close({ force: true });
    },
  });
  await connect(client, url);
  try {
    await station.boot('PowerUp');
  } catch (error) {
    station.dispose();
    await client.close({ force: true });
    throw error;
  }
  const defaults = { connectorId: options.connectorId ?? 1, idTag: options.idTag ?? 'SIM-TAG-1' };
  return new Simulator(options.ocppId, options.protocol, client, station, defaults, closed);
}
