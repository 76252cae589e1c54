/**
 * The planner's linear program (`./planner.ts` solves it): its columns, rows and objective, built
 * from the site over the horizon. Units inside the program: kW and kWh (W limits scaled to kW),
 * A for amp limits.
 *
 * @module
 */
import {
  externalLimitBySlot,
  planSlots,
  plannedDeparture,
  plausibleDepartures,
  presenceBySlot,
  priceBySlot,
  siteLimitBySlot,
  type Slot,
} from './horizon';
import { LinearProgram, type Term } from './linear-program';
import { addDemandCharge } from './demand-model';
import { batteryCapacityOf, chargeNeed, DEFAULT_BATTERY_CAPACITY_WH } from './needs';
import { addFairness, addSoftFloors, addTaper, type HardLimit } from './plan-rows';
import { uncontrolledLoadW, type WorkPort } from './ports';
import type { ChargeNeed } from './taper';
import type { AllocationInput, ExternalLimit, RateUnit, SessionDemand } from './types';
import { ceilAmps, kW } from './units';

/** Objective weights, per kWh. */
export const WEIGHTS = {
  /** Per kWh an override's port is short of its override. */
  override: 10_000,
  /** Per kWh a vehicle whose need is unknown is short, in the first slot, of what earliest-departure-first gives it. */
  unknownNeed: 5_000,
  /** Per kWh of the known need of a vehicle the plan makes ready (`./ready.ts` chooses them). */
  ready: 3_000,
  /** Per kWh of a vehicle's share of its known need ({@link SHARE} of it over the session). */
  share: 2_000,
  /**
   * Per kWh of a known need delivered: a departure (told or estimated) with the energy `chargeNeed`
   * computes for it (`./needs.ts`): an ISO 15118 request, a SoC target, or an estimate's energy, the
   * driver's and the forecast's included. Wider than `needKnown`, which calls a driver's or a
   * forecast's energy unknown (for the EDF floor, `./edf.ts`): the plan still pays it in this tier.
   */
  knownNeed: 1_000,
  /** Per kWh of an assumed need (no departure, or beyond the horizon) delivered. */
  assumedNeed: 100,
  /** Per kWh delivered one hour from now, divided by the vehicle's time to departure in hours. */
  earliness: 0.01,
  /**
   * With a tariff, per kWh delivered one hour from now, every vehicle alike: the risk of deferring
   * energy to a cheaper hour. Vehicles still to arrive will need the power of that hour too, and
   * energy deferred to the start of a cheaper period (18:00 in TOU-EV-4's winter, 0.012 $/kWh less)
   * met the evening's arrivals there and raised the month's peak (Caltech October 2019: 42 kW
   * against 37 kW with it). A price difference pays for a deferral of (difference / this) hours at
   * most: TOU-EV-4's summer evening (0.174 $/kWh less than its afternoon) still pays for 5.8 h, its
   * winter one for 24 minutes. Alike for every vehicle, it does not change who charges first when
   * the site's power is all used.
   */
  deferral: 0.03,
  /** Per kWh in the first slot above the port's fair share of what the limits leave. */
  fairness: 0.00001,
} as const;
/**
 * The share of its known need over the session (energy delivered so far included) that a vehicle
 * the plan cannot make ready gets before any vehicle gets more than its own share, or a top-up.
 */
export const SHARE = 0.25;
/**
 * Most energy an estimated need (a driver's, a forecast's, the default) may be, Wh: larger ones are
 * clamped (an absurd 1 MWh cannot crowd out the others). A need the vehicle tells (its SoC, its ISO
 * 15118 request) is clamped by its own battery instead ({@link needCeilingWh}): a 600 kWh truck needs
 * more than this.
 */
export const MAX_NEED_WH = 300_000;
/** Least time to departure the earliness weight divides by, h (a vehicle already late counts as 15 min). */
const MIN_URGENCY_H = 0.25;

/** How a port takes part in the plan. */
export type PlanMode = 'uncontrolled' | 'released' | 'probing' | 'holding';

/** A port as the planner reads it: the allocation's work port and what the release rule decided. */
export interface PlanPort {
  readonly work: WorkPort;
  readonly mode: PlanMode;
  /** Whether its known need is met (it then has none left to plan). */
  readonly needMet: boolean;
}

/** A vehicle the plan may make ready: its binary column (for `./ready.ts`) and its need's tiers. */
export interface ReadyCandidate {
  /** Index of the port in `Model.ports`. */
  readonly port: number;
  /** Its binary: 1 = its known need is delivered by its departure. */
  readonly column: number;
  /** Its known need, kWh. */
  readonly needKwh: number;
  /** The columns of its share and of the rest of its known need (rewarded the more once chosen). */
  readonly tiers: readonly number[];
  /** Its power columns with the hours each counts for: the energy it gets is Σ power × hours, kWh. */
  readonly energy: readonly Term[];
}

/** Least power in the first slot by portId, W. */
export interface PlanFloors {
  /** Kept (bounds): the greedy's departure stage, for the vehicles whose plan rests on estimates. */
  readonly departure?: ReadonlyMap<number, number>;
  /** Sought (soft, {@link WEIGHTS}.unknownNeed): what earliest-departure-first gives a vehicle whose need is unknown. */
  readonly unknownNeed?: ReadonlyMap<number, number>;
}

/** The built program and what reading its solution needs. */
export interface Model {
  readonly slots: readonly Slot[];
  readonly ports: readonly PlanPort[];
  readonly lp: LinearProgram;
  /** Column of port i in slot t, or −1 where it has none (not holding, or gone). */
  readonly columns: readonly (readonly number[])[];
  /** Minimum-allowance columns of the first slot's cost row, by port (−1: none). */
  readonly allowances: readonly number[];
  /** The first slot's cost row (−1 without a cost limit), its unit and the room the limit leaves. */
  readonly costRow0: { readonly row: number; readonly unit: RateUnit; readonly room: number };
  /** Per slot: the site's capacity and cost limits in their units (null: none), and the price. */
  readonly capacity: readonly (number | null)[];
  readonly cost: readonly (number | null)[];
  readonly price?: readonly number[];
  /** The first slot's hard limits (capacity, stations). */
  readonly hard0: readonly HardLimit[];
  /** The first slot's limits, the cost limit too (strictly: without the minimums it lets through). */
  readonly limits0: readonly HardLimit[];
  /** Least power in the first slot by portId, W (the greedy's departure stage). */
  readonly floors: ReadonlyMap<number, number>;
  /** The vehicles the plan may make ready (departure within the horizon, need within reach). */
  readonly candidates: readonly ReadyCandidate[];
}

/** Coefficient of a port's kW in a limit's unit: 1 in W (limits scaled to kW), 1000 / (V × phases) in A. */
export function coefficient(unit: RateUnit, port: WorkPort): number {
  return unit === 'W' ? 1 : 1000 / port.wattsPerAmp;
}

/** An uncontrolled port's load in a limit's unit (kW, or A rounded up as the result shows it). */
function uncontrolledLoad(unit: RateUnit, port: WorkPort): number {
  const loadW = Math.ceil(uncontrolledLoadW(port.session));
  return unit === 'W' ? kW(loadW) : ceilAmps(loadW / port.wattsPerAmp);
}

/** Σ of the uncontrolled load in a limit's unit, of the ports `which` picks. */
function loadOf(ports: readonly PlanPort[], unit: RateUnit, which: (p: PlanPort) => boolean = () => true): number {
  return ports
    .filter((p) => p.mode === 'uncontrolled' && which(p))
    .reduce((sum, p) => sum + uncontrolledLoad(unit, p.work), 0);
}

/** A limit in the unit the rows use (kW for W limits, A for A limits). */
const scaled = (unit: RateUnit, limit: number) => (unit === 'W' ? kW(limit) : limit);

/** Whether the port's override holds in a slot starting at `start`. */
export function overriding(port: WorkPort, start: number): boolean {
  return port.overrideW !== undefined && start < port.session.override!.expiresAt;
}

/**
 * The energy a holding vehicle needs in the horizon, Wh, in two tiers: known (it has a departure and
 * a need, told or estimated, {@link WEIGHTS}.knownNeed; the share of the time to a departure beyond
 * the horizon that the horizon covers; `share`: the part of it up to {@link SHARE} of the need over
 * the session, what it got counted) and assumed (the rest; for a SoC-based need also the room above
 * its target, since its battery is estimated; without a departure its need to its default
 * departure, or without one what it can take until then, at most an 80 kWh battery). Clamped at
 * what it can take in the horizon and at {@link needCeilingWh}. `readyCandidate`: whether the plan
 * may make it ready (`./ready.ts`: its departure within the horizon, its whole need within reach).
 */
function needs(port: PlanPort, slots: readonly Slot[], presence: readonly number[], departure: number, now: number) {
  const { work } = port;
  const horizonEnd = slots.at(-1)!.end;
  const reachable = slots.reduce((sum, s, t) => sum + work.capW * s.hours * presence[t]!, 0);
  if (port.needMet) return { known: 0, assumed: 0, share: 0, readyCandidate: false };
  if (work.need) {
    const ceiling = Math.min(needCeilingWh(work.session, work.need), reachable);
    const need = Math.min(work.need.energyWh, ceiling);
    const inHorizon = departure <= horizonEnd ? 1 : (horizonEnd - now) / (departure - now);
    const soc = work.need.soc;
    const headroom = soc ? ((100 - soc.toPercent) / 100) * soc.capacityWh : 0;
    const delivered = work.session.energyDeliveredWh;
    const known = need * inHorizon;
    const share = Math.min(known, Math.max(0, SHARE * (delivered + work.need.energyWh) - delivered));
    // Ready by its departure: within the horizon, and the whole need within its reach.
    const ready = inHorizon === 1 && work.need.energyWh <= ceiling * (1 - 1e-9);
    return { known, assumed: Math.min(reachable, need * (1 - inHorizon) + headroom), share, readyCandidate: ready };
  }
  const assumedNeed = chargeNeed(work.session, { time: departure, source: 'vehicle' }, work.capW)?.energyWh;
  const assumed = Math.min(reachable, MAX_NEED_WH, assumedNeed ?? DEFAULT_BATTERY_CAPACITY_WH);
  return { known: 0, assumed, share: 0, readyCandidate: false };
}

/**
 * The most energy a vehicle's need may count, Wh, before what it can take in the horizon: a SoC-based
 * need its battery's capacity (the need is within it already); an ISO 15118 request its battery's
 * capacity when known (given, learnt or estimated from the session), else no ceiling; an estimate's
 * energy (the driver's, the forecast's, the default) {@link MAX_NEED_WH}.
 */
function needCeilingWh(session: SessionDemand, need: ChargeNeed): number {
  if (need.soc) return need.soc.capacityWh;
  // Without a SoC-based need, `chargeNeed` used the request whenever there is one.
  if (session.evNeeds?.energyAmountWh === undefined) return MAX_NEED_WH;
  const capacity = batteryCapacityOf(session);
  return capacity.source === 'default' ? Infinity : capacity.wh;
}

/** What every port's columns are built from. */
interface Frame {
  readonly input: AllocationInput;
  readonly slots: readonly Slot[];
  readonly departures: readonly number[];
  readonly price?: readonly number[];
  readonly lp: LinearProgram;
  readonly floors: ReadonlyMap<number, number>;
  readonly unknownFloors: ReadonlyMap<number, number>;
}

/**
 * The hours the earliness weight divides by: the time to the vehicle's departure (at least
 * {@link MIN_URGENCY_H}). Among plans equal in every goal above it, the earliest departure charges
 * first, as earliest-departure-first does: it serves more sessions fully than ranking by laxity
 * (Caltech October 2019 at 20 kW: 800 sessions against 760, energy 83.09 % against 83.16 %).
 */
function urgencyHours(departure: number, now: number): number {
  return Math.max(MIN_URGENCY_H, (departure - now) / 3_600_000);
}

/** A holding port's power columns (−1 where it is gone), with their bounds and costs. */
function powerColumns(frame: Frame, port: PlanPort, i: number, presence: readonly number[]): number[] {
  const { input, slots, departures, price, lp } = frame;
  const { work } = port;
  const { now } = input;
  const urgencyH = urgencyHours(departures[i]!, now);
  const external = externalLimitBySlot(slots, work.session.externalLimit);
  return slots.map((slot, t) => {
    if (port.mode !== 'holding' || presence[t]! <= 0) return -1;
    const held = overriding(work, slot.start);
    const capW = Math.min(held ? work.overrideW! : work.capW, external[t] ?? Infinity, work.session.maxPowerW);
    const hoursFromNow = ((slot.start + slot.end) / 2 - now) / 3_600_000;
    let objective = (WEIGHTS.earliness * hoursFromNow) / urgencyH;
    if (price) objective += price[t]! + WEIGHTS.deferral * hoursFromNow;
    if (held) objective -= WEIGHTS.override;
    const floor = t === 0 ? Math.min(frame.floors.get(work.portId) ?? 0, capW) : 0;
    return lp.addColumn(objective * slot.hours * presence[t]!, kW(Math.max(0, floor)), Math.max(0, kW(capW)));
  });
}

/**
 * Adds a holding port's energy tiers (rewarded: its share of its known need, the rest of it, its
 * assumed need), its bound on energy and its taper rows; and, when the plan may make it ready, its
 * binary (delivered ≥ need × binary), which only `./ready.ts`'s MIP reads.
 */
function addEnergy(
  frame: Frame,
  port: PlanPort,
  i: number,
  cols: readonly number[],
  presence: number[],
): ReadyCandidate | undefined {
  const { slots, departures, input, lp } = frame;
  const { known, assumed, share, readyCandidate } = needs(port, slots, presence, departures[i]!, input.now);
  const terms = cols.flatMap((c, t): Term[] => (c < 0 ? [] : [[c, slots[t]!.hours * presence[t]!]]));
  const y0 = lp.addColumn(-WEIGHTS.share, 0, kW(share));
  const y1 = lp.addColumn(-WEIGHTS.knownNeed, 0, kW(known - share));
  const y2 = lp.addColumn(-WEIGHTS.assumedNeed, 0, kW(assumed));
  lp.addRow([...terms, [y0, -1], [y1, -1], [y2, -1]], 0, Infinity);
  lp.addRow(
    terms,
    -Infinity,
    kW(
      known +
        assumed +
        Math.max(
          port.work.minimumW,
          frame.floors.get(port.work.portId) ?? 0,
          frame.unknownFloors.get(port.work.portId) ?? 0,
        ) *
          slots[0]!.hours,
    ),
  );
  addTaper(lp, port.work, cols, slots, presence);
  if (!readyCandidate || known <= 0) return undefined;
  const column = lp.addColumn(0, 0, 1);
  lp.addRow([...terms, [column, -kW(known)]], 0, Infinity);
  return { port: i, column, needKwh: kW(known), tiers: [y0, y1], energy: terms };
}

/** Adds one hard row per slot with a limit: Σ coefficient × port ≤ room. */
function addHardRows(
  frame: Frame,
  columns: readonly (readonly number[])[],
  coefficients: readonly number[],
  roomBySlot: readonly (number | null)[],
  hard0: HardLimit[],
): void {
  roomBySlot.forEach((room, t) => {
    if (room === null) return;
    const terms = coefficients.flatMap((c, i): Term[] => (columns[i]![t]! >= 0 ? [[columns[i]![t]!, c]] : []));
    frame.lp.addRow(terms, -Infinity, room);
    if (t === 0) hard0.push({ coefficients, room });
  });
}

/** Capacity rows (in the limit's unit) and whole-station external limit rows (W). */
function addHardLimits(
  frame: Frame,
  ports: readonly PlanPort[],
  columns: readonly (readonly number[])[],
  capacity: readonly (number | null)[],
): HardLimit[] {
  const hard0: HardLimit[] = [];
  const unit = frame.input.limits.capacity?.unit ?? 'W';
  const load = loadOf(ports, unit);
  const rooms = capacity.map((limit) => (limit === null ? null : Math.max(0, scaled(unit, limit) - load)));
  const coefficients = ports.map((p) => coefficient(unit, p.work));
  addHardRows(frame, columns, coefficients, rooms, hard0);
  const byCharger = new Map<number, ExternalLimit[]>();
  for (const { chargerId, limit } of frame.input.chargerLimits ?? []) {
    byCharger.set(chargerId, [...(byCharger.get(chargerId) ?? []), limit]);
  }
  for (const [chargerId, limits] of [...byCharger].sort((a, b) => a[0] - b[0])) {
    const bySlot = limits.map((l) => externalLimitBySlot(frame.slots, l));
    const stationLoad = loadOf(ports, 'W', (p) => p.work.chargerId === chargerId);
    const stationRooms = frame.slots.map((_, t) => {
      const values = bySlot.map((v) => v[t]).filter((v): v is number => v !== null && v !== undefined);
      return values.length === 0 ? null : Math.max(0, kW(Math.min(...values)) - stationLoad);
    });
    const members = ports.map((p) => (p.work.chargerId === chargerId ? 1 : 0));
    addHardRows(frame, columns, members, stationRooms, hard0);
  }
  return hard0;
}

/**
 * Cost rows (spec §2.6): in each slot the ports without an override stay within the limit less
 * uncontrolled load and overrides; in the first slot each may also have its minimum (an allowance
 * column ≤ its minimum and ≤ its power), which `./planner.ts` then fixes to the exact rule.
 */
function addCostRows(
  frame: Frame,
  ports: readonly PlanPort[],
  columns: readonly (readonly number[])[],
  cost: readonly (number | null)[],
  allowances: number[],
): Model['costRow0'] {
  const unit = frame.input.limits.cost?.unit ?? 'W';
  const { lp, slots } = frame;
  const load = loadOf(ports, unit);
  let first: Model['costRow0'] = { row: -1, unit, room: 0 };
  slots.forEach((slot, t) => {
    const limit = cost[t];
    if (limit === null || limit === undefined) return;
    const held = ports.filter((p, i) => overriding(p.work, slot.start) && columns[i]![t]! >= 0);
    const overrides = held.reduce((sum, p) => sum + coefficient(unit, p.work) * kW(p.work.overrideW!), 0);
    const room = Math.max(0, scaled(unit, limit) - load - overrides);
    const terms: Term[] = [];
    ports.forEach((p, i) => {
      const c = columns[i]![t]!;
      if (c < 0 || overriding(p.work, slot.start)) return;
      const k = coefficient(unit, p.work);
      terms.push([c, k]);
      if (t > 0) return;
      const z = lp.addColumn(0, 0, kW(p.work.minimumW));
      lp.addRow(
        [
          [z, 1],
          [c, -1],
        ],
        -Infinity,
        0,
      );
      terms.push([z, -k]);
      allowances[i] = z;
    });
    if (t === 0) first = { row: lp.rows, unit, room };
    lp.addRow(terms, -Infinity, room);
  });
  return first;
}

/**
 * Builds the program (see `./planner.ts` for what it optimises and why).
 * @param ports every session as a plan port, sorted by portId
 */
export function buildModel(input: AllocationInput, ports: readonly PlanPort[], given: PlanFloors = {}): Model {
  const floors = given.departure ?? new Map<number, number>();
  const { now } = input;
  const departures = ports.map((p) => plannedDeparture(p.work.session, now).time);
  const plausible = ports.map((p) => plausibleDepartures(p.work.session, now));
  const holding = ports.flatMap((p, i) => (p.mode === 'holding' ? [Math.max(...plausible[i]!)] : []));
  const slots = planSlots(input, Math.max(now, ...holding));
  const price = input.tariff ? priceBySlot(slots, input.tariff) : undefined;
  const unknown = given.unknownNeed ?? new Map<number, number>();
  const lp = new LinearProgram();
  const frame: Frame = { input, slots, departures, ...(price ? { price } : {}), lp, floors, unknownFloors: unknown };
  const candidates: ReadyCandidate[] = [];
  const presences = plausible.map((list) => presenceBySlot(slots, list));
  const columns = ports.map((port, i) => {
    const presence = presences[i]!;
    const cols = powerColumns(frame, port, i, presence);
    const candidate = port.mode === 'holding' ? addEnergy(frame, port, i, cols, presence) : undefined;
    if (candidate) candidates.push(candidate);
    return cols;
  });
  const capacity = siteLimitBySlot(slots, input.limits.capacity, input.limitsAhead?.capacity);
  const cost = siteLimitBySlot(slots, input.limits.cost, input.limitsAhead?.cost);
  const hard0 = addHardLimits(frame, ports, columns, capacity);
  const allowances = ports.map(() => -1);
  const costRow0 = addCostRows(frame, ports, columns, cost, allowances);
  const costLimit0 =
    costRow0.row < 0
      ? []
      : [
          {
            coefficients: ports.map((p) =>
              overriding(p.work, slots[0]!.start) ? 0 : coefficient(costRow0.unit, p.work),
            ),
            room: costRow0.room,
          },
        ];
  const limits0 = [...hard0, ...costLimit0];
  const held = ports.map((p) => overriding(p.work, slots[0]!.start));
  addFairness(frame.lp, slots[0]!, held, columns, limits0, WEIGHTS.fairness);
  // In earliest-departure-first's order (`unknown`'s): the earlier departure's floor is held first.
  const index = new Map(ports.map((p, i) => [p.work.portId, i]));
  const soft = new Map(
    [...unknown].flatMap(([portId, floorW]) => (index.has(portId) ? [[index.get(portId)!, floorW]] : [])),
  );
  addSoftFloors(frame.lp, slots[0]!, columns, soft, WEIGHTS.unknownNeed);
  const energyTerms = slots.map((_, t) =>
    columns.flatMap((cols, i): Term[] => (cols[t]! >= 0 ? [[cols[t]!, presences[i]![t]!]] : [])),
  );
  addDemandCharge(frame.lp, input.tariff, slots, energyTerms, loadOf(ports, 'W'));
  return {
    slots,
    ports,
    lp: frame.lp,
    columns,
    allowances,
    costRow0,
    capacity,
    cost,
    ...(price ? { price } : {}),
    hard0,
    limits0,
    floors,
    candidates,
  };
}
