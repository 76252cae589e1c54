import { describe, expect, it } from 'vitest';
import { ampLimitRule, MINIMUM_POWER_PER_VEHICLE, siteChargingAllowance, toSitePowerLimitSchedule } from '../../../shared/site-power/limits';
import { SetSitePowerLimitBody } from '../../../shared/api/schemas/site-limits';

describe('siteChargingAllowance (spec §2.6)', () => {
  const calm = { minimumPower: 0, override: false };
  it.each<[string, Parameters<typeof siteChargingAllowance>[0], Parameters<typeof siteChargingAllowance>[1], number | null]>([
    ['is unlimited without limits', {}, calm, null],
    ['applies the cost limit first', { cost: 50_000, capacity: 80_000 }, calm, 50_000],
    ['never exceeds capacity, even with a higher cost limit', { cost: 90_000, capacity: 80_000 }, calm, 80_000],
    ['lets an override exceed the cost limit up to capacity', { cost: 50_000, capacity: 80_000 }, { minimumPower: 0, override: true }, 80_000],
    ['lets an override exceed a lone cost limit without bound', { cost: 50_000 }, { minimumPower: 0, override: true }, null],
    ['keeps a lone capacity limit as the cap', { capacity: 80_000 }, { minimumPower: 0, override: true }, 80_000],
    ['still lets every vehicle start at its minimum power under a limit of 0', { cost: 0 }, { minimumPower: 3 * MINIMUM_POWER_PER_VEHICLE.DCFC.value, override: false }, 15_000],
  ])('%s', (_name, limits, demand, expected) => {
    expect(siteChargingAllowance(limits, demand)).toBe(expected);
  });
});

describe('site power limit shapes', () => {
  it('render a flat limit as one all-week schedule with one period from midnight', () => {
    const item = { siteId: 3, type: 'cost', scheduleId: 'cost-1', organizationId: 1, limit: 64, chargingRateUnit: 'A', source: 'api', createdAt: '2026-01-01T00:00:00.000Z' } as const;
    expect(toSitePowerLimitSchedule(item)).toEqual({
      id: 'cost-1',
      createdAt: '2026-01-01T00:00:00.000Z',
      source: 'api',
      type: 'cost',
      schedules: [{ daysOfWeek: [1, 2, 3, 4, 5, 6, 7], chargingRateUnit: 'A', chargingSchedulePeriods: [{ startPeriod: 0, limit: 64 }] }],
    });
  });

  it('word the DCFC/amp rule with the site', () => {
    expect(ampLimitRule(7)).toMatch(/^Site 7: amp \(A\) power limits are not supported on sites with DCFC chargers/);
  });

  it('bound amp limits lower than watt limits', () => {
    const body = (limit: number, chargingRateUnit: string) => ({ sitePowerLimitSchedule: { type: 'capacity', limit, chargingRateUnit } });
    expect(SetSitePowerLimitBody.safeParse(body(100_001, 'W')).success).toBe(true);
    expect(SetSitePowerLimitBody.safeParse(body(100_001, 'A')).error?.issues).toEqual([expect.objectContaining({ path: ['sitePowerLimitSchedule', 'limit'] })]);
  });
});
