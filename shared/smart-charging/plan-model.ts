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
  presenceBySlot,
  priceBySlot,
  siteLimitBySlot,
  type Slot,
} from './horizon';
import { LinearProgram, type Term } from './linear-program';
import { chargeNeed, DEFAULT_BATTERY_CAPACITY_WH } from './needs';
import { uncontrolledLoadW, type WorkPort } from './ports';
import { TAPER_END_FRACTION, TAPER_START_SOC } from './taper';
import type { AllocationInput, ExternalLimit, RateUnit } from './types';
import { ceilAmps } from './units';

/** Objective weights, per kWh. */
export const WEIGHTS = {
  /** Per kWh an override's port is short of its override. */
  override: 10_000,
  /** Per kWh of a known need (a departure with an ISO 15118 request or a SoC target) delivered. */
  knownNeed: 1_000,
  /** Per kWh of an assumed need (no departure, or beyond the horizon) delivered. */
  assumedNeed: 100,
  /** Per kWh delivered one hour from now, divided by the vehicle's laxity in hours. */
  earliness: 0.01,
  /** Per kWh in the first slot above the port's fair share of what the limits leave. */
  fairness: 0.00001,
} as const;
/** Most energy a vehicle may need, Wh: larger requests are clamped (an absurd 1 MWh cannot crowd out the others). */
export const MAX_NEED_WH = 300_000;
/** Slope of the taper per % SoC (as `./taper.ts`). */
const TAPER_SLOPE = (1 - TAPER_END_FRACTION) / (100 - TAPER_START_SOC);
/** Least laxity the earliness weight divides by, h (a vehicle already late counts as 15 min). */
const MIN_LAXITY_H = 0.25;

/** How a port takes part in the plan. */
export type PlanMode = 'uncontrolled' | 'released' | 'probing' | 'holding';

/** A port as the planner reads it: the allocation's work port and what the release rule decided. */
export interface PlanPort {
  readonly work: WorkPort;
  readonly mode: PlanMode;
  /** Whether its known need is met (it then has none left to plan). */
  readonly needMet: boolean;
}

/** One hard limit of the first slot: each port's coefficient and the room left for the ports. */
export interface HardLimit {
  readonly coefficients: readonly number[];
  readonly room: number;
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
}

/** W to kW. */
export const kW = (w: number) => w / 1000;

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
 * The energy a holding vehicle needs in the horizon, Wh, in two tiers: known (its departure and its
 * need are known; the share of the time to a departure beyond the horizon that the horizon covers)
 * and assumed (the rest; for a SoC-based need also the room above its target, since its battery is
 * estimated; without a departure its need to its default departure, or without one what it can
 * take until then, at most an 80 kWh battery). Clamped at what it can take in the horizon and at
 * {@link MAX_NEED_WH}.
 */
function needs(port: PlanPort, slots: readonly Slot[], presence: readonly number[], departure: number, now: number) {
  const { work } = port;
  const horizonEnd = slots.at(-1)!.end;
  const reachable = slots.reduce((sum, s, t) => sum + work.capW * s.hours * presence[t]!, 0);
  if (port.needMet) return { known: 0, assumed: 0 };
  if (work.need) {
    const need = Math.min(work.need.energyWh, MAX_NEED_WH, reachable);
    const share = departure > horizonEnd ? (horizonEnd - now) / (departure - now) : 1;
    const soc = work.need.soc;
    const headroom = soc ? ((100 - soc.toPercent) / 100) * soc.capacityWh : 0;
    return { known: need * share, assumed: Math.min(reachable, need * (1 - share) + headroom) };
  }
  const assumedNeed = chargeNeed(work.session, { time: departure, source: 'vehicle' }, work.capW)?.energyWh;
  return { known: 0, assumed: Math.min(reachable, MAX_NEED_WH, assumedNeed ?? DEFAULT_BATTERY_CAPACITY_WH) };
}

/**
 * Adds the taper rows of a vehicle with a SoC-based need, from the second slot: its power plus `a`
 * times the energy of the slots before stays within `b` (its acceptance falls linearly above 80 %
 * SoC). The energy before each slot is a column of its own, each the one before plus that slot's
 * energy, so that the rows stay sparse (two terms and a chain, not every earlier slot).
 */
function addTaper(
  lp: LinearProgram,
  port: WorkPort,
  cols: readonly number[],
  slots: readonly Slot[],
  presence: number[],
) {
  const soc = port.need?.soc;
  if (!soc) return;
  const maxKw = kW(port.need!.maxAcceptW);
  const a = (maxKw * TAPER_SLOPE * 100) / (soc.capacityWh / 1000);
  const b = maxKw * (1 - TAPER_SLOPE * (soc.fromPercent - TAPER_START_SOC));
  let energyBefore = -1;
  let most = 0;
  for (let t = 0; t < slots.length; t++) {
    if (cols[t]! < 0) continue;
    if (t > 0 && energyBefore >= 0 && b - a * most < kW(port.capW)) {
      lp.addRow(
        [
          [cols[t]!, 1],
          [energyBefore, a],
        ],
        -Infinity,
        b,
      );
    }
    const slotEnergy: Term = [cols[t]!, -slots[t]!.hours * presence[t]!];
    const next = lp.addColumn(0, 0, Infinity);
    lp.addRow([[next, 1], slotEnergy, ...(energyBefore >= 0 ? [[energyBefore, -1] as Term] : [])], 0, 0);
    energyBefore = next;
    most += kW(port.capW) * slots[t]!.hours * presence[t]!;
  }
}

/**
 * Fairness (the last priority): each holding port's first-slot power is split at its fair share,
 * the equal level (kW) up to its cap that the first slot's limits leave for all of them; power
 * above it costs {@link WEIGHTS}.fairness a kWh, so that when nothing else decides, all share alike.
 */
function addFairness(
  frame: Frame,
  ports: readonly PlanPort[],
  columns: readonly (readonly number[])[],
  limits: readonly HardLimit[],
): void {
  const { lp, slots } = frame;
  const sharing = ports.flatMap((p, i) => {
    const c = columns[i]![0]!;
    return c >= 0 && !overriding(p.work, slots[0]!.start) ? [{ i, c, cap: lp.upper(c) }] : [];
  });
  const used = (level: number) =>
    limits.every(
      ({ coefficients, room }) =>
        sharing.reduce((sum, s) => sum + coefficients[s.i]! * Math.min(s.cap, level), 0) <= room + 1e-9,
    );
  let [low, high] = [0, Math.max(0, ...sharing.map((s) => s.cap))];
  for (let k = 0; k < 50 && high - low > 1e-6; k++) {
    const mid = (low + high) / 2;
    if (used(mid)) low = mid;
    else high = mid;
  }
  for (const { c, cap } of sharing) {
    const fair = Math.min(cap, low);
    const within = lp.addColumn(0, 0, fair);
    const above = lp.addColumn(WEIGHTS.fairness * slots[0]!.hours, 0, Math.max(0, cap - fair));
    lp.addRow(
      [
        [c, 1],
        [within, -1],
        [above, -1],
      ],
      0,
      0,
    );
  }
}

/** What every port's columns are built from. */
interface Frame {
  readonly input: AllocationInput;
  readonly slots: readonly Slot[];
  readonly departures: readonly number[];
  readonly price?: readonly number[];
  readonly lp: LinearProgram;
  readonly floors: ReadonlyMap<number, number>;
}

/** A holding port's power columns (−1 where it is gone), with their bounds and costs. */
function powerColumns(frame: Frame, port: PlanPort, i: number, presence: readonly number[]): number[] {
  const { input, slots, departures, price, lp } = frame;
  const { work } = port;
  const { now } = input;
  const stayH = (departures[i]! - now) / 3_600_000;
  const laxityH = Math.max(MIN_LAXITY_H, stayH - (work.need?.energyWh ?? 0) / Math.max(1, work.capW));
  const external = externalLimitBySlot(slots, work.session.externalLimit);
  return slots.map((slot, t) => {
    if (port.mode !== 'holding' || presence[t]! <= 0) return -1;
    const held = overriding(work, slot.start);
    const capW = Math.min(held ? work.overrideW! : work.capW, external[t] ?? Infinity, work.session.maxPowerW);
    const hoursFromNow = ((slot.start + slot.end) / 2 - now) / 3_600_000;
    let objective = (WEIGHTS.earliness * hoursFromNow) / laxityH;
    if (price) objective += price[t]!;
    if (held) objective -= WEIGHTS.override;
    const floor = t === 0 ? Math.min(frame.floors.get(work.portId) ?? 0, capW) : 0;
    return lp.addColumn(objective * slot.hours * presence[t]!, kW(Math.max(0, floor)), Math.max(0, kW(capW)));
  });
}

/** Adds a holding port's energy tiers (rewarded), its bound on energy and its taper rows. */
function addEnergy(frame: Frame, port: PlanPort, i: number, cols: readonly number[], presence: number[]): void {
  const { slots, departures, input, lp } = frame;
  const { known, assumed } = needs(port, slots, presence, departures[i]!, input.now);
  const terms = cols.flatMap((c, t): Term[] => (c < 0 ? [] : [[c, slots[t]!.hours * presence[t]!]]));
  const y1 = lp.addColumn(-WEIGHTS.knownNeed, 0, kW(known));
  const y2 = lp.addColumn(-WEIGHTS.assumedNeed, 0, kW(assumed));
  lp.addRow([...terms, [y1, -1], [y2, -1]], 0, Infinity);
  lp.addRow(
    terms,
    -Infinity,
    kW(known + assumed + Math.max(port.work.minimumW, frame.floors.get(port.work.portId) ?? 0) * slots[0]!.hours),
  );
  addTaper(lp, port.work, cols, slots, presence);
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

/** The demand charge: a peak column ≥ every slot's total power, priced above the free level. */
function addDemandCharge(frame: Frame, ports: readonly PlanPort[], columns: readonly (readonly number[])[]): void {
  const { input, lp, slots } = frame;
  const charge = input.tariff?.demandChargePerKw ?? 0;
  if (charge <= 0) return;
  const free = Math.max(input.tariff?.peakSoFarW ?? 0, input.tariff?.expectedPeakW ?? 0);
  const peak = lp.addColumn(charge, kW(free), Infinity);
  const load = loadOf(ports, 'W');
  slots.forEach((_, t) => {
    const terms = ports.flatMap((_, i): Term[] => (columns[i]![t]! >= 0 ? [[columns[i]![t]!, 1]] : []));
    lp.addRow([...terms, [peak, -1]], -Infinity, -load);
  });
}

/**
 * Builds the program (see `./planner.ts` for what it optimises and why).
 * @param ports every session as a plan port, sorted by portId
 */
export function buildModel(
  input: AllocationInput,
  ports: readonly PlanPort[],
  floors: ReadonlyMap<number, number> = new Map(),
): Model {
  const { now } = input;
  const departures = ports.map((p) => plannedDeparture(p.work.session, now).time);
  const holding = ports.flatMap((p, i) => (p.mode === 'holding' ? [departures[i]!] : []));
  const slots = planSlots(input, Math.max(now, ...holding));
  const price = input.tariff ? priceBySlot(slots, input.tariff) : undefined;
  const frame: Frame = { input, slots, departures, ...(price ? { price } : {}), lp: new LinearProgram(), floors };
  const columns = ports.map((port, i) => {
    const presence = presenceBySlot(slots, departures[i]!);
    const cols = powerColumns(frame, port, i, presence);
    if (port.mode === 'holding') addEnergy(frame, port, i, cols, presence);
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
  addFairness(frame, ports, columns, limits0);
  addDemandCharge(frame, ports, columns);
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
  };
}
