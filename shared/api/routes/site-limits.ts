/** Routes of the `siteLimits` function: site power limits (spec §4.7) and site tariffs (`docs/tariffs.md`). */
import { defineRoutes } from './define';
import {
  SetSitePowerLimitBody,
  SiteLimitPath,
  SitePath,
  SitePowerLimitCreatedResponse,
  SitePowerLimitSchedulesResponse,
} from '../schemas/site-limits';
import { SetSiteTariffBody, SiteTariffPath, SiteTariffResponse } from '../schemas/site-tariffs';

/** The routes, in the order the OpenAPI document lists them. */
export const siteLimitRoutes = defineRoutes('siteLimits', {
  'POST /api/site/{siteId}/limits': {
    fieldRoot: 'body.sitePowerLimitSchedule',
    summary: 'Set a site power limit (replaces the current one of its type)',
    description:
      "Spec §2.6, §4.7. 201 with the created schedule (a new string id) and sitePowerLimitScheduleId (the reference product's answer). limit: an integer from 0 to 100000000 W or 100000 A; 0 is accepted (every vehicle still starts at its minimum power: 8 A on Level 2, 5 kW on DCFC). A (amp) limits on a site with a DCFC charger: 400. Extension: instead of limit, schedules sets a limit that changes with the time of day in the site's time zone (the reference product's shape, as GET answers it): each ISO weekday in exactly one schedule, chargingSchedulePeriods sorted by startPeriod (seconds after local midnight), the first at 0, at most 96, each limit as limit above; limit and schedules together, a weekday in two schedules or in none, periods out of order: 400 naming the field, nothing stored. Enforced on the chargers by smart charging (see GET /api/site/{siteId}/power-allocation). Unknown site, another organization's, or another site than a site-scoped key's: 404.",
    tags: ['Site power limits'],
    request: { pathParameters: SitePath, body: SetSitePowerLimitBody },
    responses: { 201: { description: 'The created schedule', schema: SitePowerLimitCreatedResponse } },
  },
  'GET /api/site/{siteId}/limits': {
    summary: 'List the active limits of a site',
    description:
      "Spec §4.7. At most one schedule per type (capacity first), an empty array when none. A flat limit is rendered as one schedule for days 1–7 with one period from startPeriod 0 (seconds from the start of the day); a limit by time of day as its schedules (each weekday in one, sorted by first day; periods by startPeriod, seconds from the start of the day in the site's time zone); source is api.",
    tags: ['Site power limits'],
    request: { pathParameters: SitePath },
    responses: { 200: { description: 'The active limits', schema: SitePowerLimitSchedulesResponse } },
  },
  'DELETE /api/site/{siteId}/limits/{scheduleId}': {
    summary: 'Clear a site power limit',
    description:
      "Spec §4.7. 204 with an empty body; 404 when the site or the schedule is unknown (a replaced schedule's id is unknown).",
    tags: ['Site power limits'],
    request: { pathParameters: SiteLimitPath },
    responses: { 204: { description: 'Cleared' } },
  },
  'PUT /api/sites/{siteId}/tariff': {
    fieldRoot: 'body.tariff',
    summary: "Set a site's tariff (replaces the current one)",
    description:
      "Time-of-use energy prices in the site's time zone, a currency (ISO 4217) and an optional demand charge per kW of the month's highest 15-minute average power. The periods (energyPrices) must cover every minute of each ISO weekday (1 = Monday … 7 = Sunday) exactly once, at most 96 a day; a period may not cross midnight (endTime after startTime, 24:00 for the end of the day: split it in two). pricePerKwh: at most 6 decimals, from -1000 to 1000 (negative prices are allowed); demandCharge.pricePerKw: 0 to 1000. timezone is optional and must be the site's. A gap (the day and times are named), an overlap (both periods are named), an unknown currency: 400 naming the field, nothing stored. The answer gives the periods sorted by first day, then start. The period names are the time-of-use periods of GET /api/charging-sessions?includeTouEnergy=true. A change makes smart charging allocate the site again. Unknown site, another organization's, or another site than a site-scoped key's: 404.",
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
