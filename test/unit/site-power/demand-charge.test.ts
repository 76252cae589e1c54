/**
 * The site's demand as the utility meters it (`shared/site-power/demand-charge.ts`) and the outlook
 * for the rest of the billing period (`shared/site-power/demand-outlook.ts`), against series metered
 * by hand.
 */
import { describe, expect, it } from 'vitest';
import {
  billingPeriodStart,
  DAYS_KEPT,
  dayStart,
  demandForPlan,
  endedSessionsPowerW,
  lastDrawW,
  recordGiven,
  recordSessions,
  sampleDemand,
  type DemandState,
} from '../../../shared/site-power/demand-charge';
import { neededLevelW, peakOutlook, type DayNeed } from '../../../shared/site-power/demand-outlook';

const TZ = 'America/Los_Angeles';
const MIN = 60_000;
const HOUR = 3_600_000;
/** Tuesday 2019-10-15 10:00 in Pasadena (PDT, UTC−7). */
const T10 = Date.UTC(2019, 9, 15, 17);

/** Samples (minutes after 10:00, W measured then) in order. */
function meter(samples: readonly [number, number][], start?: DemandState): DemandState {
  let state = start;
  for (const [minutes, powerW] of samples) state = sampleDemand(state, powerW, T10 + minutes * MIN, TZ);
  return state!;
}

describe('the demand as the meter sees it', () => {
  // By hand: the site drew 12 kW from 10:00 to 10:10, then 6 kW to 10:20, then 30 kW to 10:30.
  // Interval 10:00–10:15: (12 × 10 + 6 × 5) / 15 = 10 kW; 10:15–10:30: (6 × 5 + 30 × 10) / 15 = 22 kW.
  const samples: [number, number][] = [
    [0, 0],
    [5, 12_000],
    [10, 12_000],
    [20, 6_000],
    [30, 30_000],
  ];

  it('puts each sample in the time it was drawn (since the sample before), split at the intervals', () => {
    const firstInterval = meter(samples.slice(0, 4));
    expect(firstInterval.peakW).toBeCloseTo(10_000, 6);
    expect(firstInterval.peakIntervalStart).toBe(T10);
    expect(firstInterval.intervalStart).toBe(T10 + 15 * MIN);
    expect(firstInterval.intervalWh).toBeCloseTo(500, 6);
    const both = meter(samples); // 10:30 ends the second interval
    expect(both.peakW).toBeCloseTo(22_000, 6);
    expect(both.peakIntervalStart).toBe(T10 + 15 * MIN);
    expect(both).toMatchObject({ intervalStart: T10 + 30 * MIN, intervalWh: 0 });
  });

  it('adds nothing for a sample measured no later than the one before', () => {
    const state = meter(samples.slice(0, 3));
    expect(sampleDemand(state, 99_000, T10 + 10 * MIN, TZ)).toBe(state);
    expect(sampleDemand(state, 99_000, T10 + 9 * MIN, TZ)).toBe(state);
  });

  it('starts a new billing period at the local month, keeping the old peak as the previous one', () => {
    const lastOfSeptember = Date.UTC(2019, 9, 1, 6, 30); // 2019-09-30 23:30 PDT
    let state = sampleDemand(undefined, 0, lastOfSeptember, TZ);
    state = sampleDemand(state, 40_000, lastOfSeptember + 15 * MIN, TZ);
    state = sampleDemand(state, 8_000, lastOfSeptember + 45 * MIN, TZ);
    expect(state.billingPeriodStart).toBe(billingPeriodStart(TZ, Date.UTC(2019, 9, 1, 7)));
    expect(state.previousPeakW).toBeCloseTo(40_000, 6);
    expect(state.peakW).toBeCloseTo(8_000, 6); // 00:00–00:15 October: 8 kW
  });
});

describe("the site's days", () => {
  it("takes a day's need as the least constant power that delivers each session within its stay", () => {
    // A: 8:00–10:00, 10 kWh; B: 9:00–9:30, 3 kWh. Windows: 8–10 → 13 kWh / 2 h = 6.5 kW; 9–9:30 → 6 kW.
    const a = { start: T10 - 2 * HOUR, end: T10, energyWh: 10_000 };
    const b = { start: T10 - HOUR, end: T10 - 30 * MIN, energyWh: 3_000 };
    expect(neededLevelW([a, b])).toBeCloseTo(6_500, 6);
    // A 1 kWh stay of 5 minutes counts over the 15-minute interval: 4 kW, not 12.
    expect(neededLevelW([{ start: T10, end: T10 + 5 * MIN, energyWh: 1_000 }])).toBeCloseTo(4_000, 6);
    expect(neededLevelW([])).toBe(0);
  });

  it("counts what a session's maximum power forces into a window, not only the sessions inside it", () => {
    // A: 8:00–12:00, 24 kWh at most 6.6 kW: outside 9–10 it takes at most 3 h × 6.6 = 19.8 kWh, so
    // 4.2 kWh falls in 9–10; B: 9:00–10:00, 6 kWh. Window 9–10: 10.2 kW (without A's maximum, the
    // most is 8–12's 30 kWh / 4 h = 7.5 kW).
    const a = { start: T10 - 2 * HOUR, end: T10 + 2 * HOUR, energyWh: 24_000 };
    const b = { start: T10 - HOUR, end: T10, energyWh: 6_000 };
    expect(neededLevelW([a, b])).toBeCloseTo(7_500, 6);
    expect(neededLevelW([{ ...a, maxPowerW: 6_600 }, b])).toBeCloseTo(10_200, 6);
  });

  it('closes a day once all its sessions have ended, and keeps the last five weeks', () => {
    const day = dayStart(TZ, T10);
    let state = meter([[0, 0]]);
    state = recordSessions(state, [{ id: 1, start: T10, energyWh: 0 }], T10, TZ);
    state = recordSessions(state, [{ id: 1, start: T10, energyWh: 6_000 }], T10 + HOUR, TZ);
    expect(state.sessions).toEqual([{ id: 1, start: T10, seenAt: T10 + HOUR, energyWh: 6_000 }]);
    state = recordSessions(state, [], T10 + 2 * HOUR, TZ);
    expect(state.days ?? []).toEqual([]); // ended, but its day is not over
    state = recordSessions(state, [], day + 25 * HOUR, TZ);
    expect(state.days).toEqual([{ start: day, weekday: 2, neededW: 6_000 }]);
    expect(state.sessions).toEqual([]);
    const many = { ...state, days: Array.from({ length: 40 }, (_, k) => ({ start: k, weekday: 1, neededW: k })) };
    expect(recordSessions(many, [], day + 26 * HOUR, TZ).days).toHaveLength(DAYS_KEPT);
  });

  it('closes a day whose session stays plugged in for days once, never taking that session up again', () => {
    const day = dayStart(TZ, T10);
    let state = recordSessions(meter([[0, 0]]), [{ id: 7, start: T10, energyWh: 1_000 }], T10, TZ);
    for (let h = 1; h <= 5 * 24; h++) {
      state = recordSessions(state, [{ id: 7, start: T10, energyWh: 2_000 }], T10 + h * HOUR, TZ);
    }
    expect(state.days?.map((d) => d.start)).toEqual([day]);
    expect(state.sessions).toEqual([]);
  });

  it('counts a session that ended since the last sample at its last reading, so that its draw is not lost', () => {
    let state = recordSessions(
      meter([[0, 0]]),
      [
        { id: 1, start: T10, energyWh: 0, powerW: 6_600 },
        { id: 2, start: T10, energyWh: 0, powerW: 3_000 },
      ],
      T10,
      TZ,
    );
    expect(endedSessionsPowerW(state, [1, 2])).toBe(0);
    expect(endedSessionsPowerW(state, [2])).toBe(6_600);
    state = recordSessions(state, [{ id: 2, start: T10, energyWh: 250, powerW: 3_000 }], T10 + 5 * MIN, TZ);
    // Once recorded as ended, it is not counted again.
    expect(endedSessionsPowerW(state, [2])).toBe(0);
    expect(endedSessionsPowerW(undefined, [])).toBe(0);
  });

  it('counts a session that ended at the limit it was last given when its reading shows it took its limit', () => {
    // By hand: from 10:00 vehicle 1 is held at 0 W and vehicle 2 charges at 3 kW, its limit.
    // The 10:05 allocation gives vehicle 1 6.6 kW (its departure is near) and vehicle 2 stays at
    // 3 kW; both leave before 10:10. The meter's 10:00–10:15 interval: 3 kW for 5 min, then
    // 6.6 + 3 kW for 5 min, then nothing: (3 × 5 + 9.6 × 5) / 15 = 4.2 kW. The readings at 10:05
    // (0 W and 3 kW) alone would make it (3 × 5 + 3 × 5) / 15 = 2 kW.
    const seen = (powers: [number, number][]) =>
      powers.map(([id, powerW]) => ({ id, start: T10, energyWh: 0, powerW, maxPowerW: 6_600 }));
    let state = recordSessions(
      meter([[0, 0]]),
      seen([
        [1, 0],
        [2, 0],
      ]),
      T10,
      TZ,
    );
    state = recordGiven(state, [
      { sessionId: 1, limitW: 0 },
      { sessionId: 2, limitW: 3_000 },
    ]);
    state = sampleDemand(state, 3_000, T10 + 5 * MIN, TZ);
    state = recordSessions(
      state,
      seen([
        [1, 0],
        [2, 3_000],
      ]),
      T10 + 5 * MIN,
      TZ,
    );
    state = recordGiven(state, [
      { sessionId: 1, limitW: 6_600, energyNeededWh: 2_000 },
      { sessionId: 2, limitW: 3_000 },
    ]);
    const endedW = endedSessionsPowerW(state, [], T10 + 10 * MIN);
    expect(endedW).toBe(9_600);
    state = sampleDemand(state, endedW, T10 + 10 * MIN, TZ);
    state = recordSessions(state, [], T10 + 10 * MIN, TZ);
    state = sampleDemand(state, 0, T10 + 15 * MIN, TZ);
    expect(state.peakW).toBeCloseTo(4_200, 6);
  });

  it('counts a session that drew less than its limit (full, tapering) at its reading, whatever it was given', () => {
    const ended = { id: 1, start: T10, seenAt: T10, energyWh: 5_000, ended: false } as const;
    expect(lastDrawW({ ...ended, powerW: 1_200, readingLimitW: 6_600, givenW: 6_600 })).toBe(1_200);
    expect(lastDrawW({ ...ended, powerW: 6_500, readingLimitW: 6_600, givenW: 3_000 })).toBe(3_000);
    // Without the limit it drew under, or without a limit given, the reading stands.
    expect(lastDrawW({ ...ended, powerW: 2_000, givenW: 6_600 })).toBe(2_000);
    expect(lastDrawW({ ...ended, powerW: 2_000, readingLimitW: 2_000 })).toBe(2_000);
    expect(lastDrawW({ ...ended, readingLimitW: 0, givenW: 6_600 })).toBe(6_600);
  });

  it('counts a session that ended at no more than the energy it still needed over the time since it was seen', () => {
    const ended = { id: 1, start: T10, seenAt: T10, energyWh: 5_000, powerW: 0, readingLimitW: 0 } as const;
    // A full vehicle held at 0 W, then given a 1.7 kW minimum, draws nothing.
    expect(lastDrawW({ ...ended, givenW: 1_664, neededWh: 0 }, 5 * MIN)).toBe(0);
    // 275 Wh left fill in 5 minutes at 3.3 kW, whatever the 6.6 kW it was given.
    expect(lastDrawW({ ...ended, givenW: 6_600, neededWh: 275 }, 5 * MIN)).toBeCloseTo(3_300, 6);
    expect(lastDrawW({ ...ended, givenW: 6_600, neededWh: 10_000 }, 5 * MIN)).toBe(6_600);
    // Without the time since it was seen, no cap.
    expect(lastDrawW({ ...ended, givenW: 6_600, neededWh: 0 })).toBe(6_600);
  });
});

describe('the outlook for the rest of the billing period', () => {
  const weekdays = (neededW: number[]): DayNeed[] =>
    neededW.map((w, k) => ({ start: T10 - (k + 1) * 86_400_000, weekday: ((k + 1) % 5) + 1, neededW: w }));
  const history = weekdays([30_000, 32_000, 28_000, 31_000, 29_000, 33_000, 30_000, 27_000, 31_000, 30_000]);
  const remaining = (n: number) => Array.from({ length: n }, (_, k) => dayStart(TZ, T10 + (k + 1) * 86_400_000));

  it('prices each level at the chance that the rest of the period stays below it: rising, to the whole charge', () => {
    const outlook = peakOutlook(history, remaining(3), TZ)!;
    expect(outlook.at(-1)!.share).toBe(1);
    for (let k = 1; k < outlook.length; k++) {
      expect(outlook[k]!.fromW).toBeGreaterThanOrEqual(outlook[k - 1]!.fromW);
      expect(outlook[k]!.share).toBeGreaterThan(outlook[k - 1]!.share);
    }
    // The median level of three weekdays' highest lies above one weekday's mean (30.1 kW).
    const median = outlook.find((l) => l.share > 0.5)!.fromW;
    expect(median).toBeGreaterThan(30_100);
    expect(median).toBeLessThan(40_000);
  });

  it('reaches higher levels the more days are left (more chances to need them)', () => {
    const level = (n: number) => peakOutlook(history, remaining(n), TZ)!.find((l) => l.share > 0.5)!.fromW;
    expect(level(20)).toBeGreaterThan(level(2));
  });

  it('without history prices every level at the chance that today is the busiest of the days left', () => {
    expect(peakOutlook([], remaining(5), TZ)).toEqual([{ fromW: 0, share: 1 / 5 }]);
    // The month's last day: the whole charge.
    expect(peakOutlook([], remaining(1), TZ)).toEqual([{ fromW: 0, share: 1 }]);
  });

  it('has no outlook without a day left (the whole charge above the peak so far)', () => {
    expect(peakOutlook(history, [], TZ)).toBeUndefined();
    expect(peakOutlook([], [], TZ)).toBeUndefined();
  });

  it('tells the planner the peak so far, the interval in progress and the days left in the month', () => {
    let state = meter([
      [0, 0],
      [5, 12_000],
    ]);
    state = { ...state, days: history };
    const plan = demandForPlan(state, T10 + 5 * MIN, TZ);
    expect(plan.peakSoFarW).toBe(0);
    expect(plan.openInterval).toEqual({ start: T10, energyWh: 1_000 });
    // Tuesday 15 October and the 16 days after it in the month: the outlook is their highest.
    const today = [dayStart(TZ, T10), ...remaining(16)];
    expect(plan.peakOutlook).toEqual(peakOutlook(history, today, TZ));
    const nextMonth = demandForPlan(state, Date.UTC(2019, 10, 1, 8), TZ); // 1 November 01:00 PDT, in October's state
    expect(nextMonth.peakOutlook).toBeUndefined();
  });
});
