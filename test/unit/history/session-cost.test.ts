/** A session's energy cost under a tariff, and its rounding to the currency's minor unit. */
import { describe, expect, it } from 'vitest';
import { roundToMinorUnit, sessionEnergyCost } from '../../../shared/history/session-cost';

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const tariff = {
  currency: 'EUR',
  energyPrices: [
    { name: 'day', daysOfWeek: EVERY_DAY, startTime: '00:00', endTime: '12:00', pricePerKwh: 0.3 },
    { name: 'evening', daysOfWeek: EVERY_DAY, startTime: '12:00', endTime: '18:00', pricePerKwh: 0.5 },
    // Shares a name with the first period, at another price: priced as its own period.
    { name: 'day', daysOfWeek: EVERY_DAY, startTime: '18:00', endTime: '24:00', pricePerKwh: -0.1 },
  ],
};

describe('sessionEnergyCost', () => {
  it("prices each period's energy at its own price, in the site's time zone", () => {
    // Berlin is UTC+1 in December: 11:00-13:00 local is 10:00Z-12:00Z, 1 kWh each side of noon.
    const startMs = Date.parse('2026-12-07T10:00:00Z');
    const span = { startMs, endMs: startMs + 2 * 3_600_000, meterStartWh: 0, meterStopWh: 2_000 };
    expect(sessionEnergyCost(span, [], { tariff, timeZone: 'Europe/Berlin' })).toEqual({
      amount: 0.8,
      currency: 'EUR',
    });
    // The same instants in UTC fall in the morning period only.
    expect(sessionEnergyCost(span, [], { tariff, timeZone: 'UTC' }).amount).toBe(0.6);
  });

  it('counts a negative price and a session in progress by its readings', () => {
    const startMs = Date.parse('2026-12-07T18:00:00Z');
    const readings = [{ at: startMs + 3_600_000, energyWh: 5_000 }];
    expect(sessionEnergyCost({ startMs, meterStartWh: 0 }, readings, { tariff, timeZone: 'UTC' })).toEqual({
      amount: -0.5,
      currency: 'EUR',
    });
  });

  it('is 0 with no energy, not -0', () => {
    const cost = sessionEnergyCost({ startMs: 0, meterStartWh: 0 }, [], { tariff, timeZone: 'UTC' });
    expect(Object.is(cost.amount, 0)).toBe(true);
  });
});

describe('roundToMinorUnit', () => {
  it.each([
    ['USD', 2.5672, 2.57],
    ['USD', 1.005, 1.01],
    ['USD', -1.005, -1.01],
    ['USD', 0.0049, 0],
    ['EUR', 0.1249, 0.12],
    ['JPY', 247.5, 248],
    ['JPY', 123.4999, 123],
    ['KWD', 1.2345, 1.235],
    ['CLF', 1.2345, 1.2345],
  ])('%s %d → %d (half away from zero)', (currency, amount, expected) => {
    expect(roundToMinorUnit({ amount, currency })).toBe(expected);
  });

  it('never answers -0', () => {
    expect(Object.is(roundToMinorUnit({ amount: -0.004, currency: 'USD' }), 0)).toBe(true);
  });
});
