/**
 * A session's estimate when neither the vehicle nor the fleet tells its figures
 * (`shared/smart-charging/estimates.ts`, docs/smart-charging.md "What the plan knows"): the
 * departure's spread the plan weighs (`SessionEstimate.departures`), and the energy of a vehicle
 * that stopped drawing.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ENERGY_STEP,
  DEFAULT_EXTENSION_MS,
  driverErrorsMs,
  estimateFrom,
  type PastSession,
  type SessionFacts,
} from '../../../shared/smart-charging/estimates';
import { MAX_NEED_WH } from '../../../shared/smart-charging';

const HOUR = 3_600_000;
const NOW = Date.UTC(2019, 9, 15, 17); // Tuesday 15 October 2019, 10:00 in Pasadena
const facts = (driverDepartureH?: number): SessionFacts => ({
  now: NOW,
  startTime: NOW - HOUR,
  chargerType: 'Level 2',
  energyDeliveredWh: 2_000,
  ...(driverDepartureH !== undefined ? { driver: { departureTime: NOW + driverDepartureH * HOUR } } : {}),
});
/** Past sessions whose drivers left `errorsH` hours after (negative: before) the departure they entered. */
const drivers = (errorsH: number[]): PastSession[] =>
  errorsH.map((e, k) => {
    const endTime = NOW - (k + 1) * 24 * HOUR;
    return { startTime: endTime - 8 * HOUR, endTime, energyWh: 10_000, driverDepartureTime: endTime - e * HOUR };
  });

describe('the departure an estimate plans with', () => {
  it("spreads a driver's departure by how the site's drivers' estimates turned out, those still ahead", () => {
    const history = drivers([-2, -0.5, 1, -7]);
    const estimate = estimateFrom(facts(6), undefined, driverErrorsMs(history));
    expect(estimate.departureTime).toBe(NOW + 6 * HOUR);
    expect(estimate.departureSource).toBe('driver');
    // 6 h less 7 h is past: left out.
    expect(estimate.departures).toEqual([NOW + 4 * HOUR, NOW + 5.5 * HOUR, NOW + 7 * HOUR]);
  });

  it('spreads a forecast departure by the stays of the similar sessions', () => {
    const similar: PastSession[] = [5, 8, 9].map((stayH) => ({ startTime: 0, endTime: stayH * HOUR, energyWh: 9_000 }));
    const estimate = estimateFrom(facts(), similar, []);
    expect(estimate.departureSource).toBe('history');
    expect(estimate.departureTime).toBe(NOW + 7 * HOUR);
    expect(estimate.departures).toEqual([NOW + 4 * HOUR, NOW + 7 * HOUR, NOW + 8 * HOUR]);
  });

  it('has no spread with one plausible departure or none (the departure for sure)', () => {
    expect(estimateFrom(facts(6), undefined, driverErrorsMs(drivers([-1, 0.5]))).departures).toBeUndefined();
    expect(estimateFrom(facts(), undefined, []).departures).toBeUndefined();
    expect(estimateFrom(facts(), undefined, []).departureSource).toBe('default');
  });
});

const asking = (kWh: number, extra: Partial<SessionFacts> = {}): SessionFacts => ({
  ...facts(6),
  driver: { departureTime: NOW + 6 * HOUR, energyWh: kWh * 1000 },
  ...extra,
});

/** Similar past sessions that stayed `staysH` hours each (and took `kWh`). */
const stayed = (staysH: number[], kWh = 9): PastSession[] =>
  staysH.map((stayH) => ({ startTime: 0, endTime: stayH * HOUR, energyWh: kWh * 1000 }));

describe('a departure that has passed while the vehicle is still plugged in', () => {
  // Plugged in 10 h ago: a departure 9 h after the start has passed.
  const late = (driverH?: number): SessionFacts => ({
    ...facts(),
    startTime: NOW - 10 * HOUR,
    ...(driverH !== undefined ? { driver: { departureTime: NOW - 10 * HOUR + driverH * HOUR } } : {}),
  });

  it("moves a driver's to the median of the similar stays longer than this one's so far, too few drivers' errors ahead", () => {
    const estimate = estimateFrom(late(9), stayed([5, 11, 12, 13, 14]), driverErrorsMs(drivers([-1, 0.5])));
    expect(estimate.departureSource).toBe('driver');
    expect(estimate.corrected).toBe(true);
    expect(estimate.departureTime).toBe(NOW - 10 * HOUR + 12.5 * HOUR);
    expect(estimate.departureTime).not.toBe(NOW + DEFAULT_EXTENSION_MS);
    expect(estimate.departures).toEqual([11, 12, 13, 14].map((h) => NOW - 10 * HOUR + h * HOUR));
  });

  it("moves a driver's to the median of its drivers' errors still ahead, when there are", () => {
    const estimate = estimateFrom(late(9), stayed([11, 12, 13]), driverErrorsMs(drivers([-1, 2, 4, 6])));
    expect(estimate.departureTime).toBe(NOW - 10 * HOUR + 13 * HOUR);
  });

  it("moves a forecast's to the median of the similar stays longer than this one's so far", () => {
    const estimate = estimateFrom(late(), stayed([8, 9, 9.5, 12, 16]), []);
    expect(estimate).toMatchObject({ departureSource: 'history', corrected: true });
    expect(estimate.departureTime).toBe(NOW + 4 * HOUR);
  });

  it('moves it an hour from now when no similar stay was longer (or there is no history)', () => {
    expect(estimateFrom(late(9), stayed([5, 8, 9]), []).departureTime).toBe(NOW + DEFAULT_EXTENSION_MS);
    expect(estimateFrom(late(9), undefined, []).departureTime).toBe(NOW + DEFAULT_EXTENSION_MS);
  });
});

describe('an energy estimate reached while the vehicle still draws', () => {
  it('is raised to the median of the similar sessions that took more, else by a quarter', () => {
    const drawing = asking(20, { energyDeliveredWh: 20_000, drawing: true });
    const similar = [10, 24, 30, 50].map((kWh) => ({ startTime: 0, endTime: 8 * HOUR, energyWh: kWh * 1000 }));
    expect(estimateFrom(drawing, similar, [])).toMatchObject({
      energyWh: 30_000,
      energySource: 'driver',
      corrected: true,
    });
    expect(estimateFrom(drawing, undefined, []).energyWh).toBe(20_000 * (1 + DEFAULT_ENERGY_STEP));
  });
});

describe("an estimate's energy beyond the vehicle's battery", () => {
  it('is clamped at the battery, or, unknown, at 300 kWh', () => {
    expect(estimateFrom(asking(2_000), undefined, []).energyWh).toBe(MAX_NEED_WH);
    expect(MAX_NEED_WH).toBe(300_000);
    expect(estimateFrom(asking(2_000, { batteryCapacityWh: 600_000 }), undefined, []).energyWh).toBe(600_000);
  });
});

describe('the energy of a vehicle that stopped drawing while allowed its minimum', () => {
  it('is what it has (full as far as anyone can tell); given 0 W, its estimate stands', () => {
    const stopped = asking(20, { energyDeliveredWh: 7_000, drawing: false });
    expect(estimateFrom(stopped, undefined, [])).toMatchObject({
      energyWh: 7_000,
      energySource: 'driver',
      corrected: true,
    });
    const unknown = asking(20, { energyDeliveredWh: 7_000 });
    expect(estimateFrom(unknown, undefined, []).energyWh).toBe(20_000);
  });
});
