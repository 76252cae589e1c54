/**
 * The alert sweep's decisions (docs/alerts.md, "Types"): when a charger is probed,
 * raised, kept or cleared as `offlineCharger`, and when a port's `chargerFaulted` is raised,
 * updated or cleared, with the default settings (threshold 10 min, clear after 5, grace 5).
 */
import { describe, expect, it } from 'vitest';
import { faultAction, offlineAction, type ChargerLink } from '../../../shared/alerts/sweep-rules';
import { ALERT_SETTINGS_DEFAULTS as settings } from '../../../shared/alerts/settings';

const MIN = 60_000;
const NOW = Date.parse('2026-11-28T12:00:00Z');
const ago = (minutes: number) => NOW - minutes * MIN;
const connected = (since: number, heard = since): ChargerLink => ({
  booted: true,
  connectedAt: since,
  lastHeardAt: heard,
});
const disconnected = (since: number): ChargerLink => ({ booted: true, lastHeardAt: since });

describe('offlineAction', () => {
  it('a charger never booted raises nothing, connected or not', () => {
    expect(offlineAction({ booted: false, lastHeardAt: ago(600) }, undefined, settings, NOW)).toBe('none');
    expect(offlineAction({ booted: false, connectedAt: ago(60), lastHeardAt: ago(60) }, undefined, settings, NOW)).toBe(
      'none',
    );
  });

  it('a charger heard from within the threshold raises nothing (a 20 s drop, a fleet reconnecting)', () => {
    expect(offlineAction(disconnected(ago(9.9)), undefined, settings, NOW)).toBe('none');
    expect(offlineAction(connected(ago(0.3)), undefined, settings, NOW)).toBe('none');
    expect(offlineAction(connected(ago(120), ago(3)), undefined, settings, NOW)).toBe('none');
  });

  it('silent for the threshold: probed when connected, raised when not', () => {
    expect(offlineAction(connected(ago(120), ago(10)), undefined, settings, NOW)).toBe('probe');
    expect(offlineAction(disconnected(ago(10)), undefined, settings, NOW)).toBe('raise');
    expect(offlineAction(disconnected(ago(10)), undefined, { ...settings, offlineThresholdMinutes: 30 }, NOW)).toBe(
      'none',
    );
  });

  it('an active alert stays while the charger is silent or back for less than the clear period', () => {
    expect(offlineAction(disconnected(ago(30)), ago(20), settings, NOW)).toBe('none');
    expect(offlineAction(connected(ago(4.9)), ago(20), settings, NOW)).toBe('none');
    // Connected long ago but silent (the probe went unanswered): no clear, no second probe.
    expect(offlineAction(connected(ago(120), ago(15)), ago(5), settings, NOW)).toBe('none');
  });

  it('clears once connected and talking for the clear period', () => {
    expect(offlineAction(connected(ago(5)), ago(20), settings, NOW)).toBe('clear');
    expect(offlineAction(connected(ago(2)), ago(20), { ...settings, offlineClearAfterMinutes: 1 }, NOW)).toBe('clear');
    // Raised while connected (unanswered probe), talking again: the clear period counts from the raise.
    expect(offlineAction(connected(ago(120), ago(1)), ago(3), settings, NOW)).toBe('none');
    expect(offlineAction(connected(ago(120), ago(1)), ago(6), settings, NOW)).toBe('clear');
  });

  it('a charger flapping every minute keeps its one alert', () => {
    for (let minute = 0; minute < 60; minute++) {
      const link = minute % 2 === 0 ? disconnected(ago(0.5)) : connected(ago(0.5));
      expect(offlineAction(link, ago(30), settings, NOW)).toBe('none');
    }
  });
});

describe('faultAction', () => {
  const faulted = (minutesAgo: number, errorCode = 'GroundFailure') => ({
    status: 'Faulted',
    timestamp: new Date(ago(minutesAgo)).toISOString(),
    errorCode,
    vendorErrorCode: 'E42',
  });

  it('raises a port Faulted for the grace period, with its error', () => {
    expect(faultAction(faulted(4.9), undefined, settings, NOW)).toEqual({ action: 'none' });
    expect(faultAction(faulted(5), undefined, settings, NOW)).toEqual({
      action: 'raise',
      details: {
        ocppErrorCode: 'GroundFailure',
        ocppVendorErrorCode: 'E42',
        ocppInfo: null,
        faultedSince: new Date(ago(5)).toISOString(),
      },
    });
  });

  it("2.0.1's NoError is no error code", () => {
    const decision = faultAction(faulted(6, 'NoError'), undefined, settings, NOW);
    expect(decision).toMatchObject({ action: 'raise', details: { ocppErrorCode: null } });
  });

  it('keeps the alert while Faulted, updates it when the error changes (its start kept), clears it after', () => {
    const raised = faultAction(faulted(6), undefined, settings, NOW);
    if (raised.action !== 'raise') throw new Error('not raised');
    const details = { ...raised.details };
    expect(faultAction(faulted(1), details, settings, NOW)).toEqual({ action: 'none' });
    expect(faultAction(faulted(1, 'OverCurrentFailure'), details, settings, NOW)).toEqual({
      action: 'update',
      details: { ...details, ocppErrorCode: 'OverCurrentFailure' },
    });
    const available = { status: 'Available', timestamp: new Date(NOW).toISOString(), errorCode: 'NoError' };
    expect(faultAction(available, details, settings, NOW)).toEqual({ action: 'clear' });
    expect(faultAction(available, undefined, settings, NOW)).toEqual({ action: 'none' });
    expect(faultAction(undefined, undefined, settings, NOW)).toEqual({ action: 'none' });
  });
});
