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

/** The charger types (spec §2.3), as the API, the CLI and the stored charger spell them. */
export const CHARGER_TYPES = ['DCFC', 'Level 2'] as const;

/** Charger type (spec §2.3): DC fast charger or AC Level 2. The one charger type of the project. */
export type ChargerType = (typeof CHARGER_TYPES)[number];

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

/** Where a session's SoC came from: the charger's meter values, the vehicle (ISO 15118), its telematics. */
export type SocSource = 'charger' | 'vehicle' | 'telematics';

/**
 * The sources of a known battery capacity (docs/vehicle-state.md), in order of trust: set on the
 * vehicle through the API (`api`), the vehicle over ISO 15118 (`vehicle`), its telematics, or
 * learnt from its past sessions (`learned`). The planner's own estimates (`session`, `default`)
 * are not among them.
 */
export const KNOWN_CAPACITY_SOURCES = ['api', 'vehicle', 'telematics', 'learned'] as const;

/** Where a known battery capacity came from: one of {@link KNOWN_CAPACITY_SOURCES}. */
export type KnownCapacitySource = (typeof KNOWN_CAPACITY_SOURCES)[number];

/** Where the capacity a need used came from: a known one, this session's SoC rise, or the default. */
export type CapacitySource = KnownCapacitySource | 'session' | 'default';

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

/**
 * Where a departure or an energy figure comes from, most trusted first: the vehicle (ISO 15118
 * needs, telematics), the fleet (the departure-times API), the driver (an estimate entered in an
 * app), a forecast from the site's history, or the documented defaults (`./estimates.ts`).
 */
export type EstimateSource = 'vehicle' | 'fleet' | 'driver' | 'history' | 'default';

/**
 * A session's departure and energy as estimated when neither the vehicle nor the fleet tells them
 * (`./estimates.ts`: a driver's inputs, else a forecast from history, else the defaults), already
 * corrected for how the session goes.
 */
export interface SessionEstimate {
  /** When the vehicle is expected to leave, ms since epoch. */
  readonly departureTime: number;
  readonly departureSource: EstimateSource;
  /** Energy for the whole session, Wh (what it got so far counts against it); absent: unknown. */
  readonly energyWh?: number;
  readonly energySource?: EstimateSource;
  /** Whether a figure was corrected by how the session goes (a departure passed, an energy exceeded). */
  readonly corrected?: boolean;
  /**
   * How uncertain the departure is: equally likely departure instants (ms since epoch, after now),
   * learnt from how similar sessions or the site's drivers' estimates turned out. The plan counts
   * energy planned at an instant by the share of them still to come (what it expects to reach the
   * vehicle). Absent: `departureTime` for sure.
   */
  readonly departures?: readonly number[];
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
  /**
   * The limit's later values when it has a schedule (NotifyChargingLimit `chargingSchedule`), W, in
   * time order: each from its `from` (ms since epoch, after `now`) until the next. `null` = none in
   * force (the schedule ended). Absent: `limitW` holds over the whole horizon.
   */
  readonly ahead?: readonly LimitChange[];
}

/** A limit's value from an instant on (until the next change): `limit` in its unit, or `null` for none. */
export interface LimitChange {
  /** ms since epoch. */
  readonly from: number;
  readonly limit: number | null;
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
  /**
   * Where `socPercent` came from: the charger's meter values (`charger`, the default), the
   * vehicle's ISO 15118 needs (`vehicle`), or its telematics (`telematics`).
   */
  readonly socSource?: SocSource;
  /** First SoC of the session, %. */
  readonly socStartPercent?: number;
  /** Energy delivered so far in this session, Wh. */
  readonly energyDeliveredWh: number;
  /** The vehicle's usable battery capacity, Wh, when known. */
  readonly batteryCapacityWh?: number;
  /** Where `batteryCapacityWh` came from (`vehicle`, its ISO 15118 needs, when not said). */
  readonly batteryCapacitySource?: KnownCapacitySource;
  readonly vehicleId?: number;
  /** The vehicle's next departure from the departure-times API (spec §4.2), if any. */
  readonly departure?: Departure;
  /** ISO 15118 needs the vehicle reported, if any. */
  readonly evNeeds?: EvChargingNeeds;
  /**
   * The departure and energy as estimated (`./estimates.ts`), for what neither `departure` nor
   * `evNeeds` nor the SoC tells: the planner uses them after those. A need from a forecast or the
   * defaults stays unknown (the vehicle then gets at least what earliest-departure-first gives it).
   */
  readonly estimate?: SessionEstimate;
  /** Active override on the port, if any. */
  readonly override?: PortOverride;
  /** External limit on this EVSE, if any. */
  readonly externalLimit?: ExternalLimit;
  /** True when the charger cannot be controlled (no SmartCharging support, profile rejected, no answer). */
  readonly uncontrolled?: boolean;
  /**
   * The vehicle suspended charging itself: OCPP 1.6 StatusNotification `SuspendedEV`, 2.0.1
   * TransactionEvent `chargingState` `SuspendedEV`. One of the signs of a vehicle that does not draw
   * (`./release.ts`).
   */
  readonly suspendedEv?: boolean;
  /**
   * Whether the session held its power or released it at the previous allocation
   * (`AllocationResult.ports[].release` of the previous result); absent at the first.
   */
  readonly release?: ReleaseState;
}

/**
 * Where a session stands in the release rule (`./release.ts`): a vehicle whose need is met or that
 * does not draw releases its power to the others, and is probed again now and then.
 */
export interface ReleaseState {
  /**
   * - `holding`: it charges (or may): planned like any vehicle.
   * - `released`: 0 W until `until`, when it is probed.
   * - `probing`: its minimum (when the others leave room for it) until `until`, to see whether it draws.
   */
  readonly state: 'holding' | 'released' | 'probing';
  /** `holding`: since when (ms since epoch) it has not drawn while allowed its minimum, if it has not. */
  readonly idleSince?: number;
  /** `released`: when the next probe starts; `probing`: when the probe ends (ms since epoch). */
  readonly until?: number;
  /** It drew again in a probe after its need was met (a top-up, pre-conditioning): that need no longer binds it. */
  readonly awake?: boolean;
}

/**
 * A site's energy prices and demand charge over the plan's horizon (spec §2.6 "cost": the reason
 * cost limits exist), already resolved from its tariff's time-of-use periods in its time zone.
 * Amounts are in the tariff's currency.
 */
export interface EnergyTariff {
  /**
   * Price changes in time order: each price per kWh holds from its `from` (ms since epoch) until
   * the next; the first at or before `now`. Negative prices are allowed.
   */
  readonly energyPrices: readonly { readonly from: number; readonly pricePerKwh: number }[];
  /** Demand charge per kW of the billing period's highest 15-minute average power (≥ 0), if any. */
  readonly demandChargePerKw?: number;
  /** The billing period's highest 15-minute average so far, W (0 when unknown). */
  readonly peakSoFarW?: number;
  /**
   * The 15-minute interval in progress (the utility's, aligned to the clock): its start, ms since
   * epoch, and the energy the site drew in it so far, Wh. Its average is that energy plus what the
   * plan draws until the interval ends. Absent: nothing drawn in it yet.
   */
  readonly openInterval?: { readonly start: number; readonly energyWh: number };
  /**
   * What raising the billing period's peak above `peakSoFarW` costs, as a share of the demand
   * charge, level by level: from each `fromW` (increasing) up to the next, each kW costs `share`
   * (0–1, increasing) × the demand charge; above the last, the whole charge. The share is the
   * chance that the rest of the period would not reach that level anyway (a forecast from the
   * site's history, `shared/site-power/demand-outlook.ts`). Absent: the whole charge above the
   * peak so far.
   */
  readonly peakOutlook?: readonly { readonly fromW: number; readonly share: number }[];
}

/** Everything the allocation needs for one site at one instant. */
export interface AllocationInput {
  /** The allocation's clock, ms since epoch. */
  readonly now: number;
  /** The site's limits in force now (spec §2.6). */
  readonly limits: { readonly cost?: SiteLimit; readonly capacity?: SiteLimit };
  /**
   * Later values of the site's limits (a time-of-day limit schedule), each in the unit of the
   * limit now, in time order after `now`; `null` = no limit of that type from then on. Absent:
   * the limits now hold over the whole horizon.
   */
  readonly limitsAhead?: { readonly cost?: readonly LimitChange[]; readonly capacity?: readonly LimitChange[] };
  /** Every session in progress on the site. */
  readonly sessions: readonly SessionDemand[];
  /** Whole-station external limits (NotifyChargingLimit without evseId), by charger. */
  readonly chargerLimits?: readonly { readonly chargerId: number; readonly limit: ExternalLimit }[];
  /** The site's tariff over the horizon, if it has one: the plan then minimises energy cost and demand charge. */
  readonly tariff?: EnergyTariff;
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
 * - `planned`: the plan gives it this power now (between its minimum and its cap): the optimum of
 *   the horizon, not one stage's rule (`./planner.ts`).
 * - `released`: 0 W: its need is met or it does not draw (`./release.ts`).
 * - `probing`: its minimum for a short window, to see whether a released vehicle draws again.
 */
export type AllocationReason =
  | 'minimum'
  | 'departure'
  | 'share'
  | 'override'
  | 'capped'
  | 'external'
  | 'waiting'
  | 'uncontrolled'
  | 'planned'
  | 'released'
  | 'probing';

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
  /**
   * The port's planned limits from now on (the first is `limitW` from `now`), each until the next;
   * after the last, the last holds. The planner's (`./planner.ts`) or, from the greedy fallback,
   * one period. Whole watts rounded down; `limitA` as above. Uncontrolled ports: their load.
   */
  readonly plan: readonly PlannedPeriod[];
  /** The release rule's state to pass back as `SessionDemand.release` at the next allocation. */
  readonly release: ReleaseState;
  /** The vehicle's SoC as the allocation read it, %, when known. */
  readonly socPercent?: number;
  /**
   * The SoC it must reach by its departure, %: the API departure's `targetSoc`, or the SoC a
   * vehicle's own energy request leads to; absent without a departure or a SoC.
   */
  readonly targetSoc?: number;
  /** Energy it still needs for its departure, Wh (whole Wh, rounded up); absent without a departure or a known need. */
  readonly energyNeededWh?: number;
  /**
   * When it is expected to reach its target, ms since epoch (`./eta.ts`): by its departure when on
   * time, after it when late; absent when its target is reached or its need unknown.
   */
  readonly eta?: number;
}

/** A port's limit from `start` on (until the next period). */
export interface PlannedPeriod {
  /** ms since epoch. */
  readonly start: number;
  /** W, whole watts rounded down. */
  readonly limitW: number;
  /** A per phase, one decimal rounded down, on Level 2 ports. */
  readonly limitA?: number;
}

/** One slot of the site's plan: the planned power and the limits in force, in the site's unit. */
export interface PlannedSlot {
  /** ms since epoch; the slot ends at `end`, where the next starts. */
  readonly start: number;
  readonly end: number;
  /** Σ of the ports' planned limits in `chargingRateUnit` (W, or A per phase), uncontrolled load included. */
  readonly allocated: number;
  /** The same in W. */
  readonly allocatedW: number;
  /** The capacity limit in force over the slot (the least when it changes within), in `chargingRateUnit`. */
  readonly capacity?: number;
  /** The cost limit in force over the slot, likewise. */
  readonly cost?: number;
  /** The energy price over the slot (time-weighted), per kWh, when the site has a tariff. */
  readonly pricePerKwh?: number;
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
  /**
   * When it would reach its target if it stayed past its departure, ms since epoch (`./eta.ts`):
   * absent only when the vehicle accepts no power.
   */
  readonly eta?: number;
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
  /**
   * Which allocation made this: `optimal` (the planner's solve, `./planner.ts`, or its plan of a
   * site whose vehicles to plan are all probed) or `greedy` (the one-instant stages of
   * `./greedy.ts`: no solver given, no vehicle to plan, or the fallback).
   */
  readonly planner: 'optimal' | 'greedy';
  /** Why the planner fell back to the greedy allocation (a solver error, its time budget), if it did. */
  readonly fallbackReason?: string;
  /** The site's plan slot by slot from now to the horizon (one slot from the greedy allocation). */
  readonly slots: readonly PlannedSlot[];
}
