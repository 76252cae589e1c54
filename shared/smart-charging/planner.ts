/**
 * The planner: one linear program over the horizon (`./horizon.ts`), solved with HiGHS, gives every
 * port its power slot by slot (spec §2.6 site power limits, §4.2 departures; ISO 15118 needs).
 *
 * Variables: the power of each controllable port in each slot it is there (kW; a port's share of a
 * slot after its vehicle leaves counts for nothing), the energy each vehicle gets by its departure
 * in three tiers (its share of its known need, the rest of its known need, its assumed need), and
 * for each vehicle the plan may make ready a binary that only `./ready.ts`'s MIP reads.
 * Constraints, in every slot:
 * - capacity (hard, in W or A): Σ ports ≤ limit − uncontrolled load;
 * - cost (soft, spec §2.6): the ports without an override stay within what the limit leaves after
 *   uncontrolled load and overrides, except that each vehicle may have its minimum: in the first
 *   slot exactly (the limit, or every charging vehicle at its minimum), later conservatively (the
 *   limit alone);
 * - whole-station external limits; each port's cap (maximum, vehicle, EVSE external limit) and
 *   override while it holds;
 * - the battery's taper (`./taper.ts`): above 80 % SoC the vehicle's acceptance falls with the
 *   energy it got in earlier slots (a linear bound);
 * - a vehicle gets no more energy than it needs (plus one first slot at its minimum).
 *
 * Objective, in this order of priority (weights far apart, {@link WEIGHTS}; docs/smart-charging.md
 * "What the plan optimises, in this order"):
 * 1. overrides reach their limit ({@link WEIGHTS}.override per kWh short);
 * 2. the EDF floor: a vehicle whose need is unknown (`needKnown` in `./needs.ts`) gets, in the first
 *    slot, what earliest-departure-first gives it (`./edf.ts`; {@link WEIGHTS}.unknownNeed per kWh
 *    short);
 * 3. vehicles ready: the most vehicles whose whole known need is met by their departure (chosen by
 *    `./ready.ts` after a first solve; their known need is then worth {@link WEIGHTS}.ready);
 * 4. energy by each departure: every known need's share first (a quarter of it over the session,
 *    {@link WEIGHTS}.share), then the rest of the known needs (an ISO 15118 request, a SoC target,
 *    or an estimate's energy, the driver's and the forecast's included: {@link WEIGHTS}.knownNeed),
 *    then the assumed need (a vehicle that told nothing: what it can take until its planned
 *    departure, at most an 80 kWh battery; a SoC-based vehicle: the room above its target, as the
 *    estimate of its battery may be short);
 * 5. energy cost (the tariff's price per kWh in each slot) plus the demand charge: each 15-minute
 *    interval's average above the billing period's peak so far, priced by the outlook of the rest
 *    of the period (`./demand-model.ts`);
 * 6. earlier delivery (it leaves room for vehicles that arrive later), the more so the sooner a
 *    vehicle leaves, so that among equal plans the earliest departure charges first, as EDF does;
 *    with a tariff, also a cost of deferral alike for every vehicle ({@link WEIGHTS}.deferral), so
 *    that a small price difference does not push the day's energy into the evening's arrivals;
 * 7. fairness: in the first slot, power above a port's fair share (the equal level, up to its cap,
 *    that the limits leave) costs a little, so that when nothing else decides, all share alike.
 * Probes of released vehicles (`./release.ts`) are not in the program: after the solve, each takes
 * its minimum in the first slot where every limit, the cost limit too, leaves room (earliest
 * departure first).
 *
 * The slot that is sent is held to two rules:
 * - **Robust departures.** A vehicle whose plan rests on readings or estimates (every need computed
 *   from a SoC against a target, whether its battery is known or not; a session with an estimate;
 *   a maximum power it never reported) gets at least what the greedy stages would give it for its
 *   departure (`departureFloors` in `./greedy.ts`: the least constant power that meets it 5 % early,
 *   for the vehicles Moore–Hodgson's rule can save together): the SoC and the vehicle's acceptance
 *   are readings, and an exact plan made on them, or on an estimate, can still fall short. A
 *   vehicle that reported its energy and its maximum over ISO 15118 is planned as it says.
 * - **The minimum-power rule.** After a first solve, a vehicle between 0 and its minimum is raised
 *   to its minimum where the hard limits leave room for the minimums of all that charge (the
 *   largest first), else set to 0; the second solve (warm-started from the first) keeps every
 *   vehicle at 0 or at least its minimum in the first slot.
 *
 * @module
 */
import { externalLimitBySlot, type Slot } from './horizon';
import type { PlanSolver } from './linear-program';
import { buildModel, coefficient, overriding, type Model, type PlanFloors, type PlanPort } from './plan-model';
import { byMinimumPriority } from './ports';
import { chooseReady } from './ready';
import type { AllocationInput } from './types';
import { kW } from './units';

export { MAX_NEED_WH, WEIGHTS, type PlanMode, type PlanPort } from './plan-model';

/** The share of the solve budget the choice of the vehicles made ready may take (`./ready.ts`). */
export const READY_BUDGET_SHARE = 0.4;

/** The planner's answer: each port's power in each slot, W (before rounding to whole watts). */
export interface Plan {
  readonly slots: readonly Slot[];
  /** By port, in the order of the ports given: W per slot. */
  readonly powerW: readonly (readonly number[])[];
  /** Per slot: capacity and cost limits in their units (null: none), and the price. */
  readonly capacity: readonly (number | null)[];
  readonly cost: readonly (number | null)[];
  readonly price?: readonly number[];
  /** Whether a hard limit (capacity, a station's) is used up in the first slot (tells `waiting` from deferred). */
  readonly shortOfPower: boolean;
}

/** A port's power in the first slot of a solution, kW (0 where it has no column). */
function firstSlotKw(model: Model, solution: Float64Array, i: number): number {
  const c = model.columns[i]![0]!;
  return c >= 0 ? solution[c]! : 0;
}

/**
 * Which vehicles charge in the first slot (the minimum-power rule): those the first solve put at
 * or above their minimum; of those between 0 and their minimum, the largest first, those whose
 * minimum still fits every hard limit beside the minimums of the others that charge (the second
 * solve moves power from those above their minimum to make room).
 * @returns per port: whether it charges in the first slot
 */
function chargingFirst(model: Model, first: Float64Array): boolean[] {
  const { ports, columns, hard0 } = model;
  const minimum = (i: number) => kW(ports[i]!.work.minimumW);
  const level = ports.map((_, i) => firstSlotKw(model, first, i));
  const on = ports.map((_, i) => columns[i]![0]! >= 0 && level[i]! >= minimum(i) - 1e-9 && level[i]! > 1e-9);
  const between = ports
    .map((_, i) => i)
    .filter((i) => columns[i]![0]! >= 0 && !on[i] && level[i]! > 1e-9)
    .sort((a, b) => level[b]! - level[a]! || ports[a]!.work.portId - ports[b]!.work.portId);
  const floors = (j: number) => (on[j] ? minimum(j) : 0);
  for (const i of between) {
    const fits = hard0.every(({ coefficients, room }) => {
      const used = ports.reduce((sum, _, j) => sum + coefficients[j]! * floors(j), 0);
      return used + coefficients[i]! * minimum(i) <= room + 1e-9;
    });
    if (fits) on[i] = true;
  }
  return on;
}

/**
 * Fixes the first slot for the second solve: a vehicle that charges gets at least its minimum, the
 * others 0; the cost row takes its exact rule (spec §2.6: the limit, or, when the minimums of the
 * vehicles that charge exceed what it leaves, each of them at its minimum).
 */
function fixFirstSlot(model: Model, on: readonly boolean[]): void {
  const { ports, columns, lp, slots, costRow0 } = model;
  ports.forEach((port, i) => {
    const c = columns[i]![0]!;
    if (c < 0) return;
    const { work } = port;
    const external = externalLimitBySlot(slots.slice(0, 1), work.session.externalLimit)[0];
    const cap = Math.min(overriding(work, slots[0]!.start) ? work.overrideW! : work.capW, external ?? Infinity);
    const floor = Math.max(work.minimumW, model.floors.get(work.portId) ?? 0);
    if (on[i]) lp.bound(c, Math.min(kW(floor), kW(cap)), kW(Math.min(cap, work.session.maxPowerW)));
    else lp.bound(c, 0, 0);
    if (model.allowances[i]! >= 0) lp.bound(model.allowances[i]!, 0, 0);
  });
  if (costRow0.row < 0) return;
  const minimums = ports.reduce((sum, p, i) => {
    const counts = on[i] && !overriding(p.work, slots[0]!.start);
    return counts ? sum + coefficient(costRow0.unit, p.work) * kW(p.work.minimumW) : sum;
  }, 0);
  lp.rowBound(costRow0.row, Math.max(costRow0.room, minimums) + 1e-9);
}

/**
 * Gives each probed vehicle its minimum in the first slot where every limit, the cost limit too,
 * leaves room for it, earliest departure first.
 */
function grantProbes(model: Model, powerW: number[][]): void {
  const limits = model.limits0;
  const used = limits.map(({ coefficients }) => powerW.reduce((sum, p, i) => sum + coefficients[i]! * kW(p[0]!), 0));
  const probing = model.ports
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => p.mode === 'probing')
    .sort((a, b) => byMinimumPriority(a.p.work, b.p.work));
  for (const { p, i } of probing) {
    const external = externalLimitBySlot(model.slots.slice(0, 1), p.work.session.externalLimit)[0];
    const grantW = Math.min(p.work.minimumW, external ?? Infinity);
    const fits = limits.every(({ coefficients, room }, r) => used[r]! + coefficients[i]! * kW(grantW) <= room + 1e-9);
    if (!fits || grantW <= 0) continue;
    limits.forEach(({ coefficients }, r) => {
      used[r] = used[r]! + coefficients[i]! * kW(grantW);
    });
    powerW[i]![0] = grantW;
  }
}

/**
 * Plans a site (see the module's documentation): two solves with HiGHS.
 * @param ports every session of the input as a plan port, sorted by portId
 * @param budgetMs the time the two solves may take together, ms
 * @throws SolveError when a solve does not end optimal or runs over the budget (the caller falls
 *   back to the greedy allocation)
 */
export function planSite(
  input: AllocationInput,
  ports: readonly PlanPort[],
  solver: PlanSolver,
  budgetMs: number,
  floors: PlanFloors = {},
): Plan {
  const model = buildModel(input, ports, floors);
  const started = performance.now();
  let solution: Float64Array;
  try {
    const left = () => budgetMs - (performance.now() - started);
    let first = model.lp.solve(solver, budgetMs);
    // Solved again only when the MIP chose someone: with nobody chosen, no cost changed.
    if (chooseReady(model, solver, left() * READY_BUDGET_SHARE, first)?.length) first = model.lp.solve(solver, left());
    fixFirstSlot(model, chargingFirst(model, first));
    solution = model.lp.solve(solver, left());
  } finally {
    model.lp.dispose();
  }
  // To the milliwatt: the solver's 1e-7 kW noise must not cost a whole watt when limits are rounded down.
  const powerW = model.columns.map((cols) =>
    cols.map((c) => (c < 0 ? 0 : Math.max(0, Math.round(solution[c]! * 1e6) / 1e3))),
  );
  grantProbes(model, powerW);
  const shortOfPower = model.hard0.some(({ coefficients, room }) => {
    const used = powerW.reduce((sum, p, i) => sum + coefficients[i]! * kW(p[0]!), 0);
    return used >= room - 1e-6;
  });
  const { slots, capacity, cost, price } = model;
  return { slots, powerW, capacity, cost, ...(price ? { price } : {}), shortOfPower };
}
