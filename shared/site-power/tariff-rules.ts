/**
 * The value rules of site tariffs, free of the data layer so that the API schemas and the operator
 * CLI use them: the input's schema (zod: each field on its own), the rule that the periods cover
 * every minute of each weekday exactly once (domain errors naming the period), the normal order of
 * the periods, and the CLI's `name=HH:MM-HH:MM[/Days]@price` notation. `docs/tariffs.md` has the
 * rules in words; `./tariffs.ts` stores tariffs.
 */
import * as z from 'zod';
import { InvalidError } from '../errors';
import { parseTouPeriod, TOU_PERIOD_NAME, UNCOVERED_PERIOD } from '../history/tou';
import { minutesOfDay, type TariffEnergyPrice } from '../smart-charging/tariff';
import { InvalidTariffError } from './errors';

/** Most periods (rows) that may cover one weekday: one every 15 minutes. */
export const MAX_TARIFF_PERIODS_PER_DAY = 96;
/** Largest absolute energy price per kWh, and largest demand charge per kW, in the tariff's currency. */
export const MAX_TARIFF_PRICE = 1000;
/** Most decimals of a price. */
export const TARIFF_PRICE_DECIMALS = 6;
/** The only billing period of a demand charge: the calendar month in the site's time zone. */
export const DEMAND_BILLING_PERIOD = 'month';

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const TIME = /^(?:[01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$/;

let currencies: ReadonlySet<string> | undefined;
/** True when `code` is an ISO 4217 currency code the runtime knows (`Intl.supportedValuesOf`). */
function isCurrencyCode(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(code);
}

/** At most {@link TARIFF_PRICE_DECIMALS} decimals. */
const hasPriceDecimals = (value: number) => Number(value.toFixed(TARIFF_PRICE_DECIMALS)) === value;

/** A price: finite, at most 6 decimals, within ±{@link MAX_TARIFF_PRICE}. */
const price = () =>
  z
    .number({ error: 'must be a number' })
    .min(-MAX_TARIFF_PRICE, `must be at least -${MAX_TARIFF_PRICE}`)
    .max(MAX_TARIFF_PRICE, `must be at most ${MAX_TARIFF_PRICE}`)
    .refine(hasPriceDecimals, `must have at most ${TARIFF_PRICE_DECIMALS} decimals`);

const time = (description: string) =>
  z.string({ error: 'must be a string' }).regex(TIME, 'must be HH:MM, from 00:00 to 24:00').meta({ description });

/** One period as submitted (`energyPrices[i]`). */
export const tariffEnergyPriceInputSchema = z
  .strictObject({
    name: z
      .string({ error: 'must be a string' })
      .regex(TOU_PERIOD_NAME, 'must be 1-32 letters, digits, _ or -, starting with a letter')
      .refine((name) => name !== UNCOVERED_PERIOD, `must not be "${UNCOVERED_PERIOD}"`)
      .meta({
        description:
          "Time-of-use period name; rows of one name are one period for the sessions' energy split (includeTouEnergy)",
        example: 'onPeak',
      }),
    daysOfWeek: z
      .array(z.number({ error: 'must be a number' }).int('must be an integer').min(1).max(7), {
        error: 'must be a list of ISO weekdays',
      })
      .min(1, 'must name at least one day')
      .refine((days) => new Set(days).size === days.length, 'must not repeat a day')
      .meta({ description: 'ISO weekdays: 1 = Monday … 7 = Sunday', example: [1, 2, 3, 4, 5] }),
    startTime: time('Local time (site time zone) from which the price applies, inclusive'),
    endTime: time('Local time until which it applies, exclusive; after startTime, 24:00 for the end of the day'),
    pricePerKwh: price().meta({
      description: 'Energy price per kWh in the currency; negative prices are allowed',
      example: 0.45,
    }),
  })
  .superRefine((value, ctx) => {
    const { startTime, endTime } = value;
    if (TIME.test(startTime) && TIME.test(endTime) && minutesOfDay(endTime) <= minutesOfDay(startTime)) {
      ctx.addIssue({
        code: 'custom',
        path: ['endTime'],
        message: 'must be after startTime (a period may not cross midnight: split it in two)',
      });
    }
  });

/** A tariff as submitted (`PUT /api/sites/{siteId}/tariff` `tariff`, CLI `sites set-tariff`). */
export const siteTariffInputSchema = z.strictObject({
  currency: z
    .string({ error: 'must be a string' })
    .refine(isCurrencyCode, 'must be an ISO 4217 currency code, e.g. USD')
    .meta({ description: 'ISO 4217 code of every price', example: 'USD' }),
  timezone: z
    .string({ error: 'must be a string' })
    .optional()
    .meta({ description: "The site's IANA time zone; optional, and when given it must be the site's" }),
  energyPrices: z
    .array(tariffEnergyPriceInputSchema, { error: 'must be a list of periods' })
    .min(1, 'must have at least one period')
    .meta({
      description:
        "Time-of-use periods in the site's time zone; together they cover every minute of each weekday " +
        `exactly once, at most ${MAX_TARIFF_PERIODS_PER_DAY} a day`,
    }),
  demandCharge: z
    .strictObject({
      pricePerKw: price()
        .refine((value) => value >= 0, 'must not be negative')
        .meta({
          description: "Price per kW of the billing period's highest 15-minute average power; 0 or more",
          example: 15.51,
        }),
      billingPeriod: z
        .literal(DEMAND_BILLING_PERIOD, { error: `must be ${DEMAND_BILLING_PERIOD}` })
        .optional()
        .meta({ description: "The calendar month in the site's time zone (the only billing period)" }),
    })
    .nullable()
    .optional()
    .meta({ description: 'Null or left out: no demand charge' }),
});

/** A period as submitted. */
export type TariffEnergyPriceInput = z.infer<typeof tariffEnergyPriceInputSchema>;
/** A tariff as submitted. */
export type SiteTariffInput = z.infer<typeof siteTariffInputSchema>;

const label = (p: TariffEnergyPriceInput, i: number) => `energyPrices.${i} (${p.name} ${p.startTime}-${p.endTime})`;
const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * Checks that the periods cover every minute of each ISO weekday exactly once, with at most
 * {@link MAX_TARIFF_PERIODS_PER_DAY} periods a day. The periods' own fields must already be valid
 * ({@link tariffEnergyPriceInputSchema}). Fields are named by the periods' positions as given.
 * @throws InvalidTariffError naming `energyPrices` (too many periods on a day, or a gap: the day
 *   and times no period covers) or `energyPrices.<i>.startTime` (the later of two overlapping
 *   periods, with both named)
 */
export function checkTariffCoverage(energyPrices: readonly TariffEnergyPriceInput[]): void {
  for (let day = 1; day <= 7; day++) {
    const dayName = DAY_NAMES[day - 1]!;
    const rows = energyPrices
      .map((p, i) => ({ p, i, start: minutesOfDay(p.startTime), end: minutesOfDay(p.endTime) }))
      .filter((row) => row.p.daysOfWeek.includes(day))
      .sort((a, b) => a.start - b.start || a.end - b.end);
    if (rows.length > MAX_TARIFF_PERIODS_PER_DAY) {
      throw new InvalidTariffError(
        'energyPrices',
        `${dayName} has ${rows.length} periods; at most ${MAX_TARIFF_PERIODS_PER_DAY} a day`,
      );
    }
    let covered = 0;
    let last: (typeof rows)[number] | undefined;
    for (const row of rows) {
      if (row.start > covered) {
        throw new InvalidTariffError(
          'energyPrices',
          `${dayName} ${clock(covered)}-${clock(row.start)} is covered by no period`,
        );
      }
      if (last && row.start < covered) {
        const overlap = `${clock(row.start)} to ${clock(Math.min(covered, row.end))}`;
        throw new InvalidTariffError(
          `energyPrices.${row.i}.startTime`,
          `${label(row.p, row.i)} overlaps ${label(last.p, last.i)} on ${dayName} from ${overlap}`,
        );
      }
      covered = row.end;
      last = row;
    }
    if (covered < 1440) {
      throw new InvalidTariffError('energyPrices', `${dayName} ${clock(covered)}-24:00 is covered by no period`);
    }
  }
}

/**
 * The periods in their normal order: each period's days ascending, then the periods by their first
 * day, then by start time (each period is unchanged otherwise).
 */
export function normaliseEnergyPrices(energyPrices: readonly TariffEnergyPriceInput[]): TariffEnergyPrice[] {
  return energyPrices
    .map((p) => ({ ...p, daysOfWeek: [...p.daysOfWeek].sort((a, b) => a - b) }))
    .sort(
      (a, b) =>
        a.daysOfWeek[0]! - b.daysOfWeek[0]! ||
        minutesOfDay(a.startTime) - minutesOfDay(b.startTime) ||
        minutesOfDay(a.endTime) - minutesOfDay(b.endTime) ||
        a.name.localeCompare(b.name),
    );
}

/**
 * Reads the CLI's `name=HH:MM-HH:MM[/Days]@price` (days default every day; the notation of the
 * time-of-use periods, `history/tou.ts`, with a price), e.g. `onPeak=16:00-21:00/Mon-Fri@0.45`.
 * A period whose end is at or before its start runs past midnight and becomes two rows: until
 * 24:00 on its days, and from 00:00 on the days after (`00:00-00:00` is a whole day, one row).
 * @param field the option, as errors name it (`price`, `price[2]`)
 * @returns one or two rows, their fields not yet validated (see {@link siteTariffInputSchema})
 * @throws InvalidTariffError naming `field` when the text is not such a period
 */
export function parseTariffPrice(text: string, field = 'price'): TariffEnergyPriceInput[] {
  const at = text.lastIndexOf('@');
  const amount = at < 0 ? '' : text.slice(at + 1).trim();
  const pricePerKwh = Number(amount);
  if (amount === '' || !Number.isFinite(pricePerKwh)) {
    throw new InvalidTariffError(field, `must be name=HH:MM-HH:MM[/Days]@price, got ${JSON.stringify(text)}`);
  }
  let period: ReturnType<typeof parseTouPeriod>;
  try {
    period = parseTouPeriod(text.slice(0, at), field);
  } catch (error) {
    if (error instanceof InvalidError) throw new InvalidTariffError(field, error.problem ?? error.message);
    throw error;
  }
  const { name, start, end, days } = period;
  if (minutesOfDay(end) > minutesOfDay(start))
    return [{ name, daysOfWeek: days, startTime: start, endTime: end, pricePerKwh }];
  const rows = [{ name, daysOfWeek: days, startTime: start, endTime: '24:00', pricePerKwh }];
  if (end !== '00:00') {
    const nextDays = days.map((d) => (d % 7) + 1).sort((a, b) => a - b);
    rows.push({ name, daysOfWeek: nextDays, startTime: '00:00', endTime: end, pricePerKwh });
  }
  return rows;
}
