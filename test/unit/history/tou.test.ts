import { describe, expect, it } from 'vitest';
import { parseTouPeriod, periodAt, periodBins, touEnergy } from '../../../shared/history/tou';
import { utcOffsetMs } from '../../../shared/time-zone';
import { InvalidHistoryInputError } from '../../../shared/history/errors';

const t = (iso: string) => Date.parse(iso);

describe('parseTouPeriod', () => {
  it('reads name, times and days', () => {
    expect(parseTouPeriod('peak=16:00-21:00/Mon-Fri')).toEqual({
      name: 'peak',
      start: '16:00',
      end: '21:00',
      days: [1, 2, 3, 4, 5],
    });
    expect(parseTouPeriod('weekend=00:00-24:00/Sat,Sun').days).toEqual([6, 7]);
    expect(parseTouPeriod('night=21:00-07:00/Fri-Mon').days).toEqual([1, 5, 6, 7]);
    expect(parseTouPeriod('all-day=00:00-00:00').days).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it.each([
    'peak',
    'peak=16-21',
    'peak=16:00-25:00',
    'other=00:00-01:00',
    '1st=00:00-01:00',
    'p=10:00-11:00/Funday',
    'p=24:00-01:00',
  ])('refuses %s naming the field', (text) => {
    expect(() => parseTouPeriod(text, 'period[2]')).toThrow(InvalidHistoryInputError);
    try {
      parseTouPeriod(text, 'period[2]');
    } catch (error) {
      expect((error as InvalidHistoryInputError).field).toBe('period[2]');
    }
  });
});

describe('periodAt', () => {
  const periods = [parseTouPeriod('peak=16:00-21:00/Mon-Fri'), parseTouPeriod('night=21:00-07:00/Mon-Fri')];
  it('takes the first covering period; a period past midnight belongs to the day it starts', () => {
    expect(periodAt(periods, 1, 16 * 60)).toBe('peak');
    expect(periodAt(periods, 1, 21 * 60)).toBe('night');
    expect(periodAt(periods, 6, 3 * 60)).toBe('night'); // Friday night, Saturday morning
    expect(periodAt(periods, 1, 3 * 60)).toBe('other'); // Sunday night is not covered
    expect(periodAt([], 1, 0)).toBe('all');
  });
});

describe('touEnergy in a timezone with DST', () => {
  it('splits by local time across the fall-back change (01:00–02:00 happens twice)', () => {
    // America/Los_Angeles falls back at 2026-11-01T09:00Z (02:00 PDT → 01:00 PST).
    expect(utcOffsetMs('America/Los_Angeles', t('2026-11-01T08:59:00Z'))).toBe(-7 * 3_600_000);
    expect(utcOffsetMs('America/Los_Angeles', t('2026-11-01T09:00:00Z'))).toBe(-8 * 3_600_000);
    const periods = [parseTouPeriod('early=01:00-01:30')];
    // 08:00Z–10:00Z at a steady 10 kW: local 01:00 PDT → 01:00 PST → 02:00 PST.
    const points = [
      { at: t('2026-11-01T08:00:00Z'), wh: 0 },
      { at: t('2026-11-01T10:00:00Z'), wh: 20_000 },
    ];
    expect(touEnergy(points, 'America/Los_Angeles', periods)).toEqual([
      { period: 'early', energyDeliveredKwh: 10 },
      { period: 'other', energyDeliveredKwh: 10 },
    ]);
  });

  it('splits energy spanning a boundary by the time on each side, and sums periods of one name', () => {
    const periods = [parseTouPeriod('peak=16:00-21:00'), parseTouPeriod('off=21:00-16:00')];
    const points = [
      { at: t('2026-07-01T22:30:00Z'), wh: 0 }, // 15:30 PDT
      { at: t('2026-07-01T23:30:00Z'), wh: 6000 }, // 16:30 PDT
    ];
    expect(touEnergy(points, 'America/Los_Angeles', periods)).toEqual([
      { period: 'peak', energyDeliveredKwh: 3 },
      { period: 'off', energyDeliveredKwh: 3 },
    ]);
    expect(touEnergy(points, 'America/Los_Angeles', [])).toEqual([{ period: 'all', energyDeliveredKwh: 6 }]);
  });

  it('handles the spring-forward gap (no 02:xx local time)', () => {
    // 2026-03-08T10:00Z is 02:00 PST → 03:00 PDT.
    const bins = periodBins(
      'America/Los_Angeles',
      [parseTouPeriod('gap=02:30-03:30')],
      t('2026-03-08T09:00:00Z'),
      t('2026-03-08T11:00:00Z'),
    );
    const gap = bins.filter((b) => b.period === 'gap');
    expect(gap.map((b) => [new Date(b.from).toISOString(), new Date(b.to).toISOString()])).toEqual([
      ['2026-03-08T10:00:00.000Z', '2026-03-08T10:30:00.000Z'],
    ]);
  });
});
