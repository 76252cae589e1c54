/** The checks of a pushed reading and of a usable capacity (shared/access/vehicle-state.ts), which the CLI reaches without the API's schemas. */
import { describe, expect, it } from 'vitest';
import {
  checkCapacity,
  checkReading,
  MAX_CLOCK_SKEW_MS,
  MAX_READING_AGE_MS,
  type VehicleStateInput,
} from '../../../shared/access/vehicle-state';

const NOW = Date.parse('2026-12-06T08:00:00Z');
const reading = (fields: Partial<VehicleStateInput> = {}): VehicleStateInput => ({
  vehicleId: 1,
  socPercent: 50,
  timestamp: new Date(NOW).toISOString(),
  source: 'fleet-telematics',
  ...fields,
});
const fieldOf = (check: () => unknown) => {
  try {
    check();
  } catch (error) {
    return (error as { field?: string }).field;
  }
  return undefined;
};

describe('a usable battery capacity', () => {
  it('is above 0 and at most 1000 kWh; absent or null is nothing to check', () => {
    for (const ok of [0.1, 75, 1000, undefined, null]) expect(fieldOf(() => checkCapacity(ok))).toBeUndefined();
    for (const bad of [0, -1, 1000.01, Number.NaN, Number.POSITIVE_INFINITY])
      expect(fieldOf(() => checkCapacity(bad))).toBe('batteryCapacityKwh');
  });
});

describe("a reading's values against the clock", () => {
  it(`allows ${MAX_CLOCK_SKEW_MS / 60_000} minutes of clock skew ahead and a year behind`, () => {
    // A time ahead counts as now: a later reading from a clock that is right must not be ignored behind it.
    expect(checkReading(reading({ timestamp: new Date(NOW + MAX_CLOCK_SKEW_MS).toISOString() }), NOW)).toBe(NOW);
    expect(checkReading(reading({ timestamp: new Date(NOW - 1).toISOString() }), NOW)).toBe(NOW - 1);
    expect(
      fieldOf(() => checkReading(reading({ timestamp: new Date(NOW + MAX_CLOCK_SKEW_MS + 1).toISOString() }), NOW)),
    ).toBe('timestamp');
    expect(
      fieldOf(() => checkReading(reading({ timestamp: new Date(NOW - MAX_READING_AGE_MS).toISOString() }), NOW)),
    ).toBeUndefined();
    expect(
      fieldOf(() => checkReading(reading({ timestamp: new Date(NOW - MAX_READING_AGE_MS - 1).toISOString() }), NOW)),
    ).toBe('timestamp');
  });

  it('names the SoC outside 0–100 and an absurd capacity', () => {
    expect(fieldOf(() => checkReading(reading({ socPercent: 100.1 }), NOW))).toBe('socPercent');
    expect(fieldOf(() => checkReading(reading({ socPercent: -0.1 }), NOW))).toBe('socPercent');
    expect(fieldOf(() => checkReading(reading({ batteryCapacityKwh: 2000 }), NOW))).toBe('batteryCapacityKwh');
  });
});
