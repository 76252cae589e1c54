/**
 * The real-time depot (`test/support/realtime-depot.ts`): six small vans that report their SoC but
 * not their battery, leaving 7 and 12 minutes after plugging in, all feasible under a 30 kW cost
 * limit when the first to leave charge first. With the site planning again on a van's readings,
 * every departure is met, the earliest ones first, for a few allocations more per session.
 */
import highsLoader from 'highs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlanSolver } from '../../../shared/smart-charging';
import { REALTIME_DEPOT, replayRealtimeDepot } from '../../support/realtime-depot';

let solver: PlanSolver;
beforeAll(async () => {
  solver = await highsLoader();
});

describe('the real-time depot', () => {
  it('meets every departure, the earliest first, when the readings make the site plan again', () => {
    const outcome = replayRealtimeDepot(solver, true);
    expect(outcome.vans.filter((v) => !v.met)).toEqual([]);
    // When the first van leaves, the vans leaving at 7 minutes are ready and the others are not yet:
    // the early ones were charged first.
    for (const van of REALTIME_DEPOT) {
      const soc = outcome.socAtFirstDeparture[van.portId]!;
      if (van.minutes === 7) expect(soc, `van ${van.portId}`).toBeGreaterThanOrEqual(89.9);
      else expect(soc, `van ${van.portId}`).toBeLessThan(89.9);
    }
    // Each van's first SoC reading and its battery learnt, coalesced: at most two more per session.
    expect(outcome.byCause).toMatchObject({ firstSoc: expect.any(Number), batteryLearnt: expect.any(Number) });
    const plain = replayRealtimeDepot(solver, false);
    expect(outcome.allocations - plain.allocations).toBeLessThanOrEqual(2 * REALTIME_DEPOT.length);
  }, 120_000);

  it("plans again on a van's telematics push only when it changes the plan, meeting every departure", () => {
    // Each van pushes its SoC every 3 s: planning at each push made 726 allocations (the bench).
    const outcome = replayRealtimeDepot(solver, false, true, 'judged');
    expect(outcome.vans.filter((v) => !v.met)).toEqual([]);
    const plain = replayRealtimeDepot(solver, false, true);
    expect(outcome.byCause.vehicleState).toBeGreaterThan(0);
    expect(outcome.allocations - plain.allocations).toBeLessThanOrEqual(REALTIME_DEPOT.length);
  }, 120_000);
});
