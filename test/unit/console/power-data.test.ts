/** The site power chart's data (lib/console/src/power-data.ts). */
import { describe, expect, it } from 'vitest';
import {
  chartData,
  INTERVAL_MS,
  limitsKw,
  LivePowerStore,
  powerFromIntervals,
  WINDOW_MS,
} from '../../../lib/console/src/power-data';
import type { SitePlan } from '../../../lib/console/src/plan-data';
import type { ChargingSession, SitePowerLimitSchedule } from '../../../lib/console/src/types';

function schedule(type: 'cost' | 'capacity', limit: number, unit: 'W' | 'A' = 'W'): SitePowerLimitSchedule {
  return {
    id: `${type}-1`,
    createdAt: '2026-01-01T00:00:00.000Z',
    source: 'api',
    userEmail: null,
    type,
    schedules: [
      {
        daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
        chargingRateUnit: unit,
        chargingSchedulePeriods: [{ startPeriod: 0, limit }],
      },
    ],
  };
}

function session(siteId: number, intervals: [string, number | null][]): ChargingSession {
  return {
    id: 1,
    startTime: intervals[0]?.[0] ?? '',
    endTime: null,
    updatedAt: intervals[0]?.[0] ?? '',
    durationSeconds: null,
    chargingStartTime: null,
    chargingEndTime: null,
    chargingDurationSeconds: null,
    energyDeliveredKwh: null,
    averageDemandKw: null,
    maxDemandKw: null,
    socStartPercent: null,
    socEndPercent: null,
    ocppIdTag: null,
    ocppTransactionId: null,
    tags: [],
    site: { id: siteId, name: 'S', locationId: null },
    charger: { id: 1, name: 'C', ocppId: null, externalId: null, serialNumber: null, type: 'DCFC' },
    port: { id: 1, name: 'P', portNumber: 1, maximumPowerKw: null },
    vehicle: null,
    rfid: null,
    customer: null,
    organization: { id: 1, name: 'O' },
    intervals: intervals.map(([startTime, averagePowerKw]) => ({
      startTime,
      endTime: startTime,
      energyDeliveredKwh: null,
      averagePowerKw,
      maxPowerKw: null,
      socPercent: null,
    })),
  };
}

describe('limitsKw', () => {
  it('turns W limits into kW and keeps amp limits apart (the chart is in kW)', () => {
    expect(limitsKw([schedule('capacity', 200_000), schedule('cost', 50_500)])).toEqual({
      costKw: 50.5,
      capacityKw: 200,
      ampLimits: [],
      timeOfDay: [],
    });
    expect(limitsKw([schedule('capacity', 400, 'A')])).toEqual({
      costKw: null,
      capacityKw: null,
      ampLimits: ['capacity: 400 A'],
      timeOfDay: [],
    });
    expect(limitsKw([])).toEqual({ costKw: null, capacityKw: null, ampLimits: [], timeOfDay: [] });
  });

  it('keeps limits by time of day apart (no flat line), and draws schedules of one value as a flat limit', () => {
    const byTime = schedule('capacity', 300_000);
    byTime.schedules[0]!.chargingSchedulePeriods.push({ startPeriod: 57_600, limit: 100_000 });
    const oneValue = schedule('cost', 20_000);
    oneValue.schedules = [
      { ...oneValue.schedules[0]!, daysOfWeek: [1, 2, 3, 4, 5] },
      { ...oneValue.schedules[0]!, daysOfWeek: [6, 7] },
    ];
    expect(limitsKw([byTime, oneValue])).toEqual({
      costKw: 20,
      capacityKw: null,
      ampLimits: [],
      timeOfDay: ['capacity'],
    });
  });

  it('keeps a limit of 0 (it means every vehicle at its minimum)', () => {
    expect(limitsKw([schedule('cost', 0)]).costKw).toBe(0);
  });
});

describe('powerFromIntervals', () => {
  const now = Date.parse('2026-01-02T12:07:00Z');

  it('sums the sessions of the site per 15-minute interval over the last 24 h', () => {
    const samples = powerFromIntervals(
      [
        session(1, [
          ['2026-01-02T11:00:00Z', 10],
          ['2026-01-02T11:15:00Z', 12],
        ]),
        session(1, [['2026-01-02T11:00:00Z', 5]]),
        session(2, [['2026-01-02T11:00:00Z', 99]]),
      ],
      1,
      now,
    );
    const at = (iso: string) => samples.find((sample) => sample.t === Date.parse(iso))?.kw;

    expect(at('2026-01-02T11:00:00Z')).toBe(15);
    expect(at('2026-01-02T11:15:00Z')).toBe(12);
    expect(at('2026-01-02T11:30:00Z')).toBe(0);
    expect(samples).toHaveLength(WINDOW_MS / INTERVAL_MS + 1);
    expect(samples[samples.length - 1]!.t).toBe(Date.parse('2026-01-02T12:00:00Z'));
  });

  it('ignores intervals outside the window and intervals without a reading', () => {
    const samples = powerFromIntervals(
      [
        session(1, [
          ['2025-12-30T11:00:00Z', 10],
          ['2026-01-02T11:00:00Z', null],
        ]),
      ],
      1,
      now,
    );
    expect(samples.every((sample) => sample.kw === 0)).toBe(true);
  });
});

describe('LivePowerStore', () => {
  it("keeps a site's samples in time order for 24 h, per site", () => {
    const store = new LivePowerStore();
    store.add(1, { t: 1000, kw: 1 });
    store.add(1, { t: 500, kw: 9 });
    store.add(2, { t: 1000, kw: 2 });
    const list = store.add(1, { t: 1000 + WINDOW_MS, kw: 3 });

    expect(list).toEqual([
      { t: 1000, kw: 1 },
      { t: 1000 + WINDOW_MS, kw: 3 },
    ]);
    expect(store.add(1, { t: 2000 + WINDOW_MS, kw: 4 }).map((s) => s.kw)).toEqual([3, 4]);
    expect(store.get(2)).toEqual([{ t: 1000, kw: 2 }]);
    expect(store.get(3)).toEqual([]);
  });
});

describe('chartData', () => {
  it('spans the window with the limits, power null where no sample falls', () => {
    const [xs, power, cost, capacity, planned] = chartData(
      [
        { t: 60_000, kw: 5 },
        { t: 0, kw: 1 },
      ],
      { costKw: 50, capacityKw: null },
      { from: 30_000, to: 120_000 },
    );

    expect(xs).toEqual([30, 60, 120]);
    expect(power).toEqual([null, 5, null]);
    expect(planned).toBeUndefined(); // no plan, no planned series
    expect(cost).toEqual([50, 50, 50]);
    expect(capacity).toEqual([null, null, null]);
  });

  it('breaks the line where samples are further apart than maxGapMs', () => {
    const samples = [
      { t: 0, kw: 1 },
      { t: 5000, kw: 2 },
      { t: 65_000, kw: 3 },
    ];
    const [xs, power] = chartData(
      samples,
      { costKw: null, capacityKw: null },
      { from: 0, to: 65_000, maxGapMs: 15_000 },
    );
    expect(xs).toEqual([0, 5, 35, 65]);
    expect(power).toEqual([1, 2, null, 3]);
  });

  it("uses a sample on the window's edge as the edge", () => {
    const [xs, power] = chartData(
      [
        { t: 0, kw: 1 },
        { t: 1000, kw: 2 },
      ],
      { costKw: null, capacityKw: null },
      { from: 0, to: 1000 },
    );
    expect(xs).toEqual([0, 1]);
    expect(power).toEqual([1, 2]);
  });

  describe('with a plan', () => {
    const now = Date.parse('2026-01-02T15:07:00Z');
    const at = (iso: string) => Date.parse(iso);
    const plan: SitePlan = {
      unit: 'kW',
      slots: [
        { start: now, end: at('2026-01-02T15:30:00Z'), planned: 120, capacity: 300, cost: null },
        { start: at('2026-01-02T15:30:00Z'), end: at('2026-01-02T16:00:00Z'), planned: 120, capacity: 300, cost: null },
        { start: at('2026-01-02T16:00:00Z'), end: at('2026-01-02T16:15:00Z'), planned: 100, capacity: 100, cost: null },
      ],
    };

    it('goes on after now with the planned power and the limits stepping slot by slot', () => {
      const [xs, power, cost, capacity, planned] = chartData(
        [{ t: at('2026-01-02T15:00:00Z'), kw: 90 }],
        { costKw: 50, capacityKw: 250 },
        { from: at('2026-01-02T14:45:00Z'), to: now },
        plan,
      );
      expect(xs).toEqual(
        ['14:45', '15:00', '15:07', '15:30', '16:00', '16:15'].map((hm) => at(`2026-01-02T${hm}:00Z`) / 1000),
      );
      expect(power).toEqual([null, 90, null, null, null, null]);
      expect(planned).toEqual([null, null, 120, 120, 100, 100]);
      // Before now the stored flat limits, from now the plan's (no cost limit in the plan).
      expect(capacity).toEqual([250, 250, 300, 300, 100, 100]);
      expect(cost).toEqual([50, 50, null, null, null, null]);
    });

    it('draws no flat kW limit before now on an amp plan (its limits are in A)', () => {
      const amps: SitePlan = {
        unit: 'A',
        slots: [{ start: now, end: now + 900_000, planned: 32, capacity: 40, cost: 20 }],
      };
      const [xs, , cost, capacity, planned] = chartData(
        [],
        { costKw: 5, capacityKw: 9 },
        { from: now - 900_000, to: now },
        amps,
      );
      expect(xs).toEqual([(now - 900_000) / 1000, now / 1000, (now + 900_000) / 1000]);
      expect(planned).toEqual([null, 32, 32]);
      expect(cost).toEqual([null, 20, 20]);
      expect(capacity).toEqual([null, 40, 40]);
    });

    it('draws a plan that starts after now (a clock ahead of the browser) from its first slot only', () => {
      const later: SitePlan = {
        unit: 'kW',
        slots: [{ start: now + 60_000, end: now + 960_000, planned: 7, capacity: null, cost: null }],
      };
      const [xs, , , , planned] = chartData(
        [],
        { costKw: null, capacityKw: null },
        { from: now - 60_000, to: now },
        later,
      );
      expect(xs).toEqual([now - 60_000, now, now + 60_000, now + 960_000].map((t) => t / 1000));
      expect(planned).toEqual([null, null, 7, 7]);
    });
  });
});
