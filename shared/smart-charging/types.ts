/**
 * The smart-charging allocation's input and output (spec §2.6, §4.2): what one site looks like at
 * one instant, and the limit each port gets. Pure data; no I/O anywhere in `shared/smart-charging/`.
 *
 * Units are in the names: W, A, Wh, V, %, and instants as milliseconds since the Unix epoch (UTC).
 *
 * @module
 */

/** Unit of a limit: watts or amps (spec §2.6 `chargingRateUnit`; OCPP `ChargingRateUnitType`). */
export type RateUnit = 'W' | 'A';

/** Charger type (spec §2.3): DC fast charger or AC Level 2. */
export type ChargerType = 'DCFC' | 'Level 2';

/** One site power limit (spec §2.6): `limit` in `unit`, ≥ 0. */
export interface SiteLimit {
  readonly limit: number;
  readonly unit: RateUnit;
}

/**
 * Where a departure comes from: the departure-times API (spec §4.2) or the vehicle itself (ISO 15118,
 * OCPP 2.0.1 NotifyEVChargingNeeds).
 */
export type DepartureSource = 'api' | 'vehicle';

/** A vehicle's next departure. */
export interface Departure {
  /** Instant, ms since epoch. */
  readonly time: number;
  /** SoC wanted at departure, % (0–100; the API's default is 90). */
  readonly targetSoc: number;
  readonly source: DepartureSource;
}

/**
 * What the vehicle itself reported over ISO 15118 (OCPP 2.0.1 NotifyEVChargingNeeds), already in
 * W / Wh / ms. Every field optional.
 */
export interface EvChargingNeeds {
  /** Energy the vehicle asked for, Wh (`energyAmount`), counted from when it asked. */
  readonly energyAmountWh?: number;
  /** Energy delivered in the session when the vehicle asked, Wh (default 0): what came since counts against the request. */
  readonly deliveredAtRequestWh?: number;
  /** The vehicle's own departure, ms since epoch (`departureTime`). */
  readonly departureTime?: number;
  /** The least power the vehicle can charge at, W (`evMinCurrent`/`evMinPower` converted). */
  readonly minPowerW?: number;
  /** The most power the vehicle accepts, W (`evMaxCurrent`/`evMaxPower` converted). */
  readonly maxPowerW?: number;
}

/** A manual charging session override (spec §2.6) on a port, in force until `expiresAt`. */
export interface PortOverride {
  /** The port's limit while the override holds, W (≥ 0). */
  readonly limitW: number;
  /** ms since epoch; an override at or past it is ignored. */
  readonly expiresAt: number;
}

/** A limit set outside this CSMS (OCPP 2.0.1 NotifyChargingLimit: EMS, grid operator, the station). */
export interface ExternalLimit {
  /** W (≥ 0), in force now. */
  readonly limitW: number;
  /** `chargingLimitSource` as the station sent it (`EMS`, `Other`, `SO`, `CSO`). */
  readonly source: string;
}

/** One session in progress on a port of the site. */
export interface SessionDemand {
  readonly portId: number;
  readonly chargerId: number;
  readonly sessionId: number;
  readonly chargerType: ChargerType;
  /**
   * Unit the charger takes in charging profiles (1.6 ChargingScheduleAllowedChargingRateUnit;
   * 2.0.1 SmartChargingCtrlr.RateUnit).
   */
  readonly rateUnit: RateUnit;
  /** The port's maximum power, W (> 0). */
  readonly maxPowerW: number;
  /** AC phases in use (1–3); DC ports: 1. */
  readonly phases: number;
  /** Line-to-neutral voltage on AC, DC voltage on DC, V (> 0): reported by the charger, else the registered default. */
  readonly voltageV: number;
  /** Session start, ms since epoch (orders vehicles without a departure: first come, first served). */
  readonly startTime: number;
  /** Latest measured power, W. */
  readonly measuredPowerW?: number;
  /**
   * The limit in force on this port when `measuredPowerW` was measured, W: lets a vehicle that
   * draws clearly less than it is allowed give the rest away (see `acceptanceCapW`). Pass the limit
   * the charger had accepted at the time of the reading, not one sent since.
   */
  readonly previousLimitW?: number;
  /** Latest SoC, %. */
  readonly socPercent?: number;
  /** First SoC of the session, %. */
  readonly socStartPercent?: number;
  /** Energy delivered so far in this session, Wh. */
  readonly energyDeliveredWh: number;
  /** The vehicle's usable battery capacity, Wh, when known. */
  readonly batteryCapacityWh?: number;
  readonly vehicleId?: number;
  /** The vehicle's next departure from the departure-times API (spec §4.2), if any. */
  readonly departure?: Departure;
  /** ISO 15118 needs the vehicle reported, if any. */
  readonly evNeeds?: EvChargingNeeds;
  /** Active override on the port, if any. */
  readonly override?: PortOverride;
  /** External limit on this EVSE, if any. */
  readonly externalLimit?: ExternalLimit;
  /** True when the charger cannot be controlled (no SmartCharging support, profile rejected, no answer). */
  readonly uncontrolled?: boolean;
}

/** Everything the allocation needs for one site at one instant. */
export interface AllocationInput {
  /** The allocation's clock, ms since epoch. */
  readonly now: number;
  readonly limits: { readonly cost?: SiteLimit; readonly capacity?: SiteLimit };
  /** Every session in progress on the site. */
  readonly sessions: readonly SessionDemand[];
  /** Whole-station external limits (NotifyChargingLimit without evseId), by charger. */
  readonly chargerLimits?: readonly { readonly chargerId: number; readonly limit: ExternalLimit }[];
}

/**
 * Why a port has its limit: the constraint that binds.
 * - `minimum`: the vehicle's minimum (8 A on Level 2, 5 kW on DCFC, or the vehicle's own minimum).
 * - `departure`: raised because the vehicle would otherwise miss its departure (least laxity first).
 * - `share`: an equal share of what remained.
 * - `override`: a manual override sets it.
 * - `capped`: the port's maximum, or what the vehicle accepts, binds: it gets all it can take.
 * - `external`: an external limit (NotifyChargingLimit) binds.
 * - `waiting`: 0 W because the capacity limit cannot fit its minimum (earlier departures go first).
 * - `uncontrolled`: cannot be controlled; counted at its maximum (or measured power, if higher).
 */
export type AllocationReason =
  | 'minimum'
  | 'departure'
  | 'share'
  | 'override'
  | 'capped'
  | 'external'
  | 'waiting'
  | 'uncontrolled';

/** The limit of one port. */
export interface PortAllocation {
  readonly portId: number;
  readonly chargerId: number;
  readonly sessionId: number;
  /**
   * W (≥ 0), whole watts rounded down. For an uncontrolled port: the load it is counted at
   * (max(port maximum, measured power), rounded up to whole watts).
   */
  readonly limitW: number;
  /**
   * A per phase (limitW / (voltageV × phases)), one decimal, rounded down: on every Level 2 (AC)
   * port, for chargers that take amps and for amp-limited sites; undefined on DCFC ports. Computed
   * from the unrounded allocation, so `limitA × voltageV × phases` may exceed `limitW` by < 1 W.
   * For an uncontrolled port it is rounded UP (it is load counted against the site's limits).
   */
  readonly limitA?: number;
  readonly reason: AllocationReason;
}

/** A vehicle predicted to miss its departure's target SoC at the allocated power. */
export interface LateVehicle {
  readonly portId: number;
  readonly sessionId: number;
  readonly vehicleId?: number;
  /** ms since epoch. */
  readonly departureTime: number;
  readonly departureSource: DepartureSource;
  /**
   * SoC wanted at departure, %: the API departure's `targetSoc`, or for a vehicle's own ISO 15118
   * request the SoC its `energyAmountWh` leads to. Absent when the vehicle's SoC is unknown (an
   * energy request only): then read `energyNeededWh` and `expectedEnergyWh`.
   */
  readonly targetSoc?: number;
  /** SoC expected at departure if the allocated power holds, %, one decimal (rounded down); absent as `targetSoc`. */
  readonly expectedSocAtDeparture?: number;
  /** Energy still needed now to reach the target, Wh (whole Wh, rounded up). */
  readonly energyNeededWh: number;
  /** Energy expected to reach the vehicle by its departure at the allocated power, Wh (whole Wh, rounded down). */
  readonly expectedEnergyWh: number;
}

/** The allocation of one site. */
export interface AllocationResult {
  /**
   * The site's unit: `A` when every limit of the site is in amps (a Level 2-only site, spec §2.6),
   * else `W`. An amp limit bounds the sum of the ports' per-phase currents.
   */
  readonly chargingRateUnit: RateUnit;
  /** Sum of every port's limit in `chargingRateUnit` (W, or A per phase), uncontrolled load included. */
  readonly allocatedTotal: number;
  /** Sum of every port's `limitW`, uncontrolled load included, W. */
  readonly allocatedTotalW: number;
  /** One entry per session of the input, in the input's order. */
  readonly ports: readonly PortAllocation[];
  readonly lateVehicles: readonly LateVehicle[];
}
