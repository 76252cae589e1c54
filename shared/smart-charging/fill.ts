/**
 * Water-filling (spec §2.6 "shared equally"): raise ports together to a common level, each between
 * its current limit and its target, until a budget runs out or every port reaches its target.
 *
 * The level is in the site's unit: equal watts on a W site, equal per-phase amps on an A site (a
 * port's power at level t is t × voltageV × phases). The highest level that satisfies every budget
 * at once (W and A alike) is found by bisection; the budgets are linear in each port's power, so
 * "satisfied" is monotone in the level. When a station's own limit binds first, its ports stop
 * there and the others go on rising (what they cannot use goes to the others).
 *
 * @module
 */
import { coefficient, consume, usable, type Budget, type BudgetedPort } from './budgets';
import type { RateUnit } from './types';

/** Bisection steps: the level's bracket shrinks 2^64-fold, below a float's resolution. */
const STEPS = 64;

/** The outcome of a fill: the ports it raised, and those a station's limit stopped. */
export interface FillOutcome<P extends BudgetedPort> {
  readonly raised: ReadonlySet<P>;
  readonly stationBound: ReadonlySet<P>;
}

interface Round<P extends BudgetedPort> {
  readonly ports: readonly P[];
  readonly budgets: readonly Budget[];
  readonly target: (p: P) => number;
  readonly scale: (p: BudgetedPort) => number;
}

/** Power of `port` at `level`, W: level × scale, between its current limit and its target. */
function powerAt<P extends BudgetedPort>(round: Round<P>, port: P, level: number): number {
  return Math.min(round.target(port), Math.max(port.limitW, level * round.scale(port)));
}

/** The budgets that `level` would overdraw. */
function overdrawn<P extends BudgetedPort>(round: Round<P>, level: number): Budget[] {
  return round.budgets.filter((b) => {
    let used = 0;
    for (const p of round.ports) used += coefficient(b, p) * (powerAt(round, p, level) - p.limitW);
    return used > usable(b);
  });
}

/** The highest level every budget allows, and the budgets that stop it there (none: all reach their targets). */
function highestLevel<P extends BudgetedPort>(round: Round<P>): { level: number; binding: Budget[] } {
  const top = Math.max(...round.ports.map((p) => round.target(p) / round.scale(p)));
  if (overdrawn(round, top).length === 0) return { level: top, binding: [] };
  let low = 0;
  let high = top;
  for (let i = 0; i < STEPS; i++) {
    const mid = (low + high) / 2;
    if (overdrawn(round, mid).length === 0) low = mid;
    else high = mid;
  }
  return { level: low, binding: overdrawn(round, high) };
}

/**
 * Raises `ports` (sorted by portId, so float sums do not depend on input order) towards
 * `target(port)` W at a common level in `unit`, within the budgets `respected` selects, taking what
 * they use from every budget. Mutates each port's `limitW` and the budgets' `remaining`.
 */
export function waterFill<P extends BudgetedPort>(
  ports: readonly P[],
  target: (p: P) => number,
  budgets: readonly Budget[],
  unit: RateUnit,
  respected: (b: Budget) => boolean = () => true,
): FillOutcome<P> {
  const raised = new Set<P>();
  const stationBound = new Set<P>();
  const scale = (p: BudgetedPort) => (unit === 'W' ? 1 : p.wattsPerAmp);
  let open = ports.filter((p) => target(p) > p.limitW);
  while (open.length > 0) {
    const round: Round<P> = { ports: open, budgets: budgets.filter(respected), target, scale };
    const { level, binding } = highestLevel(round);
    for (const p of open) {
      const delta = powerAt(round, p, level) - p.limitW;
      if (delta > 0) raised.add(p);
      consume(budgets, p, delta);
    }
    if (binding.length === 0 || binding.some((b) => b.kind !== 'charger')) break;
    const stopped = open.filter((p) => binding.some((b) => coefficient(b, p) > 0));
    for (const p of stopped) stationBound.add(p);
    open = open.filter((p) => !stopped.includes(p) && target(p) > p.limitW);
  }
  return { raised, stationBound };
}
