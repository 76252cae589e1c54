/**
 * What the OCPP 1.6 and 2.0.1 adapters share: the contract between the station (session flows,
 * timers) and an adapter (what to send, how to answer CSMS commands), command registration with
 * the failure-path behaviours, and the list of measurands every meter value carries.
 *
 * @module
 */
import type { LocalList } from './local-list';
import ocppRpc, { createRPCError, type RPCClient } from 'ocpp-rpc';
import type { ChargePoint, MeterSample, Reservation, Session } from './charge-point';
import type { ChargingProfiles } from './charging-profiles';
import type { EvState } from './ev';
import { OCPP_PROTOCOLS, type OcppProtocol } from '../../shared/db/entities/common';
import type { SmartChargingConfig } from './smart-charging';

import type { FirmwareUpdater } from './firmware';

/** The OCPP-J subprotocols the simulator speaks (the CSMS's own type and list, so the two cannot drift). */
export { OCPP_PROTOCOLS, type OcppProtocol };

/**
 * How the simulator answers every command the CSMS sends, to demonstrate the server's paths:
 * - `answer`: the documented answer (default);
 * - `reject`: the version's refusal status (e.g. `Rejected`);
 * - `fault`: a CALLERROR with {@link FaultCode};
 * - `silent`: no answer at all (the CSMS call times out);
 * - `drop`: close the WebSocket on receipt, without answering.
 */
export type CommandBehaviour = 'answer' | 'reject' | 'fault' | 'silent' | 'drop';

/** CALLERROR codes `--fault` can answer with; all are valid in OCPP-J 1.6 and 2.0.1. */
export const FAULT_CODES = [
  'InternalError',
  'NotImplemented',
  'NotSupported',
  'GenericError',
  'ProtocolError',
  'SecurityError',
] as const;

/** A CALLERROR code from {@link FAULT_CODES}. */
export type FaultCode = (typeof FAULT_CODES)[number];

/**
 * Why a session ends, in protocol-neutral terms. OCPP 1.6 sends it as StopTransaction `reason`;
 * OCPP 2.0.1 maps it to TransactionEvent `triggerReason` and `stoppedReason`.
 */
export type StopReason = 'Local' | 'Remote' | 'DeAuthorized' | 'HardReset' | 'SoftReset' | 'UnlockCommand' | 'Other';

/** How a session is started: from the keys/handle (`Local`) or by a CSMS remote start (`Remote`). */
export interface StartRequest {
  /** idTag (1.6) or idToken value (2.0.1). */
  readonly idTag: string;
  /** Who asked for the session. */
  readonly trigger: 'Local' | 'Remote';
  /** 2.0.1 IdTokenEnumType of the token. @default 'ISO14443' */
  readonly idTokenType?: string;
  /** 2.0.1 RequestStartTransaction `remoteStartId`. */
  readonly remoteStartId?: number;
  /** The vehicle plugged in (battery, maximum power, SoC); @default the charge point's default EV */
  readonly ev?: Partial<EvState>;
  /** When the driver leaves (2.0.1 NotifyEVChargingNeeds `departureTime`). */
  readonly departureAt?: Date;
  /** SoC the driver wants, % (the energy requested in NotifyEVChargingNeeds). @default 100 */
  readonly targetSocPercent?: number;
}

/** Outcome of an Authorize or of the transaction start: whether the CSMS accepted the idTag. */
export interface AuthorizationResult {
  /** True when the CSMS answered `Accepted`. */
  readonly accepted: boolean;
  /** The status the CSMS answered (e.g. `Accepted`, `Invalid`, `Blocked`). */
  readonly status: string;
}

/** Answer to a reservation request (the ReserveNow status values shared by 1.6 and 2.0.1). */
export type ReserveStatus = 'Accepted' | 'Faulted' | 'Occupied' | 'Rejected' | 'Unavailable';

/** Answer to an availability change (the ChangeAvailability status values shared by 1.6 and 2.0.1). */
export type AvailabilityStatus = 'Accepted' | 'Rejected' | 'Scheduled';

/** How the charge point describes itself in BootNotification. */
export interface ChargePointInfo {
  /** 1.6 `chargePointVendor` (≤ 20 characters), 2.0.1 `vendorName`. */
  readonly vendor: string;
  /** 1.6 `chargePointModel`, 2.0.1 `model` (≤ 20 characters). */
  readonly model: string;
  /** 1.6 `chargePointSerialNumber`, 2.0.1 `serialNumber` (≤ 25 characters). */
  readonly serialNumber: string;
  /** `firmwareVersion` (≤ 50 characters). */
  readonly firmwareVersion: string;
}

/** Log line from the simulator itself (not an OCPP frame). */
export interface SimulatorLogEntry {
  /** Severity. */
  readonly level: 'info' | 'warn' | 'error';
  /** Human-readable text. */
  readonly message: string;
}

/**
 * What an adapter may ask of the station. Implemented by the station; adapters use it to read the
 * model, run session flows and schedule work after a command's answer has been sent.
 */
export interface StationApi {
  /** The charge point model. */
  readonly chargePoint: ChargePoint;
  /** The local authorization list SendLocalList sets. */
  readonly localList: LocalList;
  /** Authorize from the local list while offline (1.6 `LocalAuthorizeOffline`). @default true */
  localAuthorizeOffline: boolean;
  /** Start for a tag the local list accepts without asking the CSMS (1.6 `LocalPreAuthorize`). @default false */
  localPreAuthorize: boolean;
  /** Vendor, model, serial number and firmware version. */
  readonly info: ChargePointInfo;
  /** The connector `--connector` designates: used by remote starts that name no connector. */
  readonly defaultConnectorId: number;
  /** Whether reservations are supported (`--no-reservation` turns them off). */
  reservationEnabled: boolean;
  /** Heartbeat interval, seconds (from BootNotification, or HeartbeatInterval configuration). */
  readonly heartbeatIntervalSeconds: number;
  /** Meter value interval, seconds. */
  readonly meterIntervalSeconds: number;
  /** Sends an OCPP CALL through the strict-mode RPC client and returns the CSMS's answer. */
  call(action: string, payload: object): Promise<unknown>;
  /** Firmware updates (UpdateFirmware): `firmware.ts`. */
  readonly firmware: FirmwareUpdater;
  /** Runs `task` after the current command's CALLRESULT has been sent; failures are logged. */
  afterReply(description: string, task: () => Promise<unknown>): void;
  /** Answers a CSMS remote stop of a transaction: Accepted (and stops it after the reply) when it is charging here. */
  remoteStop(transactionId: number | string): 'Accepted' | 'Rejected';
  /** Logs a line. */
  log(level: SimulatorLogEntry['level'], message: string): void;
  /** Waits `seconds`; rejects when the simulator closes meanwhile. */
  sleep(seconds: number): Promise<void>;
  /** Why `idTag` cannot start a session on the connector now, or undefined if it can. */
  cannotStart(connectorId: number, idTag: string): string | undefined;
  /** Runs a whole session start (status, Authorize, transaction start, meter values). */
  startSession(connectorId: number, request: StartRequest): Promise<void>;
  /** Runs a whole session stop (final meter value, transaction end, statuses). */
  stopSession(connectorId: number, reason: StopReason): Promise<void>;
  /** Reserves a connector (or any connector) until `expiresAt`; statuses are sent after the reply. */
  reserve(reservation: Reservation): ReserveStatus;
  /** Cancels a reservation; false when it is unknown. */
  cancelReservation(reservationId: number): boolean;
  /** Makes a connector (or, when undefined, the whole charge point) operative or inoperative. */
  changeAvailability(connectorId: number | undefined, operative: boolean): AvailabilityStatus;
  /** What smart charging the charge point supports (`--no-smart-charging`, `--rate-unit`). */
  readonly smartCharging: SmartChargingConfig;
  /** Whether 2.0.1 sessions report the EV's charging needs (ISO 15118, NotifyEVChargingNeeds). */
  readonly iso15118: boolean;
  /**
   * Changes the installed charging profiles: first settles every running meter at the limits in
   * force until now, so the change applies from now on (the next meter value shows it).
   */
  changeProfiles<T>(change: (profiles: ChargingProfiles) => T): T;
  /** Changes the heartbeat interval, seconds. */
  setHeartbeatInterval(seconds: number): void;
  /**
   * Takes a new HTTP Basic-auth password (1.6 `AuthorizationKey`, 2.0.1 `BasicAuthPassword`) and,
   * after the reply, reconnects with it, as a charger does (1.6 security whitepaper; 2.0.1 A01).
   */
  changePassword(password: string): void;
  /** Changes the meter value interval, seconds. */
  setMeterInterval(seconds: number): void;
  /**
   * Reset: stops running sessions with `reason`, then boots again (BootNotification, statuses).
   * With `whenIdle`, waits for running sessions to end instead and returns false if it had to wait.
   */
  reset(reason: 'HardReset' | 'SoftReset', options?: { whenIdle?: boolean }): boolean;
  /** Reads the meter of a connector now. */
  sample(connectorId: number): MeterSample;
}

/** One command the CSMS can send: its normal answer and its refusal (for `--reject`). */
export interface Command<Request, Response> {
  /** The documented answer; may schedule follow-up messages with {@link StationApi.afterReply}. */
  answer(request: Request): Response;
  /** The version's refusal for this command. */
  refuse(request: Request): Response;
}

/** Commands an adapter answers, by OCPP action name. */
export type CommandTable = Record<string, Command<never, object>>;

/**
 * A protocol adapter: the messages a charge point sends in one OCPP version and the commands it
 * answers. Created by a factory receiving the {@link StationApi}.
 */
export interface ProtocolAdapter {
  /** The subprotocol this adapter speaks. */
  readonly protocol: OcppProtocol;
  /**
   * BootNotification, retried after the returned `interval` until Accepted. Returns the heartbeat
   * interval, seconds.
   */
  bootNotification(reason: 'PowerUp' | 'RemoteReset' | 'Triggered'): Promise<number>;
  /** StatusNotification for every connector (1.6: connectorId 0..N; 2.0.1: evseId 1..N). */
  allStatuses(): Promise<void>;
  /**
   * StatusNotification after a connector's status changed. OCPP 2.0.1 sends only when the mapped
   * `connectorStatus` differs from the last one sent (Preparing → Charging stays Occupied).
   */
  statusChanged(connectorId: number): Promise<void>;
  /** Heartbeat. */
  heartbeat(): Promise<void>;
  /** Authorize. */
  authorize(request: StartRequest): Promise<AuthorizationResult>;
  /** StartTransaction (1.6) / TransactionEvent Started (2.0.1); sets `session.transactionId`. */
  startTransaction(connectorId: number, session: Session, request: StartRequest): Promise<AuthorizationResult>;
  /** MeterValues (1.6) / TransactionEvent Updated (2.0.1) during a session. */
  meterValues(connectorId: number, session: Session, sample: MeterSample): Promise<void>;
  /** StopTransaction (1.6) / TransactionEvent Ended (2.0.1). */
  stopTransaction(connectorId: number, session: Session, sample: MeterSample, reason: StopReason): Promise<void>;
  /** A reservation expired unused (2.0.1 sends ReservationStatusUpdate Expired; 1.6 nothing). */
  reservationExpired(reservation: Reservation): Promise<void>;
  /** Commands answered. */
  readonly commands: CommandTable;
}

/** Creates the adapter of one OCPP version for a station. */
export type AdapterFactory = (station: StationApi) => ProtocolAdapter;

/** Measurands in each meter value, in protocol-neutral form. */
export interface Measurement {
  /** OCPP measurand (same names in 1.6 and 2.0.1). */
  readonly measurand: 'Energy.Active.Import.Register' | 'Power.Active.Import' | 'Current.Import' | 'Voltage' | 'SoC';
  /** Value in `unit`. */
  readonly value: number;
  /** Unit of measure. */
  readonly unit: 'Wh' | 'W' | 'A' | 'V' | 'Percent';
  /** Phase, for per-phase AC currents. */
  readonly phase?: 'L1' | 'L2' | 'L3';
  /** Where the value is measured (SoC comes from the EV). */
  readonly location: 'Outlet' | 'EV';
}

/**
 * The measurements of a sample: energy register (Wh), power (W), current (A: one per phase
 * L1/L2/L3 on AC, one on DC), voltage (V) and, when an EV is connected, SoC (%).
 * With `registerOnly`, just the energy register (transaction begin/end).
 */
export function measurements(sample: MeterSample, registerOnly = false): NonEmpty<Measurement> {
  const register: Measurement = {
    measurand: 'Energy.Active.Import.Register',
    value: sample.energyWh,
    unit: 'Wh',
    location: 'Outlet',
  };
  if (registerOnly) return [register];
  const phases = ['L1', 'L2', 'L3'] as const;
  const currents: Measurement[] = sample.currentA.map((value, index) => ({
    measurand: 'Current.Import',
    value,
    unit: 'A',
    location: 'Outlet',
    ...(sample.currentA.length > 1 && phases[index] ? { phase: phases[index] } : {}),
  }));
  return [
    register,
    { measurand: 'Power.Active.Import', value: sample.powerW, unit: 'W', location: 'Outlet' },
    ...currents,
    { measurand: 'Voltage', value: sample.voltageV, unit: 'V', location: 'Outlet' },
    ...(sample.socPercent === undefined
      ? []
      : [{ measurand: 'SoC', value: sample.socPercent, unit: 'Percent', location: 'EV' } as const]),
  ];
}

/** An array with at least one element (schemas with `minItems: 1`). */
export type NonEmpty<T> = [T, ...T[]];

/** `Array.prototype.map` that keeps the array non-empty. */
export function mapNonEmpty<T, U>(items: NonEmpty<T>, map: (item: T) => U): NonEmpty<U> {
  const [first, ...rest] = items;
  return [map(first), ...rest.map(map)];
}

/** ocpp-rpc's NOREPLY marker (its typings describe it wrongly, hence the cast). */
const NOREPLY = ocppRpc.NOREPLY as unknown as symbol;

/**
 * A promise that never answers the call. When the connection closes, ocpp-rpc aborts `signal` and
 * the promise settles with NOREPLY, so `client.close()` (which waits for in-flight calls) does not
 * hang and still nothing is sent.
 */
function neverAnswer(signal: AbortSignal | undefined): Promise<symbol> {
  return new Promise((resolve) => {
    if (signal?.aborted) resolve(NOREPLY);
    signal?.addEventListener('abort', () => resolve(NOREPLY), { once: true });
  });
}

/** Options of {@link registerCommands}. */
export interface RegisterCommandsOptions {
  /** The behaviour for every command. */
  readonly behaviour: CommandBehaviour;
  /** CALLERROR code for `fault`. @default 'InternalError' */
  readonly faultCode?: FaultCode;
  /** Called for `drop`: must close the WebSocket. */
  readonly drop: (action: string) => void;
}

/**
 * Registers every command of `table` on the RPC client, applying the behaviour switch. Actions
 * not in the table are answered by ocpp-rpc itself with a `NotImplemented` CALLERROR; calls whose
 * payload breaks the official schema never reach a handler (strict mode answers with the matching
 * CALLERROR).
 */
export function registerCommands(client: RPCClient, table: CommandTable, options: RegisterCommandsOptions): void {
  for (const [action, command] of Object.entries(table)) {
    const typed = command as Command<unknown, object>;
    client.handle(action, async ({ params, signal }) => {
      switch (options.behaviour) {
        case 'reject':
          return typed.refuse(params);
        case 'fault': {
          // createRPCError returns ocpp-rpc's RPCError subclass for the code (RPCInternalError,
          // RPCNotImplementedError…), which ocpp-rpc serialises as a CALLERROR.
          const code = options.faultCode ?? 'InternalError';
          throw createRPCError(code, `Simulated ${code} for ${action} (--fault)`);
        }
        case 'silent':
          return neverAnswer(signal) as unknown as object;
        case 'drop':
          options.drop(action);
          return neverAnswer(signal) as unknown as object;
        case 'answer':
          return typed.answer(params);
      }
    });
  }
}

/**
 * Sends BootNotification with `send` until the CSMS accepts it (1.6 §4.2, 2.0.1 B02/B03): after
 * Pending or Rejected it waits the answer's `interval` (10 s when that is 0) and sends it again.
 * @returns the heartbeat interval of the accepting answer, s
 * @throws what `send` or `station.sleep` throws (a CALLERROR, the simulator closing)
 */
export async function bootUntilAccepted(
  station: Pick<StationApi, 'log' | 'sleep'>,
  send: () => Promise<{ status: 'Accepted' | 'Pending' | 'Rejected'; interval: number }>,
): Promise<number> {
  for (;;) {
    const answer = await send();
    if (answer.status === 'Accepted') return answer.interval;
    const retry = answer.interval > 0 ? answer.interval : 10;
    station.log('warn', `BootNotification ${answer.status}: retrying in ${retry} s`);
    await station.sleep(retry);
  }
}

/**
 * What every functional block of an adapter works with: the station, and the messages of the
 * adapter's version (`Messages16`, `Messages201`).
 */
export interface AdapterContext<Messages> {
  /** The station: model, flows, logging. */
  readonly station: StationApi;
  /** The messages the charge point sends. */
  readonly messages: Messages;
}

/** Current time as an ISO 8601 UTC string (`2025-01-01T12:00:00.000Z`). */
export function isoNow(date: Date = new Date()): string {
  return date.toISOString();
}
