import { describe, expect, it } from 'vitest';
import { ampLimitRule } from '../../../shared/chargers/amp-limit-rule';
import { toSitePowerLimitSchedule, type SitePowerLimitItem } from '../../../shared/site-power/limits';
import { SetSitePowerLimitBody } from '../../../shared/api/routes/site-limits';
import { WEEKDAY_DROP_SCHEDULES } from '../../support/limit-schedules';

describe('site power limit shapes', () => {
  it('render a flat limit as one all-week schedule with one period from midnight', () => {
    const item = {
      siteId: 3,
      type: 'cost',
      scheduleId: 'cost-1',
      organizationId: 1,
      limit: 64,
      chargingRateUnit: 'A',
      source: 'api',
      createdAt: '2026-01-01T00:00:00.000Z',
    } as const;
    expect(toSitePowerLimitSchedule(item)).toEqual({
      id: 'cost-1',
      createdAt: '2026-01-01T00:00:00.000Z',
      source: 'api',
      type: 'cost',
      // No one recorded as setting it (an item from before people): null, as the reference gives.
      userEmail: null,
      schedules: [
        {
          daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
          chargingRateUnit: 'A',
          chargingSchedulePeriods: [{ startPeriod: 0, limit: 64 }],
        },
      ],
    });
  });

  it("render a limit by time of day as its stored schedules, each with the limit's unit", () => {
    const item = {
      siteId: 3,
      type: 'capacity',
      scheduleId: 'capacity-2',
      organizationId: 1,
      limit: 300_000,
      chargingRateUnit: 'W',
      schedules: [
        {
          daysOfWeek: [1, 2, 3, 4, 5],
          chargingSchedulePeriods: [
            { startPeriod: 0, limit: 300_000 },
            { startPeriod: 57_600, limit: 100_000 },
          ],
        },
        { daysOfWeek: [6, 7], chargingSchedulePeriods: [{ startPeriod: 0, limit: 200_000 }] },
      ],
      source: 'api',
      createdAt: '2026-01-01T00:00:00.000Z',
    } as const satisfies SitePowerLimitItem;
    expect(toSitePowerLimitSchedule(item).schedules).toEqual(WEEKDAY_DROP_SCHEDULES);
  });

  it('word the DCFC/amp rule with the site', () => {
    expect(ampLimitRule(7)).toMatch(/^Site 7: amp \(A\) power limits are not supported on sites with DCFC chargers/);
  });

  it('bound amp limits lower than watt limits', () => {
    const body = (limit: number, chargingRateUnit: string) => ({
      sitePowerLimitSchedule: { type: 'capacity', limit, chargingRateUnit },
    });
    expect(SetSitePowerLimitBody.safeParse(body(100_001, 'W')).success).toBe(true);
    expect(SetSitePowerLimitBody.safeParse(body(100_001, 'A')).error?.issues).toEqual([
      expect.objectContaining({ path: ['sitePowerLimitSchedule', 'limit'] }),
    ]);
  });
});
