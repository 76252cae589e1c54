/**
 * The drift comparison (`shared/site-power/drift.ts`): a composite schedule above the profile sent
 * beyond the tolerance, at any instant of the hour checked, in either unit; within the tolerance,
 * below the profile, or outside the hour, no drift. OCPP 2.1 composite schedules (schema-valid
 * answers read by the command's mapping, as a 2.1 station's are): periods without `limit` read by
 * their `operationMode`, per-phase limits summed.
 */
import { describe, expect, it } from 'vitest';
import { getCompositeSchedule } from '../../../shared/ocpp/commands/composite-schedule';
import { validatePayload } from '../../../shared/ocpp/schemas';
import type * as Ocpp21 from '../../../shared/ocpp/types/v21';
import * as V21 from '../../../shared/ocpp/validators/v21';
import { compositePeriodW, DRIFT_CHECK_SECONDS, findDrift, foreignProfile } from '../../../shared/site-power/drift';
import type { ChargerItem } from '../../../shared/chargers/items';
import type { ChargingProfileInput, CompositeSchedule } from '../../../shared/site-power/commands';

const NOW = Date.parse('2026-12-05T10:00:00Z');
const start = new Date(NOW).toISOString();
const threePhase = { phases: 3, voltageV: 230 };

const profileW = (periods: [number, number][]): ChargingProfileInput => ({
  portNumber: 1,
  purpose: 'TxProfile',
  ocppTransactionId: '7',
  unit: 'W',
  startSchedule: start,
  periods: periods.map(([startPeriod, limit]) => ({ startPeriod, limit })),
});

const composite = (unit: 'A' | 'W', periods: [number, number][], extra: Partial<CompositeSchedule> = {}) =>
  ({
    portNumber: 1,
    scheduleStart: start,
    duration: DRIFT_CHECK_SECONDS,
    chargingRateUnit: unit,
    chargingSchedulePeriod: periods.map(([startPeriod, limit]) => ({ startPeriod, limit })),
    ...extra,
  }) as CompositeSchedule;

describe('findDrift', () => {
  it('finds the first instant the composite schedule is above the profile beyond 5 % / 1 kW', () => {
    const sent = profileW([
      [0, 60_000],
      [1800, 30_000],
    ]);
    expect(findDrift(sent, composite('W', [[0, 60_000]]), threePhase, NOW)).toEqual({
      at: NOW + 1_800_000,
      unit: 'W',
      plannedLimit: 30_000,
      compositeLimit: 60_000,
    });
    // 5 % of 60 kW is 3 kW: 62.9 kW is inside, 63.1 kW is not.
    expect(findDrift(profileW([[0, 60_000]]), composite('W', [[0, 62_900]]), threePhase, NOW)).toBeUndefined();
    expect(findDrift(profileW([[0, 60_000]]), composite('W', [[0, 63_100]]), threePhase, NOW)?.compositeLimit).toBe(
      63_100,
    );
    // Under 20 kW the 1 kW floor applies.
    expect(findDrift(profileW([[0, 5_000]]), composite('W', [[0, 5_900]]), threePhase, NOW)).toBeUndefined();
    expect(findDrift(profileW([[0, 5_000]]), composite('W', [[0, 6_100]]), threePhase, NOW)).toBeDefined();
  });

  it('is no drift when the charger holds the port lower than the profile (its own limits)', () => {
    expect(findDrift(profileW([[0, 60_000]]), composite('W', [[0, 20_000]]), threePhase, NOW)).toBeUndefined();
  });

  it('compares an A composite with a W profile at the port voltage and phases', () => {
    // 60 kW at 230 V × 3 phases ≈ 87 A; 100 A is 69 kW.
    expect(findDrift(profileW([[0, 60_000]]), composite('A', [[0, 86]]), threePhase, NOW)).toBeUndefined();
    expect(findDrift(profileW([[0, 60_000]]), composite('A', [[0, 100]]), threePhase, NOW)).toEqual({
      at: NOW,
      unit: 'W',
      plannedLimit: 60_000,
      compositeLimit: 69_000,
    });
  });

  it('compares in A with a 1 A floor, a period taking its own phases', () => {
    const sentA: ChargingProfileInput = { ...profileW([[0, 16]]), unit: 'A', numberPhases: 1 };
    const onePhase = { phases: 1, voltageV: 240 };
    expect(findDrift(sentA, composite('A', [[0, 16.9]]), onePhase, NOW)).toBeUndefined();
    expect(findDrift(sentA, composite('A', [[0, 17.5]]), onePhase, NOW)).toMatchObject({
      unit: 'A',
      plannedLimit: 16,
      compositeLimit: 17.5,
    });
  });

  it('looks only at the hour checked and within the composite schedule', () => {
    const sent = profileW([
      [0, 60_000],
      [DRIFT_CHECK_SECONDS + 60, 0],
    ]);
    // The drop after the hour is not checked; a composite that ended before is no limit.
    expect(findDrift(sent, composite('W', [[0, 60_000]], { duration: 7_200 }), threePhase, NOW)).toBeUndefined();
    expect(
      findDrift(profileW([[0, 0]]), composite('W', [[0, 60_000]], { duration: 0 }), threePhase, NOW),
    ).toBeUndefined();
    const later = composite('W', [[0, 90_000]], { scheduleStart: new Date(NOW + 600_000).toISOString() });
    expect(findDrift(profileW([[0, 60_000]]), later, threePhase, NOW)?.at).toBe(NOW + 600_000);
  });
});

describe('OCPP 2.1 composite schedules', () => {
  type Period21 = Ocpp21.ChargingSchedulePeriodType;
  /** A 2.1 station's answer, checked against 2.1's schema, as the command reads it (2.0.1's mapping serves 2.1). */
  async function composite21(unit: 'A' | 'W', periods: Period21[]): Promise<CompositeSchedule> {
    const response: Ocpp21.GetCompositeScheduleResponse = {
      status: 'Accepted',
      schedule: {
        evseId: 1,
        duration: DRIFT_CHECK_SECONDS,
        scheduleStart: start,
        chargingRateUnit: unit,
        chargingSchedulePeriod: periods as [Period21, ...Period21[]],
      },
    };
    await validatePayload(V21.GetCompositeSchedule, 'conf', response);
    return getCompositeSchedule['ocpp2.0.1']!.result(response as never).schedule!;
  }

  it('keeps the 2.1 fields that say what the station enforces, and no limit where it states none', async () => {
    const schedule = await composite21('W', [
      { startPeriod: 0, limit: 40_000 },
      { startPeriod: 600, operationMode: 'CentralSetpoint', setpoint: 30_000, dischargeLimit: -5_000 },
      { startPeriod: 1200, operationMode: 'ChargingOnly' },
    ]);
    expect(schedule.chargingSchedulePeriod).toEqual([
      { startPeriod: 0, limit: 40_000 },
      { startPeriod: 600, operationMode: 'CentralSetpoint', setpoint: 30_000 },
      { startPeriod: 1200, operationMode: 'ChargingOnly' },
    ]);
  });

  it('is a drift where a ChargingOnly period (or one without a mode) states no limit: nothing holds the port', async () => {
    const schedule = await composite21('W', [
      { startPeriod: 0, limit: 60_000 },
      { startPeriod: 900, operationMode: 'ChargingOnly' },
    ]);
    expect(findDrift(profileW([[0, 60_000]]), schedule, threePhase, NOW)).toEqual({
      at: NOW + 900_000,
      unit: 'W',
      plannedLimit: 60_000,
    });
    const noMode = await composite21('A', [{ startPeriod: 0 }]);
    expect(findDrift(profileW([[0, 60_000]]), noMode, threePhase, NOW)).toEqual({
      at: NOW,
      unit: 'W',
      plannedLimit: 60_000,
    });
  });

  it('compares a setpoint period by its setpoint, Idle as 0, and skips a rate set outside the schedule', async () => {
    const sent = profileW([[0, 30_000]]);
    const above = await composite21('W', [{ startPeriod: 0, operationMode: 'ExternalSetpoint', setpoint: 45_000 }]);
    expect(findDrift(sent, above, threePhase, NOW)).toMatchObject({ plannedLimit: 30_000, compositeLimit: 45_000 });
    const within = await composite21('W', [
      { startPeriod: 0, operationMode: 'CentralSetpoint', setpoint: 30_500 },
      // Discharging draws nothing from the site.
      { startPeriod: 600, operationMode: 'CentralSetpoint', setpoint: -10_000 },
      { startPeriod: 1200, operationMode: 'Idle' },
      // Set by an external system, the grid frequency, the station's own balancing: not compared.
      { startPeriod: 1800, operationMode: 'ExternalLimits' },
      { startPeriod: 2400, operationMode: 'LocalLoadBalancing' },
      { startPeriod: 3000, operationMode: 'CentralSetpoint' },
    ]);
    expect(findDrift(sent, within, threePhase, NOW)).toBeUndefined();
    // A limit holds whatever the mode: a setpoint's overshoot stays within it.
    const capped = await composite21('W', [{ startPeriod: 0, operationMode: 'LocalFrequency', limit: 50_000 }]);
    expect(findDrift(sent, capped, threePhase, NOW)?.compositeLimit).toBe(50_000);
  });

  it("sums 2.1's per-phase limits (limit is then phase L1's), in W and in A", async () => {
    expect(
      compositePeriodW({ startPeriod: 0, limit: 10_000, limit_L2: 10_000, limit_L3: 5_000 }, 'W', threePhase),
    ).toBe(25_000);
    expect(compositePeriodW({ startPeriod: 0, limit: 16, limit_L2: 16, limit_L3: 10 }, 'A', threePhase)).toBe(42 * 230);
    const sentA: ChargingProfileInput = { ...profileW([[0, 16]]), unit: 'A' };
    const phases = await composite21('A', [{ startPeriod: 0, limit: 16, limit_L2: 16, limit_L3: 32 }]);
    // 64 A over three phases is 21.3 A a phase against 16 A.
    expect(findDrift(sentA, phases, threePhase, NOW)).toMatchObject({ plannedLimit: 16, compositeLimit: 21.3 });
  });
});

describe('foreignProfile', () => {
  const report = (
    chargingLimitSource: string,
    evseId: number,
    ids: number[],
    receivedAt = '2026-12-05T10:00:00.000Z',
  ) => ({
    requestId: 1,
    chargingLimitSource,
    evseId,
    receivedAt,
    profileCount: ids.length,
    profiles: ids.map((id) => ({
      id,
      stackLevel: 1,
      chargingProfilePurpose: 'TxProfile',
      chargingProfileKind: 'Absolute',
    })),
  });
  const charger = (chargingProfilesReport: object | undefined, lastBootAt = '2026-12-05T09:00:00.000Z') =>
    ({ chargerId: 1, lastBootAt, chargingProfilesReport }) as unknown as ChargerItem;

  it("finds a profile of another source, or one of ours' source with an ID not ours, on the port or the station", () => {
    expect(foreignProfile(charger(report('CSO', 1, [9_000_001, 9_000_000])), 1)).toBeUndefined();
    expect(foreignProfile(charger(report('CSO', 1, [9_000_001, 42])), 1)).toMatchObject({ id: 42, source: 'CSO' });
    expect(foreignProfile(charger(report('EMS', 0, [9_000_001])), 1)).toMatchObject({ id: 9_000_001, source: 'EMS' });
  });

  it('ignores another EVSE, a report from before the last boot, and no report', () => {
    expect(foreignProfile(charger(report('EMS', 2, [7])), 1)).toBeUndefined();
    expect(foreignProfile(charger(report('EMS', 1, [7]), '2026-12-05T11:00:00.000Z'), 1)).toBeUndefined();
    expect(foreignProfile(charger(undefined), 1)).toBeUndefined();
  });
});
