import { describe, expect, it } from 'vitest';
import { controllable, phasesAndVoltage, profileUnit, toWatts } from '../../../shared/site-power/demand';
import type { ChargerItem } from '../../../shared/chargers/items';

const reading = (value: number) => ({ value, timestamp: '2026-11-23T10:00:00.000Z' });
const session = (fields: object) => ({
  sessionId: 1,
  ocppTransactionId: '1',
  startTime: '2026-11-23T09:00:00.000Z',
  ...fields,
});
const charger = (fields: Partial<ChargerItem>) =>
  ({
    chargerId: 1,
    type: 'Level 2',
    connectionStatus: { status: 'Connected', timestamp: 'x' },
    currentConnectionId: 'c1',
    ...fields,
  }) as ChargerItem;

describe('what the allocation is told of a port', () => {
  it('reads phases from power, voltage and current, and assumes single-phase 240 V on Level 2 without readings', () => {
    expect(
      phasesAndVoltage(session({ powerKw: reading(7.2), voltage: reading(230), currentA: reading(10.4) }), 'Level 2'),
    ).toEqual({ phases: 3, voltageV: 230 });
    expect(
      phasesAndVoltage(session({ powerKw: reading(7.2), voltage: reading(240), currentA: reading(30) }), 'Level 2'),
    ).toEqual({ phases: 1, voltageV: 240 });
    expect(phasesAndVoltage(session({}), 'Level 2')).toEqual({ phases: 1, voltageV: 240 });
    expect(phasesAndVoltage(session({ voltage: reading(9999) }), 'Level 2')).toEqual({ phases: 1, voltageV: 240 });
    expect(phasesAndVoltage(session({}), 'DCFC')).toEqual({ phases: 1, voltageV: 400 });
  });

  it('takes profiles in A on Level 2 and W on DCFC unless the charger reported only the other unit', () => {
    expect(profileUnit(charger({ type: 'Level 2' }))).toBe('A');
    expect(profileUnit(charger({ type: 'DCFC' }))).toBe('W');
    expect(profileUnit(charger({ type: 'Level 2', smartCharging: { support: 'supported', rateUnits: ['W'] } }))).toBe(
      'W',
    );
    expect(profileUnit(charger({ type: 'DCFC', smartCharging: { support: 'supported', rateUnits: ['A', 'W'] } }))).toBe(
      'W',
    );
  });

  it('controls only a connected charger that supports smart charging and has not refused a profile on this connection', () => {
    const supported = { smartCharging: { support: 'supported' as const, rateUnits: ['A'] } };
    expect(controllable(charger(supported))).toBe(true);
    expect(controllable(charger({ ...supported, smartChargingRefusedOn: 'c1' }))).toBe(false);
    expect(controllable(charger({ ...supported, smartChargingRefusedOn: 'c0' }))).toBe(true);
    expect(controllable(charger({ smartCharging: { support: 'unsupported', rateUnits: [] } }))).toBe(false);
    expect(controllable(charger({ ...supported, connectionStatus: { status: 'Disconnected', timestamp: 'x' } }))).toBe(
      false,
    );
  });

  it("converts amps per phase to watts with the port's phases and voltage", () => {
    expect(toWatts(16, 'A', { phases: 3, voltageV: 230 })).toBe(11_040);
    expect(toWatts(11_000, 'W', { phases: 3, voltageV: 230 })).toBe(11_000);
  });
});
