/**
 * Vehicles ready first (docs/smart-charging.md): before the plan shares energy, it chooses the
 * vehicles it makes ready by their departure, as many as the limits allow. A depot counts the vans
 * that leave ready; spreading a shortfall over many vehicles (the most energy) leaves few ready.
 *
 * A mixed-integer program over the planner's own model (`./plan-model.ts`): one binary per vehicle
 * whose departure is within the horizon and whose whole known need is within its reach, with
 * delivered ≥ need × binary; every limit of the plan holds. Its objective is the number of
 * binaries at 1 and nothing else, but for a tie-break under a quarter of a vehicle in all: among
 * equal counts, the smaller needs (Moore–Hodgson's choice, and a stable one: a vehicle being
 * charged needs less at the next allocation). HiGHS solves it within its share of the solve budget;
 * out of time it answers its best count so far, or none (then the plan is made without a choice).
 * The chosen vehicles' known need is then worth {@link WEIGHTS}.ready a kWh in the planner's linear
 * program instead of the known need's weight: lexicographically first among the energy goals, and
 * a soft goal, so that the minimum-power rule's second solve can never be infeasible.
 *
 * @module
 */
import type { PlanSolver } from './linear-program';
import { WEIGHTS, type Model, type ReadyCandidate } from './plan-model';

/** Energy a solution delivers to a candidate within the horizon, kWh. */
function delivered(solution: Float64Array, c: ReadyCandidate): number {
  return c.energy.reduce((sum, [column, hours]) => sum + solution[column]! * hours, 0);
}

/** A need planned within this is met, kWh (the solver's tolerance). */
const READY_TOLERANCE_KWH = 1e-9;
/** The tie-break's total weight: less than one vehicle, so that it never buys a smaller count. */
const TIE_BREAK = 0.25;
/** The MIP stops once its best solution is within this of the best possible (under one vehicle). */
const ABS_GAP = 0.5;

/**
 * Chooses the vehicles the plan makes ready and rewards their known need at {@link WEIGHTS}.ready
 * (see the module's documentation).
 * @param budgetMs the time the MIP may take, ms
 * @returns the chosen candidates (none without candidates, time or a solution)
 * @throws SolveError when HiGHS fails (an error, not a proof or a time limit)
 */
export function chooseReady(
  model: Model,
  solver: PlanSolver,
  budgetMs: number,
  planned: Float64Array,
): ReadyCandidate[] | undefined {
  const { candidates, lp } = model;
  const ready = (c: ReadyCandidate) => delivered(planned, c) >= c.needKwh - READY_TOLERANCE_KWH;
  if (candidates.every(ready)) return undefined;
  const start = Float64Array.from(planned);
  for (const c of candidates) start[c.column] = ready(c) ? 1 : 0;
  const most = Math.max(...candidates.map((c) => c.needKwh));
  const tie = (c: ReadyCandidate) => (TIE_BREAK * (1 - c.needKwh / most)) / candidates.length;
  const objective = new Map(candidates.map((c) => [c.column, -(1 + tie(c))]));
  const integers = candidates.map((c) => c.column);
  const solution = lp.solveMip(solver, budgetMs, objective, integers, ABS_GAP, start);
  if (!solution) return undefined;
  const chosen = candidates.filter((c) => solution[c.column]! > 0.5);
  for (const c of chosen) for (const column of c.tiers) lp.setCost(column, -WEIGHTS.ready);
  return chosen;
}
