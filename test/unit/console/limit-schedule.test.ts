/** The console's limits by time of day (lib/console/src/limit-schedule.ts): rows to schedules, schedules in words. */
import { describe, expect, it } from 'vitest';
import { isTimeOfDay, newLimitRow, scheduleLines, schedulesOfRows } from '../../../lib/console/src/limit-schedule';
import type { SitePowerLimitSchedule } from '../../../lib/console/src/types';
import { WEEKDAY_DROP_SCHEDULES } from '../../support/limit-schedules';

const WEEKDAYS = [true, true, true, true, true, false, false];
const WEEKEND = [false, false, false, false, false, true, true];

describe('schedulesOfRows', () => {
  it('makes one schedule per set of days, periods sorted by start, kW sent as whole watts', () => {
    const rows = [
      newLimitRow({ days: WEEKDAYS, start: '16:00', limit: '100' }),
      newLimitRow({ days: WEEKEND, start: '00:00', limit: '200.5' }),
      newLimitRow({ days: WEEKDAYS, start: '0:00', limit: '300' }),
    ];
    expect(schedulesOfRows(rows, 'kW')).toEqual([
      {
        daysOfWeek: [1, 2, 3, 4, 5],
        chargingSchedulePeriods: [
          { startPeriod: 0, limit: 300_000 },
          { startPeriod: 57_600, limit: 100_000 },
        ],
      },
      { daysOfWeek: [6, 7], chargingSchedulePeriods: [{ startPeriod: 0, limit: 200_500 }] },
    ]);
    expect(schedulesOfRows([newLimitRow({ limit: '63.6' })], 'A')).toEqual([
      { daysOfWeek: [1, 2, 3, 4, 5, 6, 7], chargingSchedulePeriods: [{ startPeriod: 0, limit: 64 }] },
    ]);
  });

  it('says what to fix first, naming the row', () => {
    expect(schedulesOfRows([newLimitRow({ limit: '5' }), newLimitRow({ start: '25:00', limit: '1' })], 'kW')).toBe(
      'Enter the start of row 2 as HH:MM (00:00 to 23:59).',
    );
    expect(schedulesOfRows([newLimitRow({ limit: '-1' })], 'kW')).toBe(
      'Enter the limit of row 1 as a number of kW, 0 or more.',
    );
    expect(schedulesOfRows([newLimitRow({ limit: '' })], 'A')).toBe(
      'Enter the limit of row 1 as a number of A, 0 or more.',
    );
    expect(schedulesOfRows([newLimitRow({ limit: '5', days: WEEKDAYS.map(() => false) })], 'kW')).toBe(
      'Tick at least one day for row 1.',
    );
  });
});

describe('a stored limit in words', () => {
  const stored: SitePowerLimitSchedule = {
    id: 'capacity-1',
    createdAt: '2026-01-01T00:00:00.000Z',
    source: 'api',
    userEmail: null,
    type: 'capacity',
    schedules: WEEKDAY_DROP_SCHEDULES,
  };

  it('lists each schedule with its periods, and knows a limit by time of day from a flat one', () => {
    expect(scheduleLines(stored)).toEqual([
      'Monday–Friday: 00:00 300.0 kW, 16:00 100.0 kW',
      'Saturday, Sunday: 00:00 200.0 kW',
    ]);
    expect(isTimeOfDay(stored)).toBe(true);
    const flat = { ...stored, schedules: [{ ...stored.schedules[1]!, daysOfWeek: [1, 2, 3, 4, 5, 6, 7] }] };
    expect(isTimeOfDay(flat)).toBe(false);
  });
});
