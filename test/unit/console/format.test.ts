/** What the console shows for a port, a session and a charger (lib/console/src/format.ts). */
import { describe, expect, it } from 'vitest';
import {
  formatCost,
  formatAgo,
  formatClock,
  formatDays,
  formatKw,
  formatLimit,
  lastSeen,
  portBadge,
  sessionWho,
  sitePowerKw,
} from '../../../lib/console/src/format';
import { siteZones } from '../../../lib/console/src/site-zones';
import type { Charger, CurrentChargingSession, Port } from '../../../lib/console/src/types';

const connected = { connectionStatus: { status: 'Connected', timestamp: '2026-01-01T10:00:00.000Z' } };
const status = (value: string, errorCode = 'NoError') => ({
  status: value,
  timestamp: '2026-01-01T10:05:00.000Z',
  errorCode,
  vendorErrorCode: null,
  info: null,
});

function session(overrides: Partial<CurrentChargingSession> = {}): CurrentChargingSession {
  return {
    id: 1,
    startTime: '2026-01-01T10:00:00.000Z',
    socStartPercent: 20,
    energyDeliveredKwh: 1.5,
    ocppIdTag: 'TAG-1',
    ocppTransactionId: 1,
    latestReadings: {
      powerKw: { value: 7.2, timestamp: '2026-01-01T10:07:00.000Z' },
      currentA: null,
      socPercent: null,
      voltage: null,
    },
    vehicle: null,
    rfid: null,
    customer: null,
    ...overrides,
  };
}

function port(overrides: Partial<Port> = {}): Port {
  return {
    id: 1,
    name: 'Port 1',
    portNumber: 1,
    maximumPowerKw: 7.2,
    connectorType: 'J1772',
    ocppStatus: status('Available'),
    currentChargingSession: null,
    ...overrides,
  };
}

describe('portBadge', () => {
  it('says Offline when the charger is not connected, whatever the port last reported', () => {
    expect(
      portBadge(
        { connectionStatus: { status: 'Disconnected', timestamp: 'x' } },
        port({ ocppStatus: status('Charging') }),
      ).label,
    ).toBe('Offline');
    expect(portBadge({ connectionStatus: null }, port()).label).toBe('Offline');
  });

  it('shows the OCPP status of a connected charger, with its tone', () => {
    expect(portBadge(connected, port())).toMatchObject({ label: 'Available', tone: 'ok' });
    expect(portBadge(connected, port({ ocppStatus: status('SuspendedEV') }))).toMatchObject({
      label: 'SuspendedEV',
      tone: 'warn',
    });
  });

  it('says Faulted on a fault or an error code other than NoError', () => {
    expect(portBadge(connected, port({ ocppStatus: status('Faulted') })).tone).toBe('fault');
    expect(portBadge(connected, port({ ocppStatus: status('Available', 'GroundFailure') }))).toMatchObject({
      label: 'Faulted',
    });
    expect(portBadge(connected, port({ ocppStatus: status('Available', 'GroundFailure') })).title).toContain(
      'GroundFailure',
    );
  });

  it('calls an OCPP 2.0.1 Occupied port with a session Charging, and without one Occupied', () => {
    expect(
      portBadge(connected, port({ ocppStatus: status('Occupied'), currentChargingSession: session() })).label,
    ).toBe('Charging');
    expect(portBadge(connected, port({ ocppStatus: status('Occupied') })).label).toBe('Occupied');
  });

  it('says Unknown before any status, and keeps an unknown status word as is', () => {
    expect(portBadge(connected, port({ ocppStatus: null })).label).toBe('Unknown');
    expect(portBadge(connected, port({ ocppStatus: status('Weird') }))).toMatchObject({ label: 'Weird', tone: 'warn' });
  });
});

describe('sessionWho', () => {
  it('prefers the vehicle name, then make and model, then the customer, the RFID card and the tag', () => {
    const vehicle = { id: 1, make: 'Ford', model: 'E-Transit', name: 'Van 1', vin: null };
    expect(sessionWho(session({ vehicle }))).toBe('Van 1');
    expect(sessionWho(session({ vehicle: { ...vehicle, name: null } }))).toBe('Ford E-Transit');
    expect(sessionWho(session({ customer: { name: 'Acme' } }))).toBe('Acme');
    expect(sessionWho(session({ rfid: { id: 2, name: 'Card 7' } }))).toBe('Card 7');
    expect(sessionWho(session())).toBe('TAG-1');
    expect(sessionWho(session({ ocppIdTag: null }))).toBe('unknown');
  });
});

describe('lastSeen and sitePowerKw', () => {
  const charger = {
    ...connected,
    ports: [port({ currentChargingSession: session() }), port({ id: 2, ocppStatus: null })],
  } as unknown as Charger;

  it('takes the latest of the connection, the statuses and the readings', () => {
    expect(lastSeen(charger)).toBe('2026-01-01T10:07:00.000Z');
    expect(lastSeen({ connectionStatus: null, ports: [] } as unknown as Charger)).toBeNull();
  });

  it('ignores timestamps that are not dates', () => {
    const odd = { connectionStatus: { status: 'Connected', timestamp: 'garbage' }, ports: [] } as unknown as Charger;
    expect(lastSeen(odd)).toBeNull();
  });

  it('sums the power of the sessions in progress; a session without a reading counts 0', () => {
    const quiet = port({
      id: 3,
      currentChargingSession: session({
        latestReadings: { powerKw: null, currentA: null, socPercent: null, voltage: null },
      }),
    });
    expect(sitePowerKw([charger, { ...charger, ports: [quiet] } as Charger])).toBeCloseTo(7.2);
  });
});

describe('number and time formats', () => {
  it('formats kW, limits and missing values', () => {
    expect(formatKw(7.234)).toBe('7.23 kW');
    expect(formatKw(150)).toBe('150.0 kW');
    expect(formatKw(null)).toBe('—');
    expect(formatKw(Number.NaN)).toBe('—');
    expect(formatLimit(100_000, 'W')).toBe('100.0 kW');
    expect(formatLimit(400, 'A')).toBe('400 A');
  });

  it("formats a session's cost in its currency's minor unit, running or final, and none as a dash", () => {
    expect(formatCost({ amount: 2.5672, currency: 'USD' })).toBe('2.57 USD');
    expect(formatCost({ amount: 1.005, currency: 'EUR' })).toBe('1.01 EUR');
    expect(formatCost({ amount: -1.005, currency: 'EUR' })).toBe('-1.01 EUR');
    expect(formatCost({ amount: 247.5, currency: 'JPY' })).toBe('248 JPY');
    expect(formatCost({ amount: 1.2345, currency: 'KWD' })).toBe('1.235 KWD');
    expect(formatCost({ amount: 0.7404, currency: 'USD' }, true)).toBe('0.74 USD so far');
    expect(formatCost({ amount: -0.001, currency: 'USD' })).toBe('0.00 USD');
    expect(formatCost(null)).toBe('—');
    expect(formatCost(undefined, true)).toBe('—');
  });

  it('says how long ago, and returns what is not a date unchanged', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(formatAgo('2026-01-01T11:59:58Z', now)).toBe('just now');
    expect(formatAgo('2026-01-01T11:59:18Z', now)).toBe('42 s ago');
    expect(formatAgo('2026-01-01T11:55:00Z', now)).toBe('5 min ago');
    expect(formatAgo('2026-01-01T09:00:00Z', now)).toBe('3 h ago');
    expect(formatAgo('2025-12-30T12:00:00Z', now)).toBe('2 d ago');
    expect(formatAgo('soon', now)).toBe('soon');
  });
});

describe('days and clock times', () => {
  it('writes weekdays as ranges of three or more, the others listed, every day in two words', () => {
    expect(formatDays([1, 2, 3, 4, 5])).toBe('Monday–Friday');
    expect(formatDays([7, 6])).toBe('Saturday, Sunday');
    expect(formatDays([1, 3, 4, 5, 7])).toBe('Monday, Wednesday–Friday, Sunday');
    expect(formatDays([1, 2, 3, 4, 5, 6, 7])).toBe('Every day');
  });

  it('writes seconds after midnight as HH:MM, with seconds only when there are some', () => {
    expect([0, 57_600, 75_630].map(formatClock)).toEqual(['00:00', '16:00', '21:00:30']);
  });
});

describe('site zones', () => {
  it('gives each site its zone, and what belongs to no site the zone the sites share', () => {
    const zones = siteZones([
      { id: 1, timezone: 'America/Chicago' },
      { id: 2, timezone: 'America/Chicago' },
    ]);
    expect([zones.of(1), zones.of(2), zones.of(99), zones.of(null), zones.shared]).toEqual(
      Array(5).fill('America/Chicago'),
    );
  });

  it("falls back to the browser's zone (undefined) where the sites' zones differ or none is known", () => {
    const mixed = siteZones([
      { id: 1, timezone: 'America/Chicago' },
      { id: 2, timezone: 'Europe/Berlin' },
    ]);
    expect([mixed.of(1), mixed.of(2), mixed.of(3), mixed.shared]).toEqual([
      'America/Chicago',
      'Europe/Berlin',
      undefined,
      undefined,
    ]);
    expect(siteZones([]).shared).toBeUndefined();
    expect(siteZones([{ id: 1, timezone: null }]).of(1)).toBeUndefined();
  });
});
