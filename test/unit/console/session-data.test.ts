import { describe, expect, it } from 'vitest';
import { defaultSessionFilters, sessionsCsv, sessionsQuery } from '../../../lib/console/src/session-data';
import type { ChargingSession } from '../../../lib/console/src/types';

const session = (over: Partial<ChargingSession>): ChargingSession =>
  ({
    id: 1,
    startTime: '2026-11-23T21:30:00.000Z',
    endTime: '2026-11-23T22:30:00.000Z',
    durationSeconds: 3600,
    chargingDurationSeconds: 3500,
    energyDeliveredKwh: 10,
    averageDemandKw: 10,
    socStartPercent: null,
    socEndPercent: null,
    ocppIdTag: 'TAG',
    site: { id: 1, name: 'Depot', locationId: null },
    charger: { id: 2, name: 'Bay 1', ocppId: 'CP-1' },
    port: { id: 3, name: 'Port 1', portNumber: 1, maximumPowerKw: null },
    vehicle: null,
    rfid: null,
    customer: null,
    ...over,
  }) as ChargingSession;

describe('sessionsCsv', () => {
  it('writes a header and a row per session, with a column per period met and the cost', () => {
    const csv = sessionsCsv([
      session({
        touEnergy: [
          { period: 'offPeak', energyDeliveredKwh: 5 },
          { period: 'onPeak', energyDeliveredKwh: 5 },
        ],
        energyCost: { amount: 2.85, currency: 'USD' },
      }),
      session({ id: 2, touEnergy: [{ period: 'all', energyDeliveredKwh: 10 }], energyCost: null }),
    ]);
    const [header, first, second] = csv.split('\r\n');
    expect(header!.split(',').slice(-5)).toEqual([
      'touEnergyKwh.offPeak',
      'touEnergyKwh.onPeak',
      'touEnergyKwh.all',
      'energyCost.amount',
      'energyCost.currency',
    ]);
    expect(first!.split(',').slice(-5)).toEqual(['5', '5', '', '2.85', 'USD']);
    expect(second!.split(',').slice(-5)).toEqual(['', '', '10', '', '']);
  });

  it('quotes a value with a comma, a quote or a line break (RFC 4180), and leaves nulls empty', () => {
    const csv = sessionsCsv([session({ site: { id: 1, name: 'Depot "North", bay\nA', locationId: null } })]);
    expect(csv.split('\r\n')[1]).toContain('"Depot ""North"", bay\nA"');
    expect(csv.split('\r\n')[1]).toMatch(/^1,2026-11-23T21:30:00.000Z,2026-11-23T22:30:00.000Z,3600,3500,/);
  });
});

describe('sessionsQuery', () => {
  it('asks for energy by period, the filters given, and UTC days as a half-open start range', () => {
    const filters = {
      ...defaultSessionFilters(Date.parse('2026-12-05T10:00:00Z')),
      vehicleId: '7',
      rfidId: '9',
      to: '2026-12-04',
    };
    expect(Object.fromEntries(new URLSearchParams(sessionsQuery(filters, 'abc')))).toEqual({
      includeTouEnergy: 'true',
      'vehicleIds[]': '7',
      'rfidIds[]': '9',
      startTimeAfter: '2026-11-05T00:00:00Z',
      startTimeBefore: '2026-12-05T00:00:00.000Z',
      includeInProgressSessions: 'true',
      nextPageCursor: 'abc',
    });
  });
});
