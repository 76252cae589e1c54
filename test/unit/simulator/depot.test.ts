import { describe, expect, it } from 'vitest';
import { apiUrlBeside, departureOf, depotVan, depotVans } from '../../../lib/simulator/depot';

describe('the demo depot', () => {
  it('gives each van its own name, VIN and card, deterministically from its number', () => {
    const vans = depotVans(10);

    expect(vans[0]).toEqual({
      number: 1,
      name: 'Demo Van 1',
      vin: '1FTBW9CK0PKA00001',
      idTag: 'SIM-TAG-1',
      arrivalSocPercent: 20,
      targetSocPercent: 90,
      dwellSeconds: 3600,
    });
    expect(vans[9]).toMatchObject({ name: 'Demo Van 10', vin: '1FTBW9CK0PKA00010', idTag: 'SIM-TAG-10' });
    for (const field of ['name', 'vin', 'idTag'] as const) expect(new Set(vans.map((v) => v[field])).size).toBe(10);
    expect(vans.every((v) => v.vin.length === 17)).toBe(true);
    expect(depotVan(7)).toEqual(vans[6]);
  });

  it('spreads departures 1 h to 5 h 30 min after plug-in, 30 minutes apart, with a mix of SoCs and targets', () => {
    const vans = depotVans(10);

    expect(vans.map((v) => v.dwellSeconds / 60)).toEqual([60, 90, 120, 150, 180, 210, 240, 270, 300, 330]);
    expect(new Set(vans.map((v) => v.arrivalSocPercent)).size).toBe(10);
    expect(new Set(vans.map((v) => v.targetSocPercent))).toEqual(new Set([80, 90, 100]));
    expect(vans.every((v) => v.targetSocPercent > v.arrivalSocPercent)).toBe(true);
    expect(depotVan(11).dwellSeconds).toBe(depotVan(1).dwellSeconds);
  });

  it('rejects a van number that is not a positive integer', () => {
    for (const bad of [0, -1, 1.5, 100_000, Number.NaN]) expect(() => depotVan(bad)).toThrow(RangeError);
  });

  it("dates a van's departure its dwell after plug-in, rounded up to the minute, in the API's format", () => {
    const pluggedInAt = new Date('2026-11-27T15:00:20.500Z');

    expect(departureOf(depotVan(1), pluggedInAt)).toBe('2026-11-27T16:01:00Z');
    expect(departureOf(depotVan(3), new Date('2026-11-27T15:00:00.000Z'))).toBe('2026-11-27T17:00:00Z');
  });

  it('finds the API beside the OCPP endpoint', () => {
    expect(apiUrlBeside('ws://localhost:3000/ocpp')).toBe('http://localhost:3000/api');
    expect(apiUrlBeside('wss://d1.cloudfront.net/ocpp')).toBe('https://d1.cloudfront.net/api');
    expect(() => apiUrlBeside('not a url')).toThrow(TypeError);
  });
});
