/** Routes of the `siteLimits` function: spec §4.7. */
import { defineRoutes } from './define';
import {
  SetSitePowerLimitBody,
  SiteLimitPath,
  SitePath,
  SitePowerLimitCreatedResponse,
  SitePowerLimitSchedulesResponse,
} from '../schemas/site-limits';

/** The routes, in the order the OpenAPI document lists them. */
export const siteLimitRoutes = defineRoutes('siteLimits', {
  'POST /api/site/{siteId}/limits': {
    fieldRoot: 'body.sitePowerLimitSchedule',
    summary: 'Set a site power limit (replaces the current one of its type)',
    description:
      "Spec §2.6, §4.7. 201 with the created schedule (a new string id) and sitePowerLimitScheduleId (the reference product's answer). limit: an integer from 0 to 100000000 W or 100000 A; 0 is accepted (every vehicle still starts at its minimum power: 8 A on Level 2, 5 kW on DCFC). A (amp) limits on a site with a DCFC charger: 400. Enforced on the chargers by smart charging (see GET /api/site/{siteId}/power-allocation). Unknown site, another organization's, or another site than a site-scoped key's: 404.",
    tags: ['Site power limits'],
    request: { pathParameters: SitePath, body: SetSitePowerLimitBody },
    responses: { 201: { description: 'The created schedule', schema: SitePowerLimitCreatedResponse } },
  },
  'GET /api/site/{siteId}/limits': {
    summary: 'List the active limits of a site',
    description:
      'Spec §4.7. At most one schedule per type (capacity first), an empty array when none. A flat limit is rendered as one schedule for days 1–7 with one period from startPeriod 0 (seconds from the start of the day); source is api.',
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
});
