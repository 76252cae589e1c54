import { describe, expect, it } from 'vitest';
import { chargerTime, latestChargerTime, MAX_CHARGER_CLOCK_SKEW_MS } from '../../../shared/charging/charger-time';

const receivedAt = '2026-11-21T10:00:00.000Z';
const ahead = (ms: number) => new Date(Date.parse(receivedAt) + ms).toISOString();

describe('chargerTime', () => {
  it('normalises offsets to UTC and falls back to the receive time for absent or unparseable times', () => {
    expect(chargerTime('2026-11-21T12:00:00+02:00', receivedAt)).toBe('2026-11-21T10:00:00.000Z');
    expect(chargerTime('yesterday', receivedAt)).toBe(receivedAt);
    expect(chargerTime(undefined, receivedAt)).toBe(receivedAt);
  });

  it('keeps past times and times up to the allowed skew ahead, and clamps later ones to the receive time', () => {
    expect(chargerTime('2001-01-01T00:00:00Z', receivedAt)).toBe('2001-01-01T00:00:00.000Z');
    expect(chargerTime(ahead(MAX_CHARGER_CLOCK_SKEW_MS), receivedAt)).toBe(ahead(MAX_CHARGER_CLOCK_SKEW_MS));
    expect(chargerTime(ahead(MAX_CHARGER_CLOCK_SKEW_MS + 1), receivedAt)).toBe(receivedAt);
    expect(chargerTime('9999-12-31T23:59:59Z', receivedAt)).toBe(receivedAt);
    expect(chargerTime('+275760-09-13T00:00:00.000Z', receivedAt)).toBe(receivedAt);
  });

  it('allows five minutes of skew', () => {
    expect(MAX_CHARGER_CLOCK_SKEW_MS).toBe(300_000);
    expect(latestChargerTime(Date.parse(receivedAt))).toBe('2026-11-21T10:05:00.000Z');
  });
});
