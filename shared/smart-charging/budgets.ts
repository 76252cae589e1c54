/**
 * The limits an allocation must respect, as budgets that shrink while power is handed out (spec
 * §2.6): the site's `capacity` (hard) and `cost` (soft: minimums and overrides may exceed it) in W
 * or A, and each whole-station external limit (OCPP 2.0.1 NotifyChargingLimit without evseId) in W
 * over that charger's ports.
 *
 * @module
 */
import type { AllocationInput, RateUnit } from './types';
import { ceilAmps } from './units';

/**
 * What fills keep unused of a budget, in its unit: far below a watt or a tenth of an amp, but
 * enough that float noise never lets an exact fill exceed a limit (see `./units.ts` for rounding).
 */
const GUARD: Record<RateUnit, number> = { W: 1e-6, A: 1e-9 };

/** A port as budgets see it: where it is and its current limit, W. */
export interface BudgetedPort {
  readonly portId: number;
  readonly chargerId: number;
  /** voltageV × phases, W per A. */
  readonly wattsPerAmp: number;
  limitW: number;
}

/** One limit and what is left of it, in its unit. */
export interface Budget {
  readonly kind: 'capacity' | 'cost' | 'charger';
  readonly unit: RateUnit;
  /** Only for `charger`: the charger whose ports it covers. */
  readonly chargerId?: number;
  /** False for `cost`, which minimums and overrides may exceed. */
  readonly hard: boolean;
  /** What is left, in `unit` (negative once exceeded). */
  remaining: number;
}

/**
 * The budgets of a site: capacity, cost, then whole-station limits by chargerId (the lowest when a
 * charger has several).
 */
export function siteBudgets(input: AllocationInput): Budget[] {
  const budgets: Budget[] = [];
  const { capacity, cost } = input.limits;
  if (capacity) budgets.push({ kind: 'capacity', unit: capacity.unit, hard: true, remaining: capacity.limit });
  if (cost) budgets.push({ kind: 'cost', unit: cost.unit, hard: false, remaining: cost.limit });
  const byCharger = new Map<number, number>();
  for (const { chargerId, limit } of input.chargerLimits ?? []) {
    byCharger.set(chargerId, Math.min(limit.limitW, byCharger.get(chargerId) ?? Infinity));
  }
  for (const [chargerId, limitW] of [...byCharger].sort((a, b) => a[0] - b[0])) {
    budgets.push({ kind: 'charger', unit: 'W', chargerId, hard: true, remaining: limitW });
  }
  return budgets;
}

/** What one W on `port` costs of `budget` (1 in W, 1 / (voltageV × phases) in A, 0 if it does not cover the port). */
export function coefficient(budget: Budget, port: BudgetedPort): number {
  if (budget.kind === 'charger' && budget.chargerId !== port.chargerId) return 0;
  return budget.unit === 'W' ? 1 : 1 / port.wattsPerAmp;
}

/** What a fill may still use of a budget, in its unit (never negative). */
export function usable(budget: Budget): number {
  return Math.max(0, budget.remaining - GUARD[budget.unit]);
}

/** Raises `port` by `deltaW` and takes it from every budget that covers the port. */
export function consume(budgets: readonly Budget[], port: BudgetedPort, deltaW: number): void {
  port.limitW += deltaW;
  for (const b of budgets) b.remaining -= coefficient(b, port) * deltaW;
}

/**
 * Counts an uncontrolled load on `port`, W, rounded up to whole watts (and in A budgets its current
 * rounded up to 0.1 A), as the result shows it. Sets the port's limit to the load.
 */
export function consumeLoad(budgets: readonly Budget[], port: BudgetedPort, load: number): void {
  const loadW = Math.ceil(load);
  port.limitW = loadW;
  for (const b of budgets) {
    if (coefficient(b, port) === 0) continue;
    b.remaining -= b.unit === 'W' ? loadW : ceilAmps(loadW / port.wattsPerAmp);
  }
}

/**
 * How far `port` may be raised, W, within the budgets `respected` selects (all by default): the
 * least, over those covering the port, of usable / coefficient; and the kind of the one that binds.
 */
export function headroomW(
  budgets: readonly Budget[],
  port: BudgetedPort,
  respected: (b: Budget) => boolean = () => true,
): { headroomW: number; binding?: Budget['kind'] } {
  let best = Infinity;
  let binding: Budget['kind'] | undefined;
  for (const b of budgets) {
    const c = coefficient(b, port);
    if (c === 0 || !respected(b)) continue;
    const room = usable(b) / c;
    if (room < best) [best, binding] = [room, b.kind];
  }
  return { headroomW: best, binding };
}

/** What the port's station limits leave for it, W (Infinity without one; never negative). */
export function stationRoomW(budgets: readonly Budget[], port: BudgetedPort): number {
  let room = Infinity;
  for (const b of budgets)
    if (b.kind === 'charger' && b.chargerId === port.chargerId) room = Math.min(room, Math.max(0, b.remaining));
  return room;
}
