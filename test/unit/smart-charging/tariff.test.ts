import { describe, expect, it } from 'vitest';
import { energyPriceAt, tariffPeriodBoundaries, type SiteTariff } from '../../../shared/smart-charging';

const t = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/** A Los Angeles tariff: off-peak all week, on-peak on weekday afternoons, a cheap night at the end. */
const la: SiteTariff = {
  currency: 'USD',
  timeZone: 'America/Los_Angeles',
  energyPrices: [
    { name: 'night', daysOfWeek: EVERY_DAY, startTime: '00:00', endTime: '01:30', pricePerKwh: -0.02 },
    { name: 'offPeak', daysOfWeek: EVERY_DAY, startTime: '01:30', endTime: '16:00', pricePerKwh: 0.12 },
    { name: 'onPeak', daysOfWeek: [1, 2, 3, 4, 5], startTime: '16:00', endTime: '21:00', pricePerKwh: 0.45 },
    { name: 'offPeak', daysOfWeek: [6, 7], startTime: '16:00', endTime: '21:00', pricePerKwh: 0.12 },
    { name: 'offPeak', daysOfWeek: EVERY_DAY, startTime: '21:00', endTime: '24:00', pricePerKwh: 0.12 },
  ],
  demandChargePerKw: 15.51,
};

describe('energyPriceAt', () => {
  it("reads the period of the instant's local weekday and time in the site's zone", () => {
    // Wednesday 2026-07-01: 16:30 PDT is 23:30Z; 15:59 PDT is 22:59Z.
    expect(energyPriceAt(la, t('2026-07-01T23:30:00Z'))).toEqual({ name: 'onPeak', pricePerKwh: 0.45 });
    expect(energyPriceAt(la, t('2026-07-01T22:59:59Z'))).toEqual({ name: 'offPeak', pricePerKwh: 0.12 });
    // Saturday 2026-07-04 16:30 PDT: the weekend row of offPeak.
    expect(energyPriceAt(la, t('2026-07-04T23:30:00Z'))).toEqual({ name: 'offPeak', pricePerKwh: 0.12 });
    // Thursday 2026-07-02 00:10 PDT (07:10Z): a negative price.
    expect(energyPriceAt(la, t('2026-07-02T07:10:00Z'))).toEqual({ name: 'night', pricePerKwh: -0.02 });
  });

  it('throws a RangeError where a tariff that was not validated has no period', () => {
    const holey: SiteTariff = { ...la, energyPrices: la.energyPrices.slice(1) };
    expect(() => energyPriceAt(holey, t('2026-07-02T07:10:00Z'))).toThrow(RangeError);
  });
});

describe('tariffPeriodBoundaries', () => {
  it('lists the instants where the price changes, not the period boundaries where it stays the same', () => {
    // Friday 2026-07-03 00:00 PDT (07:00Z) to Saturday 07:00Z.
    const boundaries = tariffPeriodBoundaries(la, t('2026-07-03T07:00:00Z'), t('2026-07-04T07:00:00Z'));
    expect(boundaries.map(iso)).toEqual([
      '2026-07-03T07:00:00.000Z', // 00:00 PDT: night (from offPeak the evening before)
      '2026-07-03T08:30:00.000Z', // 01:30: offPeak
      '2026-07-03T23:00:00.000Z', // 16:00: onPeak
      '2026-07-04T04:00:00.000Z', // 21:00: offPeak again (the 24:00 row boundary is no change)
    ]);
    // Saturday 16:00 moves from one offPeak row to another at the same price: no boundary.
    expect(tariffPeriodBoundaries(la, t('2026-07-04T22:00:00Z'), t('2026-07-05T00:00:00Z'))).toEqual([]);
  });

  it('includes the start only when the price changes exactly there; the end is excluded', () => {
    expect(tariffPeriodBoundaries(la, t('2026-07-03T08:30:00Z'), t('2026-07-03T09:00:00Z')).map(iso)).toEqual([
      '2026-07-03T08:30:00.000Z',
    ]);
    expect(tariffPeriodBoundaries(la, t('2026-07-03T08:31:00Z'), t('2026-07-03T23:00:00Z'))).toEqual([]);
    expect(tariffPeriodBoundaries(la, t('2026-07-03T09:00:00Z'), t('2026-07-03T09:00:00Z'))).toEqual([]);
  });

  it('follows the fall-back change in Los Angeles: the repeated 01:00-02:00 crosses 01:30 twice', () => {
    // Sunday 2026-11-01: 02:00 PDT (09:00Z) becomes 01:00 PST.
    const boundaries = tariffPeriodBoundaries(la, t('2026-11-01T07:00:00Z'), t('2026-11-01T12:00:00Z'));
    expect(boundaries.map(iso)).toEqual([
      '2026-11-01T07:00:00.000Z', // 00:00 PDT: night
      '2026-11-01T08:30:00.000Z', // 01:30 PDT: offPeak
      '2026-11-01T09:00:00.000Z', // 01:00 PST, the hour again: night
      '2026-11-01T09:30:00.000Z', // 01:30 PST: offPeak
    ]);
    expect(energyPriceAt(la, t('2026-11-01T09:10:00Z')).name).toBe('night');
  });

  it('follows the spring-forward change: a period starting in the skipped hour starts at the change', () => {
    // Sunday 2026-03-08: 02:00 PST (10:00Z) becomes 03:00 PDT; 02:30 never happens.
    const spring: SiteTariff = {
      currency: 'USD',
      timeZone: 'America/Los_Angeles',
      energyPrices: [
        { name: 'early', daysOfWeek: EVERY_DAY, startTime: '00:00', endTime: '02:30', pricePerKwh: 0.1 },
        { name: 'day', daysOfWeek: EVERY_DAY, startTime: '02:30', endTime: '24:00', pricePerKwh: 0.2 },
      ],
    };
    const boundaries = tariffPeriodBoundaries(spring, t('2026-03-08T09:00:00Z'), t('2026-03-08T12:00:00Z'));
    expect(boundaries.map(iso)).toEqual(['2026-03-08T10:00:00.000Z']);
    expect(energyPriceAt(spring, t('2026-03-08T09:59:00Z')).name).toBe('early');
    expect(energyPriceAt(spring, t('2026-03-08T10:00:00Z')).name).toBe('day');
    // A day later 02:30 happens again, at 09:30Z (PDT).
    expect(tariffPeriodBoundaries(spring, t('2026-03-09T08:00:00Z'), t('2026-03-09T12:00:00Z')).map(iso)).toEqual([
      '2026-03-09T09:30:00.000Z',
    ]);
  });

  it('agrees with energyPriceAt minute by minute over a week that contains a DST change', () => {
    const from = t('2026-10-29T00:00:00Z');
    const to = t('2026-11-05T00:00:00Z');
    const boundaries = new Set(tariffPeriodBoundaries(la, from, to));
    let before = energyPriceAt(la, from - 1).pricePerKwh;
    for (let at = from; at < to; at += 60_000) {
      const price = energyPriceAt(la, at).pricePerKwh;
      expect(boundaries.has(at), iso(at)).toBe(price !== before);
      before = price;
    }
  });
});
