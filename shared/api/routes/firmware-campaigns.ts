/**
 * Routes of firmware campaigns (docs/firmware.md), served by the `chargerOperations` function: a
 * campaign starts update-firmware operations, which that function may start.
 */
import { defineRoutes } from './define';
import {
  campaignIdPath,
  FirmwareCampaignList,
  FirmwareCampaignRequest,
  FirmwareCampaignResponse,
  FirmwareCampaignsQuery,
} from '../schemas/firmware-campaigns';

/** The routes, in the order the OpenAPI document lists them. */
export const firmwareCampaignRoutes = defineRoutes('chargerOperations', {
  'POST /api/firmware-campaigns': {
    summary: 'Update the firmware of many chargers (a firmware campaign)',
    description:
      'One firmware to chargerIds, a siteId, or the chargers of a model/manufacturer (as their BootNotification stated it; within siteId when given). At most maxConcurrent chargers update at once (default 10), at most maxDownPerSite of one site; once maxFailures chargers failed the campaign stops and skips the rest. Each charger is an update-firmware operation (POST /api/ocpp/update-firmware) of its own. 201 with the campaign, its first chargers started. 400 naming the field: no charger matches, a bad location or date, a 2.0.1-only field for a 1.6 charger (nothing started); 404 an unknown charger or site.',
    tags: ['Firmware campaigns'],
    request: { body: FirmwareCampaignRequest },
    responses: { 201: { description: 'The campaign, running', schema: FirmwareCampaignResponse } },
  },
  'GET /api/firmware-campaigns': {
    summary: 'Firmware campaigns',
    description: 'Newest first, 100 per page; filter status. A site-scoped key sees the campaigns of its site only.',
    tags: ['Firmware campaigns'],
    request: { queryStringParameters: FirmwareCampaignsQuery },
    responses: { 200: { description: 'One page of campaigns', schema: FirmwareCampaignList } },
  },
  'GET /api/firmware-campaigns/{campaignId}': {
    summary: 'A firmware campaign with its progress per charger',
    description:
      "Its status, counts per state and each charger's progress. Reading a running campaign advances it: the updates that ended are recorded, the next chargers started (the sweep does so every minute too).",
    tags: ['Firmware campaigns'],
    request: { pathParameters: campaignIdPath },
    responses: { 200: { description: 'The campaign', schema: FirmwareCampaignResponse } },
  },
  'POST /api/firmware-campaigns/{campaignId}/cancel': {
    summary: 'Cancel a firmware campaign',
    description:
      'No charger is started any more and the pending ones are skipped; the updates in progress go on, and the campaign ends cancelled when they have ended. An ended campaign is answered as it is.',
    tags: ['Firmware campaigns'],
    request: { pathParameters: campaignIdPath },
    responses: { 200: { description: 'The campaign', schema: FirmwareCampaignResponse } },
  },
});
