/**
 * The site tariffs route group (`docs/tariffs.md`), served by the `siteLimits` function: body,
 * path and answer of `PUT|GET|DELETE /api/sites/{siteId}/tariff`, and the routes. The tariff's field
 * rules are the domain's (`site-power/tariff-rules.ts`); the rules across fields (coverage of each
 * weekday, the site's time zone) are checked by the domain and answered as 400s naming the field.
 */
import * as z from 'zod';
import { defineRoutes } from './define';
import { conformsTo, numericIdParam } from './common';
import { DEMAND_BILLING_PERIOD, siteTariffInputSchema, type SiteTariffView } from '../../site-power';

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
      userEmail: z.string().nullable().meta({
        description: "Who set it: a person's e-mail, or the API key's name; null for the operator CLI",
      }),
      updatedAt: z
        .string()
        .meta({ format: 'date-time', description: 'When this version was set: a PUT of the same tariff keeps it' }),
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
      userEmail: 'shift-lead@fleet.example.com',
      updatedAt: '2026-11-21T18:00:00.000Z',
    },
  },
});

/** The routes, served by the `siteLimits` function, in the order the OpenAPI document lists them. */
export const siteTariffRoutes = defineRoutes('siteLimits', {
  'PUT /api/sites/{siteId}/tariff': {
    fieldRoot: 'body.tariff',
    summary: "Set a site's tariff (replaces the current one)",
    description:
      "Time-of-use energy prices in the site's time zone, a currency (ISO 4217) and an optional demand charge per kW of the month's highest 15-minute average power. The periods (energyPrices) must cover every minute of each ISO weekday (1 = Monday … 7 = Sunday) exactly once, at most 96 a day; a period may not cross midnight (endTime after startTime, 24:00 for the end of the day: split it in two). pricePerKwh: at most 6 decimals, from -1000 to 1000 (negative prices are allowed); demandCharge.pricePerKw: 0 to 1000. timezone is optional and must be the site's. A gap (the day and times are named), an overlap (both periods are named), an unknown currency: 400 naming the field, nothing stored. The answer gives the periods sorted by first day, then start. The period names are the time-of-use periods of GET /api/charging-sessions?includeTouEnergy=true. A change makes smart charging allocate the site again. A tariff equal to the stored one (the same currency, periods in any order and demand charge) is the same version: nothing is written or sent, and the stored tariff is answered with its updatedAt (and userEmail) unchanged. Unknown site, another organization's, or another site than a site-scoped key's: 404.",
    tags: ['Site tariffs'],
    request: { pathParameters: SiteTariffPath, body: SetSiteTariffBody },
    responses: { 200: { description: 'The stored tariff', schema: SiteTariffResponse } },
  },
  'GET /api/sites/{siteId}/tariff': {
    summary: "Read a site's tariff",
    description: "404 when the site has no tariff (the problem's detail says so), as for an unknown site.",
    tags: ['Site tariffs'],
    request: { pathParameters: SiteTariffPath },
    responses: { 200: { description: 'The tariff', schema: SiteTariffResponse } },
  },
  'DELETE /api/sites/{siteId}/tariff': {
    summary: "Remove a site's tariff",
    description:
      "204 with an empty body; 404 when the site has no tariff. The site's sessions then have one time-of-use period, all.",
    tags: ['Site tariffs'],
    request: { pathParameters: SiteTariffPath },
    responses: { 204: { description: 'Removed' } },
  },
});
