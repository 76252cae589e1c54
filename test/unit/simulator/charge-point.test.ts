import { describe, expect, it } from 'vitest';
import { ChargePoint } from '../../../lib/simulator/charge-point';
import type { ChargingProfile, ProfilePurpose, RateUnit } from '../../../lib/simulator/charging-profiles';

const T0 = new Date('2025-01-01T12:00:00Z');
const secondsAfterT0 = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);

/** An Absolute profile with one period from T0. */
function profile(p: {
  purpose: ProfilePurpose;
  rateUnit: RateUnit;
  limit: number;
  numberPhases?: number;
  connectorId?: number;
}): ChargingProfile {
  const period = { startPeriod: 0, limit: p.limit, ...(p.numberPhases ? { numberPhases: p.numberPhases } : {}) };
  return {
    id: 1,
    connectorId: p.connectorId ?? 1,
    stackLevel: 0,
    purpose: p.purpose,
    kind: 'Absolute',
    schedule: { rateUnit: p.rateUnit, periods: [period], startSchedule: T0 },
    receivedAt: T0,
  };
}

function charging(cp: ChargePoint, connectorId = 1, socPercent?: number): void {
  cp.beginSession(connectorId, { idTag: 'TAG' }, T0, socPercent === undefined ? {} : { socPercent });
  const session = cp.connector(connectorId).session;
  if (session) session.state = 'charging';
}

describe('ChargePoint meter model', () => {
  it('delivers 7.2 kWh in an hour on AC, 10.4 A on each of three phases at 230 V, and raises SoC', () => {
    const cp = new ChargePoint({ initialEnergyWh: 1000 });
    charging(cp);

    const sample = cp.sample(1, secondsAfterT0(3600));

    expect(sample).toMatchObject({
      energyWh: 8200,
      powerW: 7200,
      currentA: [10.4, 10.4, 10.4],
      voltageV: 230,
      socPercent: 47,
    });
    expect(cp.connector(1).session?.meterStartWh).toBe(1000);
  });

  it('moves SoC speed times faster with a battery speed times smaller, energy staying power × real time', () => {
    const cp = new ChargePoint({ speed: 60, initialEnergyWh: 0 });
    const normal = new ChargePoint({ initialEnergyWh: 0 });
    charging(cp, 1, 35);
    charging(normal, 1, 35);

    const fast = cp.sample(1, secondsAfterT0(60));
    const real = normal.sample(1, secondsAfterT0(60));

    // 7.2 kW for a minute is 120 Wh on both meters; into a 1 kWh battery (60 kWh ÷ 60) that is 12 %.
    expect(fast.energyWh).toBe(120);
    expect(real.energyWh).toBe(120);
    expect(fast.powerW).toBe(7200);
    expect(fast.socPercent).toBeCloseTo(47, 5);
    expect(real.socPercent! - 35).toBeCloseTo(0.2, 5);
  });

  it('charges DC at min(EV maximum, port maximum) and reports one current at 400 V', () => {
    const cp = new ChargePoint({ currentType: 'DC' });
    charging(cp);

    expect(cp.sample(1, secondsAfterT0(60))).toMatchObject({ powerW: 150_000, currentA: [375], voltageV: 400 });
    expect(new ChargePoint({ currentType: 'DC', maxPowerW: 50_000 }).offer(1).powerW).toBe(50_000);
    const slowCar = new ChargePoint({ currentType: 'DC', ev: { maxPowerW: 100_000 } });
    charging(slowCar);
    expect(slowCar.sample(1, secondsAfterT0(1)).powerW).toBe(100_000);
  });

  it('draws less above 80 % SoC as the EV tapers, whatever the charger offers', () => {
    const cp = new ChargePoint({ currentType: 'DC', startSocPercent: 90 });
    charging(cp);

    // 150 kW × (1 − 0.9 × (90 − 80) / 20) = 82.5 kW
    expect(cp.sample(1, T0).powerW).toBe(82_500);
    const later = cp.sample(1, secondsAfterT0(120));
    expect(later.socPercent).toBeGreaterThan(90);
    expect(later.powerW).toBeLessThan(82_500);
    expect(cp.offer(1, secondsAfterT0(120)).powerW).toBe(150_000);
  });

  it('stops at 100 % SoC without overfilling the battery', () => {
    const cp = new ChargePoint({ initialEnergyWh: 0, startSocPercent: 90 });
    charging(cp);

    const sample = cp.sample(1, secondsAfterT0(10 * 3600));

    expect(sample).toMatchObject({ socPercent: 100, powerW: 0, energyWh: 6000 });
  });

  it('caps power at the charging-profile limit, converting amperes with the phases and voltage', () => {
    const cp = new ChargePoint();
    cp.profiles.install(profile({ purpose: 'TxDefaultProfile', rateUnit: 'A', limit: 6, numberPhases: 1 }));
    charging(cp);

    expect(cp.limitToWatts(6, 'A', 1)).toBe(1380);
    expect(cp.offer(1)).toEqual({ powerW: 1380, profileLimitW: 1380, phases: 1 });
    expect(cp.sample(1, secondsAfterT0(60))).toMatchObject({ powerW: 1380, currentA: [6, 0, 0] });
  });

  it('shares a charge point maximum: an EV wanting less than an equal share keeps it, the other gets the rest', () => {
    const cp = new ChargePoint({ currentType: 'DC', connectors: 2 });
    cp.profiles.install(profile({ purpose: 'ChargePointMaxProfile', connectorId: 0, rateUnit: 'W', limit: 100_000 }));
    charging(cp, 1, 95); // tapering: 150 kW × 0.325 = 48.75 kW
    charging(cp, 2, 35);

    expect(cp.sample(1, T0).powerW).toBe(48_750);
    expect(cp.sample(2, T0).powerW).toBe(51_250);
  });

  it('does not accumulate energy before the transaction has started, and reports no SoC without an EV', () => {
    const cp = new ChargePoint({ initialEnergyWh: 500 });

    expect(cp.sample(1, secondsAfterT0(60))).not.toHaveProperty('socPercent');
    cp.beginSession(1, { idTag: 'TAG' }, T0);
    expect(cp.sample(1, secondsAfterT0(600))).toMatchObject({ energyWh: 500, powerW: 0 });
  });

  it('matches reservations by connector, or any connector for the same idTag', () => {
    const cp = new ChargePoint({ connectors: 2 });
    cp.addReservation({ reservationId: 1, connectorId: 1, idTag: 'A', expiresAt: secondsAfterT0(600) });
    cp.addReservation({ reservationId: 2, idTag: 'B', expiresAt: secondsAfterT0(600) });

    expect(cp.matchingReservation(1, 'A')?.reservationId).toBe(1);
    expect(cp.matchingReservation(1, 'B')).toBeUndefined();
    expect(cp.matchingReservation(2, 'B')?.reservationId).toBe(2);
  });

  it('rejects unknown connectors', () => {
    expect(() => new ChargePoint({ connectors: 2 }).connector(3)).toThrow(RangeError);
    expect(() => new ChargePoint({ connectors: 0 })).toThrow(RangeError);
  });
});
