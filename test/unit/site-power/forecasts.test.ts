/**
 * The live allocation's estimates (shared/site-power/forecasts.ts): which sessions are estimated,
 * the similar sessions' summary kept on the allocation line and the estimate made from it, the
 * history read once per session, and the sources each line names.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../shared/db';
import type { PortItem } from '../../../shared/chargers/items';
import { driverFigures } from '../../../shared/site-power/driver-estimates';
import { estimateFrom, estimateSession, type PastSession } from '../../../shared/smart-charging/estimates';
import {
  lineSources,
  needsEstimate,
  sessionFacts,
  summarize,
  summarySessions,
  withEstimates,
} from '../../../shared/site-power/forecasts';
import { departure, HOUR, level2, NOW, site } from '../smart-charging/support';

const ZONE = 'UTC';
const DAY = 24 * HOUR;
/** `n` past sessions of vehicle 7, each arriving at this time of day `days` ago, staying `stay` hours. */
const past = (n: number, stayHours: number, energyWh: number, extra: Partial<PastSession> = {}): PastSession[] =>
  Array.from({ length: n }, (_, i) => {
    const startTime = NOW - HOUR - (i + 1) * DAY;
    return { startTime, endTime: startTime + stayHours * HOUR, energyWh, vehicleId: 7, ...extra };
  });

/** A Db whose session history answers `records` and counts its reads. */
function fakeDb(records: object[]) {
  const reads = { count: 0 };
  const chain = {
    between: () => chain,
    go: async () => {
      reads.count++;
      return { data: records };
    },
  };
  const db = { sessionRecordByEnd: { query: { endedBySite: () => chain } } } as unknown as Db;
  return { db, reads };
}

const record = (stayHours: number, kwh: number, daysAgo: number) => {
  const start = NOW - HOUR - daysAgo * DAY;
  return {
    startTime: new Date(start).toISOString(),
    endTime: new Date(start + stayHours * HOUR).toISOString(),
    energyDeliveredKwh: kwh,
    vehicle: { id: 7 },
  };
};

describe('forecasts', () => {
  it('estimates only sessions with no departure from the vehicle or the fleet', () => {
    expect(needsEstimate(level2(1))).toBe(true);
    expect(needsEstimate(level2(1, { departure: departure(3) }))).toBe(false);
    expect(needsEstimate(level2(1, { evNeeds: { departureTime: NOW + HOUR } }))).toBe(false);
  });

  it('a summary gives the estimate the full history gives', () => {
    const history = [...past(4, 5, 20_000), ...past(3, 9, 30_000, { vehicleId: 8 })];
    const demand = level2(1, { vehicleId: 7, startTime: NOW - HOUR });
    const facts = sessionFacts(demand, undefined, NOW);
    const summary = summarize(101, history, facts, ZONE);
    expect(summary).toEqual({
      sessionId: 101,
      basis: 'vehicle',
      staysMs: Array(4).fill(5 * HOUR),
      energiesWh: Array(4).fill(20_000),
    });
    expect(estimateFrom(facts, summarySessions(summary), [])).toEqual(estimateSession(facts, history, ZONE));
  });

  it("a summary keeps how the site's drivers' departures turned out, for the driver's departure's spread", () => {
    // Vehicle 7's drivers left 1 h before to 2 h after what they entered; vehicle 8's entered none.
    const history = [
      ...past(4, 5, 20_000).map((s, k) => ({ ...s, driverDepartureTime: s.endTime - (k - 1) * HOUR + 0 })),
      ...past(3, 9, 30_000, { vehicleId: 8 }),
    ];
    const driver = { departureTime: NOW + 3 * HOUR, energyWh: 30_000 };
    const facts = { ...sessionFacts(level2(1, { vehicleId: 7, startTime: NOW - HOUR }), undefined, NOW), driver };
    const summary = summarize(101, history, facts, ZONE);
    expect(summary.driverErrorsMs).toEqual([-HOUR, 0, HOUR, 2 * HOUR]);
    const estimate = estimateFrom(facts, summarySessions(summary), summary.driverErrorsMs ?? []);
    expect(estimate).toEqual(estimateSession(facts, history, ZONE));
    expect(estimate.departures).toEqual([NOW + 2 * HOUR, NOW + 3 * HOUR, NOW + 4 * HOUR, NOW + 5 * HOUR]);
  });

  it('keeps at most 24 quantiles of a long history', () => {
    const history = Array.from({ length: 100 }, (_, i) => past(1, 1 + i / 10, 1000 * i)[0]!);
    const summary = summarize(101, history, sessionFacts(level2(1, { vehicleId: 7 }), undefined, NOW), ZONE);
    expect(summary.staysMs).toHaveLength(24);
    expect(summary.energiesWh).toHaveLength(24);
    expect(summarize(101, [], sessionFacts(level2(1), undefined, NOW), ZONE).basis).toBe('none');
  });

  it("reads the history once, when the session is first estimated, then from its port's summary", async () => {
    const { db, reads } = fakeDb([1, 2, 3].map((d) => record(5, 20, d)));
    const input = site([level2(1, { vehicleId: 7, startTime: NOW - HOUR }), level2(2, { departure: departure(2) })]);
    const port = { portId: 1, currentChargingSession: { sessionId: 101 } } as PortItem;
    const context = { siteId: 1, timeZone: ZONE, ports: [port] };
    const first = await withEstimates(db, input, context);
    expect(reads.count).toBe(1);
    expect(first.fresh.get(101)?.basis).toBe('vehicle');
    expect(first.fresh.has(102)).toBe(false);
    expect(first.input.sessions[0]!.estimate).toMatchObject({
      departureTime: NOW + 4 * HOUR,
      departureSource: 'history',
    });
    expect(first.input.sessions[1]!.estimate).toBeUndefined();
    const kept = { ...port, forecast: first.fresh.get(101) } as PortItem;
    const later = await withEstimates(db, input, { ...context, ports: [kept] });
    expect(reads.count).toBe(1);
    expect(later.fresh.size).toBe(0);
    expect(later.input.sessions[0]!.estimate).toEqual(first.input.sessions[0]!.estimate);
    // A summary kept for an earlier session on the port is not this one's: the history is read again.
    const stale = {
      ...kept,
      currentChargingSession: { sessionId: 101 },
      forecast: { ...first.fresh.get(101), sessionId: 99 },
    };
    await withEstimates(db, input, { ...context, ports: [stale as PortItem] });
    expect(reads.count).toBe(2);
  });

  it('leaves a session without history to the planner defaults', async () => {
    const { db } = fakeDb([]);
    const context = { siteId: 1, timeZone: ZONE, ports: [] as PortItem[] };
    const { input, fresh } = await withEstimates(db, site([level2(1)]), context);
    expect(input.sessions[0]!.estimate).toBeUndefined();
    expect(fresh.get(101)?.basis).toBe('none');
  });

  it("plans with the driver's estimate of the session in progress, clamped to the battery", async () => {
    const { db } = fakeDb([]);
    const driverEstimate = {
      sessionId: 101,
      siteId: 1,
      departureTime: new Date(NOW + 3 * HOUR).toISOString(),
      energyKwh: 500,
      enteredAt: new Date(NOW).toISOString(),
    };
    const port = { portId: 1, driverEstimate, currentChargingSession: { sessionId: 101 } } as PortItem;
    const context = { siteId: 1, timeZone: ZONE, ports: [port] };
    const demand = level2(1, { batteryCapacityWh: 60_000 });
    const { input } = await withEstimates(db, site([demand]), context);
    expect(input.sessions[0]!.estimate).toEqual({
      departureTime: NOW + 3 * HOUR,
      departureSource: 'driver',
      energyWh: 60_000,
      energySource: 'driver',
    });
    // An estimate of an earlier session on the port is not this one's.
    const stale = { ...port, driverEstimate: { ...driverEstimate, sessionId: 99 } } as PortItem;
    expect(driverFigures(stale, 101)).toBeUndefined();
    const later = await withEstimates(db, site([demand]), { ...context, ports: [stale] });
    expect(later.input.sessions[0]!.estimate).toBeUndefined();
  });

  it('names where each figure came from', () => {
    expect(lineSources(level2(1, { departure: departure(3) }), NOW)).toEqual({
      departureTime: NOW + 3 * HOUR,
      departureSource: 'api',
    });
    expect(lineSources(level2(1, { evNeeds: { departureTime: NOW + HOUR, energyAmountWh: 5000 } }), NOW)).toEqual({
      departureTime: NOW + HOUR,
      departureSource: 'vehicle',
      energySource: 'vehicle',
    });
    const estimate = {
      departureTime: NOW + 2 * HOUR,
      departureSource: 'history',
      energyWh: 9000,
      energySource: 'history',
    } as const;
    expect(lineSources(level2(1, { estimate }), NOW)).toEqual({
      departureTime: NOW + 2 * HOUR,
      departureSource: 'history',
      energySource: 'history',
    });
    const driver = { ...estimate, departureSource: 'driver', energySource: 'driver' } as const;
    expect(lineSources(level2(1, { estimate: driver, socPercent: 40 }), NOW)).toMatchObject({
      departureSource: 'driver',
      energySource: 'vehicle',
    });
    expect(lineSources(level2(1, { startTime: NOW - HOUR }), NOW)).toEqual({
      departureTime: NOW + 7 * HOUR,
      departureSource: 'default',
    });
  });
});
