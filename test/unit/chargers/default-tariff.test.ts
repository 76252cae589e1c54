import { describe, expect, it } from 'vitest';
import {
  defaultTariffOf,
  stationTariffId,
  stationTariffVersion,
  tariffsSupportedOf,
} from '../../../shared/chargers/default-tariff';

const UPDATED_AT = '2026-12-06T10:04:05.123Z';
const sent = (status: string) => ({
  defaultTariff: {
    tariffId: `site-3-${UPDATED_AT}`,
    status,
    bootAt: '2026-12-06T09:00:00.000Z',
    at: '2026-12-06T10:04:06.000Z',
  },
});

describe('stationTariffVersion', () => {
  it('reads back the site and the version stationTariffId wrote', () => {
    expect(stationTariffVersion(stationTariffId({ siteId: 3, updatedAt: UPDATED_AT }))).toEqual({
      siteId: 3,
      updatedAt: UPDATED_AT,
    });
    const largest = 9_007_199_254_740_991;
    expect(stationTariffVersion(stationTariffId({ siteId: largest, updatedAt: UPDATED_AT }))?.siteId).toBe(largest);
  });

  it.each([['driver-tariff-7'], ['site--2026'], ['site-03-2026'], ['site-3-'], ['']])(
    'answers undefined for %j, an id of another form',
    (tariffId) => {
      expect(stationTariffVersion(tariffId)).toBeUndefined();
    },
  );
});

describe('defaultTariffOf', () => {
  it('answers null for a station sent no tariff', () => {
    expect(defaultTariffOf({})).toBeNull();
  });

  it.each([
    ['Accepted', true],
    ['DuplicateTariffId', true],
    ['TooManyElements', false],
    ['ConditionNotSupported', false],
    ['Rejected', false],
  ])('answers the version sent, its status %s and whether it is held (%s)', (status, held) => {
    expect(defaultTariffOf(sent(status))).toEqual({
      tariffId: `site-3-${UPDATED_AT}`,
      tariffUpdatedAt: UPDATED_AT,
      status,
      held,
      timestamp: '2026-12-06T10:04:06.000Z',
    });
  });

  it('keeps an id of another form, its version null', () => {
    const item = { defaultTariff: { ...sent('Accepted').defaultTariff, tariffId: 'imported-1' } };
    expect(defaultTariffOf(item)).toMatchObject({ tariffId: 'imported-1', tariffUpdatedAt: null, held: true });
  });
});

describe('tariffsSupportedOf', () => {
  it('is null unless the connection is OCPP 2.1', () => {
    expect(tariffsSupportedOf({})).toBeNull();
    expect(tariffsSupportedOf({ ocppProtocol: 'ocpp1.6' })).toBeNull();
    expect(tariffsSupportedOf({ ocppProtocol: 'ocpp2.0.1', tariffSupport: 'unsupported' })).toBeNull();
  });

  it('is false for a 2.1 station remembered as taking none, true for another', () => {
    expect(tariffsSupportedOf({ ocppProtocol: 'ocpp2.1', tariffSupport: 'unsupported' })).toBe(false);
    expect(tariffsSupportedOf({ ocppProtocol: 'ocpp2.1' })).toBe(true);
  });
});
