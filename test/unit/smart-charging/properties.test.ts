/**
 * Property-based tests of the allocation (spec §2.6) on random sites: fixed seed, a few hundred runs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
  type PortAllocation,
  type RateUnit,
  type SessionDemand,
} from '../../../shared/smart-charging';
import { sites } from './arbitraries';

const RUNS = { seed: 20_260_115, numRuns: 300 };

interface Row {
  readonly s: SessionDemand;
  readonly a: PortAllocation;
}

function rows(input: AllocationInput, result: AllocationResult): Row[] {
  return input.sessions.map((s, i) => ({ s, a: result.ports[i]! }));
}

/** A port's load in `unit`: W, or per-phase A (limitA for an uncontrolled port, else the current of its watts). */
function load(row: Row, unit: RateUnit): number {
  if (unit === 'W') return row.a.limitW;
  return row.a.reason === 'uncontrolled' && row.a.limitA !== undefined
    ? row.a.limitA
    : row.a.limitW / wattsPerAmp(row.s);
}

const total = (list: Row[], unit: RateUnit) => list.reduce((sum, r) => sum + load(r, unit), 0);
/** Sum of limitA in tenths (integers: no float residue). */
const tenths = (list: Row[]) => list.reduce((sum, r) => sum + Math.round((r.a.limitA ?? 0) * 10), 0);
const isControlled = (r: Row) => r.a.reason !== 'uncontrolled';
const hasStationLimit = (input: AllocationInput, r: Row) =>
  (input.chargerLimits ?? []).some((c) => c.chargerId === r.s.chargerId);
const overrideOf = (input: AllocationInput, r: Row) => activeOverrideW(r.s, input.now);
const claimW = (input: AllocationInput, r: Row) => Math.min(minimumPowerW(r.s), overrideOf(input, r) ?? Infinity);
/** Rounding tolerance in `unit` for `n` ports: 1 W, or 0.01 A (1 W at ≥ 100 V), each. */
const tolerance = (unit: RateUnit, n: number) => (unit === 'W' ? n : n * 0.01) + 1e-6;

function priority(a: SessionDemand, b: SessionDemand): number {
  const da = resolveDeparture(a)?.time ?? Infinity;
  const db = resolveDeparture(b)?.time ?? Infinity;
  if (da !== db) return da < db ? -1 : 1;
  return a.startTime - b.startTime || a.portId - b.portId;
}

function check(name: string, property: (input: AllocationInput, result: AllocationResult, list: Row[]) => void) {
  it(name, () => {
    fc.assert(
      fc.property(sites, (input) => {
        const result = allocateSite(input);
        property(input, result, rows(input, result));
      }),
      RUNS,
    );
  });
}

describe('allocateSite properties (random sites)', () => {
  check(
    'never exceeds capacity, in W or in A (limitA sums included), unless uncontrolled load alone does',
    (input, result, list) => {
      const capacity = input.limits.capacity;
      if (!capacity) return;
      const uncontrolled = total(
        list.filter((r) => !isControlled(r)),
        capacity.unit,
      );
      if (uncontrolled > capacity.limit) return;
      expect(total(list, capacity.unit)).toBeLessThanOrEqual(capacity.limit + 1e-9);
      if (capacity.unit === 'A') expect(tenths(list)).toBeLessThanOrEqual(capacity.limit * 10);
      if (result.chargingRateUnit === 'A') expect(result.allocatedTotal).toBeLessThanOrEqual(capacity.limit);
    },
  );

  check(
    'never gives less than the minimum unless capacity forces it, and then earliest departures first',
    (input, _result, list) => {
      const controlled = list.filter(isControlled);
      for (const r of controlled) {
        if (r.a.reason === 'waiting' || hasStationLimit(input, r)) continue;
        expect(r.a.limitW).toBeGreaterThanOrEqual(floorWatts(claimW(input, r)));
      }
      const capacity = input.limits.capacity;
      const waiting = controlled.filter((r) => r.a.reason === 'waiting');
      if (waiting.length > 0) expect(capacity).toBeDefined();
      if (!capacity) return;
      const inUnit = (r: Row, w: number) => (capacity.unit === 'W' ? w : w / wattsPerAmp(r.s));
      const slack = capacity.limit - total(list, capacity.unit);
      for (const w of waiting) {
        expect(inUnit(w, claimW(input, w))).toBeGreaterThan(slack - 1e-9);
        const laterGranted = controlled.filter(
          (g) => g.a.reason !== 'waiting' && !hasStationLimit(input, g) && priority(w.s, g.s) < 0,
        );
        for (const g of laterGranted)
          expect(inUnit(g, claimW(input, g))).toBeLessThan(inUnit(w, claimW(input, w)) * (1 + 1e-9));
      }
    },
  );

  check("never exceeds a port's maximum, what the vehicle accepts or an external limit", (input, _result, list) => {
    for (const r of list.filter(isControlled)) {
      expect(r.a.limitW).toBeLessThanOrEqual(r.s.maxPowerW);
      if (r.s.externalLimit) expect(r.a.limitW).toBeLessThanOrEqual(r.s.externalLimit.limitW);
      if (r.s.evNeeds?.maxPowerW !== undefined && overrideOf(input, r) === undefined)
        expect(r.a.limitW).toBeLessThanOrEqual(r.s.evNeeds.maxPowerW);
    }
    for (const { chargerId, limit } of input.chargerLimits ?? []) {
      const station = list.filter((r) => r.s.chargerId === chargerId);
      const uncontrolled = total(
        station.filter((r) => !isControlled(r)),
        'W',
      );
      expect(total(station, 'W')).toBeLessThanOrEqual(Math.max(limit.limitW, uncontrolled) + 1e-9);
    }
  });

  check('respects the cost limit except for overrides, minimums and uncontrolled load', (input, _result, list) => {
    const cost = input.limits.cost;
    if (!cost) return;
    const inUnit = (r: Row, w: number) => (cost.unit === 'W' ? w : w / wattsPerAmp(r.s));
    const allowed = list.reduce((sum, r) => {
      if (!isControlled(r) || overrideOf(input, r) !== undefined) return sum + load(r, cost.unit);
      return r.a.reason === 'waiting' ? sum : sum + inUnit(r, Math.min(r.a.limitW, minimumPowerW(r.s)));
    }, 0);
    expect(total(list, cost.unit)).toBeLessThanOrEqual(
      Math.max(cost.limit, allowed) + tolerance(cost.unit, list.length),
    );
    if (cost.unit === 'A' && allowed <= cost.limit - tolerance('A', list.length))
      expect(tenths(list)).toBeLessThanOrEqual(cost.limit * 10);
  });

  check('is work-conserving: with budget left, every controllable port is at its own cap', (input, _result, list) => {
    for (const limit of [input.limits.cost, input.limits.capacity]) {
      if (limit && limit.limit - total(list, limit.unit) <= tolerance(limit.unit, list.length)) return;
    }
    for (const r of list) {
      if (
        !isControlled(r) ||
        r.a.reason === 'waiting' ||
        r.a.reason === 'external' ||
        overrideOf(input, r) !== undefined
      )
        continue;
      expect(r.a.limitW).toBeGreaterThanOrEqual(floorWatts(portCapW(r.s).capW) - 1);
    }
  });

  it('is stable: the same input gives the same output, and permuted sessions the same per-port limits', () => {
    fc.assert(
      fc.property(sites, fc.nat(), (input, seed) => {
        const result = allocateSite(input);
        expect(allocateSite(structuredClone(input))).toEqual(result);
        const permuted = [...input.sessions];
        for (let i = permuted.length - 1, x = seed; i > 0; i--) {
          x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
          const j = x % (i + 1);
          [permuted[i], permuted[j]] = [permuted[j]!, permuted[i]!];
        }
        const other = allocateSite({ ...input, sessions: permuted });
        const byPort = (r: AllocationResult) => new Map(r.ports.map((p) => [p.portId, p]));
        expect(byPort(other)).toEqual(byPort(result));
        expect(other.lateVehicles).toEqual(result.lateVehicles);
        expect(other.allocatedTotal).toBe(result.allocatedTotal);
      }),
      RUNS,
    );
  });

  check('answers whole watts, limitA on Level 2 only, and one entry per session in order', (input, result, list) => {
    expect(result.ports.map((p) => p.portId)).toEqual(input.sessions.map((s) => s.portId));
    for (const r of list) {
      expect(Number.isInteger(r.a.limitW) && r.a.limitW >= 0).toBe(true);
      expect(r.a.limitA !== undefined).toBe(r.s.chargerType === 'Level 2');
    }
  });
});
