import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { InvalidTariffError } from '../../../shared/site-power/errors';
import {
  checkTariffCoverage,
  normaliseEnergyPrices,
  parseTariffPrice,
  siteTariffInputSchema,
  type SiteTariffInput,
  type TariffEnergyPriceInput,
} from '../../../shared/site-power/tariff-rules';
import { checkTariff, putSiteTariff } from '../../../shared/site-power/tariffs';
import type { SiteItem } from '../../../shared/chargers/items';
import { mockedDb } from '../db/mock-table';

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const row = (
  name: string,
  daysOfWeek: number[],
  startTime: string,
  endTime: string,
  pricePerKwh = 0.1,
): TariffEnergyPriceInput => ({ name, daysOfWeek, startTime, endTime, pricePerKwh });
const valid = (): TariffEnergyPriceInput[] => [
  row('offPeak', EVERY_DAY, '00:00', '16:00', 0.12),
  row('onPeak', [1, 2, 3, 4, 5], '16:00', '21:00', 0.45),
  row('offPeak', [6, 7], '16:00', '21:00', 0.12),
  row('offPeak', EVERY_DAY, '21:00', '24:00', 0.12),
];
const site = { siteId: 3, organizationId: 1, timezone: 'America/Los_Angeles' } as SiteItem;

/** The error `check` throws (failing the test when it throws none). */
function refusal(check: () => void): InvalidTariffError {
  try {
    check();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidTariffError);
    return error as InvalidTariffError;
  }
  throw new Error('expected a refusal');
}

describe('checkTariffCoverage', () => {
  it('accepts periods that cover every minute of each weekday exactly once', () => {
    expect(() => checkTariffCoverage(valid())).not.toThrow();
    expect(() => checkTariffCoverage([row('flat', EVERY_DAY, '00:00', '24:00')])).not.toThrow();
  });

  it('names the day and the times of a gap', () => {
    const prices = valid().filter((p) => !(p.name === 'onPeak'));
    const error = refusal(() => checkTariffCoverage(prices));
    expect(error.field).toBe('energyPrices');
    expect(error.problem).toBe('Monday 16:00-21:00 is covered by no period');
    const evening = refusal(() => checkTariffCoverage(valid().slice(0, 3)));
    expect(evening.problem).toBe('Monday 21:00-24:00 is covered by no period');
    const sunday = refusal(() => checkTariffCoverage([row('week', [1, 2, 3, 4, 5, 6], '00:00', '24:00')]));
    expect(sunday.problem).toBe('Sunday 00:00-24:00 is covered by no period');
  });

  it('names both periods of an overlap, the later one by its startTime', () => {
    const prices = [...valid(), row('shoulder', [3], '15:00', '17:00')];
    const error = refusal(() => checkTariffCoverage(prices));
    expect(error.field).toBe('energyPrices.4.startTime');
    expect(error.problem).toBe(
      'energyPrices.4 (shoulder 15:00-17:00) overlaps energyPrices.0 (offPeak 00:00-16:00) on Wednesday from 15:00 to 16:00',
    );
    const twice = refusal(() => checkTariffCoverage([...valid(), row('offPeak', [7], '21:00', '24:00')]));
    expect(twice.field).toBe('energyPrices.4.startTime');
    expect(twice.problem).toContain('on Sunday from 21:00 to 24:00');
  });

  it('allows 96 periods a day and refuses 97', () => {
    const quarter = (i: number) =>
      `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
    const quarters = Array.from({ length: 96 }, (_, i) => row(`q${i}`, EVERY_DAY, quarter(i), quarter(i + 1)));
    expect(() => checkTariffCoverage(quarters)).not.toThrow();
    const split = [...quarters.slice(0, 95), row('a', [2], '23:45', '23:50'), row('b', [2], '23:50', '24:00')];
    split.splice(95, 0, row('q95', [1, 3, 4, 5, 6, 7], '23:45', '24:00'));
    const error = refusal(() => checkTariffCoverage(split));
    expect(error.field).toBe('energyPrices');
    expect(error.problem).toBe('Tuesday has 97 periods; at most 96 a day');
  });
});

describe('checkTariff', () => {
  const input = (fields: Partial<SiteTariffInput> = {}): SiteTariffInput => ({
    currency: 'USD',
    energyPrices: valid(),
    ...fields,
  });
  it("accepts the site's time zone or none, and refuses another naming timezone", () => {
    expect(() => checkTariff(input(), site)).not.toThrow();
    expect(() => checkTariff(input({ timezone: 'America/Los_Angeles' }), site)).not.toThrow();
    const error = refusal(() => checkTariff(input({ timezone: 'America/New_York' }), site));
    expect(error.field).toBe('timezone');
    expect(error.message).toContain('America/Los_Angeles');
  });
});

describe('siteTariffInputSchema (the fields)', () => {
  const parse = (tariff: unknown) => siteTariffInputSchema.safeParse(tariff);
  const paths = (tariff: unknown) => {
    const result = parse(tariff);
    return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
  };
  const base = { currency: 'USD', energyPrices: valid() };

  it('accepts negative prices, six decimals, a demand charge of 0 and null', () => {
    expect(parse({ ...base, energyPrices: [row('flat', EVERY_DAY, '00:00', '24:00', -0.123456)] }).success).toBe(true);
    expect(parse({ ...base, demandCharge: { pricePerKw: 0 } }).success).toBe(true);
    expect(parse({ ...base, demandCharge: { pricePerKw: 15.51, billingPeriod: 'month' } }).success).toBe(true);
    expect(parse({ ...base, demandCharge: null }).success).toBe(true);
  });

  it.each<[string, unknown, string]>([
    ['an unknown currency', { ...base, currency: 'XYZ' }, 'currency'],
    ['a lower-case currency', { ...base, currency: 'usd' }, 'currency'],
    ['a negative demand charge', { ...base, demandCharge: { pricePerKw: -1 } }, 'demandCharge.pricePerKw'],
    ['a demand charge as a string', { ...base, demandCharge: { pricePerKw: '15' } }, 'demandCharge.pricePerKw'],
    [
      'another billing period',
      { ...base, demandCharge: { pricePerKw: 1, billingPeriod: 'year' } },
      'demandCharge.billingPeriod',
    ],
    [
      'seven decimals',
      { ...base, energyPrices: [row('flat', EVERY_DAY, '00:00', '24:00', 0.1234567)] },
      'energyPrices.0.pricePerKwh',
    ],
    [
      'a price over 1000',
      { ...base, energyPrices: [row('flat', EVERY_DAY, '00:00', '24:00', 1000.5)] },
      'energyPrices.0.pricePerKwh',
    ],
    [
      'an end before the start',
      { ...base, energyPrices: [row('night', EVERY_DAY, '22:00', '06:00')] },
      'energyPrices.0.endTime',
    ],
    [
      'a start at 24:00',
      { ...base, energyPrices: [row('late', EVERY_DAY, '24:00', '24:00')] },
      'energyPrices.0.endTime',
    ],
    [
      'a time without minutes',
      { ...base, energyPrices: [row('flat', EVERY_DAY, '0', '24:00')] },
      'energyPrices.0.startTime',
    ],
    ['day 8', { ...base, energyPrices: [row('flat', [8], '00:00', '24:00')] }, 'energyPrices.0.daysOfWeek.0'],
    ['a repeated day', { ...base, energyPrices: [row('flat', [1, 1], '00:00', '24:00')] }, 'energyPrices.0.daysOfWeek'],
    ['no day', { ...base, energyPrices: [row('flat', [], '00:00', '24:00')] }, 'energyPrices.0.daysOfWeek'],
    [
      'a name with a space',
      { ...base, energyPrices: [row('on peak', EVERY_DAY, '00:00', '24:00')] },
      'energyPrices.0.name',
    ],
    ['the name other', { ...base, energyPrices: [row('other', EVERY_DAY, '00:00', '24:00')] }, 'energyPrices.0.name'],
    ['no periods', { ...base, energyPrices: [] }, 'energyPrices'],
    ['an unknown field', { ...base, tiers: [] }, ''],
  ])('refuses %s, naming the field', (_name, tariff, path) => {
    expect(paths(tariff)).toContain(path);
  });
});

describe('normaliseEnergyPrices', () => {
  it("sorts by first day, then start, and each period's days", () => {
    const prices = [
      row('b', [7, 6], '00:00', '24:00'),
      row('a', [5, 1], '12:00', '24:00'),
      row('a', [1, 5], '00:00', '12:00'),
    ];
    expect(normaliseEnergyPrices(prices)).toEqual([
      row('a', [1, 5], '00:00', '12:00'),
      row('a', [1, 5], '12:00', '24:00'),
      row('b', [6, 7], '00:00', '24:00'),
    ]);
  });
});

describe('parseTariffPrice (the CLI notation)', () => {
  it('reads one period with its price, every day by default', () => {
    expect(parseTariffPrice('onPeak=16:00-21:00/Mon-Fri@0.45')).toEqual([
      row('onPeak', [1, 2, 3, 4, 5], '16:00', '21:00', 0.45),
    ]);
    expect(parseTariffPrice('flat=00:00-00:00@-0.01')).toEqual([row('flat', EVERY_DAY, '00:00', '24:00', -0.01)]);
  });

  it('splits a period that runs past midnight in two, the second on the following days', () => {
    expect(parseTariffPrice('night=21:00-07:00/Fri,Sun@0.08')).toEqual([
      row('night', [5, 7], '21:00', '24:00', 0.08),
      row('night', [1, 6], '00:00', '07:00', 0.08),
    ]);
    expect(parseTariffPrice('late=21:00-00:00@0.08')).toEqual([row('late', EVERY_DAY, '21:00', '24:00', 0.08)]);
  });

  it.each([
    'peak=16:00-21:00',
    'peak=16:00-21:00@',
    'peak=16:00-21:00@cheap',
    'peak=16:00-21:00/Funday@1',
    'peak=16-21@1',
  ])('refuses %s naming the option', (text) => {
    expect(refusal(() => parseTariffPrice(text, 'price[1]')).field).toBe('price[1]');
  });
});

describe('putSiteTariff when the identical-tariff write is refused', () => {
  const input: SiteTariffInput = { currency: 'USD', energyPrices: valid() };
  const refused = () =>
    new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
  const now = new Date('2026-12-06T12:00:00Z');
  const storedAt = '2026-12-01T08:00:00.000Z';
  const storedItem = (db: ReturnType<typeof mockedDb>['db']) =>
    db.siteTariff
      .put({
        siteId: site.siteId,
        organizationId: site.organizationId,
        currency: 'USD',
        energyPrices: normaliseEnergyPrices(valid()),
        updatedAt: storedAt,
      })
      .params().Item as Record<string, unknown>;

  it('answers the stored tariff, its version unchanged, and writes nothing more', async () => {
    const { db, mock } = mockedDb();
    mock.on(PutCommand).rejectsOnce(refused());
    mock.on(GetCommand).resolves({ Item: storedItem(db) });
    const view = await putSiteTariff(db, site, input, now);
    expect(view.updatedAt).toBe(storedAt);
    expect(mock.commandCalls(PutCommand)).toHaveLength(1);
  });

  it('writes the tariff when it was deleted between the refused write and the read: a 200 answers a stored tariff', async () => {
    const { db, mock } = mockedDb();
    mock.on(PutCommand).rejectsOnce(refused()).resolves({});
    mock.on(GetCommand).resolves({});
    const view = await putSiteTariff(db, site, input, now);
    expect(view).toMatchObject({ siteId: site.siteId, currency: 'USD', updatedAt: now.toISOString() });
    const puts = mock.commandCalls(PutCommand).map((call) => call.args[0].input);
    expect(puts).toHaveLength(2);
    // The second write is not conditioned on differing from a stored item (there is none to differ from).
    expect(puts[1]!.ConditionExpression).toBeUndefined();
    expect(puts[1]!.Item).toEqual(puts[0]!.Item);
    expect(puts[1]!.Item).toMatchObject({ currency: 'USD', updatedAt: now.toISOString() });
  });
});
