import { describe, expect, it } from 'vitest';
import { ChargePoint } from '../../../lib/simulator/charge-point';
import { ChargingProfiles, periodInForce, type ChargingProfile } from '../../../lib/simulator/charging-profiles';
import { compositeSchedule } from '../../../lib/simulator/smart-charging';

const T0 = new Date('2025-01-01T12:00:00Z');
const at = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);

/** A TxDefaultProfile on connector 1, 10 A from T0, overridable field by field. */
function profile(overrides: Partial<ChargingProfile> & { limits?: [number, number][] } = {}): ChargingProfile {
  const { limits = [[0, 10]], ...rest } = overrides;
  return {
    id: 1,
    connectorId: 1,
    stackLevel: 0,
    purpose: 'TxDefaultProfile',
    kind: 'Absolute',
    schedule: {
      rateUnit: 'A',
      startSchedule: T0,
      periods: limits.map(([startPeriod, limit]) => ({ startPeriod, limit })),
    },
    receivedAt: T0,
    ...rest,
  };
}

const limitOf = (
  profiles: ChargingProfiles,
  time: Date,
  transaction?: { transactionId?: number; startedAt: Date },
): number | undefined => profiles.transactionLimit(1, time, transaction)?.period.limit;

describe('the period in force', () => {
  it('is the last period whose startPeriod has passed since the schedule start', () => {
    const p = profile({
      limits: [
        [0, 32],
        [3600, 16],
        [7200, 8],
      ],
    });

    expect([0, 3599, 3600, 7300].map((s) => periodInForce(p, at(s))?.limit)).toEqual([32, 32, 16, 8]);
    expect(periodInForce(p, at(-1))).toBeUndefined();
  });

  it('honours validFrom/validTo and the schedule duration', () => {
    const bounded = profile({ validFrom: at(60), validTo: at(120) });
    const short = profile({
      schedule: { rateUnit: 'A', startSchedule: T0, duration: 600, periods: [{ startPeriod: 0, limit: 10 }] },
    });

    expect([59, 60, 119, 120].map((s) => periodInForce(bounded, at(s))?.limit)).toEqual([undefined, 10, 10, undefined]);
    expect([599, 600].map((s) => periodInForce(short, at(s))?.limit)).toEqual([10, undefined]);
  });

  it('starts a Relative schedule with the transaction, and a Recurring one every day', () => {
    const relative = profile({
      kind: 'Relative',
      limits: [
        [0, 6],
        [1800, 12],
      ],
    });
    const daily = profile({
      kind: 'Recurring',
      recurrencyKind: 'Daily',
      limits: [
        [0, 6],
        [3600, 12],
      ],
    });
    const session = { startedAt: at(86_400) };

    expect(periodInForce(relative, at(86_400 + 1799), session)?.limit).toBe(6);
    expect(periodInForce(relative, at(86_400 + 1800), session)?.limit).toBe(12);
    expect(periodInForce(daily, at(86_400 + 60))?.limit).toBe(6);
    expect(periodInForce(daily, at(2 * 86_400 + 3600))?.limit).toBe(12);
  });
});

describe('ChargingProfiles', () => {
  it('lets the highest stack level in force win, falling through when it has ended', () => {
    const profiles = new ChargingProfiles();
    profiles.install(profile({ id: 1, stackLevel: 0, limits: [[0, 32]] }));
    profiles.install(
      profile({
        id: 2,
        stackLevel: 5,
        schedule: { rateUnit: 'A', startSchedule: T0, duration: 60, periods: [{ startPeriod: 0, limit: 8 }] },
      }),
    );

    expect(limitOf(profiles, at(30))).toBe(8);
    expect(limitOf(profiles, at(61))).toBe(32);
  });

  it('prefers the TxProfile of the running transaction to any TxDefaultProfile, not another transaction’s', () => {
    const profiles = new ChargingProfiles();
    profiles.install(profile({ id: 1, stackLevel: 9, limits: [[0, 32]] }));
    profiles.install(profile({ id: 2, purpose: 'TxProfile', transactionId: 7, limits: [[0, 6]] }));

    expect(limitOf(profiles, at(0), { transactionId: 7, startedAt: T0 })).toBe(6);
    expect(limitOf(profiles, at(0), { transactionId: 8, startedAt: T0 })).toBe(32);
    expect(limitOf(profiles, at(0))).toBe(32);
  });

  it('applies a TxDefaultProfile of connector 0 to every connector, the connector’s own winning a tie', () => {
    const profiles = new ChargingProfiles();
    profiles.install(profile({ id: 1, connectorId: 0, limits: [[0, 20]] }));
    expect(profiles.transactionLimit(2, T0)?.period.limit).toBe(20);

    profiles.install(profile({ id: 2, connectorId: 1, limits: [[0, 10]] }));
    expect(limitOf(profiles, T0)).toBe(10);
    expect(profiles.transactionLimit(2, T0)?.period.limit).toBe(20);
  });

  it('replaces a profile with the same id, or the same connector, purpose and stack level', () => {
    const profiles = new ChargingProfiles();
    profiles.install(profile({ id: 1, limits: [[0, 10]] }));
    profiles.install(profile({ id: 1, limits: [[0, 12]] }));
    profiles.install(profile({ id: 2, limits: [[0, 14]] }));

    expect(profiles.list().map((p) => [p.id, p.schedule.periods[0]?.limit])).toEqual([[2, 14]]);
  });

  it('clears by id, or by every given criterion, and says how many went', () => {
    const profiles = new ChargingProfiles();
    profiles.install(profile({ id: 1, connectorId: 0, purpose: 'ChargePointMaxProfile', stackLevel: 1 }));
    profiles.install(profile({ id: 2, connectorId: 1, stackLevel: 1 }));
    profiles.install(profile({ id: 3, connectorId: 1, stackLevel: 2 }));
    profiles.install(profile({ id: 4, connectorId: 1, purpose: 'TxProfile', transactionId: 5 }));

    expect(profiles.clear({ id: 99 })).toBe(0);
    expect(profiles.clear({ connectorId: 1, stackLevel: 1 })).toBe(1);
    expect(profiles.clearTransaction(1)).toBe(1);
    expect(profiles.clear({ purpose: 'TxDefaultProfile' })).toBe(1);
    expect(profiles.clear({ id: 1 })).toBe(1);
    expect(profiles.count).toBe(0);
  });
});

describe('compositeSchedule', () => {
  it('combines the port maximum, the charge point cap and the transaction-level schedule over time', () => {
    const cp = new ChargePoint({ maxPowerW: 7200 }); // AC: 7200 W is 10.4 A per phase
    cp.profiles.install(
      profile({
        id: 1,
        limits: [
          [0, 32],
          [600, 6],
        ],
      }),
    );
    cp.profiles.install(
      profile({ id: 2, connectorId: 0, purpose: 'ChargePointMaxProfile', validTo: at(900), limits: [[0, 8]] }),
    );

    const schedule = compositeSchedule(cp, 1, T0, 1800, 'A');

    expect(schedule.periods).toEqual([
      { startPeriod: 0, limit: 8 },
      { startPeriod: 600, limit: 6 },
    ]);
    expect(compositeSchedule(cp, 1, at(900), 600, 'W').periods).toEqual([{ startPeriod: 0, limit: 6 * 230 * 3 }]);
    expect(compositeSchedule(cp, 0, at(900), 60, 'W').periods).toEqual([{ startPeriod: 0, limit: 7200 }]);
  });
});
