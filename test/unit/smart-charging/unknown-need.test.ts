/**
 * A vehicle whose need is unknown (its SoC told, its battery not) is never ranked behind the others
 * for it (docs/smart-charging.md, "What the plan knows"): in the slot that is sent it gets at least
 * what earliest-departure-first gives it; and a vehicle given 0 W that drew nothing is not taken
 * for idle.
 */
import highsLoader from 'highs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  allocateSite,
  floorWatts,
  minimumPowerW,
  nextReleaseState,
  portCapW,
  type PlanSolver,
  type SessionDemand,
} from '../../../shared/smart-charging';
import { dcfc, departure, HOUR, level2, NOW, site, watts } from './support';

let solver: PlanSolver;
beforeAll(async () => {
  solver = await highsLoader();
});

const MINUTE = 60_000;

/** A small van that reports its SoC (no battery size, no rise yet: its need is unknown), leaving in `minutes`. */
const van = (portId: number, kind: 'DC' | 'AC', soc: number, minutes: number): SessionDemand =>
  (kind === 'DC' ? dcfc : level2)(portId, {
    socPercent: soc,
    socStartPercent: soc,
    departure: departure(minutes / 60),
    ...(kind === 'DC' ? { maxPowerW: 50_000 } : {}),
  });

/**
 * Earliest-departure-first under a cost limit alone, as spec §2.6 reads it: every plugged-in vehicle
 * at its minimum (a cost limit is exceeded only for them), then each by departure gets up to its cap
 * from what the limit leaves, W.
 */
function edfGrants(sessions: readonly SessionDemand[], limitW: number): Map<number, number> {
  const grants = new Map(sessions.map((s) => [s.portId, minimumPowerW(s)]));
  let left = limitW - [...grants.values()].reduce((a, b) => a + b, 0);
  for (const s of [...sessions].sort((a, b) => a.departure!.time - b.departure!.time || a.portId - b.portId)) {
    const more = Math.max(0, Math.min(portCapW(s).capW - grants.get(s.portId)!, left));
    grants.set(s.portId, grants.get(s.portId)! + more);
    left -= more;
  }
  return grants;
}

describe('a vehicle whose need is unknown', () => {
  it("the depot of six vans: the van leaving first gets what the others' minimums leave, not the one leaving later", () => {
    const sessions = [
      van(1, 'DC', 40, 12),
      van(2, 'DC', 35, 7),
      van(3, 'AC', 30, 7),
      van(4, 'AC', 50, 12),
      van(5, 'AC', 45, 12),
      van(6, 'AC', 20, 12),
    ];
    const r = allocateSite(site(sessions, { cost: watts(30_000) }), { solver });
    const limit = (portId: number) => r.ports.find((p) => p.portId === portId)!.limitW;
    // The DC van leaving in 7 minutes takes all the cost limit leaves beside the others' minimums,
    // as earliest-departure-first gives it (before, the DC van leaving in 12 did, from a guessed need).
    expect(limit(2)).toBeGreaterThanOrEqual(30_000 - 5_000 - 4 * 1_920 - 1);
    expect(limit(1)).toBe(5_000);
    for (const [portId, grant] of edfGrants(sessions, 30_000))
      expect(limit(portId)).toBeGreaterThanOrEqual(grant - 250);
    expect(r.allocatedTotal).toBeLessThanOrEqual(30_000);
  });

  it('gets at least what earliest-departure-first gives it, on random depots (fast-check)', () => {
    const depots = fc.record({
      limitKw: fc.integer({ min: 10, max: 120 }),
      // Departures apart: among equal departures earliest-departure-first's order is arbitrary.
      vans: fc.uniqueArray(
        fc.record({
          kind: fc.constantFrom<'DC' | 'AC'>('DC', 'AC'),
          soc: fc.integer({ min: 5, max: 85 }),
          minutes: fc.integer({ min: 6, max: 600 }),
        }),
        { minLength: 1, maxLength: 8, selector: (v) => v.minutes },
      ),
    });
    fc.assert(
      fc.property(depots, ({ limitKw, vans }) => {
        const sessions = vans.map((v, i) => van(i + 1, v.kind, v.soc, v.minutes));
        const r = allocateSite(site(sessions, { cost: watts(limitKw * 1000) }), { solver });
        const edf = edfGrants(sessions, limitKw * 1000);
        for (const p of r.ports) {
          // Rounded down to whole W (A on Level 2) on the wire, as the plan is.
          const floor = edf.get(p.portId)!;
          expect(p.limitW, `port ${p.portId} of ${JSON.stringify(vans)}`).toBeGreaterThanOrEqual(
            floor > 0 ? Math.min(floor, floorWatts(floor)) - 250 : 0,
          );
        }
      }),
      { seed: 20_261_205, numRuns: 40 },
    );
  }, 120_000);

  it('is not taken for idle when it drew nothing at 0 W', () => {
    const drewNothing = { ...van(1, 'AC', 30, 120), measuredPowerW: 0, previousLimitW: 0 };
    const at = NOW + 10 * MINUTE;
    expect(nextReleaseState({ ...drewNothing, release: { state: 'holding' } }, false, at)).toEqual({
      state: 'holding',
    });
    // Still nothing, long after: never released for it.
    expect(nextReleaseState({ ...drewNothing, release: { state: 'holding' } }, false, at + HOUR)).toEqual({
      state: 'holding',
    });
    // Given its minimum and drawing nothing, it is idle.
    expect(nextReleaseState({ ...drewNothing, previousLimitW: 7_000 }, false, at).idleSince).toBe(at);
  });
});
