import { describe, expect, it } from 'vitest';
import { evNeedsOf, externalLimitInForce, nextLimitChange, periodAt } from '../../../shared/site-power/station-inputs';
import type { LimitSchedule } from '../../../shared/site-power/station-reports';

const start = Date.parse('2026-11-23T10:00:00Z');
const schedule: LimitSchedule = {
  chargingRateUnit: 'A',
  startSchedule: '2026-11-23T10:00:00.000Z',
  duration: 3600,
  periods: [
    { startPeriod: 0, limit: 16 },
    { startPeriod: 600, limit: 10, numberPhases: 3 },
  ],
};
const stored = (fields: object) => ({ source: 'EMS', siteId: 1, receivedAt: '2026-11-23T10:00:00.000Z', ...fields });
const singlePhase = { phases: 1, voltageV: 240 };

describe('the external limit in force', () => {
  it('takes the period in force: none before the start or after the duration', () => {
    expect(periodAt(schedule, start - 1)).toBeUndefined();
    expect(periodAt(schedule, start)).toEqual({ startPeriod: 0, limit: 16 });
    expect(periodAt(schedule, start + 600_000)?.limit).toBe(10);
    expect(periodAt(schedule, start + 3_600_000)).toBeUndefined();
  });

  it("converts amps per phase with the period's phases, else the port's", () => {
    const limit = stored({ schedule });
    expect(externalLimitInForce(limit, singlePhase, start + 1000)).toEqual({ limitW: 16 * 240, source: 'EMS' });
    expect(externalLimitInForce(limit, singlePhase, start + 700_000)).toEqual({ limitW: 10 * 240 * 3, source: 'EMS' });
    expect(externalLimitInForce(limit, singlePhase, start + 4_000_000)).toBeUndefined();
  });

  it('without a schedule, holds the EVSE to what it draws after the notification, and nothing before a reading', () => {
    const limit = stored({});
    expect(
      externalLimitInForce(limit, singlePhase, start, { powerW: 7000, at: '2026-11-23T09:59:00.000Z' }),
    ).toBeUndefined();
    expect(externalLimitInForce(limit, singlePhase, start, { powerW: 4200, at: '2026-11-23T10:01:00.000Z' })).toEqual({
      limitW: 4200,
      source: 'EMS',
    });
    expect(externalLimitInForce(undefined, singlePhase, start)).toBeUndefined();
  });
});

describe("the vehicle's needs", () => {
  const receivedAt = '2026-11-23T10:00:00.000Z';
  it("turns AC currents into W at the port's voltage and phases", () => {
    const needs = {
      requestedEnergyTransfer: 'AC_three_phase',
      energyAmountWh: 30_000,
      minCurrentA: 6,
      maxCurrentA: 32,
      siteId: 1,
      receivedAt,
    };
    expect(evNeedsOf(needs, { phases: 3, voltageV: 230 }, 'Level 2')).toEqual({
      energyAmountWh: 30_000,
      minPowerW: 6 * 230 * 3,
      maxPowerW: 32 * 230 * 3,
    });
  });

  it('takes evMaxPower on DC, else evMaxCurrent × evMaxVoltage, and the departure in ms', () => {
    const base = { requestedEnergyTransfer: 'DC', maxCurrentA: 200, maxVoltageV: 400, siteId: 1, receivedAt };
    expect(evNeedsOf({ ...base, maxPowerW: 50_000 }, singlePhase, 'DCFC').maxPowerW).toBe(50_000);
    const needs = evNeedsOf({ ...base, departureTime: '2026-11-23T12:00:00.000Z' }, singlePhase, 'DCFC');
    expect(needs).toEqual({ maxPowerW: 80_000, departureTime: Date.parse('2026-11-23T12:00:00Z') });
  });
});

describe('when an external limit next changes', () => {
  it('is the next period start or the end of the schedule, and never for a schedule in the past', () => {
    expect(nextLimitChange(schedule, start - 5000)).toBe(start);
    expect(nextLimitChange(schedule, start + 1000)).toBe(start + 600_000);
    expect(nextLimitChange(schedule, start + 700_000)).toBe(start + 3_600_000);
    expect(nextLimitChange(schedule, start + 3_600_000)).toBeUndefined();
    expect(nextLimitChange(undefined, start)).toBeUndefined();
  });
});
