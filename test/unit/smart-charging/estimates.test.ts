/**
 * A session's estimate when neither the vehicle nor the fleet tells its figures
 * (`shared/smart-charging/estimates.ts`, docs/smart-charging.md "What the plan knows"): the
 * departure's spread the plan weighs (`SessionEstimate.departures`), and the energy of a vehicle
 * that stopped drawing.
 */
import { describe, expect, it } from 'vitest';
import {
  driverErrorsMs,
  estimateFrom,
  type PastSession,
  type SessionFacts,
} from '../../../shared/smart-charging/estimates';

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
