/**
 * The site's fallback counter (`fallbackCountAfter`, shared/site-power/run.ts): a fallback of the
 * planner to the greedy allocation adds 1; an allocation with nothing to plan (every vehicle
 * probed: a model without columns; or no vehicle to plan) adds none.
 */
import highsLoader from 'highs';
import { beforeAll, describe, expect, it } from 'vitest';
import { allocateSite, type PlanSolver } from '../../../shared/smart-charging';
import { fallbackCountAfter } from '../../../shared/site-power/run';
import { dcfc, level2, NOW, site, watts } from '../smart-charging/support';

let solver: PlanSolver;
beforeAll(async () => {
  solver = await highsLoader();
});

const charging = site([dcfc(1, { evNeeds: { energyAmountWh: 40_000, departureTime: NOW + 4 * 3_600_000 } })], {
  capacity: watts(50_000),
});

describe("the site's fallback counter", () => {
  it('adds 1 when the planner fell back (here: its solver failed)', () => {
    const broken = {
      ...solver,
      createModel: () => {
        throw new Error('the solver is broken');
      },
    } as unknown as PlanSolver;
    const result = allocateSite(charging, { solver: broken });
    expect(result.fallbackReason).toBe('the solver is broken');
    expect(fallbackCountAfter(undefined, result)).toBe(1);
    expect(fallbackCountAfter(4, result)).toBe(5);
  });

  it('adds 0 for an empty model (every vehicle probed), nor for a site with no vehicle to plan', () => {
    const probing = { state: 'probing' as const, until: NOW + 60_000 };
    const probed = allocateSite(site([level2(1, { release: probing })], { capacity: watts(50_000) }), { solver });
    expect(probed.planner).toBe('optimal');
    expect(fallbackCountAfter(4, probed)).toBe(4);
    const empty = allocateSite(site([], { capacity: watts(50_000) }), { solver });
    expect(empty).toMatchObject({ planner: 'greedy' });
    expect(empty.fallbackReason).toBeUndefined();
    expect(fallbackCountAfter(4, empty)).toBe(4);
    expect(fallbackCountAfter(undefined, allocateSite(charging, { solver }))).toBe(0);
  });
});
