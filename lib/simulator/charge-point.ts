/**
 * The simulated charge point: connectors, their sessions and reservations, the installed charging
 * profiles, and a meter model: each session's EV (`ev.ts`) draws min(charging-profile limit, EV
 * acceptance, port maximum), integrated over (optionally accelerated) time.
 *
 * This module knows nothing about OCPP messages. Connector statuses use the OCPP 1.6
 * `ChargePointStatus` names because they are the richer set; the OCPP 2.0.1 adapter maps them
 * onto `ConnectorStatusEnumType` (Preparing/Charging/Finishing → Occupied).
 *
 * @module
 */
import { ChargingProfiles, type RateUnit } from './charging-profiles';
import { acceptanceW, chargeEv, type EvSpec, type EvState } from './ev';
import {
  AC_PHASES,
  AC_VOLTAGE_V,
  DC_VOLTAGE_V,
  DEFAULT_START_SOC_PERCENT,
  EV_DEFAULTS,
  PORT_MAX_POWER_W,
  checkRange,
  limitToWatts,
  round,
  waterFillShare,
  type CurrentType,
} from './supply';

export type { CurrentType } from './supply';

/** State of one connector (OCPP 1.6 `ChargePointStatus` vocabulary). */
export type ConnectorStatus =
  | 'Available'
  | 'Preparing'
  | 'Charging'
  | 'Finishing'
  | 'Reserved'
  | 'Unavailable'
  | 'Faulted';

/** One reading of a connector's meter, taken at `timestamp`. */
export interface MeterSample {
  /** When the reading was taken. */
  readonly timestamp: Date;
  /** Lifetime energy register (Energy.Active.Import.Register), Wh, rounded to 1 Wh. */
  readonly energyWh: number;
  /** Active power delivered to the EV (Power.Active.Import), W. */
  readonly powerW: number;
  /** Current per phase (Current.Import), A: three values (L1, L2, L3) on AC, one on DC. */
  readonly currentA: readonly number[];
  /** Supply voltage, V: phase-to-neutral on AC, DC bus voltage on DC. */
  readonly voltageV: number;
  /** State of charge of the EV battery, %; undefined when no EV is connected. */
  readonly socPercent?: number;
}

/** Lifecycle of a charging session on one connector. */
export type SessionState = 'starting' | 'charging' | 'stopping';

/** A charging session: from authorization to the end of the transaction. */
export interface Session {
  /** The idTag (1.6) or idToken value (2.0.1) that started the session. */
  readonly idTag: string;
  /** Reservation consumed by this session, if any. */
  readonly reservationId?: number;
  /** Id given by the CSMS in a remote start (2.0.1 `remoteStartId`), if any. */
  readonly remoteStartId?: number;
  /** Transaction id: an integer assigned by the CSMS (1.6) or a UUID chosen by the station (2.0.1). */
  transactionId?: number | string;
  /** Where the session is in its lifecycle. */
  state: SessionState;
  /** Energy register at the start of the session, Wh (integer, as OCPP 1.6 `meterStart`). */
  readonly meterStartWh: number;
  /** When the session began (after a successful Authorize): the start of Relative charging schedules. */
  readonly startedAt: Date;
  /** When the driver leaves, if known. */
  readonly departureAt?: Date;
  /** SoC the driver wants, %. */
  readonly targetSocPercent?: number;
  /** The plugged-in vehicle: battery, maximum power and state of charge (which the meter moves). */
  readonly ev: EvState;
  /** Last reading taken, used for StopTransaction `transactionData` and final meter values. */
  lastSample: MeterSample;
}

/** A reservation accepted from the CSMS (OCPP 1.6 ReserveNow, 2.0.1 ReserveNow). */
export interface Reservation {
  /** `reservationId` (1.6) or `id` (2.0.1). */
  readonly reservationId: number;
  /** Reserved connector (1.6) / EVSE (2.0.1); undefined means any connector (1.6 connectorId 0). */
  readonly connectorId?: number;
  /** The only idTag allowed to use the reservation. */
  readonly idTag: string;
  /** When the reservation expires unused. */
  readonly expiresAt: Date;
}

/** One connector (1.6) or EVSE with a single connector (2.0.1). */
export interface Connector {
  /** 1-based connector id (1.6 `connectorId`, 2.0.1 `evseId`). */
  readonly id: number;
  /** Current status. */
  status: ConnectorStatus;
  /** False after ChangeAvailability Inoperative. */
  operative: boolean;
  /** Availability change to apply when the running session ends (ChangeAvailability → Scheduled). */
  scheduledOperative?: boolean;
  /** Lifetime energy register, Wh (unrounded). */
  energyWh: number;
  /** Running session, if any. */
  session?: Session;
}

/** Construction options of {@link ChargePoint}. */
export interface ChargePointOptions {
  /** Number of connectors (1.6) / EVSEs (2.0.1). @default 1 */
  connectors?: number;
  /** AC level 2 or DC fast charging. @default 'AC' */
  currentType?: CurrentType;
  /**
   * How much faster than real time the EV's state of charge moves (e.g. 60: a minute's worth of
   * SoC per second). The depot is compressed rather than the clock: each EV's battery is this many
   * times smaller, while power stays what the charger and the EV allow and the meter's energy is
   * that power over real time, so power, energy and the CSMS's clock agree. @default 1
   */
  speed?: number;
  /** Initial lifetime energy register of every connector, Wh. @default 100000 */
  initialEnergyWh?: number;
  /** Most a connector delivers, W (the port maximum). @default {@link PORT_MAX_POWER_W} of the current type */
  maxPowerW?: number;
  /** The vehicle each session plugs in. @default {@link EV_DEFAULTS} of the current type */
  ev?: Partial<EvSpec>;
  /** EV state of charge when a session starts, %. @default 35 */
  startSocPercent?: number;
}

/** What a connector may deliver now; see {@link ChargePoint.offer}. */
export interface Offer {
  /** Power the charger allows, W: min(charging-profile limit, share of the charge point cap, port maximum). */
  readonly powerW: number;
  /** The charging-profile limit, W (transaction-level and charge point cap combined); undefined: none. */
  readonly profileLimitW?: number;
  /** Phases in use: the `numberPhases` of the period in force on AC (default 3); 1 on DC. */
  readonly phases: number;
}

/**
 * The charge point model: connectors, sessions (each with an EV), reservations, charging profiles
 * and a meter that integrates the EV's draw over (optionally accelerated) time.
 *
 * Synchronous and protocol-free: the station drives it and the protocol adapters read it.
 *
 * @example
 * const cp = new ChargePoint({ connectors: 2, currentType: 'DC' });
 * cp.beginSession(1, { idTag: 'TAG' }, new Date());
 * cp.connector(1).session!.state = 'charging';
 * const sample = cp.sample(1, new Date(Date.now() + 60_000)); // 2.5 kWh later at 150 kW
 */
export class ChargePoint {
  /** All connectors, index 0 is connector 1. */
  readonly connectors: readonly Connector[];
  /** AC or DC. */
  readonly currentType: CurrentType;
  /** How much faster than real time SoC moves: every EV's battery is this many times smaller. */
  readonly speed: number;
  /** Whether the charge point as a whole is operative (1.6 connectorId 0). */
  operative = true;
  /** Most a connector delivers, W (the port maximum). */
  readonly maxPowerW: number;
  /** The vehicle a session plugs in unless told otherwise. */
  readonly evSpec: EvSpec;
  /** EV state of charge when a session starts, %. */
  readonly startSocPercent: number;
  /** Installed charging profiles; {@link ChargePoint.offer} obeys them. */
  readonly profiles = new ChargingProfiles();
  private readonly reservations = new Map<number, Reservation>();

  /** @throws RangeError naming the option when a count, power, capacity, SoC or `speed` is out of range. */
  constructor(options: ChargePointOptions = {}) {
    const count = options.connectors ?? 1;
    if (!Number.isInteger(count) || count < 1)
      throw new RangeError(`connectors must be a positive integer, got ${count}`);
    this.speed = checkRange('speed', options.speed ?? 1, 0);
    this.currentType = options.currentType ?? 'AC';
    this.maxPowerW = checkRange('maxPowerW', options.maxPowerW ?? PORT_MAX_POWER_W[this.currentType], 0);
    const ev = { ...EV_DEFAULTS[this.currentType], ...options.ev };
    this.evSpec = {
      batteryWh: checkRange('ev.batteryWh', ev.batteryWh, 0),
      maxPowerW: checkRange('ev.maxPowerW', ev.maxPowerW, 0),
    };
    const startSoc = options.startSocPercent ?? DEFAULT_START_SOC_PERCENT;
    this.startSocPercent = checkRange('startSocPercent', startSoc, 0, 100, false);
    const initialEnergyWh = options.initialEnergyWh ?? 100_000;
    this.connectors = Array.from({ length: count }, (_, index) => ({
      id: index + 1,
      status: 'Available' as ConnectorStatus,
      operative: true,
      energyWh: initialEnergyWh,
    }));
  }

  /** Whether `connectorId` designates one of the connectors (1..N). */
  hasConnector(connectorId: number): boolean {
    return Number.isInteger(connectorId) && connectorId >= 1 && connectorId <= this.connectors.length;
  }

  /**
   * The connector with this id.
   * @throws RangeError when there is no such connector.
   */
  connector(connectorId: number): Connector {
    const connector = this.hasConnector(connectorId) ? this.connectors[connectorId - 1] : undefined;
    if (!connector)
      throw new RangeError(`unknown connector ${connectorId} (this charge point has ${this.connectors.length})`);
    return connector;
  }

  /** The connector whose running session has this transaction id. */
  findByTransactionId(transactionId: number | string): Connector | undefined {
    return this.connectors.find(
      (c) => c.session?.transactionId !== undefined && c.session.transactionId === transactionId,
    );
  }

  /** A reservation by id. */
  reservation(reservationId: number): Reservation | undefined {
    return this.reservations.get(reservationId);
  }

  /** The reservation held on a specific connector, if any. */
  reservationOn(connectorId: number): Reservation | undefined {
    return [...this.reservations.values()].find((r) => r.connectorId === connectorId);
  }

  /**
   * The reservation a session of `idTag` on `connectorId` consumes: the connector's own
   * reservation, else a reservation for any connector with the same idTag.
   */
  matchingReservation(connectorId: number, idTag: string): Reservation | undefined {
    const own = this.reservationOn(connectorId);
    if (own) return own.idTag === idTag ? own : undefined;
    return [...this.reservations.values()].find((r) => r.connectorId === undefined && r.idTag === idTag);
  }

  /** Stores a reservation, replacing one with the same id. */
  addReservation(reservation: Reservation): void {
    this.reservations.set(reservation.reservationId, reservation);
  }

  /** Removes a reservation and returns it, if it existed. */
  removeReservation(reservationId: number): Reservation | undefined {
    const reservation = this.reservations.get(reservationId);
    this.reservations.delete(reservationId);
    return reservation;
  }

  /**
   * Opens a session on a connector, in state `starting`, with a vehicle plugged in (the default
   * {@link ChargePoint.evSpec} at {@link ChargePoint.startSocPercent}, overridden by `ev`); its meter
   * starts when the caller sets the state to `charging`.
   * @throws Error when the connector already has a session; RangeError for an invalid `ev`.
   */
  beginSession(
    connectorId: number,
    details: Pick<Session, 'idTag' | 'reservationId' | 'remoteStartId' | 'departureAt' | 'targetSocPercent'>,
    now: Date,
    ev: Partial<EvState> = {},
  ): Session {
    const connector = this.connector(connectorId);
    if (connector.session) throw new Error(`connector ${connectorId} already has a session`);
    const given: EvState = { ...this.evSpec, socPercent: this.startSocPercent, ...ev };
    checkRange('ev.batteryWh', given.batteryWh, 0);
    const vehicle: EvState = { ...given, batteryWh: given.batteryWh / this.speed };
    checkRange('ev.maxPowerW', vehicle.maxPowerW, 0);
    checkRange('ev.socPercent', vehicle.socPercent, 0, 100, false);
    const session: Session = {
      ...details,
      state: 'starting',
      meterStartWh: Math.round(connector.energyWh),
      startedAt: now,
      ev: vehicle,
      lastSample: this.reading(connector, vehicle.socPercent, now, 0, this.offer(connectorId, now).phases),
    };
    connector.session = session;
    return session;
  }

  /** Closes the connector's session and returns it. */
  endSession(connectorId: number): Session | undefined {
    const connector = this.connector(connectorId);
    const session = connector.session;
    connector.session = undefined;
    return session;
  }

  /**
   * Reads the connector's meter at `now`. While the session is `charging`, the EV charges since the
   * previous sample (real time; `speed` shrank its battery instead) at what the charger offered then (see
   * {@link ChargePoint.offer}; the EV takes at most its acceptance, see `chargeEv`), and the energy
   * register and SoC move accordingly. The power reported is what the EV draws at `now`:
   * min(offer, EV acceptance); 0 when full or not charging.
   */
  sample(connectorId: number, now: Date): MeterSample {
    const connector = this.connector(connectorId);
    const session = connector.session;
    if (!session) return this.reading(connector, undefined, now, 0, this.offer(connectorId, now).phases);
    if (session.state === 'charging') {
      const from = session.lastSample.timestamp;
      const seconds = Math.max(0, now.getTime() - from.getTime()) / 1000;
      connector.energyWh += chargeEv(session.ev, this.offer(connectorId, from).powerW, seconds).energyWh;
    }
    const offer = this.offer(connectorId, now);
    const powerW =
      session.state === 'charging' ? Math.min(offer.powerW, acceptanceW(session.ev, session.ev.socPercent)) : 0;
    session.lastSample = this.reading(connector, session.ev.socPercent, now, powerW, offer.phases);
    return session.lastSample;
  }

  /**
   * What a connector may deliver at `at`: the port maximum, capped by the transaction-level
   * profile in force (TxProfile of the running transaction, else TxDefaultProfile) and by this
   * connector's share of the ChargePointMaxProfile in force. The cap is shared by water-filling:
   * connectors wanting less than an equal share (their EV's acceptance or their own limit) keep
   * what they want, the rest split what is left.
   */
  offer(connectorId: number, at: Date = new Date()): Offer {
    const own = this.transactionLimitW(connectorId, at);
    const capW = this.chargePointLimitW(at);
    const profileLimitW =
      capW === undefined ? own.limitW : Math.min(own.limitW ?? Infinity, this.shareOf(connectorId, capW, at));
    const phases = this.currentType === 'DC' ? 1 : (own.phases ?? AC_PHASES);
    const powerW = Math.max(0, Math.min(this.maxPowerW, profileLimitW ?? Infinity));
    return { powerW, phases, ...(profileLimitW === undefined ? {} : { profileLimitW: Math.max(0, profileLimitW) }) };
  }

  /**
   * The connector's transaction-level limit at `at` in W (TxProfile of its running transaction,
   * else TxDefaultProfile) and the period's `numberPhases`; empty when no such profile is in force.
   */
  transactionLimitW(connectorId: number, at: Date): { limitW?: number; phases?: number } {
    const active = this.profiles.transactionLimit(connectorId, at, this.connector(connectorId).session);
    if (!active) return {};
    const { period, profile } = active;
    const limitW = this.limitToWatts(period.limit, profile.schedule.rateUnit, period.numberPhases);
    return { limitW, ...(period.numberPhases === undefined ? {} : { phases: period.numberPhases }) };
  }

  /** The ChargePointMaxProfile limit in force at `at`, W (for the whole charge point); undefined: none. */
  chargePointLimitW(at: Date): number | undefined {
    const cap = this.profiles.chargePointLimit(at);
    return cap && this.limitToWatts(cap.period.limit, cap.profile.schedule.rateUnit, cap.period.numberPhases);
  }

  /**
   * Converts a charging-schedule limit to W: a limit in A is multiplied by the voltage and, on AC,
   * by the number of phases (`numberPhases`, default 3).
   */
  limitToWatts(limit: number, unit: RateUnit, numberPhases?: number): number {
    return limitToWatts(this.currentType, limit, unit, numberPhases);
  }

  /** Converts W to a limit in `unit` (inverse of {@link ChargePoint.limitToWatts}), rounded to 0.1. */
  wattsToLimit(powerW: number, unit: RateUnit, numberPhases?: number): number {
    return round(powerW / this.limitToWatts(1, unit, numberPhases), 1);
  }

  /** Water-filling share of the charge point cap for `connectorId` among the charging connectors. */
  private shareOf(connectorId: number, capW: number, at: Date): number {
    const wants = this.connectors
      .filter((c) => c.id === connectorId || c.session?.state === 'charging')
      .map((c) => {
        const ownW = Math.min(this.maxPowerW, this.transactionLimitW(c.id, at).limitW ?? Infinity);
        const ev = c.session?.state === 'charging' ? c.session.ev : undefined;
        return { id: c.id, wantW: ev ? Math.min(ownW, acceptanceW(ev, ev.socPercent)) : ownW };
      });
    return waterFillShare(capW, wants, connectorId);
  }

  private reading(
    connector: Connector,
    socPercent: number | undefined,
    now: Date,
    powerW: number,
    phases: number,
  ): MeterSample {
    const ac = this.currentType === 'AC';
    const voltageV = ac ? AC_VOLTAGE_V : DC_VOLTAGE_V;
    const perPhaseA = round(powerW / (voltageV * phases), 1);
    return {
      timestamp: now,
      energyWh: Math.round(connector.energyWh),
      powerW: Math.round(powerW),
      currentA: ac ? [0, 1, 2].map((phase) => (phase < phases ? perPhaseA : 0)) : [perPhaseA],
      voltageV,
      ...(socPercent === undefined ? {} : { socPercent: round(socPercent, 1) }),
    };
  }
}
