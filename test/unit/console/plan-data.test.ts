/** Smart charging's plan in the console (lib/console/src/plan-data.ts). */
import { describe, expect, it } from 'vitest';
import {
  demandPeakWords,
  formatPlanTime,
  planSummary,
  plannerWords,
  portPlanText,
  REASON_WORDS,
  reasonWords,
  sitePlan,
  type SitePlan,
} from '../../../lib/console/src/plan-data';
import type { PowerAllocation } from '../../../lib/console/src/types';

type Slot = PowerAllocation['data']['plannedSlots'][number];

const CHICAGO = 'America/Chicago';
/** 2026-01-02 (a Friday) at `hm` in Chicago (UTC−6 in January), ms. */
const chicago = (hm: string) => Date.parse(`2026-01-02T${hm}:00-06:00`);
const iso = (hm: string) => new Date(chicago(hm)).toISOString();

function slot(from: string, to: string, allocated: number, capacityLimit: number | null, costLimit: number | null) {
  return { startTime: iso(from), endTime: iso(to), allocated, capacityLimit, costLimit, pricePerKwh: null };
}

/** Plan slots of 15 min from `from`, one per value. */
function quarterSlots(from: string, values: number[]): Slot[] {
  const start = chicago(from);
  return values.map((allocated, i) => ({
    startTime: new Date(start + i * 900_000).toISOString(),
    endTime: new Date(start + (i + 1) * 900_000).toISOString(),
    allocated,
    capacityLimit: null,
    costLimit: null,
    pricePerKwh: null,
  }));
}

describe('sitePlan', () => {
  it('keeps the plan from now on in kW: the slot in progress starts now, past slots are dropped', () => {
    const now = chicago('15:07');
    const plan = sitePlan(
      {
        chargingRateUnit: 'W',
        plannedSlots: [
          slot('14:45', '15:00', 130_000, 300_000, null),
          slot('15:00', '15:15', 120_000, 300_000, null),
          slot('15:15', '16:00', 120_000, 300_000, 50_500),
        ],
      },
      now,
    );
    expect(plan).toEqual({
      unit: 'kW',
      slots: [
        { start: now, end: chicago('15:15'), planned: 120, capacity: 300, cost: null },
        { start: chicago('15:15'), end: chicago('16:00'), planned: 120, capacity: 300, cost: 50.5 },
      ],
    });
  });

  it('keeps an amp plan in A', () => {
    const plan = sitePlan({ chargingRateUnit: 'A', plannedSlots: [slot('15:00', '15:15', 31.9, 40, null)] }, 0);
    expect(plan).toEqual({
      unit: 'A',
      slots: [{ start: chicago('15:00'), end: chicago('15:15'), planned: 31.9, capacity: 40, cost: null }],
    });
  });

  it('is null without a plan, or when the plan ended before now', () => {
    expect(sitePlan({ chargingRateUnit: 'W', plannedSlots: [] }, 0)).toBeNull();
    const ended = { chargingRateUnit: 'W' as const, plannedSlots: [slot('15:00', '15:15', 1000, null, null)] };
    expect(sitePlan(ended, chicago('15:15'))).toBeNull();
  });
});

describe('formatPlanTime', () => {
  it("says the site's clock, with the weekday when it is another day there", () => {
    const now = chicago('15:07');
    expect(formatPlanTime(chicago('16:00'), now, CHICAGO)).toBe('16:00');
    expect(formatPlanTime(chicago('23:59'), now, CHICAGO)).toBe('23:59');
    // 00:30 on Saturday in Chicago.
    expect(formatPlanTime(Date.parse('2026-01-03T06:30:00Z'), now, CHICAGO)).toBe('Sat 00:30');
    expect(formatPlanTime(chicago('16:00'), now, 'Europe/Paris')).toBe('23:00');
    expect(formatPlanTime(chicago('18:00'), now, 'Europe/Paris')).toBe('Sat 01:00');
  });

  it("falls back to the browser's zone for a zone Intl does not know", () => {
    expect(formatPlanTime(chicago('16:00'), chicago('15:07'), 'Not/AZone')).toMatch(/^([A-Z][a-z]{2} )?\d\d:\d\d$/);
  });
});

describe('planSummary', () => {
  const now = chicago('15:07');

  it('says the planned power and each limit with its steps, and until when the plan runs', () => {
    const plan: SitePlan = {
      unit: 'kW',
      slots: [
        { start: now, end: chicago('15:15'), planned: 120, capacity: 300, cost: null },
        { start: chicago('15:15'), end: chicago('16:00'), planned: 120, capacity: 300, cost: null },
        { start: chicago('16:00'), end: chicago('18:00'), planned: 100, capacity: 100, cost: null },
      ],
    };
    expect(planSummary(plan, now, CHICAGO)).toBe(
      'Planned: 120.0 kW now, 100.0 kW from 16:00; capacity 300.0 kW until 16:00, then 100.0 kW; no cost limit.' +
        ' The plan runs until 18:00 (site time, America/Chicago).',
    );
  });

  it('says a flat limit once, a limit that comes back, and an amp plan in amps', () => {
    const plan: SitePlan = {
      unit: 'A',
      slots: [
        { start: now, end: chicago('16:00'), planned: 32, capacity: 40, cost: 30 },
        { start: chicago('16:00'), end: chicago('17:00'), planned: 16.04, capacity: 40, cost: 16 },
        { start: chicago('17:00'), end: chicago('18:00'), planned: 30, capacity: 40, cost: 30 },
      ],
    };
    expect(planSummary(plan, now, CHICAGO)).toBe(
      'Planned (in amps per phase, as the limits are: right axis): 32 A now, 16 A from 16:00, 30 A from 17:00;' +
        ' capacity 40 A throughout; cost 30 A until 16:00, 16 A until 17:00, then 30 A.' +
        ' The plan runs until 18:00 (site time, America/Chicago).',
    );
  });

  it('merges values that show alike, and counts the changes beyond six', () => {
    const slots = quarterSlots('15:00', [10, 10.001, 20, 10, 20, 10, 20, 10, 20, 10]);
    const plan = sitePlan({ chargingRateUnit: 'W', plannedSlots: slots }, chicago('15:00'))!;
    expect(planSummary(plan, chicago('15:00'), CHICAGO)).toBe(
      'Planned: 0.01 kW now, 0.02 kW from 15:30, 0.01 kW from 15:45, 0.02 kW from 16:00, 0.01 kW from 16:15,' +
        ' 0.02 kW from 16:30, 0.01 kW from 16:45, and 2 more changes; no capacity limit; no cost limit.' +
        ' The plan runs until 17:30 (site time, America/Chicago).',
    );
  });
});

describe('portPlanText', () => {
  const now = chicago('15:07');
  const periods = [
    { startTime: iso('15:00'), limit: 10_000, limitW: 10_000 },
    { startTime: iso('16:00'), limit: 10_000, limitW: 10_000 },
    { startTime: iso('16:30'), limit: 4_000, limitW: 4_000 },
    { startTime: iso('18:00'), limit: 0, limitW: 0 },
  ];

  it('says what the port has now and its next change, and the whole plan from now', () => {
    expect(portPlanText(periods, 'W', now, CHICAGO)).toEqual({
      next: '10.0 kW until 16:30, then 4.00 kW',
      all: '10.0 kW from 15:07, 4.00 kW from 16:30, 0.00 kW from 18:00',
    });
  });

  it('skips the periods that ended, and says when nothing changes', () => {
    expect(portPlanText(periods, 'W', chicago('17:00'), CHICAGO)?.next).toBe('4.00 kW until 18:00, then 0.00 kW');
    expect(portPlanText(periods, 'W', chicago('19:00'), CHICAGO)).toEqual({
      next: '0.00 kW, no change planned',
      all: '0.00 kW from 19:00',
    });
  });

  it('says amps in A, and null without periods', () => {
    const amps = [
      { startTime: iso('15:00'), limit: 32, limitW: 7680 },
      { startTime: iso('16:00'), limit: 16.5, limitW: 3960 },
    ];
    expect(portPlanText(amps, 'A', now, CHICAGO)?.next).toBe('32 A until 16:00, then 16.5 A');
    expect(portPlanText([], 'W', now, CHICAGO)).toBeNull();
  });
});

describe('reasons and planner in words', () => {
  it('says what every reason of the API means, the new ones as the planner defines them', () => {
    const reasons = ['minimum', 'departure', 'share', 'override', 'capped', 'external', 'waiting', 'uncontrolled'];
    for (const reason of [...reasons, 'planned', 'released', 'probing']) expect(reasonWords(reason)).toBeTruthy();
    expect(Object.keys(REASON_WORDS)).toHaveLength(11);
    expect(reasonWords('planned')).toMatch(/optimum of the plan/);
    expect(reasonWords('released')).toMatch(/need is met or it does not draw.*every 30 minutes/);
    expect(reasonWords('probing')).toMatch(/minimum for 5 minutes/);
    expect(reasonWords('toString')).toBeNull();
    expect(reasonWords('someday')).toBeNull();
  });

  it('names the planner', () => {
    expect(plannerWords('optimal')?.label).toBe('Planned with the solver');
    expect(plannerWords('greedy')).toEqual({ label: 'Greedy (fallback)', title: expect.stringMatching(/fallback/) });
    expect(plannerWords(null)).toBeNull();
  });

  it('says the demand peak so far only with a demand charge', () => {
    expect(demandPeakWords(42)).toBe('demand peak so far this billing period: 42.0 kW');
    expect(demandPeakWords(null)).toBeNull();
  });
});
