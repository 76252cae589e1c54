import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clockOfSeconds,
  parseLimitPeriods,
  sitePowerLimitInputSchema,
  storedLimitValues,
} from '../../../shared/site-power/limit-rules';
import { InvalidLimitScheduleError } from '../../../shared/site-power/errors';

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const afternoon = [
  { startPeriod: 0, limit: 300_000 },
  { startPeriod: 57_600, limit: 100_000 },
];
const input = (fields: Record<string, unknown>) => ({ type: 'capacity', chargingRateUnit: 'W', ...fields });
/** The issues of an input: `path: message`. */
const issues = (value: unknown) =>
  (sitePowerLimitInputSchema.safeParse(value).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('sitePowerLimitInputSchema', () => {
  it('accepts a flat limit (the contract) or schedules (a limit by time of day)', () => {
    expect(issues(input({ limit: 300_000 }))).toEqual([]);
    expect(issues(input({ schedules: [{ daysOfWeek: EVERY_DAY, chargingSchedulePeriods: afternoon }] }))).toEqual([]);
    const split = [
      { daysOfWeek: [6, 7], chargingRateUnit: 'W', chargingSchedulePeriods: [{ startPeriod: 0, limit: 200_000 }] },
      { daysOfWeek: [5, 4, 3, 2, 1], chargingSchedulePeriods: afternoon },
    ];
    expect(issues(input({ schedules: split }))).toEqual([]);
  });

  it('wants exactly one of limit and schedules', () => {
    expect(issues(input({}))).toEqual([
      'limit: must be given (a flat limit), or schedules instead (a limit by time of day)',
    ]);
    const both = input({ limit: 1, schedules: [{ daysOfWeek: EVERY_DAY, chargingSchedulePeriods: afternoon }] });
    expect(issues(both)).toEqual(['schedules: must not be given with limit: a flat limit or schedules, not both']);
  });

  it('names the period that does not start at 0, or comes out of order, or repeats a start', () => {
    const week = (chargingSchedulePeriods: unknown[]) =>
      input({ schedules: [{ daysOfWeek: EVERY_DAY, chargingSchedulePeriods }] });
    expect(issues(week([{ startPeriod: 3600, limit: 5 }]))).toEqual([
      'schedules.0.chargingSchedulePeriods.0.startPeriod: the first period must start at 0 (00:00, local midnight)',
    ]);
    expect(issues(week([...afternoon, { startPeriod: 28_800, limit: 5 }]))).toEqual([
      "schedules.0.chargingSchedulePeriods.2.startPeriod: must be after the previous period's start (16:00): periods in time order",
    ]);
    expect(issues(week([...afternoon, { startPeriod: 57_600, limit: 5 }]))).toEqual([
      "schedules.0.chargingSchedulePeriods.2.startPeriod: must not repeat the previous period's start (16:00): one period a start time",
    ]);
    expect(
      issues(
        week([
          { startPeriod: 0, limit: 5 },
          { startPeriod: 86_400, limit: 5 },
        ]),
      ),
    ).toEqual(['schedules.0.chargingSchedulePeriods.1.startPeriod: must be below 86400 (the end of the day)']);
  });

  it('wants each weekday in exactly one schedule', () => {
    const schedule = (daysOfWeek: number[]) => ({ daysOfWeek, chargingSchedulePeriods: afternoon });
    expect(issues(input({ schedules: [schedule([1, 2, 3, 4, 5]), schedule([5, 6, 7])] }))).toEqual([
      'schedules.1.daysOfWeek: Friday (5) is also in schedules.0: each weekday must be in exactly one schedule',
    ]);
    expect(issues(input({ schedules: [schedule([1, 2, 3, 4, 5])] }))).toEqual([
      'schedules: Saturday (6), Sunday (7) are in no schedule: each weekday must be in exactly one schedule',
    ]);
    expect(issues(input({ schedules: [schedule([1, 2, 2, 3, 4, 5, 6, 7])] }))).toEqual([
      'schedules.0.daysOfWeek: must not repeat a day',
    ]);
    expect(issues(input({ schedules: [schedule([0, 1, 2, 3, 4, 5, 6, 7])] }))).toEqual([
      'schedules.0.daysOfWeek.0: must be an ISO weekday, 1 (Monday) to 7 (Sunday)',
    ]);
  });

  it('bounds the periods: at most 96, each limit an integer from 0, amps lower than watts', () => {
    const many = Array.from({ length: 97 }, (_, i) => ({ startPeriod: i * 600, limit: 1 }));
    expect(issues(input({ schedules: [{ daysOfWeek: EVERY_DAY, chargingSchedulePeriods: many }] }))).toEqual([
      'schedules.0.chargingSchedulePeriods: must have at most 96 periods',
    ]);
    expect(
      issues(input({ schedules: [{ daysOfWeek: EVERY_DAY, chargingSchedulePeriods: many.slice(0, 96) }] })),
    ).toEqual([]);
    const one = (limit: unknown, chargingRateUnit = 'W') =>
      input({
        chargingRateUnit,
        schedules: [{ daysOfWeek: EVERY_DAY, chargingSchedulePeriods: [{ startPeriod: 0, limit }] }],
      });
    expect(issues(one(-1))).toEqual(['schedules.0.chargingSchedulePeriods.0.limit: must not be negative']);
    expect(issues(one(1.5))).toEqual(['schedules.0.chargingSchedulePeriods.0.limit: must be an integer']);
    expect(issues(one('5'))).toEqual(['schedules.0.chargingSchedulePeriods.0.limit: must be a number']);
    expect(issues(one(100_001, 'A'))).toEqual([
      'schedules.0.chargingSchedulePeriods.0.limit: must be at most 100000 A',
    ]);
    expect(issues(one(100_001, 'W'))).toEqual([]);
  });

  it("wants a schedule's own unit, when given, to be the limit's", () => {
    const schedules = [{ daysOfWeek: EVERY_DAY, chargingRateUnit: 'A', chargingSchedulePeriods: afternoon }];
    expect(issues(input({ schedules }))).toEqual([
      "schedules.0.chargingRateUnit: must be the limit's chargingRateUnit (W), or left out",
    ]);
  });

  it('never throws, whatever the input (fast-check)', () => {
    const value = fc.oneof(fc.integer({ min: -5, max: 90_000 }), fc.double(), fc.string(), fc.constant(null));
    const period = fc.record({ startPeriod: value, limit: value }, { requiredKeys: [] });
    const schedule = fc.record(
      {
        daysOfWeek: fc.array(fc.oneof(fc.integer({ min: -1, max: 8 }), value)),
        chargingSchedulePeriods: fc.array(period),
      },
      { requiredKeys: [] },
    );
    const body = fc.record(
      {
        type: fc.constantFrom('cost', 'capacity', 'x'),
        chargingRateUnit: fc.constantFrom('W', 'A', 'kW'),
        limit: value,
        schedules: fc.oneof(fc.array(schedule), value),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(body, (b) => {
        const parsed = sitePowerLimitInputSchema.safeParse(b);
        if (parsed.success) storedLimitValues(parsed.data);
      }),
      { seed: 42, numRuns: 2000 },
    );
  });
});

describe('storedLimitValues', () => {
  it('stores a flat limit as is, and a time-of-day one sorted, with limit its highest period', () => {
    expect(storedLimitValues({ limit: 7 })).toEqual({ limit: 7 });
    const stored = storedLimitValues({
      schedules: [
        { daysOfWeek: [7, 6], chargingRateUnit: 'W', chargingSchedulePeriods: [{ startPeriod: 0, limit: 200_000 }] },
        { daysOfWeek: [5, 1, 2, 3, 4], chargingSchedulePeriods: afternoon },
      ],
    });
    expect(stored).toEqual({
      limit: 300_000,
      schedules: [
        { daysOfWeek: [1, 2, 3, 4, 5], chargingSchedulePeriods: afternoon },
        { daysOfWeek: [6, 7], chargingSchedulePeriods: [{ startPeriod: 0, limit: 200_000 }] },
      ],
    });
  });

  it('stores one all-week schedule of one period as the flat limit it is', () => {
    const schedules = [{ daysOfWeek: EVERY_DAY, chargingSchedulePeriods: [{ startPeriod: 0, limit: 9 }] }];
    expect(storedLimitValues({ schedules })).toEqual({ limit: 9 });
  });
});

describe('parseLimitPeriods (the CLI notation)', () => {
  it('groups periods of the same days into one schedule, days defaulting to every day', () => {
    expect(parseLimitPeriods(['00:00=300000', '16:00=100000']).schedules).toEqual([
      { daysOfWeek: EVERY_DAY, chargingSchedulePeriods: afternoon },
    ]);
    const { schedules } = parseLimitPeriods([
      '00:00=300000/Mon-Fri',
      '00:00=200000/Sat,Sun',
      '16:00 = 100000 / mon,tue,wed,thu,fri',
    ]);
    expect(schedules).toEqual([
      { daysOfWeek: [1, 2, 3, 4, 5], chargingSchedulePeriods: afternoon },
      { daysOfWeek: [6, 7], chargingSchedulePeriods: [{ startPeriod: 0, limit: 200_000 }] },
    ]);
  });

  it('names the option of each issue of the schema', () => {
    const parsed = parseLimitPeriods(['00:00=300000/Mon-Fri', '00:00=200000/Fri-Sun', '16:00=-5/Mon-Fri']);
    const result = sitePowerLimitInputSchema.safeParse(input({ schedules: parsed.schedules }));
    expect(result.error?.issues.map((i) => parsed.fieldOf(i.path))).toEqual(['period[2].limit', 'period[1].days']);
    expect(parsed.fieldOf(['schedules'])).toBe('period');
    expect(parsed.fieldOf(['schedules', 0, 'chargingSchedulePeriods'])).toBe('period');
    expect(parsed.fieldOf(['schedules', 0, 'chargingSchedulePeriods', 1, 'startPeriod'])).toBe('period[2].start');
    expect(parsed.fieldOf(['chargingRateUnit'])).toBe('unit');
    expect(parsed.fieldOf(['limit'])).toBe('limit');
  });

  it.each([
    ['16:00', 'must be HH:MM=limit[/Days]'],
    ['24:00=5', 'must be HH:MM=limit[/Days]'],
    ['4:00=5', 'must be HH:MM=limit[/Days]'],
    ['16:00=lots', 'must be HH:MM=limit[/Days]'],
    ['16:00=5/Funday', 'days must be like Mon-Fri or Sat,Sun'],
  ])('refuses %s, naming the option', (text, problem) => {
    expect(() => parseLimitPeriods(['00:00=1', text])).toThrow(InvalidLimitScheduleError);
    try {
      parseLimitPeriods(['00:00=1', text]);
    } catch (error) {
      expect((error as InvalidLimitScheduleError).field).toBe('period[1]');
      expect((error as InvalidLimitScheduleError).problem).toContain(problem);
    }
    expect(() => parseLimitPeriods([text])).toThrow(/^Invalid period: /);
  });

  it('writes seconds after midnight as a clock', () => {
    expect([0, 57_600, 86_399].map(clockOfSeconds)).toEqual(['00:00', '16:00', '23:59:59']);
  });
});
