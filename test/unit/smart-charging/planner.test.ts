/**
 * The planner (`shared/smart-charging/planner.ts`): what the plan over the horizon does that one
 * instant cannot, and the fallback to the greedy allocation.
 */
import highsLoader from 'highs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  allocateSite,
  MAX_NEED_WH,
  type AllocationResult,
  type PlanSolver,
  type SessionDemand,
} from '../../../shared/smart-charging';
import { dcfc, departure, HOUR, level2, NOW, site, watts } from './support';

let solver: PlanSolver;
beforeAll(async () => {
  solver = await highsLoader();
});

/** A DCFC vehicle that told its needs over ISO 15118: `kWh` by `hours` from now, at most `maxKw`. */
const iso = (portId: number, kWh: number, hours: number, maxKw = 150, extra: Partial<SessionDemand> = {}) =>
  dcfc(portId, {
    evNeeds: { energyAmountWh: kWh * 1000, departureTime: NOW + hours * HOUR, maxPowerW: maxKw * 1000 },
    ...extra,
  });

/** The port's planned limit at `hours` from now, W. */
function plannedAt(r: AllocationResult, portId: number, hours: number): number {
  const plan = r.ports.find((p) => p.portId === portId)!.plan;
  return plan.filter((p) => p.start <= NOW + hours * HOUR).at(-1)!.limitW;
}

describe('allocateSite with the planner', () => {
  it('plans every port over the horizon and says it planned', () => {
    const r = allocateSite(site([iso(1, 40, 4), iso(2, 40, 6)], { capacity: watts(50_000) }), { solver });
    expect(r.planner).toBe('optimal');
    expect(r.slots.length).toBeGreaterThan(8);
    expect(r.slots[0]!.start).toBe(NOW);
    for (const slot of r.slots) expect(slot.allocatedW).toBeLessThanOrEqual(50_000);
    expect(r.lateVehicles).toEqual([]);
  });

  it('charges when energy is cheap: a vehicle with time to spare waits for the low price', () => {
    const tariff = {
      energyPrices: [
        { from: NOW - HOUR, pricePerKwh: 0.45 },
        { from: NOW + 2 * HOUR, pricePerKwh: 0.1 },
      ],
    };
    const r = allocateSite(site([iso(1, 30, 6)], { capacity: watts(100_000) }, { tariff }), { solver });
    expect(plannedAt(r, 1, 0)).toBe(0);
    expect(plannedAt(r, 1, 2.05)).toBeGreaterThan(0);
    expect(r.ports[0]!.reason).toBe('planned');
    // The greedy allocation knows no prices: it charges now.
    expect(allocateSite(site([iso(1, 30, 6)], { capacity: watts(100_000) }, { tariff })).ports[0]!.limitW).toBe(
      100_000,
    );
  });

  it('keeps the site under the billing period peak so far when the departures allow it (demand charge)', () => {
    const tariff = { energyPrices: [{ from: NOW, pricePerKwh: 0.2 }], demandChargePerKw: 15.51, peakSoFarW: 20_000 };
    const r = allocateSite(site([iso(1, 40, 4), iso(2, 30, 5)], { capacity: watts(300_000) }, { tariff }), { solver });
    for (const slot of r.slots) expect(slot.allocatedW).toBeLessThanOrEqual(20_000 + 1);
    expect(r.lateVehicles).toEqual([]);
  });

  it('charges ahead of a capacity that drops, and plans under it after', () => {
    const input = site(
      [iso(1, 120, 4, 150), iso(2, 120, 4, 150)],
      { capacity: watts(300_000) },
      {
        limitsAhead: { capacity: [{ from: NOW + HOUR, limit: 50_000 }] },
      },
    );
    const r = allocateSite(input, { solver });
    expect(r.ports.map((p) => p.limitW).reduce((a, b) => a + b)).toBe(300_000);
    expect(plannedAt(r, 1, 2) + plannedAt(r, 2, 2)).toBeLessThanOrEqual(50_000);
    expect(r.slots.find((s) => s.start >= NOW + HOUR)!.capacity).toBe(50_000);
  });

  it('keeps the minimum-power rule in the slot that is sent', () => {
    const sessions = [1, 2, 3, 4].map((n) => level2(n, { evNeeds: { energyAmountWh: 3000, maxPowerW: 11_520 } }));
    const r = allocateSite(site(sessions, { capacity: watts(10_000) }), { solver });
    for (const p of r.ports) expect(p.limitW === 0 || p.limitW >= 1920).toBe(true);
  });

  it('clamps an absurd need (1 MWh, a departure a year ahead) so that the others still get theirs', () => {
    const absurd = iso(1, 1_000, 24 * 365);
    const r = allocateSite(site([absurd, iso(2, 40, 2, 50)], { capacity: watts(100_000) }), { solver });
    expect(r.planner).toBe('optimal');
    expect(r.ports[1]!.limitW).toBeGreaterThanOrEqual(20_000);
    expect(r.lateVehicles.map((v) => v.portId)).not.toContain(2);
    expect(MAX_NEED_WH).toBeLessThan(1_000_000);
  });

  it("plans a truck's whole SoC-based need above the estimates' 300 kWh clamp (600 kWh battery, 10 → 90 %)", () => {
    const truck = dcfc(1, {
      maxPowerW: 350_000,
      socPercent: 10,
      batteryCapacityWh: 600_000,
      batteryCapacitySource: 'telematics',
      departure: departure(8),
    });
    const r = allocateSite(site([truck], { capacity: watts(400_000) }), { solver });
    const plan = r.ports[0]!.plan;
    const end = NOW + 8 * HOUR;
    const plannedWh = plan.reduce((sum, period, k) => {
      const until = Math.min(plan[k + 1]?.start ?? end, end);
      return sum + (period.limitW * Math.max(0, until - period.start)) / HOUR;
    }, 0);
    expect(r.planner).toBe('optimal');
    expect(r.ports[0]!.energyNeededWh).toBe(480_000);
    expect(plannedWh).toBeGreaterThanOrEqual(480_000 * 0.999);
    expect(r.lateVehicles).toEqual([]);
  });

  it('predicts a late vehicle from its plan', () => {
    const r = allocateSite(site([iso(1, 100, 1, 150)], { capacity: watts(40_000) }), { solver });
    expect(r.lateVehicles).toEqual([
      expect.objectContaining({ portId: 1, energyNeededWh: 100_000, expectedEnergyWh: expect.any(Number) }),
    ]);
    expect(r.lateVehicles[0]!.expectedEnergyWh).toBeLessThanOrEqual(40_000);
  });
});

describe('allocateSite falls back to the greedy allocation', () => {
  const input = site([iso(1, 40, 4), iso(2, 40, 6)], { capacity: watts(50_000) });

  it('when the solver fails, saying why', () => {
    const broken = {
      ...solver,
      createModel: () => {
        throw new Error('the solver is broken');
      },
    } as unknown as PlanSolver;
    const r = allocateSite(input, { solver: broken });
    expect(r).toMatchObject({ planner: 'greedy', fallbackReason: 'the solver is broken' });
    expect(r.ports.map((p) => p.limitW).reduce((a, b) => a + b)).toBe(50_000);
  });

  it('when the solve runs over its time budget', () => {
    const r = allocateSite(input, { solver, solveBudgetMs: 0 });
    expect(r.planner).toBe('greedy');
    expect(r.fallbackReason).toMatch(/budget/);
  });
});

describe('allocateSite with nothing to plan', () => {
  it('answers an empty model (every vehicle probed) as a plan, not a fallback, and probes them', () => {
    const probing = { state: 'probing' as const, until: NOW + 60_000 };
    const sessions = [level2(1, { release: probing }), dcfc(2, { release: probing })];
    const r = allocateSite(site(sessions, { capacity: watts(50_000) }), { solver });
    expect(r.planner).toBe('optimal');
    expect(r.fallbackReason).toBeUndefined();
    expect(r.ports.map((p) => [p.reason, p.limitW])).toEqual([
      ['probing', 1920],
      ['probing', 5000],
    ]);
  });
});
