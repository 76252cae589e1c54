/**
 * The greedy allocation of one site at one instant (spec §2.6 site power limits, §4.2 departures):
 * what `allocateSite` answers without a solver, when there is nothing to plan, or when the
 * planner fails (`./allocate.ts`). Released vehicles (`./release.ts`) take no part; probed ones
 * only in the last stage.
 *
 * Stages, each taking what it gives from every budget (see `./budgets.ts`):
 * 1. Uncontrolled chargers are counted at max(port maximum, measured power).
 * 2. Minimums, in {@link byMinimumPriority} order (earliest departure first, then first come), each
 *    vehicle's whole minimum or nothing (`waiting`) as capacity allows; a later, smaller minimum
 *    that still fits is granted. An overridden port claims min(minimum, override) here like any
 *    vehicle. The cost limit does not stop a minimum.
 * 3. Overrides above their minimum, water-filled within capacity (and station limits) only: when
 *    overrides plus minimums exceed capacity, every vehicle keeps its minimum and the overrides share
 *    what remains at an equal level; overrides count against the cost limit.
 * 4. Departures (`./departures.ts`): vehicles that would otherwise miss theirs are raised to the
 *    least constant power that meets it 5 % early (taper included), least laxity first among those
 *    that can all be saved together (Moore–Hodgson's choice when not all can); then the others;
 *    then those that cannot make it even at their cap, the least behind first.
 * 5. Share: everything left of both limits is water-filled at an equal level (W, or per-phase A on
 *    an A site) up to each port's cap: work-conserving.
 * 6. Probes: each probed vehicle's minimum where every limit, the cost limit too, still leaves room
 *    for it, earliest departure first.
 *
 * @module
 */
import { consume, consumeLoad, headroomW, siteBudgets, stationRoomW, type Budget } from './budgets';
import { raiseForDepartures } from './departures';
import { waterFill } from './fill';
import { byMinimumPriority, uncontrolledLoadW, type WorkPort } from './ports';
import type { AllocationInput, RateUnit } from './types';

/** Relative slack when a minimum is checked against capacity (float noise of the A conversion). */
const FIT_SLACK = 1e-9;

const hardOnly = (b: Budget) => b.hard;

function countUncontrolled(ports: readonly WorkPort[], budgets: readonly Budget[]): void {
  for (const p of ports.filter((q) => q.state === 'uncontrolled')) {
    consumeLoad(budgets, p, uncontrolledLoadW(p.session));
  }
}

/** Stage 2: each vehicle's minimum, earliest departure first, or `waiting` when capacity cannot fit it. */
function grantMinimums(ports: readonly WorkPort[], budgets: readonly Budget[]): void {
  for (const p of ports.filter((q) => q.state === 'active').sort(byMinimumPriority)) {
    const claim = Math.min(p.minimumW, p.overrideW ?? Infinity);
    const stationW = stationRoomW(budgets, p);
    const grant = stationW >= claim - FIT_SLACK * Math.max(1, claim) ? claim : stationW;
    const capacity = budgets.find((b) => b.kind === 'capacity');
    const needed = capacity ? (capacity.unit === 'W' ? grant : grant / p.wattsPerAmp) : 0;
    if (capacity && needed > capacity.remaining + FIT_SLACK * Math.max(1, Math.abs(capacity.remaining))) {
      p.state = 'waiting';
      continue;
    }
    if (grant < claim) p.externalBound = true;
    consume(budgets, p, grant);
  }
}

/**
 * Stage 6: each probed vehicle's minimum, earliest departure first, where every limit (the cost
 * limit too) still leaves room for it; `released` for this allocation where none does.
 */
function grantProbes(ports: readonly WorkPort[], budgets: readonly Budget[]): void {
  for (const p of ports.filter((q) => q.state === 'probing').sort(byMinimumPriority)) {
    const claim = Math.min(p.minimumW, p.overrideW ?? Infinity);
    if (claim > 0 && headroomW(budgets, p).headroomW >= claim) consume(budgets, p, claim);
    else p.state = 'released';
  }
}

/** Stage 3: overrides above their minimum, within the hard limits only. */
function fillOverrides(ports: readonly WorkPort[], budgets: readonly Budget[], unit: RateUnit): void {
  const overridden = ports.filter((p) => p.state === 'active' && p.overrideW !== undefined);
  const { stationBound } = waterFill(overridden, (p) => p.overrideW!, budgets, unit, hardOnly);
  for (const p of stationBound) p.externalBound = true;
}

/** Stage 5: what is left, shared at an equal level up to each port's cap. */
function shareRemaining(ports: readonly WorkPort[], budgets: readonly Budget[], unit: RateUnit): void {
  const sharing = ports.filter((p) => p.state === 'active' && p.overrideW === undefined);
  const { raised, stationBound } = waterFill(sharing, (p) => p.capW, budgets, unit);
  for (const p of raised) p.raisedBy = 'share';
  for (const p of stationBound) p.externalBound = true;
}

/**
 * Runs the stages on the work ports (see the module's documentation): sets each port's `limitW`,
 * `state`, `raisedBy` and `externalBound`.
 * @param ports the work ports, sorted by portId, released and probed ones marked
 * @param unit the site's unit
 */
export function allocateGreedy(input: AllocationInput, ports: readonly WorkPort[], unit: RateUnit): void {
  const budgets = throughDepartures(input, ports, unit);
  shareRemaining(ports, budgets, unit);
  grantProbes(ports, budgets);
}

/** Stages 1–4 on the work ports; returns the budgets as they leave them. */
function throughDepartures(input: AllocationInput, ports: readonly WorkPort[], unit: RateUnit): Budget[] {
  const budgets = siteBudgets(input);
  countUncontrolled(ports, budgets);
  grantMinimums(ports, budgets);
  fillOverrides(ports, budgets, unit);
  raiseForDepartures(ports, budgets, input.now);
  return budgets;
}

/**
 * What the greedy stages give the vehicles at risk of missing their departure (stage 4, after the
 * minimums and overrides): the least constant power that meets each departure 5 % early, for the
 * vehicles that can all be saved together. The planner keeps at least this in its first slot.
 * @param ports fresh work ports of the input, sorted by portId, released and probed ones marked
 * @param unit the site's unit
 * @returns W by portId, for the ports raised for their departure
 */
export function departureFloors(
  input: AllocationInput,
  ports: readonly WorkPort[],
  unit: RateUnit,
): Map<number, number> {
  throughDepartures(input, ports, unit);
  return new Map(ports.filter((p) => p.raisedBy === 'departure').map((p) => [p.portId, p.limitW]));
}
