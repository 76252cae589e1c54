import { describe, expect, it } from 'vitest';
import { ChargePoint } from '../../../lib/simulator/charge-point';

const T0 = new Date('2025-01-01T12:00:00Z');
const after = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);

function charging(cp: ChargePoint, connectorId = 1): void {
  cp.beginSession(connectorId, { idTag: 'TAG' }, T0);
  const session = cp.connector(connectorId).session;
  if (session) session.state = 'charging';
}

describe('ChargePoint meter model', () => {
  it('delivers 7.2 kWh in an hour on AC, 10.4 A on each of three phases at 230 V, and raises SoC', () => {
    const cp = new ChargePoint({ initialEnergyWh: 1000 });
    charging(cp);

    const sample = cp.sample(1, after(3600));

    expect(sample).toMatchObject({ energyWh: 8200, powerW: 7200, currentA: [10.4, 10.4, 10.4], voltageV: 230, socPercent: 47 });
    expect(cp.connector(1).session?.meterStartWh).toBe(1000);
  });

  it('accelerates time with speed', () => {
    const cp = new ChargePoint({ speed: 60, initialEnergyWh: 0 });
    charging(cp);

    expect(cp.sample(1, after(60)).energyWh).toBe(7200);
  });

  it('charges DC at 150 kW below 50 % SoC, tapers to 50 kW at 80 %, and reports one current', () => {
    const cp = new ChargePoint({ currentType: 'DC' });
    const connector = cp.connector(1);

    expect([20, 50, 65, 80, 95, 100].map((soc) => cp.powerAt(connector, soc))).toEqual([150_000, 150_000, 100_000, 50_000, 50_000, 0]);
    charging(cp);
    expect(cp.sample(1, after(60)).currentA).toEqual([375]);
  });

  it('stops at 100 % SoC without overfilling the battery', () => {
    const cp = new ChargePoint({ initialEnergyWh: 0, startSocPercent: 90 });
    charging(cp);

    const sample = cp.sample(1, after(10 * 3600));

    expect(sample).toMatchObject({ socPercent: 100, powerW: 0, energyWh: 6000 });
  });

  it('caps power at the charging-profile limit, converting amperes with the phases and voltage', () => {
    const cp = new ChargePoint();
    const connector = cp.connector(1);
    connector.powerLimitW = cp.limitToWatts(6, 'A', 1);

    expect(connector.powerLimitW).toBe(1380);
    expect(cp.powerAt(connector, 40)).toBe(1380);
  });

  it('does not accumulate energy before the transaction has started, and reports no SoC without an EV', () => {
    const cp = new ChargePoint({ initialEnergyWh: 500 });

    expect(cp.sample(1, after(60))).not.toHaveProperty('socPercent');
    cp.beginSession(1, { idTag: 'TAG' }, T0);
    expect(cp.sample(1, after(600))).toMatchObject({ energyWh: 500, powerW: 0 });
  });

  it('matches reservations by connector, or any connector for the same idTag', () => {
    const cp = new ChargePoint({ connectors: 2 });
    cp.addReservation({ reservationId: 1, connectorId: 1, idTag: 'A', expiresAt: after(600) });
    cp.addReservation({ reservationId: 2, idTag: 'B', expiresAt: after(600) });

    expect(cp.matchingReservation(1, 'A')?.reservationId).toBe(1);
    expect(cp.matchingReservation(1, 'B')).toBeUndefined();
    expect(cp.matchingReservation(2, 'B')?.reservationId).toBe(2);
  });

  it('rejects unknown connectors', () => {
    expect(() => new ChargePoint({ connectors: 2 }).connector(3)).toThrow(RangeError);
    expect(() => new ChargePoint({ connectors: 0 })).toThrow(RangeError);
  });
});
