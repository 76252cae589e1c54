/**
 * Routes of the `alerts` function: alerts and the organization's alert settings (issue 27 items 1
 * and 2; reference notes, "Alerts"; docs/alerts.md).
 */
import { defineRoutes, idPath } from './define';
import {
  AlertList,
  AlertResponse,
  AlertSettingsResponse,
  AlertsQuery,
  PatchAlertSettingsBody,
} from '../schemas/alerts';

/** The routes, in the order the OpenAPI document lists them. */
export const alertRoutes = defineRoutes('alerts', {
  'GET /api/alerts': {
    summary: 'List alerts',
    description:
      'Reference notes, "Alerts". Newest first (by startTimestamp: when the alert was raised, that is written; detectedTimestamp is when its condition was seen), up to 50 per page. startTimestampAfter: alerts raised after it. pollCursor: poll for new alerts instead, each exactly once, oldest first (docs/alerts.md, "Polling"): an ISO time to start after, then the pagination.pollCursor of each answer. includeMuted (default false): muted alerts too (raised during a maintenance window). alertRecipientIds: alerts e-mailed to one of these recipients. siteIds, chargerIds, types: repeat the bare name (types=offlineCharger&types=chargerFaulted; name[] and comma-joined values are accepted too), at most 50 each; an unknown type is a 400. active: true for active alerts only, false for ended ones only. With several filters an alert must match each. A site-scoped key sees its site\'s alerts only; IDs it cannot see match nothing.',
    tags: ['Alerts'],
    request: { queryStringParameters: AlertsQuery },
    responses: { 200: { description: 'One page of alerts', schema: AlertList } },
  },
  'GET /api/alerts/{id}': {
    summary: 'Get an alert',
    description: "404 for an unknown alert or another organization's (or site's).",
    tags: ['Alerts'],
    request: { pathParameters: idPath },
    responses: { 200: { description: 'The alert', schema: AlertResponse } },
  },
  'GET /api/alert-settings': {
    summary: "Get the organization's alert settings",
    description: 'Every setting, defaults filled in (docs/alerts.md, "Settings").',
    tags: ['Alerts'],
    responses: { 200: { description: 'The settings', schema: AlertSettingsResponse } },
  },
  'PATCH /api/alert-settings': {
    summary: "Change the organization's alert settings",
    description:
      'The settings given change, the others keep their values; answers every setting. Whole minutes (lowBatterySocPercent: %), each within its bounds, else a 400 naming the field (nothing stored). Organization-scoped keys only (a site-scoped key gets a 400 naming headers.authorization, spec §7). A change applies from the next sweep or event on; raised alerts keep the values they were raised with.',
    tags: ['Alerts'],
    organizationScopeOnly: true,
    request: { body: PatchAlertSettingsBody },
    fieldRoot: 'body.alertSettings',
    responses: { 200: { description: 'The settings', schema: AlertSettingsResponse } },
  },
});
