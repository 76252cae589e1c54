import { describe, expect, it } from 'vitest';
import { byDepartureTime, isPast, ownerFields, ownerKey } from '../../../shared/departures/rules';
import { DepartureBatchBody, DepartureSyncBody } from '../../../shared/api/routes/departure-times';
import { departureTimeSchema } from '../../../shared/api/routes/common';

describe('departure rules', () => {
  it("treats a departure at the server's clock or earlier as past, and a later one as future", () => {
    const now = Date.parse('2026-11-21T18:00:00Z');
    expect(isPast('2026-11-21T17:59:59Z', now)).toBe(true);
    expect(isPast('2026-11-21T18:00:00Z', now)).toBe(true);
    expect(isPast('2026-11-21T10:00:01-08:00', now)).toBe(false);
  });

  it('keys and answers an owner by vehicle or by VIN, never both', () => {
    expect(ownerKey({ vehicleId: 12 })).toBe('vehicle:12');
    expect(ownerKey({ vehicleVin: '1HGCM82633A004352' })).toBe('vin:1HGCM82633A004352');
    expect(ownerFields({ vehicleId: 12 })).toEqual({ vehicleId: 12, vehicleVin: null });
    expect(ownerFields({ vehicleVin: 'ABC' })).toEqual({ vehicleId: null, vehicleVin: 'ABC' });
  });

  it('orders departures by time, then by ID', () => {
    const list = [
      { id: 3, departureTime: '2026-11-21T19:00:00.000Z' },
      { id: 2, departureTime: '2026-11-21T18:00:00.000Z' },
      { id: 1, departureTime: '2026-11-21T10:00:00-08:00' },
    ];
    expect([...list].sort(byDepartureTime).map((d) => d.id)).toEqual([1, 2, 3]);
  });
});

describe('departure schemas', () => {
  it('normalise a departure time with an offset to UTC and refuse one without, saying so', () => {
    expect(departureTimeSchema.parse('2026-11-21T10:00:00-08:00')).toBe('2026-11-21T18:00:00.000Z');
    expect(departureTimeSchema.safeParse('2026-11-21T10:00:00').error?.issues[0]?.message).toMatch(/no UTC offset/);
    expect(departureTimeSchema.safeParse('21/11/2026 10:00').error?.issues[0]?.message).toMatch(/ISO 8601/);
  });

  it('default targetSoc to 90 and read null or empty names as none', () => {
    const body = DepartureSyncBody.parse({
      vehicleVin: 'ABC',
      departureTimes: [{ departureTime: '2026-11-21T18:00:00Z', shiftName: '', routeName: null }],
    });
    expect(body.departureTimes[0]).toEqual({
      departureTime: '2026-11-21T18:00:00.000Z',
      shiftName: null,
      routeName: null,
      targetSoc: 90,
    });
  });

  it('read a bare batch array as vehicles, and keep items unvalidated for the synchronisation', () => {
    expect(DepartureBatchBody.parse([{ anything: true }])).toEqual({ vehicles: [{ anything: true }] });
  });
});
