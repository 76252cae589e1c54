/**
 * The simulated charge point: connectors, their sessions and reservations, and a meter model.
 *
 * This module knows nothing about OCPP messages. Connector statuses use the OCPP 1.6
 * `ChargePointStatus` names because they are the richer set; the OCPP 2.0.1 adapter maps them
 * onto `ConnectorStatusEnumType` (Preparing/Charging/Finishing → Occupied).
 *
 * @module
 */

/** State of one connector (OCPP 1.6 `ChargePointStatus` vocabulary). */
export type ConnectorStatus =
  | 'Available'
  | 'Preparing'
  | 'Charging'
  | 'Finishing'
  | 'Reserved'
  | 'Unavailable'
  | 'Faulted';

/** Kind of supply: AC level 2 (7.2 kW, three phases) or DC fast charging (50–150 kW). */
export type CurrentType = 'AC' | 'DC';

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
  /** When the session began (after a successful Authorize). */
  readonly startedAt: Date;
  /** EV state of charge, %. */
  socPercent: number;
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
  /** Power cap from a charging profile, W; undefined means no cap. */
  powerLimitW?: number;
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
   * Simulated seconds per real second for the meter model (e.g. 60 shows one minute of charging
   * per second). @default 1
   */
  speed?: number;
  /** Initial lifetime energy register of every connector, Wh. @default 100000 */
  initialEnergyWh?: number;
  /** EV state of charge when a session starts, %. @default 35 */
  startSocPercent?: number;
}

/** Nominal AC power (AC level 2), W. */
export const AC_POWER_W = 7200;
/** AC phase-to-neutral voltage, V. */
export const AC_VOLTAGE_V = 230;
/** Number of AC phases. */
export const AC_PHASES = 3;
/** Peak DC power (below 50 % SoC), W. */
export const DC_MAX_POWER_W = 150_000;
/** DC power after the taper (from 80 % SoC), W. */
export const DC_MIN_POWER_W = 50_000;
/** DC bus voltage, V. */
export const DC_VOLTAGE_V = 400;
/** Usable battery capacity of the simulated EV, Wh (AC: a compact car; DC: a larger one). */
export const BATTERY_CAPACITY_WH: Readonly<Record<CurrentType, number>> = { AC: 60_000, DC: 75_000 };

/** Longest integration step of the meter model, simulated seconds. */
const MAX_STEP_S = 60;

const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/**
 * The charge point model: connectors, sessions, reservations and a meter that integrates power
 * over (optionally accelerated) time.
 *
 * Synchronous and protocol-free: the station drives it and the protocol adapters read it.
 *
 * @example
 * const cp = new ChargePoint({ connectors: 2, currentType: 'DC' });
 * cp.beginSession(1, { idTag: 'TAG' }, new Date());
 * cp.connector(1).session!.state = 'charging';
 * const sample = cp.sample(1, new Date(Date.now() + 60_000)); // ≈ 2.5 kWh later
 */
export class ChargePoint {
  /** All connectors, index 0 is connector 1. */
  readonly connectors: readonly Connector[];
  /** AC or DC. */
  readonly currentType: CurrentType;
  /** Simulated seconds per real second. */
  readonly speed: number;
  /** Whether the charge point as a whole is operative (1.6 connectorId 0). */
  operative = true;
  private readonly startSocPercent: number;
  private readonly reservations = new Map<number, Reservation>();

  /** @throws RangeError when `connectors` is not a positive integer or `speed` is not positive. */
  constructor(options: ChargePointOptions = {}) {
    const count = options.connectors ?? 1;
    if (!Number.isInteger(count) || count < 1) throw new RangeError(`connectors must be a positive integer, got ${count}`);
    this.speed = options.speed ?? 1;
    if (!(this.speed > 0)) throw new RangeError(`speed must be positive, got ${this.speed}`);
    this.currentType = options.currentType ?? 'AC';
    this.startSocPercent = options.startSocPercent ?? 35;
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
    if (!connector) throw new RangeError(`unknown connector ${connectorId} (this charge point has ${this.connectors.length})`);
    return connector;
  }

  /** The connector whose running session has this transaction id. */
  findByTransactionId(transactionId: number | string): Connector | undefined {
    return this.connectors.find((c) => c.session?.transactionId !== undefined && c.session.transactionId === transactionId);
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
   * Opens a session on a connector, in state `starting`; its meter starts when the caller sets
   * the state to `charging`.
   * @throws Error when the connector already has a session.
   */
  beginSession(
    connectorId: number,
    details: { idTag: string; reservationId?: number; remoteStartId?: number },
    now: Date,
  ): Session {
    const connector = this.connector(connectorId);
    if (connector.session) throw new Error(`connector ${connectorId} already has a session`);
    const socPercent = this.startSocPercent;
    const session: Session = {
      ...details,
      state: 'starting',
      meterStartWh: Math.round(connector.energyWh),
      startedAt: now,
      socPercent,
      lastSample: this.reading(connector, socPercent, now, 0),
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
   * Reads the connector's meter at `now`. While the session is `charging`, energy accumulates
   * since the previous sample at the power the EV draws (see {@link ChargePoint.powerAt}),
   * scaled by `speed`; SoC rises accordingly and charging stops at 100 %.
   */
  sample(connectorId: number, now: Date): MeterSample {
    const connector = this.connector(connectorId);
    const session = connector.session;
    if (!session) return this.reading(connector, undefined, now, 0);
    if (session.state === 'charging') {
      const capacityWh = BATTERY_CAPACITY_WH[this.currentType];
      let remainingS = (Math.max(0, now.getTime() - session.lastSample.timestamp.getTime()) / 1000) * this.speed;
      while (remainingS > 0 && session.socPercent < 100) {
        const stepS = Math.min(remainingS, MAX_STEP_S);
        const headroomWh = ((100 - session.socPercent) / 100) * capacityWh;
        const energyWh = Math.min((this.powerAt(connector, session.socPercent) * stepS) / 3600, headroomWh);
        connector.energyWh += energyWh;
        session.socPercent = Math.min(100, session.socPercent + (energyWh / capacityWh) * 100);
        remainingS -= stepS;
      }
    }
    const powerW = session.state === 'charging' ? this.powerAt(connector, session.socPercent) : 0;
    session.lastSample = this.reading(connector, session.socPercent, now, powerW);
    return session.lastSample;
  }

  /**
   * Power the EV draws at a given SoC, W: AC 7.2 kW until full; DC 150 kW up to 50 %, tapering
   * linearly to 50 kW at 80 %, then 50 kW until full; 0 W when full; never above the connector's
   * charging-profile cap.
   */
  powerAt(connector: Connector, socPercent: number): number {
    if (socPercent >= 100) return 0;
    let powerW: number;
    if (this.currentType === 'AC') {
      powerW = AC_POWER_W;
    } else if (socPercent <= 50) {
      powerW = DC_MAX_POWER_W;
    } else if (socPercent >= 80) {
      powerW = DC_MIN_POWER_W;
    } else {
      powerW = DC_MAX_POWER_W - ((DC_MAX_POWER_W - DC_MIN_POWER_W) * (socPercent - 50)) / 30;
    }
    return connector.powerLimitW === undefined ? powerW : Math.max(0, Math.min(powerW, connector.powerLimitW));
  }

  /**
   * Converts a charging-schedule limit to W: a limit in A is multiplied by the voltage and, on AC,
   * by the number of phases (`numberPhases`, default 3).
   */
  limitToWatts(limit: number, unit: 'A' | 'W', numberPhases?: number): number {
    if (unit === 'W') return limit;
    return this.currentType === 'AC' ? limit * AC_VOLTAGE_V * (numberPhases ?? AC_PHASES) : limit * DC_VOLTAGE_V;
  }

  private reading(connector: Connector, socPercent: number | undefined, now: Date, powerW: number): MeterSample {
    const ac = this.currentType === 'AC';
    const voltageV = ac ? AC_VOLTAGE_V : DC_VOLTAGE_V;
    const perPhaseA = round(powerW / (voltageV * (ac ? AC_PHASES : 1)), 1);
    return {
      timestamp: now,
      energyWh: Math.round(connector.energyWh),
      powerW: Math.round(powerW),
      currentA: ac ? [perPhaseA, perPhaseA, perPhaseA] : [perPhaseA],
      voltageV,
      ...(socPercent === undefined ? {} : { socPercent: round(socPercent, 1) }),
    };
  }
}
