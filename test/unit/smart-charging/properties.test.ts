/**
 * Property-based tests of the allocation (spec §2.6) on random sites: fixed seed. Both ways
 * `allocateSite` allocates are checked: the greedy stages (no solver) and the planner (HiGHS),
 * whose guarantees hold in every slot of its plan (at each slot's start and at each instant a
 * limit changes within a slot).
 */
import highsLoader from 'highs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activeOverrideW,
  allocateSite,
  floorWatts,
  minimumPowerW,
  portCapW,
  resolveDeparture,
  wattsPerAmp,
  type AllocationInput,
  type AllocationResult,
  type LimitChange,
  type PlanSolver,
  type PortAllocation,
  type RateUnit,
  type SessionDemand,
  type SiteLimit,
} from '../../../shared/smart-charging';
import { sites } from './arbitraries';

const RUNS = { seed: 20_260_115, numRuns: 300 };
/** The planner solves two programs per run: fewer runs keep the file within seconds. */
const PLANNER_RUNS = { seed: 20_261_127, numRuns: 120 };
/** Each property's bound, ms (not a figure it asserts): the planner's 120 solves take seconds. */
const PROPERTY_TIMEOUT_MS = { greedy: 30_000, planner: 120_000 } as const;

let solver: PlanSolver;
beforeAll(async () => {
  solver = await highsLoader();
});

/** A port at one instant: its session and its limit then. */
interface Row {
  readonly s: SessionDemand;
  readonly a: PortAllocation;
  /** The limit in force at the instant, W (and A on Level 2). */
  readonly w: number;
  readonly amps?: number;
}

/** The period of a port's plan in force at `at`. */
function periodAt(a: PortAllocation, at: number) {
  let period = a.plan[0]!;
  for (const p of a.plan) if (p.start <= at) period = p;
  return period;
}

function rowsAt(input: AllocationInput, result: AllocationResult, at: number): Row[] {
  return input.sessions.map((s, i) => {
    const a = result.ports[i]!;
    const p = periodAt(a, at);
    return { s, a, w: p.limitW, ...(p.limitA !== undefined && { amps: p.limitA }) };
  });
}

/** A limit in force at `at`: its value now, then its changes; undefined when none. */
function limitAt(now: SiteLimit | undefined, ahead: readonly LimitChange[] | undefined, at: number) {
  if (!now) return undefined;
  let value: number | null = now.limit;
  for (const c of ahead ?? []) if (c.from <= at) value = c.limit;
  return value === null ? undefined : { limit: value, unit: now.unit };
}

/** The instants to check a plan at: each slot's start and each limit change within the plan. */
function instants(input: AllocationInput, result: AllocationResult): number[] {
  const end = result.slots.at(-1)!.end;
  const changes = [
    ...(input.limitsAhead?.capacity ?? []),
    ...(input.limitsAhead?.cost ?? []),
    ...input.sessions.flatMap((s) => s.externalLimit?.ahead ?? []),
  ].map((c) => c.from);
  return [...new Set([...result.slots.map((s) => s.start), ...changes.filter((t) => t < end)])].sort((a, b) => a - b);
}

/** A port's load in `unit`: W, or per-phase A (limitA for an uncontrolled port, else the current of its watts). */
function load(row: Row, unit: RateUnit): number {
  if (unit === 'W') return row.w;
  return row.a.reason === 'uncontrolled' && row.amps !== undefined ? row.amps : row.w / wattsPerAmp(row.s);
}

const total = (list: Row[], unit: RateUnit) => list.reduce((sum, r) => sum + load(r, unit), 0);
/** Sum of limitA in tenths (integers: no float residue). */
const tenths = (list: Row[]) => list.reduce((sum, r) => sum + Math.round((r.amps ?? 0) * 10), 0);
const isControlled = (r: Row) => r.a.reason !== 'uncontrolled';
const hasStationLimit = (input: AllocationInput, r: Row) =>
  (input.chargerLimits ?? []).some((c) => c.chargerId === r.s.chargerId);
const overrideAt = (r: Row, at: number) => activeOverrideW(r.s, at);
const claimW = (input: AllocationInput, r: Row) => Math.min(minimumPowerW(r.s), overrideAt(r, input.now) ?? Infinity);
/** Rounding tolerance in `unit` for `n` ports: 1 W, or 0.01 A (1 W at ≥ 100 V), each. */
const tolerance = (unit: RateUnit, n: number) => (unit === 'W' ? n : n * 0.01) + 1e-6;

function priority(a: SessionDemand, b: SessionDemand): number {
  const da = resolveDeparture(a)?.time ?? Infinity;
  const db = resolveDeparture(b)?.time ?? Infinity;
  if (da !== db) return da < db ? -1 : 1;
  return a.startTime - b.startTime || a.portId - b.portId;
}

type Property = (input: AllocationInput, result: AllocationResult, at: number, list: Row[]) => void;

/** Checks a property of both allocations, at every instant of the plan. */
function check(name: string, property: Property, only?: 'greedy' | 'planner') {
  const modes = only ? [only] : (['greedy', 'planner'] as const);
  for (const mode of modes) {
    it(
      `${name} (${mode})`,
      () => {
        fc.assert(
          fc.property(sites, (input) => {
            const result = allocateSite(input, mode === 'planner' ? { solver, solveBudgetMs: 60_000 } : {});
            if (mode === 'planner' && result.ports.length > 0 && result.planner !== 'optimal') {
              const planned = result.ports.some((p) => !['uncontrolled', 'released', 'probing'].includes(p.reason));
              if (planned) expect.fail(`the planner fell back: ${result.fallbackReason}`);
            }
            for (const at of instants(input, result)) property(input, result, at, rowsAt(input, result, at));
          }),
          mode === 'planner' ? PLANNER_RUNS : RUNS,
        );
      },
      PROPERTY_TIMEOUT_MS[mode],
    );
  }
}

describe('allocateSite properties (random sites, every slot of the plan)', () => {
  check(
    'never exceeds capacity, in W or in A (limitA sums included), unless uncontrolled load alone does',
    (input, result, at, list) => {
      const capacity = limitAt(input.limits.capacity, input.limitsAhead?.capacity, at);
      if (!capacity) return;
      const uncontrolled = total(
        list.filter((r) => !isControlled(r)),
        capacity.unit,
      );
      if (uncontrolled > capacity.limit) return;
      expect(total(list, capacity.unit)).toBeLessThanOrEqual(capacity.limit + 1e-9);
      if (capacity.unit === 'A') expect(tenths(list)).toBeLessThanOrEqual(capacity.limit * 10);
      if (at === input.now && result.chargingRateUnit === 'A' && capacity.unit === 'A')
        expect(result.allocatedTotal).toBeLessThanOrEqual(capacity.limit);
    },
  );

  check('respects the cost limit except for overrides, minimums and uncontrolled load', (input, _result, at, list) => {
    const cost = limitAt(input.limits.cost, input.limitsAhead?.cost, at);
    if (!cost) return;
    const inUnit = (r: Row, w: number) => (cost.unit === 'W' ? w : w / wattsPerAmp(r.s));
    const allowed = list.reduce((sum, r) => {
      if (!isControlled(r) || overrideAt(r, at) !== undefined) return sum + load(r, cost.unit);
      return sum + inUnit(r, Math.min(r.w, minimumPowerW(r.s)));
    }, 0);
    expect(total(list, cost.unit)).toBeLessThanOrEqual(
      Math.max(cost.limit, allowed) + tolerance(cost.unit, list.length),
    );
    if (cost.unit === 'A' && allowed <= cost.limit - tolerance('A', list.length))
      expect(tenths(list)).toBeLessThanOrEqual(cost.limit * 10);
  });

  check(
    "never exceeds a port's maximum, what the vehicle accepts, its override or an external limit",
    (input, _result, at, list) => {
      for (const r of list.filter(isControlled)) {
        expect(r.w).toBeLessThanOrEqual(r.s.maxPowerW);
        const external = limitAt(
          r.s.externalLimit && { limit: r.s.externalLimit.limitW, unit: 'W' },
          r.s.externalLimit?.ahead,
          at,
        );
        if (external) expect(r.w).toBeLessThanOrEqual(external.limit);
        const override = overrideAt(r, at);
        if (override !== undefined) expect(r.w).toBeLessThanOrEqual(Math.ceil(override));
        if (r.s.evNeeds?.maxPowerW !== undefined && override === undefined && r.a.reason !== 'probing')
          expect(r.w).toBeLessThanOrEqual(Math.max(r.s.evNeeds.maxPowerW, minimumPowerW(r.s)));
      }
      for (const { chargerId, limit } of input.chargerLimits ?? []) {
        const station = list.filter((r) => r.s.chargerId === chargerId);
        const uncontrolled = total(
          station.filter((r) => !isControlled(r)),
          'W',
        );
        expect(total(station, 'W')).toBeLessThanOrEqual(Math.max(limit.limitW, uncontrolled) + 1e-9);
      }
    },
  );

  check('gives a released vehicle 0 and a probed one at most its minimum now', (input, _result, at, list) => {
    for (const r of list) {
      if (r.a.reason === 'released') expect(r.w).toBe(0);
      if (r.a.reason === 'probing' && at === input.now) {
        expect(r.w).toBeGreaterThan(0);
        expect(r.w).toBeLessThanOrEqual(floorWatts(minimumPowerW(r.s)));
      }
    }
  });

  check(
    'gives no vehicle less than its minimum in the slot that is sent, unless it gets nothing',
    (input, _result, at, list) => {
      if (at !== input.now) return;
      for (const r of list.filter(isControlled)) {
        if (r.w === 0 || hasStationLimit(input, r)) continue;
        expect(r.w).toBeGreaterThanOrEqual(floorWatts(claimW(input, r)));
      }
    },
  );

  check(
    'gives waiting vehicles 0 only when capacity cannot fit their minimum, earliest departures first',
    (input, _result, at, list) => {
      const capacity = input.limits.capacity;
      const waiting = list.filter((r) => r.a.reason === 'waiting');
      if (at !== input.now || waiting.length === 0) return;
      expect(capacity).toBeDefined();
      if (!capacity) return;
      const granted = list.filter((g) => isControlled(g) && g.w > 0 && !hasStationLimit(input, g));
      const inUnit = (r: Row, w: number) => (capacity.unit === 'W' ? w : w / wattsPerAmp(r.s));
      const slack = capacity.limit - total(list, capacity.unit);
      for (const w of waiting) {
        expect(inUnit(w, claimW(input, w))).toBeGreaterThan(slack - 1e-9);
        for (const g of granted.filter((g) => g.a.reason !== 'override' && priority(w.s, g.s) < 0))
          expect(inUnit(g, claimW(input, g))).toBeLessThan(inUnit(w, claimW(input, w)) * (1 + 1e-9));
      }
    },
    'greedy',
  );

  check(
    'is work-conserving: with budget left, every controllable port that holds power is at its own cap',
    (input, _result, at, list) => {
      if (at !== input.now) return;
      for (const limit of [input.limits.cost, input.limits.capacity]) {
        if (limit && limit.limit - total(list, limit.unit) <= tolerance(limit.unit, list.length)) return;
      }
      for (const r of list) {
        const skip = ['uncontrolled', 'waiting', 'external', 'released', 'probing'].includes(r.a.reason);
        if (skip || overrideAt(r, at) !== undefined) continue;
        expect(r.w).toBeGreaterThanOrEqual(floorWatts(portCapW(r.s).capW) - 1);
      }
    },
    'greedy',
  );

  it(
    'is stable: the same input gives the same output, and permuted sessions the same per-port limits',
    () => {
      for (const options of [{}, { solver, solveBudgetMs: 60_000 }]) {
        fc.assert(
          fc.property(sites, fc.nat(), (input, seed) => {
            const result = allocateSite(input, options);
            expect(allocateSite(structuredClone(input), options)).toEqual(result);
            const permuted = [...input.sessions];
            for (let i = permuted.length - 1, x = seed; i > 0; i--) {
              x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
              const j = x % (i + 1);
              [permuted[i], permuted[j]] = [permuted[j]!, permuted[i]!];
            }
            const other = allocateSite({ ...input, sessions: permuted }, options);
            const byPort = (r: AllocationResult) => new Map(r.ports.map((p) => [p.portId, p]));
            expect(byPort(other)).toEqual(byPort(result));
            expect(other.lateVehicles).toEqual(result.lateVehicles);
            expect(other.allocatedTotal).toBe(result.allocatedTotal);
            expect(other.slots).toEqual(result.slots);
          }),
          'solver' in options ? PLANNER_RUNS : RUNS,
        );
      }
    },
    PROPERTY_TIMEOUT_MS.planner,
  );

  check(
    'answers whole watts, limitA on Level 2 only, and one entry per session in order',
    (input, result, _at, list) => {
      expect(result.ports.map((p) => p.portId)).toEqual(input.sessions.map((s) => s.portId));
      for (const r of list) {
        expect(Number.isInteger(r.w) && r.w >= 0).toBe(true);
        expect(r.amps !== undefined).toBe(r.s.chargerType === 'Level 2');
      }
    },
  );
});
