/**
 * Vehicles ready first (`shared/smart-charging/ready.ts`, docs/smart-charging.md): under scarcity
 * the plan makes as many vehicles ready by their departure as the limits allow, gives the others
 * their share, and never takes power from a vehicle short of its need to top another one up.
 */
import highsLoader from 'highs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  allocateSite,
  minimumPowerW,
  portCapW,
  type AllocationResult,
  type PlanSolver,
  type SessionDemand,
} from '../../../shared/smart-charging';
import { dcfc, HOUR, NOW, site, watts } from './support';

let solver: PlanSolver;
beforeAll(async () => {
  solver = await highsLoader();
});

/** A DCFC vehicle that told its needs over ISO 15118: `kWh` by `hours` from now, at most `maxKw`. */
const iso = (portId: number, kWh: number, hours: number, maxKw = 150) =>
  dcfc(portId, {
    evNeeds: { energyAmountWh: kWh * 1000, departureTime: NOW + hours * HOUR, maxPowerW: maxKw * 1000 },
  });

/** The energy a port's plan gives it between now and `until`, Wh. */
function plannedWh(r: AllocationResult, portId: number, until: number): number {
  const plan = r.ports.find((p) => p.portId === portId)!.plan;
  const end = Math.min(until, r.slots.at(-1)!.end);
  return plan.reduce((sum, p, k) => {
    const to = Math.min(plan[k + 1]?.start ?? end, end);
    return sum + (p.limitW * Math.max(0, to - p.start)) / HOUR;
  }, 0);
}

describe('vehicles ready first', () => {
  it('makes one of two equal vehicles ready rather than leaving both short, and gives the other its share', () => {
    // 50 kW for 2 h is 100 kWh; each asks 60 kWh: the most energy is reached either way.
    const r = allocateSite(site([iso(1, 60, 2), iso(2, 60, 2)], { capacity: watts(50_000) }), { solver });
    expect(r.planner).toBe('optimal');
    const delivered = [1, 2].map((portId) => plannedWh(r, portId, NOW + 2 * HOUR)).sort((a, b) => b - a);
    expect(delivered[0]).toBeGreaterThanOrEqual(60_000 - 10);
    // Its share: a quarter of its need (`SHARE`).
    expect(delivered[1]).toBeGreaterThanOrEqual(0.25 * 60_000);
    expect(delivered[0]! + delivered[1]!).toBeGreaterThanOrEqual(100_000 - 20);
  });

  it('makes the most vehicles ready: three small ones before one large one leaving at the same time', () => {
    const sessions = [iso(1, 45, 1), iso(2, 15, 1), iso(3, 15, 1), iso(4, 15, 1)];
    const r = allocateSite(site(sessions, { capacity: watts(50_000) }), { solver });
    const ready = sessions.filter((s) => plannedWh(r, s.portId, NOW + HOUR) >= s.evNeeds!.energyAmountWh! - 10);
    expect(ready.map((s) => s.portId)).toEqual([2, 3, 4]);
  });

  /** Random sites: ISO 15118 vehicles (known need and departure) and vehicles without a departure (top-ups). */
  const scarce = fc
    .record({
      capacityKw: fc.integer({ min: 20, max: 300 }),
      known: fc.array(
        fc.record({
          kWh: fc.integer({ min: 5, max: 80 }),
          hours: fc.double({ min: 0.5, max: 8, noNaN: true }),
          maxKw: fc.integer({ min: 20, max: 150 }),
        }),
        { minLength: 1, maxLength: 6 },
      ),
      topUps: fc.integer({ min: 1, max: 3 }),
    })
    .map(({ capacityKw, known, topUps }) => {
      const sessions: SessionDemand[] = [
        ...known.map((k, i) => iso(i + 1, k.kWh, k.hours, k.maxKw)),
        ...Array.from({ length: topUps }, (_, j) => dcfc(known.length + j + 1)),
      ];
      return site(sessions, { capacity: watts(capacityKw * 1000) });
    });

  it('never tops a vehicle up while a vehicle short of its need could take more, in any slot', () => {
    fc.assert(
      fc.property(scarce, (input) => {
        const r = allocateSite(input, { solver, solveBudgetMs: 60_000 });
        expect(r.planner).toBe('optimal');
        const known = input.sessions.filter((s) => s.evNeeds?.departureTime !== undefined);
        const topUps = input.sessions.filter((s) => s.evNeeds === undefined);
        const short = known.filter(
          (s) => plannedWh(r, s.portId, s.evNeeds!.departureTime!) < s.evNeeds!.energyAmountWh! - 10,
        );
        for (const slot of r.slots) {
          const at = (s: SessionDemand) =>
            r.ports
              .find((p) => p.portId === s.portId)!
              .plan.filter((p) => p.start <= slot.start)
              .at(-1)!.limitW;
          const topping = topUps.filter((s) => at(s) > minimumPowerW(s) + 1);
          if (topping.length === 0) continue;
          for (const s of short) {
            if (slot.start >= s.evNeeds!.departureTime!) continue;
            // A short vehicle still there is at its cap whenever another vehicle tops up.
            expect(at(s), `port ${s.portId} at ${new Date(slot.start).toISOString()}`).toBeGreaterThanOrEqual(
              portCapW(s).capW - 1,
            );
          }
        }
      }),
      { seed: 20_261_205, numRuns: 60 },
    );
  }, 120_000);
});

describe('floors of vehicles whose need is unknown', () => {
  it('gives none to vehicles that told no departure either: they share alike, first come or not', () => {
    const r = allocateSite(site([dcfc(1), dcfc(2)], { cost: watts(60_000) }), { solver });
    expect(r.ports.map((p) => p.limitW)).toEqual([30_000, 30_000]);
  });
});
