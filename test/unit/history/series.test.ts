import { describe, expect, it } from 'vitest';
import {
  maxDemandKw,
  maxMeasurableWh,
  measuredSteps,
  mergeReadings,
  seriesFacts,
  sessionIntervals,
  SLOT_MS,
} from '../../../shared/history/series';

const t = (iso: string) => Date.parse(iso);

describe('sessionIntervals', () => {
  it('spreads the energy between registers over the slots by time, not by summed power', () => {
    // 10:05 → 10:35: 3 kWh by 10:20, 3 kWh more by 10:35 (12 kW); slots get the time they hold.
    const span = {
      startMs: t('2026-11-02T10:05:00Z'),
      endMs: t('2026-11-02T10:35:00Z'),
      meterStartWh: 1000,
      meterStopWh: 7000,
    };
    const readings = mergeReadings([
      { at: t('2026-11-02T10:20:00Z'), energyWh: 4000, powerKw: 12 },
      { at: t('2026-11-02T10:35:00Z'), energyWh: 7000, powerKw: 11, socPercent: 60 },
    ]);
    const intervals = sessionIntervals(span, readings);
    expect(intervals.map((i) => i.startTime)).toEqual([
      '2026-11-02T10:00:00.000Z',
      '2026-11-02T10:15:00.000Z',
      '2026-11-02T10:30:00.000Z',
    ]);
    expect(intervals.map((i) => i.energyDeliveredKwh)).toEqual([2, 3, 1]);
    expect(intervals.map((i) => i.averagePowerKw)).toEqual([8, 12, 4]);
    expect(intervals.map((i) => i.maxPowerKw)).toEqual([null, 12, 11]);
    expect(intervals.map((i) => i.socPercent)).toEqual([null, null, 60]);
    expect(maxDemandKw(intervals)).toBe(12);
  });

  it('counts a reading given twice once and places a late reading in its time', () => {
    const span = {
      startMs: t('2026-11-02T10:00:00Z'),
      endMs: t('2026-11-02T10:30:00Z'),
      meterStartWh: 0,
      meterStopWh: 3000,
    };
    const once = sessionIntervals(span, mergeReadings([{ at: t('2026-11-02T10:15:00Z'), energyWh: 2500 }]));
    const twiceAndLate = sessionIntervals(
      span,
      mergeReadings([
        { at: t('2026-11-02T10:15:00Z'), energyWh: 2500 },
        { at: t('2026-11-02T10:29:00Z'), powerKw: 3 },
        { at: t('2026-11-02T10:15:00Z'), energyWh: 2500 },
      ]),
    );
    expect(once.map((i) => i.energyDeliveredKwh)).toEqual([2.5, 0.5]);
    expect(twiceAndLate.map((i) => i.energyDeliveredKwh)).toEqual([2.5, 0.5]);
    expect(twiceAndLate[1]!.maxPowerKw).toBe(3);
  });

  it('ends a session in progress with the slot of its latest reading and gives null energy with one register', () => {
    const span = { startMs: t('2026-11-02T10:00:00Z') };
    expect(
      sessionIntervals(span, [{ at: t('2026-11-02T10:20:00Z'), powerKw: 5 }]).map((i) => i.energyDeliveredKwh),
    ).toEqual([null, null]);
    const withStart = { ...span, meterStartWh: 100 };
    expect(
      sessionIntervals(withStart, [{ at: t('2026-11-02T10:20:00Z'), energyWh: 2100 }]).map((i) => i.energyDeliveredKwh),
    ).toEqual([1.5, 0.5]);
  });

  it('does not let a register that goes down take energy away', () => {
    const span = { startMs: 0, endMs: 2 * SLOT_MS, meterStartWh: 5000, meterStopWh: 2000 };
    expect(sessionIntervals(span, [{ at: SLOT_MS, energyWh: 6000 }]).map((i) => i.energyDeliveredKwh)).toEqual([1, 0]);
  });
});

describe('measured register steps', () => {
  const minute = 60_000;
  /** A 20-minute session at 60 kW (1 kWh a minute) on a meter that reads 5 MWh, with a reading a minute. */
  const session = (register: (minute: number) => number) => ({
    span: { startMs: 0, endMs: 20 * minute, meterStartWh: 5_000_000, meterStopWh: 5_020_000 },
    readings: Array.from({ length: 19 }, (_, i) => ({ at: (i + 1) * minute, energyWh: register(i + 1), powerKw: 60 })),
  });
  const kwhOf = (s: ReturnType<typeof session>) =>
    sessionIntervals(s.span, s.readings).map((i) => i.energyDeliveredKwh);

  it('counts every step of a steady meter, at up to 1,000 kW', () => {
    expect(kwhOf(session((m) => 5_000_000 + m * 1000))).toEqual([15, 5]);
    // 1,000 kW for a minute, with the minute of slack: counted; more than that is not.
    expect(maxMeasurableWh(minute)).toBeCloseTo(33_333.3, 1);
    const fast = [
      { at: 0, wh: 0 },
      { at: minute, wh: 33_000 },
    ];
    expect(measuredSteps(fast)).toHaveLength(1);
    expect(measuredSteps([fast[0]!, { at: minute, wh: 34_000 }])).toEqual([]);
  });

  it('steps over a reading that glitched to 0: the intervals add up to the session, and demand stays 60 kW', () => {
    const s = session((m) => (m === 7 ? 0 : 5_000_000 + m * 1000));
    const intervals = sessionIntervals(s.span, s.readings);
    expect(intervals.map((i) => i.energyDeliveredKwh)).toEqual([15, 5]);
    expect(maxDemandKw(intervals)).toBe(60);
  });

  it('steps over a spike and over several readings out of line in a row', () => {
    expect(kwhOf(session((m) => (m === 7 ? 7_000_000 : 5_000_000 + m * 1000)))).toEqual([15, 5]);
    expect(kwhOf(session((m) => (m >= 7 && m <= 9 ? 0 : 5_000_000 + m * 1000)))).toEqual([15, 5]);
  });

  it('counts a replaced meter from its new register on (the step to it is unknown)', () => {
    // New meter from minute 10 at 0 Wh, then 1 kWh a minute; the stop register is the new meter's.
    const s = session((m) => (m < 10 ? 5_000_000 + m * 1000 : (m - 10) * 1000));
    s.span.meterStopWh = 10_000;
    // Counted: minutes 0–9 (9 kWh), 10–20 (10 kWh); the minute from 9 to 10 is lost.
    expect(kwhOf(s)).toEqual([14, 5]);
  });

  it('does not take a session whose meter read 0 at its fifth minute for one that failed to start', () => {
    const s = session((m) => (m === 5 ? 0 : 5_000_000 + m * 1000));
    expect(seriesFacts(s.span, s.readings, s.span.endMs).failedToStart).toBe(false);
    expect(maxDemandKw(sessionIntervals(s.span, s.readings))).toBe(60);
  });

  it('does not take a spike of a meter that reports no power for charging', () => {
    // Parked 10 minutes, nothing delivered; one register out of line at minute 5.
    const s = session((m) => (m === 5 ? 9_000_000 : 5_000_000));
    const readings = s.readings.slice(0, 9).map(({ at, energyWh }) => ({ at, energyWh }));
    const span = { ...s.span, endMs: 10 * minute, meterStopWh: 5_000_000 };
    expect(seriesFacts(span, readings, span.endMs)).toMatchObject({ chargingStartTime: null, failedToStart: true });
  });

  it('does not count a start register out of line, only the minute after it', () => {
    const s = session((m) => 5_000_000 + m * 1000);
    s.span.meterStartWh = 0;
    expect(kwhOf(s)).toEqual([14, 5]);
  });
});

describe('seriesFacts', () => {
  const start = t('2026-11-02T10:00:00Z');
  it('takes charging start and end from the first and last reading above 0.1 kW', () => {
    const span = { startMs: start, endMs: start + 3_600_000, meterStartWh: 0, meterStopWh: 10_000 };
    const readings = mergeReadings([
      { at: start + 60_000, powerKw: 0.05, energyWh: 0 },
      { at: start + 120_000, powerKw: 11, energyWh: 100 },
      { at: start + 1_800_000, powerKw: 11, energyWh: 5000 },
      { at: start + 3_000_000, powerKw: 0, energyWh: 10_000 },
    ]);
    const facts = seriesFacts(span, readings, start + 7_200_000);
    expect(facts.chargingStartTime).toBe(new Date(start + 120_000).toISOString());
    expect(facts.chargingEndTime).toBe(new Date(start + 1_800_000).toISOString());
    expect(facts.chargingDurationSeconds).toBe(1680);
    expect(facts.failedToStart).toBe(false);
  });

  it('derives charging from the registers when no power is reported', () => {
    const span = { startMs: start, endMs: start + 1_200_000, meterStartWh: 0, meterStopWh: 2000 };
    const facts = seriesFacts(span, [{ at: start + 600_000, energyWh: 1000 }], start + 1_200_000);
    expect(facts.chargingStartTime).toBe(new Date(start + 600_000).toISOString());
    expect(facts.failedToStart).toBe(false);
  });

  it('fails to start with no energy in the first 5 minutes, judged only after 5 minutes or at the end', () => {
    const open = { startMs: start, meterStartWh: 0 };
    expect(seriesFacts(open, [{ at: start + 60_000, energyWh: 0 }], start + 120_000).failedToStart).toBe(false);
    expect(seriesFacts(open, [{ at: start + 60_000, energyWh: 0 }], start + 301_000).failedToStart).toBe(true);
    const late = { startMs: start, endMs: start + 1_800_000, meterStartWh: 0, meterStopWh: 5000 };
    const facts = seriesFacts(
      late,
      [
        { at: start + 600_000, energyWh: 0 },
        { at: start + 900_000, energyWh: 2000 },
      ],
      start,
    );
    expect(facts.failedToStart).toBe(true);
    const quick = { startMs: start, endMs: start + 30_000, meterStartWh: 0, meterStopWh: 0 };
    expect(seriesFacts(quick, [], start + 30_000).failedToStart).toBe(true);
  });
});
