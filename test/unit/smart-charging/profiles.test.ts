import { describe, expect, it } from 'vitest';
import { profileChangeNeeded, profilesToSend, type AllocationResult } from '../../../shared/smart-charging';

describe('profileChangeNeeded', () => {
  it.each<
    [string, { limitW: number; limitA?: number } | undefined, { limitW: number; limitA?: number }, 'W' | 'A', boolean]
  >([
    ['sends the first profile', undefined, { limitW: 5000 }, 'W', true],
    ['does not re-send an unchanged limit', { limitW: 5000 }, { limitW: 5000 }, 'W', false],
    ['re-sends a change of 1 kW even below 5 %', { limitW: 100_000 }, { limitW: 99_000 }, 'W', true],
    ['re-sends a change of 5 % even below 1 kW', { limitW: 10_000 }, { limitW: 9500 }, 'W', true],
    ['does not re-send a change below both 5 % and 1 kW', { limitW: 10_000 }, { limitW: 9600 }, 'W', false],
    ['does not re-send 999 W on a large limit', { limitW: 100_000 }, { limitW: 100_999 }, 'W', false],
    ['always re-sends a change to 0', { limitW: 500 }, { limitW: 0 }, 'W', true],
    ['always re-sends a change from 0', { limitW: 0 }, { limitW: 1 }, 'W', true],
    ['re-sends a change of 1 A', { limitW: 7680, limitA: 32 }, { limitW: 7440, limitA: 31 }, 'A', true],
    [
      'does not re-send 0.5 A on 32 A (1.6 %)',
      { limitW: 7680, limitA: 32 },
      { limitW: 7560, limitA: 31.5 },
      'A',
      false,
    ],
    ['re-sends 5 % in A', { limitW: 2400, limitA: 10 }, { limitW: 2280, limitA: 9.5 }, 'A', true],
    ['compares watts when an A charger lacks limitA', { limitW: 7680 }, { limitW: 7560 }, 'A', false],
  ])('%s', (_name, previous, next, unit, expected) => {
    expect(profileChangeNeeded(previous, next, unit)).toBe(expected);
  });
});

describe('profilesToSend', () => {
  const result = (ports: [number, number][]): AllocationResult => ({
    chargingRateUnit: 'W',
    allocatedTotal: ports.reduce((s, [, w]) => s + w, 0),
    allocatedTotalW: ports.reduce((s, [, w]) => s + w, 0),
    ports: ports.map(([portId, limitW]) => ({ portId, chargerId: portId, sessionId: portId, limitW, reason: 'share' })),
    lateVehicles: [],
  });

  it('sends only the changes worth a profile when the limits in force stay within the new total', () => {
    const states = [
      { portId: 1, rateUnit: 'W' as const, inForce: { limitW: 100_000 } },
      { portId: 2, rateUnit: 'W' as const, inForce: { limitW: 40_000 } },
      { portId: 3, rateUnit: 'W' as const },
    ];
    expect(
      profilesToSend(
        states,
        result([
          [1, 100_500],
          [2, 30_000],
          [3, 5000],
        ]),
      ),
    ).toEqual([2, 3]);
  });

  it('also sends a skipped decrease, the largest first, when the limits kept in force would exceed the total', () => {
    const states = [1, 2, 3].map((portId) => ({ portId, rateUnit: 'W' as const, inForce: { limitW: 50_000 } }));
    // Port 1 +990 W, port 2 -600 W, port 3 -800 W: each below 1 kW, but kept in force 150 kW > 149.59 kW.
    expect(
      profilesToSend(
        states,
        result([
          [1, 50_990],
          [2, 49_400],
          [3, 49_200],
        ]),
      ),
    ).toEqual([3]);
  });

  it('never sends a profile to an uncontrolled port', () => {
    const r = result([[1, 5000]]);
    const ports = [{ ...r.ports[0]!, reason: 'uncontrolled' as const }];
    expect(profilesToSend([{ portId: 1, rateUnit: 'W' }], { ...r, ports })).toEqual([]);
  });
});
