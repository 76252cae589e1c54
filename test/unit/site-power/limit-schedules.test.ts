import { describe, expect, it } from 'vitest';
import { limitAt, limitTimeline, nextLimitChangeAt, type TimedLimit } from '../../../shared/site-power/limit-schedules';
import type { LimitSchedule } from '../../../shared/site-power/limit-rules';
import type { SitePowerLimitItem } from '../../../shared/site-power/limits';

const LA = 'America/Los_Angeles';
const t = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(3)) * 60;
/** Periods from `HH:MM` → W. */
const periods = (spec: Record<string, number>) =>
  Object.entries(spec).map(([start, limit]) => ({ startPeriod: at(start), limit }));
const scheduled = (schedules: LimitSchedule[], unit: 'W' | 'A' = 'W'): TimedLimit => ({
  limit: Math.max(...schedules.flatMap((s) => s.chargingSchedulePeriods.map((p) => p.limit))),
  chargingRateUnit: unit,
  schedules,
});
/** The benchmark: 300 kW until 16:00, then 100 kW (every day). */
const afternoonCut = scheduled([
  { daysOfWeek: EVERY_DAY, chargingSchedulePeriods: periods({ '00:00': 300_000, '16:00': 100_000 }) },
]);
/** Weekdays: 300 kW, 100 kW from 16:00 to 21:00; weekends 200 kW all day. */
const weekdaysApart = scheduled([
  {
    daysOfWeek: [1, 2, 3, 4, 5],
    chargingSchedulePeriods: periods({ '00:00': 300_000, '16:00': 100_000, '21:00': 300_000 }),
  },
  { daysOfWeek: [6, 7], chargingSchedulePeriods: periods({ '00:00': 200_000 }) },
]);
const changes = (timeline: { ahead: readonly { from: number; limit: number }[] }) =>
  timeline.ahead.map(({ from, limit }) => [new Date(from).toISOString(), limit]);

describe('limitAt', () => {
  it("reads the period of the local weekday and time in the site's zone", () => {
    // Wednesday 2026-07-01, PDT (UTC-7): 15:59:59 local is 22:59:59Z, 16:00 is 23:00Z.
    expect(limitAt(afternoonCut, LA, t('2026-07-01T22:59:59Z'))).toBe(300_000);
    expect(limitAt(afternoonCut, LA, t('2026-07-01T23:00:00Z'))).toBe(100_000);
    // 23:59 local Wednesday, then 00:00 Thursday (07:00Z): the day starts again at 300 kW.
    expect(limitAt(afternoonCut, LA, t('2026-07-02T06:59:00Z'))).toBe(100_000);
    expect(limitAt(afternoonCut, LA, t('2026-07-02T07:00:00Z'))).toBe(300_000);
  });

  it('reads the weekday of the local date, not of UTC', () => {
    // Friday 2026-07-03 18:00 PDT is Saturday 01:00Z: still Friday's 21:00 period is ahead, so 100 kW.
    expect(limitAt(weekdaysApart, LA, t('2026-07-04T01:00:00Z'))).toBe(100_000);
    // Saturday 00:30 PDT (07:30Z): the weekend's 200 kW.
    expect(limitAt(weekdaysApart, LA, t('2026-07-04T07:30:00Z'))).toBe(200_000);
  });

  it('answers a flat limit whatever the time, and refuses a schedule missing a weekday', () => {
    const flat: TimedLimit = { limit: 64, chargingRateUnit: 'A' };
    expect(limitAt(flat, LA, t('2026-07-01T23:00:00Z'))).toBe(64);
    const weekdaysOnly = scheduled([{ daysOfWeek: [1, 2, 3, 4, 5], chargingSchedulePeriods: periods({ '00:00': 1 }) }]);
    expect(() => limitAt(weekdaysOnly, LA, t('2026-07-04T19:00:00Z'))).toThrow(RangeError);
  });
});

describe('limitTimeline', () => {
  it('gives the limit now and each change over the horizon, in the limit’s unit', () => {
    // Wednesday 2026-07-01 10:00 PDT, 24 h ahead.
    const timeline = limitTimeline(afternoonCut, LA, t('2026-07-01T17:00:00Z'), 24 * HOUR);
    expect(timeline.now).toEqual({ limit: 300_000, unit: 'W' });
    expect(changes(timeline)).toEqual([
      ['2026-07-01T23:00:00.000Z', 100_000], // 16:00 PDT
      ['2026-07-02T07:00:00.000Z', 300_000], // 00:00 PDT Thursday
    ]);
  });

  it('starts a 16:00 period at local 16:00 on the 23-hour day of the spring-forward change', () => {
    // Sunday 2026-03-08: 00:30 PST (08:30Z); at 02:00 PST (10:00Z) clocks go to 03:00 PDT.
    const timeline = limitTimeline(afternoonCut, LA, t('2026-03-08T08:30:00Z'), 24 * HOUR);
    expect(changes(timeline)).toEqual([
      ['2026-03-08T23:00:00.000Z', 100_000], // 16:00 PDT: 15 h after local midnight (08:00Z)
      ['2026-03-09T07:00:00.000Z', 300_000], // Monday 00:00 PDT
    ]);
  });

  it('starts a 16:00 period at local 16:00 on the 25-hour day of the fall-back change', () => {
    // Sunday 2026-11-01: 00:30 PDT (07:30Z); at 02:00 PDT (09:00Z) clocks go back to 01:00 PST.
    // 25 h ahead: to 00:30 PST on Monday.
    const timeline = limitTimeline(afternoonCut, LA, t('2026-11-01T07:30:00Z'), 25 * HOUR);
    expect(changes(timeline)).toEqual([
      ['2026-11-02T00:00:00.000Z', 100_000], // 16:00 PST: 17 h after local midnight (07:00Z)
      ['2026-11-02T08:00:00.000Z', 300_000], // Monday 00:00 PST
    ]);
  });

  it('starts a period whose start the spring-forward change skips at the change', () => {
    // 02:30 never happens on 2026-03-08 in Los Angeles: 02:00 PST is 03:00 PDT (10:00Z).
    const night = scheduled([
      { daysOfWeek: EVERY_DAY, chargingSchedulePeriods: periods({ '00:00': 100, '02:30': 200, '05:00': 100 }) },
    ]);
    const timeline = limitTimeline(night, LA, t('2026-03-08T08:00:00Z'), 6 * HOUR);
    expect(changes(timeline)).toEqual([
      ['2026-03-08T10:00:00.000Z', 200], // the change: local 03:00 is past 02:30
      ['2026-03-08T12:00:00.000Z', 100], // 05:00 PDT
    ]);
  });

  it('runs the repeated hour of the fall-back change through its periods twice, by the local clock', () => {
    const night = scheduled([
      { daysOfWeek: EVERY_DAY, chargingSchedulePeriods: periods({ '00:00': 100, '01:30': 200, '03:00': 100 }) },
    ]);
    const timeline = limitTimeline(night, LA, t('2026-11-01T07:00:00Z'), 6 * HOUR);
    expect(changes(timeline)).toEqual([
      ['2026-11-01T08:30:00.000Z', 200], // 01:30 PDT
      ['2026-11-01T09:00:00.000Z', 100], // 02:00 PDT = 01:00 PST: before 01:30 again
      ['2026-11-01T09:30:00.000Z', 200], // 01:30 PST
      ['2026-11-01T11:00:00.000Z', 100], // 03:00 PST
    ]);
  });

  it('follows the schedule of each weekday: Monday to Friday differ from the weekend', () => {
    // Friday 2026-07-03 12:00 PDT (19:00Z), 72 h ahead to Monday 12:00 PDT.
    const timeline = limitTimeline(weekdaysApart, LA, t('2026-07-03T19:00:00Z'), 72 * HOUR);
    expect(timeline.now).toEqual({ limit: 300_000, unit: 'W' });
    expect(changes(timeline)).toEqual([
      ['2026-07-03T23:00:00.000Z', 100_000], // Friday 16:00
      ['2026-07-04T04:00:00.000Z', 300_000], // Friday 21:00
      ['2026-07-04T07:00:00.000Z', 200_000], // Saturday 00:00 (Sunday 00:00 keeps 200 kW: no change)
      ['2026-07-06T07:00:00.000Z', 300_000], // Monday 00:00
    ]);
  });

  it('leaves out a change at now and includes one at the horizon’s end', () => {
    const sixteen = t('2026-07-01T23:00:00Z');
    expect(limitTimeline(afternoonCut, LA, sixteen, HOUR)).toEqual({ now: { limit: 100_000, unit: 'W' }, ahead: [] });
    expect(changes(limitTimeline(afternoonCut, LA, sixteen - HOUR, HOUR))).toEqual([
      ['2026-07-01T23:00:00.000Z', 100_000],
    ]);
    expect(limitTimeline(afternoonCut, LA, sixteen - HOUR, 0).ahead).toEqual([]);
  });

  it('has no changes for a flat limit (a stored item as it is read)', () => {
    const item: SitePowerLimitItem = {
      siteId: 1,
      type: 'capacity',
      scheduleId: 'capacity-1',
      organizationId: 1,
      limit: 150_000,
      chargingRateUnit: 'W',
      source: 'api',
      createdAt: '2026-07-01T00:00:00.000Z',
    };
    expect(limitTimeline(item, LA, t('2026-07-01T17:00:00Z'), 48 * HOUR)).toEqual({
      now: { limit: 150_000, unit: 'W' },
      ahead: [],
    });
    expect(limitTimeline({ ...item, ...afternoonCut }, LA, t('2026-07-01T17:00:00Z'), 24 * HOUR).ahead).toHaveLength(2);
  });

  it('keeps the unit of an amp limit', () => {
    const amps = scheduled(
      [{ daysOfWeek: EVERY_DAY, chargingSchedulePeriods: periods({ '00:00': 400, '16:00': 160 }) }],
      'A',
    );
    const timeline = limitTimeline(amps, 'Europe/Berlin', t('2026-07-01T10:00:00Z'), 12 * HOUR);
    expect(timeline.now).toEqual({ limit: 400, unit: 'A' });
    expect(changes(timeline)).toEqual([
      ['2026-07-01T14:00:00.000Z', 160], // 16:00 CEST
      ['2026-07-01T22:00:00.000Z', 400], // 00:00 CEST
    ]);
  });
});

describe('nextLimitChangeAt', () => {
  it('finds the next change, days ahead when the days between keep one value', () => {
    expect(nextLimitChangeAt(afternoonCut, LA, t('2026-07-01T17:00:00Z'))).toBe(t('2026-07-01T23:00:00Z'));
    // Saturday 10:00 PDT: Sunday 00:00 keeps 200 kW; the next change is Monday 00:00 PDT.
    expect(nextLimitChangeAt(weekdaysApart, LA, t('2026-07-04T17:00:00Z'))).toBe(t('2026-07-06T07:00:00Z'));
  });

  it('is undefined for a flat limit and for a schedule of one value', () => {
    expect(nextLimitChangeAt({ limit: 5, chargingRateUnit: 'W' }, LA, t('2026-07-01T17:00:00Z'))).toBeUndefined();
    const constant = scheduled([
      { daysOfWeek: [1, 2, 3, 4, 5], chargingSchedulePeriods: periods({ '00:00': 7, '12:00': 7 }) },
      { daysOfWeek: [6, 7], chargingSchedulePeriods: periods({ '00:00': 7 }) },
    ]);
    expect(nextLimitChangeAt(constant, LA, t('2026-07-01T17:00:00Z'))).toBeUndefined();
  });
});
