/**
 * Test support: one time-of-day site limit the site-power, console and API tests share: 300 kW on
 * weekdays until 16:00 (57,600 s), then 100 kW; 200 kW all weekend. In the stored and API shape
 * (`schedules[]` of `sitePowerLimitSchedule`, spec §4.7; days 1 = Monday … 7 = Sunday, limits in W).
 */
/** A schedule of a site limit: its days and its periods from midnight (s) with their limits (W). */
export interface TestLimitSchedule {
  daysOfWeek: number[];
  chargingRateUnit: 'W' | 'A';
  chargingSchedulePeriods: { startPeriod: number; limit: number }[];
}

/** The shared limit's schedules; no test may change them. */
export const WEEKDAY_DROP_SCHEDULES: TestLimitSchedule[] = [
  {
    daysOfWeek: [1, 2, 3, 4, 5],
    chargingRateUnit: 'W',
    chargingSchedulePeriods: [
      { startPeriod: 0, limit: 300_000 },
      { startPeriod: 57_600, limit: 100_000 },
    ],
  },
  { daysOfWeek: [6, 7], chargingRateUnit: 'W', chargingSchedulePeriods: [{ startPeriod: 0, limit: 200_000 }] },
];
