/**
 * Site tariffs (`docs/tariffs.md`): body, path and answer of `PUT|GET|DELETE
 * /api/sites/{siteId}/tariff`. The tariff's field rules are the domain's (`site-power/tariff-rules.ts`);
 * the rules across fields (coverage of each weekday, the site's time zone) are checked by the domain
 * and answered as 400s naming the field.
 */
import * as z from 'zod';
import { conformsTo, numericIdParam } from './common';
import { DEMAND_BILLING_PERIOD, siteTariffInputSchema } from '../../site-power/tariff-rules';
import type { SiteTariffView } from '../../site-power/tariffs';

/** Periods of the examples: off-peak all week, on-peak on weekday afternoons. */
const examplePrices = [
  { name: 'offPeak', daysOfWeek: [1, 2, 3, 4, 5], startTime: '00:00', endTime: '16:00', pricePerKwh: 0.12 },
  { name: 'onPeak', daysOfWeek: [1, 2, 3, 4, 5], startTime: '16:00', endTime: '21:00', pricePerKwh: 0.45 },
  { name: 'offPeak', daysOfWeek: [1, 2, 3, 4, 5], startTime: '21:00', endTime: '24:00', pricePerKwh: 0.12 },
  { name: 'offPeak', daysOfWeek: [6, 7], startTime: '00:00', endTime: '24:00', pricePerKwh: 0.12 },
];

/** `/api/sites/{siteId}/tariff` path. */
export const SiteTariffPath = z.strictObject({ siteId: numericIdParam });

/** `PUT /api/sites/{siteId}/tariff` body. */
export const SetSiteTariffBody = z
  .strictObject({ tariff: siteTariffInputSchema.meta({ id: 'SiteTariffInput' }) })
  .meta({
    id: 'SetSiteTariffRequest',
    example: {
      tariff: {
        currency: 'USD',
        timezone: 'America/Los_Angeles',
        energyPrices: examplePrices,
        demandCharge: { pricePerKw: 15.51 },
      },
    },
  });

const EnergyPrice = z
  .object({
    name: z.string(),
    daysOfWeek: z.array(z.number().int().min(1).max(7)).meta({ description: '1 = Monday … 7 = Sunday, ascending' }),
    startTime: z.string().meta({ description: 'HH:MM local, inclusive' }),
    endTime: z.string().meta({ description: 'HH:MM local (up to 24:00), exclusive' }),
    pricePerKwh: z.number(),
  })
  .meta({ id: 'TariffEnergyPrice' });

/** A stored tariff. */
export const SiteTariff = conformsTo<SiteTariffView>()(
  z
    .object({
      siteId: z.number().int(),
      currency: z.string().meta({ description: 'ISO 4217', example: 'USD' }),
      timezone: z.string().meta({ description: "The site's IANA time zone", example: 'America/Los_Angeles' }),
      energyPrices: z.array(EnergyPrice).meta({ description: 'Sorted by first day, then start' }),
      demandCharge: z
        .object({
          pricePerKw: z.number(),
          billingPeriod: z
            .literal(DEMAND_BILLING_PERIOD)
            .meta({ description: "Calendar month in the site's time zone" }),
        })
        .nullable(),
      updatedAt: z.string().meta({ format: 'date-time' }),
    })
    .meta({ id: 'SiteTariff' }),
);

/** `PUT` and `GET` answer. */
export const SiteTariffResponse = z.object({ tariff: SiteTariff }).meta({
  id: 'SiteTariffResponse',
  example: {
    tariff: {
      siteId: 3,
      currency: 'USD',
      timezone: 'America/Los_Angeles',
      energyPrices: examplePrices,
      demandCharge: { pricePerKw: 15.51, billingPeriod: DEMAND_BILLING_PERIOD },
      updatedAt: '2026-11-21T18:00:00.000Z',
    },
  },
});
