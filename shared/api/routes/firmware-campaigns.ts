/**
 * The firmware campaigns route group (docs/firmware.md), served by the `chargerOperations`
 * function (a campaign starts update-firmware operations, which that function may start): bodies,
 * answers and queries, and the routes. The firmware fields are the update-firmware kind's
 * (`shared/charger-operations/firmware-kind.ts`).
 */
import * as z from 'zod';
import { CAMPAIGN_STATUSES } from '../../db/entities/firmware-campaigns';
import { chargerIdList, checkFirmwareDates, firmwareFields, positiveId } from '../../charger-operations';
import { MAX_CAMPAIGN_CHARGERS } from '../../firmware-campaigns';
import { Pagination, paginationQuery, RequestedBySchema } from './common';
import { defineRoutes } from './define';

const CHARGER_STATES = ['pending', 'updating', 'installed', 'failed', 'skipped'] as const;

/** `POST /api/firmware-campaigns` body. */
export const FirmwareCampaignRequest = z
  .strictObject({
    chargerIds: chargerIdList(MAX_CAMPAIGN_CHARGERS)
      .optional()
      .meta({ description: `These chargers (at most ${MAX_CAMPAIGN_CHARGERS})` }),
    siteId: positiveId
      .optional()
      .meta({ description: 'Every charger of this site (with model/manufacturer: those of the site)' }),
    model: z
      .string()
      .min(1)
      .max(50)
      .optional()
      .meta({ description: 'Chargers of this model, as their BootNotification stated it' }),
    manufacturer: z
      .string()
      .min(1)
      .max(50)
      .optional()
      .meta({ description: 'Chargers of this vendor, as their BootNotification stated it' }),
    ...firmwareFields,
    maxConcurrent: z.number().int().min(1).max(100).default(10).meta({ description: 'Most chargers updating at once' }),
    maxFailures: z.number().int().min(1).optional().meta({
      description:
        'The campaign stops (pending chargers skipped) once this many failed (default: never, every charger is tried)',
    }),
    maxDownPerSite: z
      .number()
      .int()
      .min(1)
      .optional()
      .meta({ description: 'Most chargers of one site updating at once (default: maxConcurrent)' }),
  })
  .superRefine((body, context) => {
    const ways = [
      body.chargerIds !== undefined,
      body.siteId !== undefined || body.model !== undefined || body.manufacturer !== undefined,
    ];
    if (ways.filter(Boolean).length !== 1) {
      context.addIssue({
        code: 'custom',
        message: 'give chargerIds, or siteId and/or model/manufacturer',
        path: ways[0] && ways[1] ? ['chargerIds'] : [],
      });
    }
  })
  .superRefine(checkFirmwareDates)
  .meta({ id: 'FirmwareCampaignRequest' });

/** One charger of a campaign. */
const CampaignCharger = z
  .object({
    chargerId: z.number().int(),
    ocppId: z.string(),
    siteId: z.number().int(),
    state: z.enum(CHARGER_STATES).meta({
      description:
        'pending: not started; updating: its update-firmware operation is in progress; installed; failed (error: the status it reported, Rejected, NotSupported, Timeout, FirmwareStalled, …); skipped (not connected, or the campaign stopped)',
    }),
    operationId: z
      .string()
      .optional()
      .meta({ description: 'Its update-firmware operation (GET /api/charger-operations/{operationId})' }),
    firmwareStatus: z.string().optional().meta({ description: 'The last FirmwareStatusNotification status' }),
    error: z.object({ code: z.string(), description: z.string() }).optional(),
    startedAt: z.string().optional(),
    endedAt: z.string().optional(),
  })
  .meta({ id: 'FirmwareCampaignCharger' });

/** A campaign. */
export const FirmwareCampaign = z
  .object({
    campaignId: z.string().meta({ description: 'UUIDv7' }),
    organizationId: z.number().int(),
    siteId: z.number().int().nullable().meta({ description: 'When every charger is on one site' }),
    status: z.enum(CAMPAIGN_STATUSES).meta({
      description:
        'running until no charger is pending or updating; then completed, stopped (maxFailures reached) or cancelled',
    }),
    stopReason: z
      .string()
      .nullable()
      .meta({ description: 'failureThreshold or cancelled: no charger is started any more' }),
    firmware: z.record(z.string(), z.unknown()).meta({ description: 'location, retrieveDate, … as asked' }),
    targets: z
      .record(z.string(), z.unknown())
      .meta({ description: 'chargerIds, siteId, model, manufacturer as asked' }),
    maxConcurrent: z.number().int(),
    maxFailures: z.number().int().optional().meta({ description: 'Absent: the campaign never stops for failures' }),
    maxDownPerSite: z.number().int().optional(),
    requestedBy: RequestedBySchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    completedAt: z.string().nullable(),
    counts: z.object({
      total: z.number().int(),
      pending: z.number().int(),
      updating: z.number().int(),
      installed: z.number().int(),
      failed: z.number().int(),
      skipped: z.number().int(),
    }),
    chargers: z.array(CampaignCharger),
  })
  .meta({ id: 'FirmwareCampaign' });

/** `{ data: campaign }`. */
export const FirmwareCampaignResponse = z.object({ data: FirmwareCampaign }).meta({ id: 'FirmwareCampaignResponse' });

/** A page of campaigns. */
export const FirmwareCampaignList = z
  .object({ data: z.array(FirmwareCampaign), pagination: Pagination })
  .meta({ id: 'FirmwareCampaignList' });

/** `{campaignId}` path. */
export const campaignIdPath = z.strictObject({
  campaignId: z.uuid({ version: 'v7', message: 'must be a campaign ID (UUIDv7)' }),
});

/** `GET /api/firmware-campaigns` query. */
export const FirmwareCampaignsQuery = paginationQuery.extend({ status: z.enum(CAMPAIGN_STATUSES).optional() });

/** The routes, in the order the OpenAPI document lists them. */
export const firmwareCampaignRoutes = defineRoutes('chargerOperations', {
  'POST /api/firmware-campaigns': {
    summary: 'Update the firmware of many chargers (a firmware campaign)',
    description:
      'One firmware to chargerIds, a siteId, or the chargers of a model/manufacturer (as their BootNotification stated it; within siteId when given). At most maxConcurrent chargers update at once (default 10), at most maxDownPerSite of one site; once maxFailures chargers failed the campaign stops and skips the rest. Each charger is an update-firmware operation (POST /api/ocpp/update-firmware) of its own. 201 with the campaign, its first chargers started. 400 naming the field: no charger matches, a bad location or date, a field a 1.6 charger cannot take (nothing started); 404 an unknown charger or site.',
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
