/**
 * A vehicle whose need is unknown is never ranked behind the others for it (docs/smart-charging.md,
 * "What the plan knows"): in the slot that is sent, it gets at least what earliest-departure-first
 * would give it. The planner reads a guessed need (a forecast, the default battery) as it reads a
 * told one, and an exact plan on a wrong guess can leave the vehicle with nothing while it has
 * time to spare on paper; earliest-departure-first needs no need to be right.
 *
 * The rule, as acnportal's `earliest_deadline_first` runs it at one instant: the vehicles that hold
 * power (not released, not probed; overrides and uncontrolled load counted first), in order of
 * their departure (then first come, then portId), a vehicle without one (not even an estimate:
 * only the default dwell, which may have passed) last, as EDF ranks an unknown deadline, each get
 * the most they can take (their cap, or what their need, guessed or not, takes in 5 minutes: the
 * shortest first slot) that every limit (the cost limit too) still leaves. What it gives the
 * vehicles with an unknown need and a departure (told or estimated) is their floor. A vehicle with
 * neither has no floor: EDF has nothing to rank it by (its default dwell is no departure), so
 * among such vehicles the plan's fair share decides.
 *
 * @module
 */
import { consume, consumeLoad, headroomW, siteBudgets, type Budget } from './budgets';
import { MIN_FIRST_SLOT_MS, plannedDeparture } from './horizon';
import { activeOverrideW, byMinimumPriority, uncontrolledLoadW, type WorkPort } from './ports';
import { needKnown } from './needs';
import type { AllocationInput, SessionDemand } from './types';

/** Whether a vehicle's first slot is held by earliest-departure-first: its need is unknown and it has a departure (told or estimated). */
function rankedByDeparture(session: SessionDemand, now: number): boolean {
  return !needKnown(session) && plannedDeparture(session, now).known;
}

/**
 * What earliest-departure-first gives each holding vehicle whose need is unknown, W.
 * @param ports fresh work ports of the input, sorted by portId, released and probed ones marked
 * @returns W by portId, for the vehicles with an unknown need that it gives power
 */
export function edfFloors(input: AllocationInput, ports: readonly WorkPort[]): Map<number, number> {
  const firstSlotHours = MIN_FIRST_SLOT_MS / 3_600_000;
  const budgets = budgetsBeside(input, ports);
  const queue = edfQueue(input, ports);
  const reserved = reserveMinimums(input, budgets, queue);
  const floors = new Map<number, number>();
  for (const p of queue) {
    const wanted = Math.min(p.capW, p.need ? p.need.energyWh / firstSlotHours : Infinity);
    const grant = Math.max(0, Math.min(wanted - reserved(p), headroomW(budgets, p).headroomW));
    if (grant > 0) consume(budgets, p, grant);
    const floor = reserved(p) + Math.max(0, grant);
    if (floor > 0 && rankedByDeparture(p.session, input.now)) floors.set(p.portId, floor);
  }
  return floors;
}

/**
 * Under a cost limit, every vehicle's minimum first, as the plan gives it (spec §2.6: the cost
 * limit is exceeded for the minimums of the vehicles plugged in), when they all fit the hard
 * limits; earliest-departure-first then shares what the cost limit leaves. Without it the floors
 * summed to the cost limit and the minimums came on top, taken from whichever floor the solver chose.
 * @returns what was reserved for a port, W
 */
function reserveMinimums(
  input: AllocationInput,
  budgets: Budget[],
  queue: readonly WorkPort[],
): (p: WorkPort) => number {
  const none = () => 0;
  if (!input.limits.cost) return none;
  const hard = budgets.filter((b) => b.hard).map((b) => ({ ...b }));
  for (const p of queue) {
    if (headroomW(hard, p).headroomW < p.minimumW) return none;
    consume(hard, { ...p }, p.minimumW);
  }
  for (const p of queue) consume(budgets, p, p.minimumW);
  return (p) => p.minimumW;
}

/** The site's budgets less uncontrolled load and overrides (they come first). */
function budgetsBeside(input: AllocationInput, ports: readonly WorkPort[]): Budget[] {
  const budgets = siteBudgets(input);
  for (const p of ports) {
    if (p.state === 'uncontrolled') consumeLoad(budgets, p, uncontrolledLoadW(p.session));
    const override = activeOverrideW(p.session, input.now);
    if (p.state === 'active' && override !== undefined) consume(budgets, p, override);
  }
  return budgets;
}

/**
 * The vehicles that hold power (not released, probed or overridden) in earliest-departure-first's
 * order, which is spec §2.6's order for minimums ({@link byMinimumPriority}): by departure as told
 * or estimated (none last; two departures within the plan's shortest first slot still rank apart),
 * then first come, then portId.
 */
function edfQueue(input: AllocationInput, ports: readonly WorkPort[]): WorkPort[] {
  return ports
    .filter((p) => p.state === 'active' && activeOverrideW(p.session, input.now) === undefined)
    .sort(byMinimumPriority);
}

/**
 * The greedy's departure floors (hard, `departureFloors`), each cut to what the limits leave it
 * after the vehicles leaving before it have their floors (the EDF floor of an unknown need, or
 * their own departure floor): a departure floor rests on a guessed need (a SoC and the default
 * battery) and ranked a van leaving in 12 minutes before one leaving in 7 (17.3 kW against its
 * minimum, under 30 kW). Unchanged when no vehicle has an EDF floor.
 * @param departure the departure floors, W by portId
 * @param unknown the EDF floors ({@link edfFloors}), W by portId
 * @returns the departure floors kept, W by portId
 */
export function yieldToEarlier(
  input: AllocationInput,
  ports: readonly WorkPort[],
  departure: ReadonlyMap<number, number>,
  unknown: ReadonlyMap<number, number>,
): Map<number, number> {
  if (unknown.size === 0 || departure.size === 0) return new Map(departure);
  const budgets = budgetsBeside(input, ports);
  const queue = edfQueue(input, ports);
  const reserved = reserveMinimums(input, budgets, queue);
  const kept = new Map<number, number>();
  for (const p of queue) {
    const wanted = Math.max(unknown.get(p.portId) ?? 0, departure.get(p.portId) ?? 0);
    const more = Math.max(0, Math.min(wanted - reserved(p), headroomW(budgets, p).headroomW));
    if (more > 0) consume(budgets, p, more);
    const floor = departure.get(p.portId);
    if (floor !== undefined) kept.set(p.portId, Math.min(floor, reserved(p) + more));
  }
  return kept;
}
