/**
 * What the console shows of maintenance windows, alerts and webhook deliveries:
 * lib/console/src/maintenance-data.ts, alert-data.ts, webhook-data.ts and format.ts's spans.
 */
import { describe, expect, it } from 'vitest';
import {
  fromDateTimeLocal,
  sortWindows,
  toDateTimeLocal,
  windowPhase,
} from '../../../lib/console/src/maintenance-data';
import {
  ALERT_TYPES,
  DEFAULT_ALERT_FILTERS,
  alertDetails,
  alertDuration,
  alertQueries,
  formatClockTime,
  sortAlerts,
} from '../../../lib/console/src/alert-data';
import { attemptWords, endpointState, EVENT_TYPES } from '../../../lib/console/src/webhook-data';
import { formatSpan } from '../../../lib/console/src/format';
import type { Alert } from '../../../lib/console/src/types';
import { ALERT_TYPES as API_ALERT_TYPES } from '../../../shared/alerts/types';
import { EVENT_TYPES as API_EVENT_TYPES } from '../../../shared/events/types';

const NOW = Date.parse('2026-12-01T12:00:00.000Z');
const at = (hours: number) => new Date(NOW + hours * 3600_000).toISOString();

describe('maintenance windows', () => {
  it('a window is upcoming before its start, in progress from it, ended from its end', () => {
    const window = { startTimestamp: at(0), endTimestamp: at(2) };
    expect(windowPhase(window, NOW - 1)).toBe('upcoming');
    expect(windowPhase(window, NOW)).toBe('inProgress');
    expect(windowPhase(window, NOW + 2 * 3600_000 - 1)).toBe('inProgress');
    expect(windowPhase(window, NOW + 2 * 3600_000)).toBe('ended');
  });

  it('lists in progress (soonest ending), upcoming (soonest starting), then ended (latest ended)', () => {
    const windows = [
      { id: 1, startTimestamp: at(-30), endTimestamp: at(-28) },
      { id: 2, startTimestamp: at(5), endTimestamp: at(6) },
      { id: 3, startTimestamp: at(-1), endTimestamp: at(3) },
      { id: 4, startTimestamp: at(2), endTimestamp: at(9) },
      { id: 5, startTimestamp: at(-5), endTimestamp: at(-1) },
      { id: 6, startTimestamp: at(-2), endTimestamp: at(1) },
    ];
    expect(sortWindows(windows, NOW).map((w) => w.id)).toEqual([6, 3, 4, 2, 5, 1]);
  });

  it('reads and writes datetime-local values in the browser zone, whole minutes', () => {
    const local = toDateTimeLocal('2026-12-01T08:30:45.000Z');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromDateTimeLocal(local)).toBe('2026-12-01T08:30:00.000Z');
    expect(toDateTimeLocal(null)).toBe('');
    expect(toDateTimeLocal('not a date')).toBe('');
    for (const bad of ['', '2026-12-01', 'tomorrow', '2026-13-45T99:99', '2026-02-30T10:00', '2026-12-01T24:00'])
      expect(fromDateTimeLocal(bad)).toBeUndefined();
  });

  it("reads and writes datetime-local values on the site's wall clock, whatever the browser's zone", () => {
    expect(toDateTimeLocal('2026-12-01T15:30:45.000Z', 'America/Chicago')).toBe('2026-12-01T09:30');
    expect(fromDateTimeLocal('2026-12-01T09:30', 'America/Chicago')).toBe('2026-12-01T15:30:00.000Z');
    expect(toDateTimeLocal('2026-07-01T15:30:00.000Z', 'America/Chicago')).toBe('2026-07-01T10:30');
    expect(fromDateTimeLocal('2026-07-01T10:30', 'Europe/Berlin')).toBe('2026-07-01T08:30:00.000Z');
    // Across midnight: the site's date, not UTC's.
    expect(toDateTimeLocal('2026-12-02T03:00:00.000Z', 'America/Los_Angeles')).toBe('2026-12-01T19:00');
    expect(fromDateTimeLocal('2026-02-30T10:00', 'America/Chicago')).toBeUndefined();
    // A wall time the spring change skips is the instant an hour later; one the autumn change repeats, the first.
    expect(fromDateTimeLocal('2026-03-08T02:30', 'America/Chicago')).toBe('2026-03-08T08:30:00.000Z');
    expect(fromDateTimeLocal('2026-11-01T01:30', 'America/Chicago')).toBe('2026-11-01T06:30:00.000Z');
  });
});

describe('spans', () => {
  it.each([
    [0, '< 1 min'],
    [59_999, '< 1 min'],
    [45 * 60_000, '45 min'],
    [60 * 60_000, '1 h'],
    [270 * 60_000, '4 h 30 min'],
    [(2 * 24 + 3) * 3600_000 + 59_000, '2 d 3 h'],
    [3 * 24 * 3600_000, '3 d'],
    [Number.NaN, '< 1 min'],
  ])('%d ms is %s', (ms, words) => {
    expect(formatSpan(ms)).toBe(words);
  });
});

function alert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: 1,
    type: 'offlineCharger',
    severity: 'critical',
    startTimestamp: at(-1),
    detectedTimestamp: at(-1),
    endTimestamp: null,
    muted: false,
    acknowledgedAt: null,
    acknowledgedBy: null,
    lowBattery: null,
    chargingCompleted: null,
    chargingSessionError: null,
    offlineCharger: { thresholdMinutes: 10 },
    lateCharging: null,
    chargerFaulted: null,
    profileDrift: null,
    securityEvent: null,
    certificateExpiring: null,
    chargerMonitor: null,
    chargingSession: null,
    vehicle: null,
    site: { id: 1, name: 'Depot' },
    charger: { id: 2, name: 'DC 1' },
    port: null,
    ...overrides,
  };
}

describe('alerts', () => {
  it('names every type of the API, in words', () => {
    expect([...ALERT_TYPES].sort()).toEqual([...API_ALERT_TYPES].sort());
  });

  it("says each type's details in words", () => {
    const clock = (hours: number) => formatClockTime(at(hours), NOW);
    expect(alertDetails(alert(), NOW)).toBe('offline for more than 10 min');
    expect(alertDetails(alert({ offlineCharger: { thresholdMinutes: null } }), NOW)).toBe('offline');
    const late = {
      originalEta: at(6),
      currentEta: at(6.75),
      originalDepartureTime: at(6),
      currentDepartureTime: at(6),
    };
    expect(alertDetails(alert({ type: 'lateCharging', offlineCharger: null, lateCharging: late }), NOW)).toBe(
      `predicted 45 min late: ETA ${clock(6.75)}, departs ${clock(6)} (first predicted ETA ${clock(6)})`,
    );
    const error = {
      status: 'Faulted',
      ocppErrorCode: 'GroundFailure',
      ocppVendorErrorCode: 'E12',
      ocppInfo: 'ground fault',
      errorContext: 'Charging ended early',
    };
    expect(
      alertDetails(alert({ type: 'chargingSessionError', offlineCharger: null, chargingSessionError: error }), NOW),
    ).toBe('Charging ended early, GroundFailure, vendor code E12, "ground fault", status Faulted');
    expect(
      alertDetails(
        alert({ type: 'lowBattery', offlineCharger: null, lowBattery: { socThreshold: 20, socPercent: 12.4 } }),
        NOW,
      ),
    ).toBe('SoC 12 %, below 20 %');
    expect(
      alertDetails(
        alert({
          type: 'chargingCompleted',
          offlineCharger: null,
          chargingCompleted: { socThreshold: null, socPercent: 80 },
        }),
        NOW,
      ),
    ).toBe('target reached: SoC 80 %');
    const fault = { ocppErrorCode: 'NoError', ocppVendorErrorCode: null, ocppInfo: null, faultedSince: at(-0.5) };
    expect(alertDetails(alert({ type: 'chargerFaulted', offlineCharger: null, chargerFaulted: fault }), NOW)).toBe(
      `faulted since ${clock(-0.5)}`,
    );
    // A type's object missing: no words rather than a throw.
    expect(alertDetails(alert({ type: 'lateCharging', offlineCharger: null }), NOW)).toBe('');
  });

  it('shows the date of a time on another day', () => {
    expect(formatClockTime(at(30), NOW)).not.toBe(formatClockTime(at(6), NOW));
    expect(formatClockTime(at(30), NOW).length).toBeGreaterThan(formatClockTime(at(6), NOW).length);
    expect(formatClockTime(null, NOW)).toBe('?');
  });

  it('says how long an alert has been active, or lasted', () => {
    expect(alertDuration(alert({ startTimestamp: at(-1.5) }), NOW)).toBe('active for 1 h 30 min');
    expect(alertDuration(alert({ startTimestamp: at(-3), endTimestamp: at(-2.75) }), NOW)).toBe('lasted 15 min');
  });

  it('lists active alerts first (latest started first), then ended ones (latest ended first)', () => {
    const alerts = [
      alert({ id: 1, startTimestamp: at(-5), endTimestamp: at(-4) }),
      alert({ id: 2, startTimestamp: at(-3) }),
      alert({ id: 3, startTimestamp: at(-6), endTimestamp: at(-1) }),
      alert({ id: 4, startTimestamp: at(-1) }),
      alert({ id: 5, startTimestamp: at(-1) }),
    ];
    expect(sortAlerts(alerts).map((a) => a.id)).toEqual([5, 4, 2, 3, 1]);
  });

  it('asks for the active alerts and those ended recently, each with the filters', () => {
    const after = at(-168);
    const queries = (filters = DEFAULT_ALERT_FILTERS) => alertQueries(filters, after).map(String);
    expect(queries()).toEqual([
      'includeMuted=true&active=true',
      `includeMuted=true&active=false&startTimestampAfter=${encodeURIComponent(after)}`,
    ]);
    expect(queries({ type: 'lateCharging', siteId: '7', state: 'active', includeMuted: false })).toEqual([
      'includeMuted=false&types=lateCharging&siteIds=7&active=true',
    ]);
    expect(queries({ ...DEFAULT_ALERT_FILTERS, state: 'ended' })).toEqual([
      `includeMuted=true&active=false&startTimestampAfter=${encodeURIComponent(after)}`,
    ]);
  });
});

describe('webhooks', () => {
  it('offers every event type of the API', () => {
    expect([...EVENT_TYPES].sort()).toEqual([...API_EVENT_TYPES].sort());
  });

  it("says an endpoint's state and why the system disabled it", () => {
    expect(endpointState({ enabled: true, disabledReason: null })).toBe('Enabled');
    expect(endpointState({ enabled: false, disabledReason: null })).toBe('Disabled');
    expect(endpointState({ enabled: false, disabledReason: 'gone' })).toMatch(/410/);
    expect(endpointState({ enabled: false, disabledReason: 'failing' })).toMatch(/five days/);
  });

  it('says an attempt in words', () => {
    expect(attemptWords({ responseCode: 200, error: null, durationMs: 35.4 })).toBe('200 in 35 ms');
    expect(attemptWords({ responseCode: 500, error: null, durationMs: 1204 })).toBe('500 in 1,204 ms');
    expect(attemptWords({ responseCode: null, error: 'timeout', durationMs: 15000 })).toBe('timeout after 15,000 ms');
    expect(attemptWords({ responseCode: null, error: null, durationMs: 3 })).toBe('no answer after 3 ms');
  });
});
