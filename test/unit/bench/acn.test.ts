import highsLoader, { type Highs } from 'highs';
import { beforeAll, describe, expect, it } from 'vitest';
import { costOptimum, energyOptimum, planScheduler } from '../../bench/acn/optimum';
import { allocationScheduler, sessionDemand } from '../../bench/acn/ours';
import { edf, llf, maxFeasibleRateW, uncontrolled } from '../../bench/acn/peers';
import {
  type ActiveSession,
  CapacityExceededError,
  type MeterReading,
  meterReadingW,
  replay,
  type Scheduler,
  type SchedulingPeriod,
} from '../../bench/acn/replay';
import { oracleOf } from '../../bench/acn/known-table';
import { departureOrder } from '../../bench/acn/metrics';
import { meterReading } from '../../bench/acn/ready-table';
import { formatSessionsCsv, parseSessionsCsv, type ReplaySession, windowSessions } from '../../bench/acn/sessions';
import { monthOf, monthStart, readSource } from '../../bench/acn/sources';
import { siteCost, touEv4Price } from '../../bench/acn/tariff';

const PERIOD_MS = 300_000;
const START = Date.UTC(2019, 9, 1, 7); // 2019-10-01 00:00 in Pasadena (PDT), a Tuesday
/** What 6.6 kW delivers in one 5-minute period, Wh. */
const PERIOD_WH = 550;

function active(id: string, departurePeriods: number, remainingWh: number, now = START): ActiveSession {
  return {
    id,
    arrivalMs: now,
    departureMs: now + departurePeriods * PERIOD_MS,
    requestedWh: remainingWh,
    deliveredWh: 0,
    remainingWh,
    evseMaxW: 6656,
    vehicleMaxW: 6600,
    voltageV: 208,
  };
}

const period = (capacityW: number, sessions: ActiveSession[]): SchedulingPeriod => ({
  now: START,
  periodMs: PERIOD_MS,
  capacityW,
  sessions,
});
const options = (capacityW: number) => ({ startMs: START, periodMs: PERIOD_MS, capacityW });

/**
 * EDF's classic miss under per-vehicle caps: X (due in 1 period) and Y (due in 2) take the capacity
 * of two vehicles first, so Z, which needs all 3 periods at full power, falls behind for good.
 */
const EDF_MISS: ReplaySession[] = [
  { id: 'X', arrival: 0, departure: 1, requestedWh: PERIOD_WH },
  { id: 'Y', arrival: 0, departure: 2, requestedWh: PERIOD_WH },
  { id: 'Z', arrival: 0, departure: 3, requestedWh: 3 * PERIOD_WH },
];
const TWO_EVSES_W = 2 * 6656;

describe('ACN replay', () => {
  it('integrates what each vehicle draws: min(offer, vehicle maximum, what fills it)', () => {
    const sessions = [{ id: 'a', arrival: 1, departure: 3, requestedWh: 1000 }];
    const result = replay(sessions, uncontrolled, options(Infinity));
    expect(result.siteW).toHaveLength(3);
    expect([...result.siteW].map((w) => Math.round(w * 1e6) / 1e6)).toEqual([0, 6600, 5400]);
    expect(result.deliveredWh).toBeCloseTo(1000, 9);
    expect(result.sharePercent).toBeCloseTo(100, 9);
  });

  it('stops a scheduler that offers more than the capacity', () => {
    const sessions = [
      { id: 'a', arrival: 0, departure: 2, requestedWh: 1000 },
      { id: 'b', arrival: 0, departure: 2, requestedWh: 1000 },
    ];
    expect(() => replay(sessions, uncontrolled, options(10_000))).toThrow(CapacityExceededError);
  });

  it('refuses a negative offer and an offer to a session not plugged in', () => {
    const sessions = [{ id: 'a', arrival: 0, departure: 2, requestedWh: 1000 }];
    expect(() => replay(sessions, () => new Map([['a', -1]]), options(Infinity))).toThrow(/-1 W/);
    expect(() => replay(sessions, () => new Map([['b', 1]]), options(Infinity))).toThrow(/not active/);
  });

  it('shows full vehicles to the scheduler until they leave; acnportal peers give them nothing', () => {
    const seen: number[] = [];
    const spy: Scheduler = (p) => {
      seen.push(p.sessions.length);
      return edf(p);
    };
    const sessions = [{ id: 'a', arrival: 0, departure: 3, requestedWh: PERIOD_WH }];
    const result = replay(sessions, spy, options(Infinity));
    expect(seen).toEqual([1, 1, 1]);
    expect([...result.siteW]).toEqual([6600, 0, 0]);
  });

  it('reads the last draw as the period average by default, at the period end with reading end', () => {
    // 'a' asks for 1.5 periods at 6.6 kW: it draws 6.6 kW, then fills up half-way through period 1.
    const sessions = [
      { id: 'a', arrival: 0, departure: 4, requestedWh: 1.5 * PERIOD_WH },
      { id: 'b', arrival: 0, departure: 4, requestedWh: 10 * PERIOD_WH },
    ];
    const readings = (reading?: MeterReading) => {
      const seen: (number | undefined)[][] = [];
      const spy: Scheduler = (p) => {
        seen.push(p.sessions.map((s) => s.lastDrawW));
        return new Map(p.sessions.map((s) => [s.id, s.id === 'b' ? 3000 : 6656]));
      };
      const result = replay(sessions, spy, { ...options(Infinity), ...(reading && { reading }) });
      return { seen, result };
    };
    const average = readings();
    const end = readings('end');
    expect(average.seen).toEqual([
      [undefined, undefined],
      [6600, 3000],
      [3300, 3000],
      [0, 3000],
    ]);
    expect(end.seen).toEqual([
      [undefined, undefined],
      [6600, 3000],
      [0, 3000],
      [0, 3000],
    ]);
    expect(end.result.deliveredWh).toBe(average.result.deliveredWh);
    expect([...end.result.siteW]).toEqual([...average.result.siteW]);
    expect(end.result.deliveredBySession.get('a')).toBeCloseTo(1.5 * PERIOD_WH, 9);
  });

  it('reads a vehicle offered less than it can take at its offer, and one filled exactly at the end at its rate', () => {
    expect(meterReadingW(2000, 2000, 'end')).toBe(2000);
    expect(meterReadingW(1999.9, 2000, 'end')).toBe(0);
    expect(meterReadingW(1999.9, 2000, 'average')).toBe(1999.9);
  });

  it('takes ACN_READING as average (the default) or end, and names the variable for anything else', () => {
    expect(meterReading(undefined)).toBe('average');
    expect(meterReading('')).toBe('average');
    expect(meterReading('average')).toBe('average');
    expect(meterReading('end')).toBe('end');
    expect(() => meterReading('start')).toThrow(/ACN_READING/);
  });

  it('takes ACN_ORACLE as a list of departure and energy (none by default), and names the variable for anything else', () => {
    expect(oracleOf(undefined)).toEqual({ departure: false, energy: false });
    expect(oracleOf('departure')).toEqual({ departure: true, energy: false });
    expect(oracleOf('energy, departure')).toEqual({ departure: true, energy: true });
    expect(() => oracleOf('departure,soc')).toThrow(/ACN_ORACLE.*soc/);
  });
});

describe('departure order', () => {
  const s = (id: string, arrival: number, departure: number): ReplaySession => ({
    id,
    arrival,
    departure,
    requestedWh: 1,
  });
  // Overlapping and leaving apart: a–b, a–d, b–c, c–d; a and c do not overlap (c arrives as a leaves), b and d leave together.
  const sessions = [s('a', 0, 4), s('b', 1, 8), s('c', 4, 6), s('d', 2, 8)];

  it('counts the overlapping pairs that leave apart, and the real departures order all of them', () => {
    expect(departureOrder(sessions, (x) => x.departure)).toEqual({ percent: 100, pairs: 4 });
  });

  it('counts a pair put in the wrong order as wrong, a tie as half, and leaves out what is not estimated', () => {
    const reversed = departureOrder(sessions, (x) => -x.departure);
    expect(reversed).toEqual({ percent: 0, pairs: 4 });
    expect(departureOrder(sessions, () => 0).percent).toBe(50);
    expect(departureOrder(sessions, (x) => (x.id === 'a' ? undefined : x.departure)).pairs).toBe(2);
  });
});

describe('ACN sessions', () => {
  const csv = [
    'sessionID,spaceID,connectionTime,disconnectTime,kWhDelivered',
    's1,CA-303,2019-10-01T07:07:00Z,2019-10-01T08:02:00Z,2.5',
    's2,CA-304,2019-10-01T07:11:00Z,2019-10-01T07:14:00Z,0.1',
    's3,CA-305,2019-11-01T07:00:00Z,2019-11-01T09:00:00Z,3',
  ].join('\n');

  it('reads a month file and writes it back unchanged', () => {
    expect(formatSessionsCsv(parseSessionsCsv(csv))).toBe(`${csv}\n`);
  });

  it('names the line and field of a bad row', () => {
    expect(() => parseSessionsCsv(csv.replace('2.5', '-1'))).toThrow(/line 2: kWhDelivered/);
    expect(() => parseSessionsCsv(csv.replace('spaceID', 'stationID'))).toThrow(/header/);
  });

  it('rounds arrival and departure down to periods, as acnportal, and leaves out same-period stays', () => {
    const window = { startMs: START, endMs: monthStart('2019-11'), periodMs: PERIOD_MS };
    const { sessions, droppedShort } = windowSessions(parseSessionsCsv(csv), window);
    expect(sessions).toEqual([{ id: 's1', arrival: 1, departure: 12, requestedWh: 2500 }]);
    expect(droppedShort).toBe(1);
  });

  it('knows Caltech months and reads public copies of ACN-Data', () => {
    expect(monthStart('2019-10')).toBe(START);
    expect(monthOf(START - 1)).toBe('2019-09');
    const item = {
      sessionID: 'x',
      spaceID: 'CA-1',
      connectionTime: 'Tue, 01 Oct 2019 16:00:00 GMT',
      disconnectTime: 'Tue, 01 Oct 2019 17:00:00 GMT',
      kWhDelivered: 1.5,
    };
    const api = { _meta: { site: 'caltech' }, _items: [item] };
    const [session] = readSource(Buffer.from(JSON.stringify(api)), START, PERIOD_MS);
    expect(session).toEqual({
      sessionId: 'x',
      spaceId: 'CA-1',
      connectionTime: Date.UTC(2019, 9, 1, 16),
      disconnectTime: Date.UTC(2019, 9, 1, 17),
      kWhDelivered: 1.5,
    });
  });
});

describe('acnportal peers', () => {
  it('EDF serves the earliest deadline first, up to the EVSE maximum, and the next with what is left', () => {
    const offers = edf(period(8000, [active('late', 10, 20_000), active('soon', 2, 20_000)]));
    expect(offers.get('soon')).toBe(6656);
    expect(offers.get('late')).toBeGreaterThan(8000 - 6656 - 0.01 * 208);
    expect(offers.get('late')).toBeLessThanOrEqual(8000 - 6656);
  });

  it('EDF gives no more than what fills a vehicle in one period', () => {
    expect(edf(period(20_000, [active('a', 5, 100)])).get('a')).toBeCloseTo(1200, 9);
  });

  it('LLF serves the least laxity first', () => {
    const offers = llf(period(6656, [active('soon-small', 3, 100), active('later-big', 6, 5 * PERIOD_WH)]));
    expect(offers.get('later-big')).toBe(6656);
    expect(offers.get('soon-small')).toBeLessThan(1);
  });

  it('bisects to within eps under the room left, as acnportal', () => {
    expect(maxFeasibleRateW(5000, 1000, 10_000, 0, 2)).toBe(5000);
    const rate = maxFeasibleRateW(5000, 7000, 10_000, 0, 2);
    expect(rate).toBeLessThanOrEqual(3000);
    expect(rate).toBeGreaterThan(2998);
  });

  it('LLF meets every request where EDF misses one (caps of one vehicle each)', () => {
    const edfResult = replay(EDF_MISS, edf, options(TWO_EVSES_W));
    const llfResult = replay(EDF_MISS, llf, options(TWO_EVSES_W));
    expect(llfResult.requestedWh - llfResult.deliveredWh).toBeLessThan(1);
    expect(edfResult.deliveredBySession.get('Z')).toBeLessThan(2 * PERIOD_WH + 100);
  });
});

describe('offline optima', () => {
  let highs: Highs;
  beforeAll(async () => {
    highs = await highsLoader();
  });

  it('the energy optimum delivers at least what EDF does, and everything where that is possible', () => {
    const plan = energyOptimum(highs, EDF_MISS, { periodMs: PERIOD_MS, capacityW: TWO_EVSES_W });
    const optimum = replay(EDF_MISS, planScheduler(plan, EDF_MISS, START), options(TWO_EVSES_W));
    const edfResult = replay(EDF_MISS, edf, options(TWO_EVSES_W));
    expect(optimum.deliveredWh).toBeCloseTo(5 * PERIOD_WH, 3);
    expect(optimum.deliveredWh).toBeGreaterThan(edfResult.deliveredWh + 400);
  });

  it('the energy optimum respects the capacity when it binds', () => {
    const plan = energyOptimum(highs, EDF_MISS, { periodMs: PERIOD_MS, capacityW: 6600 });
    const optimum = replay(EDF_MISS, planScheduler(plan, EDF_MISS, START), options(6600));
    expect(optimum.deliveredWh).toBeCloseTo(3 * PERIOD_WH, 3);
  });

  it('the cost optimum delivers everything with a lower 15-minute peak than uncontrolled charging', () => {
    const sessions = [
      { id: 'a', arrival: 0, departure: 6, requestedWh: 2 * PERIOD_WH },
      { id: 'b', arrival: 0, departure: 6, requestedWh: 2 * PERIOD_WH },
    ];
    const prices = new Float64Array(6).fill(0.1);
    const plan = costOptimum(highs, sessions, prices, { periodMs: PERIOD_MS, capacityW: 150_000 });
    const optimum = replay(sessions, planScheduler(plan, sessions, START), options(150_000));
    const flat = siteCost(optimum.siteW, START, PERIOD_MS);
    const rush = siteCost(replay(sessions, uncontrolled, options(Infinity)).siteW, START, PERIOD_MS);
    expect(optimum.deliveredWh).toBeCloseTo(4 * PERIOD_WH, 3);
    expect(flat.peakKW).toBeCloseTo(4.4, 6);
    expect(rush.peakKW).toBeCloseTo(8.8, 6);
  });
});

describe('TOU-EV-4', () => {
  it('prices weekdays by hour and season, weekends at off-peak', () => {
    expect(touEv4Price(START + 13 * 3_600_000)).toBe(0.0869); // winter weekday on-peak
    expect(touEv4Price(START + 9 * 3_600_000)).toBe(0.07492); // winter weekday mid-peak
    expect(touEv4Price(START + 4 * 86_400_000 + 13 * 3_600_000)).toBe(0.06087); // Saturday
    expect(touEv4Price(Date.UTC(2019, 6, 2, 20))).toBe(0.26668); // Tuesday 2019-07-02 13:00 PDT
  });

  it('charges the highest 15-minute average, not the highest 5-minute draw', () => {
    const cost = siteCost(Float64Array.from([30_000, 0, 0, 12_000, 12_000, 12_000]), START, PERIOD_MS);
    expect(cost.peakKW).toBeCloseTo(12, 9);
    expect(cost.demandCharge).toBeCloseTo(15.51 * 12, 9);
    expect(cost.energyKWh).toBeCloseTo(5.5, 9);
    expect(cost.energyCost).toBeCloseTo(5.5 * 0.06087, 9);
  });
});

describe('ours: allocateSite as a scheduler', () => {
  it('tells each vehicle as a Level 2 port in amps with its ISO 15118 needs and last draw', () => {
    const s = { ...active('a', 10, 5000), deliveredWh: 200, lastDrawW: 3000, lastOfferW: 6000 };
    const demand = sessionDemand(s, 7);
    expect(demand).toMatchObject({
      portId: 7,
      chargerType: 'Level 2',
      rateUnit: 'A',
      maxPowerW: 6656,
      voltageV: 208,
      phases: 1,
      energyDeliveredWh: 200,
      measuredPowerW: 3000,
      previousLimitW: 6000,
      evNeeds: { energyAmountWh: 5000, deliveredAtRequestWh: 0, departureTime: s.departureMs, maxPowerW: 6600 },
    });
  });

  it('offers each vehicle its port limit and stays within the capacity', () => {
    const sessions = [
      { id: 'a', arrival: 0, departure: 12, requestedWh: 10_000 },
      { id: 'b', arrival: 0, departure: 24, requestedWh: 10_000 },
      { id: 'c', arrival: 2, departure: 30, requestedWh: 10_000 },
    ];
    const result = replay(sessions, allocationScheduler(), options(10_000));
    expect(Math.max(...result.siteW)).toBeLessThanOrEqual(10_000);
    expect(result.deliveredWh).toBeGreaterThan(0);
  });

  it('takes another allocation in place of allocateSite', () => {
    const offers = allocationScheduler((input) => ({
      ports: input.sessions.map((s) => ({ portId: s.portId, limitW: 1234 })),
    }))(period(10_000, [active('a', 3, 1000), active('b', 3, 1000)]));
    expect([...offers]).toEqual([
      ['a', 1234],
      ['b', 1234],
    ]);
  });
});
