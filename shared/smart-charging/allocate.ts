/**
 * The smart-charging allocation of one site (spec §2.6 site power limits, §4.2 departures; ISO
 * 15118 needs; OCPP 2.0.1 external limits): a pure function from the site now (and what is known
 * of its next hours) to each port's limit now and its plan.
 *
 * 1. Every session goes through the release rule (`./release.ts`): a vehicle whose need is met or
 *    that does not draw gets 0 W and is probed now and then.
 * 2. With a solver, the planner (`./planner.ts`) solves one linear program over the horizon
 *    (`./horizon.ts`), in this order: overrides, the EDF floor of a vehicle whose need is unknown
 *    (`./edf.ts`), vehicles ready by their departure (`./ready.ts`), energy by each departure (each
 *    known need's share, then the known needs, then the assumed ones), energy cost and demand
 *    charge, earlier delivery, fairness (docs/smart-charging.md "What the plan optimises").
 * 3. Without a solver, with no vehicle to plan (no sessions, or every one released or
 *    uncontrolled), or when a solve fails or runs over its budget, the greedy stages
 *    (`./greedy.ts`) allocate this instant alone (`planner: 'greedy'`; `fallbackReason` only for
 *    a failed or overlong solve). Vehicles all probed (a model without columns) are a plan:
 *    `planner: 'optimal'`.
 *
 * @module
 */
import { edfFloors, yieldToEarlier } from './edf';
import { drawObserved } from './estimates';
import { knownSource } from './needs';
import { allocateGreedy, departureFloors } from './greedy';
import { withOutlook } from './eta';
import { changeInstants, externalLimitBySlot, inputAt, MAX_HORIZON_MS, SLOT_MS } from './horizon';
import { heldLimitDelivers, lateVehicles, type Delivered } from './late';
import type { PlanSolver } from './linear-program';
import { planSite, type Plan, type PlanMode, type PlanPort } from './planner';
import { uncontrolledLoadW, workPorts, type WorkPort } from './ports';
import { DRAWN_BEFORE_WH, NEED_MET_WH, nextReleaseState } from './release';
import { reasonOf, toResult, type PortOutcome, type SlotFrame } from './result';
import type {
  AllocationInput,
  AllocationReason,
  AllocationResult,
  RateUnit,
  ReleaseState,
  SessionDemand,
} from './types';
import { siteUnit } from './units';
import { validateInput } from './validate';

/** How `allocateSite` plans. */
export interface AllocationOptions {
  /**
   * The loaded HiGHS solver (`loadPlanSolver()`): with it the allocation plans over the horizon;
   * without it, the greedy allocation of this instant.
   */
  readonly solver?: PlanSolver;
  /** Time the planner's two solves may take together, ms; over it, the greedy allocation. @default 5000 */
  readonly solveBudgetMs?: number;
}

/** Default time budget of the two solves, ms (a cold process's first solve of a 200-port site takes about 3 s). */
export const SOLVE_BUDGET_MS = 5000;
/** Tolerance for "at its cap" and "at its minimum", W. */
const AT_W = 0.5;

/**
 * Whether the vehicle's known need is delivered, read as `chargeNeed` reads it: the SoC target of
 * its API departure when its SoC is known; else its ISO 15118 energy request (counted from when it
 * asked); else, with a SoC, a full battery (100 %); else an estimated energy (the driver's, the
 * forecast's) once the vehicle stops drawing while allowed its minimum (`drawObserved`). A vehicle
 * that reports neither an energy request nor a SoC, and has no estimated energy, never has its need met.
 */
export function needMet(session: SessionDemand): boolean {
  const soc = session.socPercent;
  if (session.departure && soc !== undefined) return soc >= session.departure.targetSoc;
  const requested = session.evNeeds?.energyAmountWh;
  if (requested !== undefined) {
    const since = session.energyDeliveredWh - (session.evNeeds?.deliveredAtRequestWh ?? 0);
    return since >= requested - NEED_MET_WH;
  }
  // An estimated need (a driver's, a forecast's) whose vehicle stopped drawing while allowed its
  // minimum: full as far as anyone can tell, released at once (a probe finds it if it wakes up).
  // Only once it has drawn: a vehicle just plugged in may read 0 W while it wakes and negotiates,
  // and keeps the idle rule's wait.
  const estimated = session.estimate;
  if (
    soc === undefined &&
    estimated?.energyWh !== undefined &&
    !knownSource(estimated.energySource) &&
    session.energyDeliveredWh >= DRAWN_BEFORE_WH &&
    drawObserved(session) === false
  )
    return true;
  return soc !== undefined && soc >= 100;
}

/** Applies the release rule to a work port: its state for the stages and the state to carry on. */
function release(port: WorkPort, now: number): { mode: PlanMode; met: boolean; state: ReleaseState } {
  const met = needMet(port.session);
  if (port.state === 'uncontrolled')
    return { mode: 'uncontrolled', met, state: port.session.release ?? { state: 'holding' } };
  const state = nextReleaseState(port.session, met, now);
  const mode = state.state === 'holding' ? 'holding' : state.state;
  if (mode !== 'holding') port.state = mode;
  return { mode, met: met && !state.awake, state };
}

/** Most later instants the greedy allocation is run again at, for its plan. */
const GREEDY_CHANGES = 16;

/**
 * The greedy allocation's plan after now: run again at each instant within the horizon where a
 * limit changes or an override expires (at most {@link GREEDY_CHANGES}), so that what a charger is
 * sent never outlasts a limit it respected.
 * @param ports the work ports of now (their states are kept)
 * @returns the power of each port (in `ports`' order) from each instant on, W
 */
function greedyLater(input: AllocationInput, ports: readonly WorkPort[], unit: RateUnit) {
  const instants = [...new Set(changeInstants(input))]
    .filter((t) => t > input.now && t < input.now + MAX_HORIZON_MS)
    .sort((a, b) => a - b)
    .slice(0, GREEDY_CHANGES);
  return instants.map((at) => {
    const then = inputAt(input, at);
    const later = workPorts(then);
    later.forEach((p, i) => {
      p.state = ports[i]!.state === 'waiting' || ports[i]!.state === 'active' ? p.state : ports[i]!.state;
    });
    allocateGreedy(then, later, unit);
    return { at, powerW: later.map((p) => (p.state === 'released' || p.state === 'waiting' ? 0 : p.limitW)) };
  });
}

/** Fresh work ports of the input with the release rule's states (for a stage run on the side). */
function markedPorts(input: AllocationInput, modes: readonly PlanMode[]): WorkPort[] {
  const ports = workPorts(input);
  ports.forEach((p, i) => {
    if (modes[i] === 'released' || modes[i] === 'probing') p.state = modes[i]!;
  });
  return ports;
}

/**
 * The greedy's departure stage on a copy of the ports (`departureFloors`), for the vehicles whose
 * plan rests on readings or estimates: every need computed from a SoC against a target (the battery
 * known or not: the SoC and the vehicle's acceptance are readings, and a plan made exactly on them
 * can still fall short), a session with an estimate, or a maximum power the vehicle never reported.
 */
function greedyFloors(input: AllocationInput, modes: readonly PlanMode[], unit: RateUnit): Map<number, number> {
  const ports = markedPorts(input, modes);
  const floors = departureFloors(input, ports, unit);
  const estimated = new Set(
    ports
      .filter(
        (p) =>
          p.need?.soc !== undefined || p.session.estimate !== undefined || p.session.evNeeds?.maxPowerW === undefined,
      )
      .map((p) => p.portId),
  );
  return new Map([...floors].filter(([portId]) => estimated.has(portId)));
}

/** The reason of a planned port's limit now. */
function planReason(p: PlanPort, powerW: number, plan: Plan): AllocationReason {
  const { work } = p;
  if (p.mode === 'uncontrolled') return 'uncontrolled';
  if (p.mode === 'released') return 'released';
  if (p.mode === 'probing') return powerW > 0 ? 'probing' : 'released';
  if (work.overrideW !== undefined) return 'override';
  const external = externalLimitBySlot(plan.slots.slice(0, 1), work.session.externalLimit)[0];
  if (powerW <= 0) return plan.shortOfPower ? 'waiting' : 'planned';
  if (external !== null && external !== undefined && powerW >= external - AT_W) return 'external';
  if (powerW >= work.capW - AT_W) return work.capReason;
  if (Math.abs(powerW - work.minimumW) <= AT_W) return 'minimum';
  return 'planned';
}

/** What the plan delivers to a vehicle by its departure. */
function planDelivers(plan: Plan, ports: readonly WorkPort[]): (p: WorkPort) => Delivered {
  return (p) => {
    const i = ports.indexOf(p);
    const departure = p.departure!.time;
    const energyWh = plan.slots.reduce((sum, s, t) => {
      const hours = Math.max(0, Math.min(s.end, departure) - s.start) / 3_600_000;
      return sum + plan.powerW[i]![t]! * hours;
    }, 0);
    const beyond = Math.max(0, departure - plan.slots.at(-1)!.end) / 3_600_000;
    const need = p.need!;
    const total = Math.min(need.energyWh, energyWh + beyond * Math.min(p.capW, need.maxAcceptW));
    if (!need.soc) return { energyWh: total };
    return { energyWh: total, socPercent: need.soc.fromPercent + (total / need.soc.capacityWh) * 100 };
  };
}

/** The planner's outcome per port. */
function plannedOutcomes(ports: readonly PlanPort[], plan: Plan, states: readonly ReleaseState[]): PortOutcome[] {
  return ports.map((p, i) => {
    const { work } = p;
    const uncontrolled = uncontrolledLoadW(work.session);
    const periods =
      p.mode === 'uncontrolled'
        ? [{ start: plan.slots[0]!.start, powerW: uncontrolled }]
        : plan.slots.map((s, t) => ({ start: s.start, powerW: plan.powerW[i]![t]! }));
    return { port: work, periods, reason: planReason(p, plan.powerW[i]![0]!, plan), release: states[i]! };
  });
}

/** The slots of a plan, with their limits and prices. */
function planFrames(plan: Plan): SlotFrame[] {
  return plan.slots.map((s, t) => ({
    start: s.start,
    end: s.end,
    ...(plan.capacity[t] !== null ? { capacity: plan.capacity[t]! } : {}),
    ...(plan.cost[t] !== null ? { cost: plan.cost[t]! } : {}),
    ...(plan.price ? { pricePerKwh: Math.round(plan.price[t]! * 1e6) / 1e6 } : {}),
  }));
}

/**
 * Allocates a site's power to its ports (spec §2.6, §4.2; ISO 15118 needs; OCPP 2.0.1 external
 * limits). Pure: the same input and options give the same output, and permuting `sessions` permutes
 * `ports` only. See the module's documentation.
 * @param given the site now, with what is known of its next hours (optional fields); a scheduled
 *   change of a limit at or before `now` counts as in force now
 * @param options the solver and its budget; without a solver, the greedy allocation
 * @returns one limit and plan per session (input order), the totals in the site's unit, the site's
 *   plan slot by slot and the vehicles predicted to miss their departure
 * @throws AllocationInputError naming the field when the input is out of range (see `validateInput`)
 */
export function allocateSite(given: AllocationInput, options: AllocationOptions = {}): AllocationResult {
  validateInput(given);
  // A change of a limit's schedule at or before now is in force now.
  const input = inputAt(given, given.now);
  const ports = workPorts(input);
  return withOutlook(allocate(input, ports, options), ports, input);
}

/** {@link allocateSite} of a validated input in force now, on its work ports. */
function allocate(input: AllocationInput, ports: WorkPort[], options: AllocationOptions): AllocationResult {
  const unit = siteUnit(input.limits);
  const released = ports.map((p) => release(p, input.now));
  let fallbackReason: string | undefined;
  // No vehicle to plan (no sessions, or all released or uncontrolled): the greedy answers, no fallback.
  const planning = released.some((r) => r.mode === 'holding' || r.mode === 'probing');
  if (options.solver && planning) {
    const planPorts = ports.map((work, i): PlanPort => ({ work, mode: released[i]!.mode, needMet: released[i]!.met }));
    try {
      const modes = released.map((r) => r.mode);
      // The greedy's stages raise the limits of the ports they run on: a copy of its own. EDF's
      // floors and their yield read no port's limit, so they share one.
      const marked = markedPorts(input, modes);
      const unknown = edfFloors(input, marked);
      const floors = yieldToEarlier(input, marked, greedyFloors(input, modes, unit), unknown);
      const budget = options.solveBudgetMs ?? SOLVE_BUDGET_MS;
      const plan = planSite(input, planPorts, options.solver, budget, { departure: floors, unknownNeed: unknown });
      const states = released.map((r) => r.state);
      return {
        ...toResult(plannedOutcomes(planPorts, plan, states), unit, planFrames(plan)),
        lateVehicles: lateVehicles(ports, planDelivers(plan, ports)),
        planner: 'optimal',
      };
    } catch (error) {
      fallbackReason = error instanceof Error ? error.message : String(error);
    }
  }
  allocateGreedy(input, ports, unit);
  const later = greedyLater(input, ports, unit);
  const outcomes = ports.map(
    (p, i): PortOutcome => ({
      port: p,
      periods: [{ start: input.now, powerW: p.limitW }, ...later.map((l) => ({ start: l.at, powerW: l.powerW[i]! }))],
      reason: reasonOf(p),
      release: released[i]!.state,
    }),
  );
  const starts = [input.now, ...later.map((l) => l.at)];
  const frames = starts.map((start, k): SlotFrame => {
    const { limits } = inputAt(input, start);
    return {
      start,
      end: starts[k + 1] ?? start + SLOT_MS,
      ...(limits.capacity ? { capacity: limits.capacity.limit } : {}),
      ...(limits.cost ? { cost: limits.cost.limit } : {}),
    };
  });
  return {
    ...toResult(outcomes, unit, frames),
    lateVehicles: lateVehicles(ports, heldLimitDelivers(input.now)),
    planner: 'greedy',
    ...(fallbackReason !== undefined ? { fallbackReason } : {}),
  };
}
