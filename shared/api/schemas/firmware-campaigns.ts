/**
 * Bodies, answers and queries of firmware campaigns (docs/firmware.md). The firmware fields are the
 * update-firmware kind's (`shared/charger-operations/inputs.ts`).
 */
import * as z from 'zod';
import { CAMPAIGN_STATUSES } from '../../db/entities/firmware-campaigns';
import { checkFirmwareDates, chargerIdList, firmwareFields, positiveId } from '../../charger-operations/inputs';
import { MAX_CAMPAIGN_CHARGERS } from '../../firmware-campaigns/campaigns';
import { Pagination, paginationQuery } from './common';

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
    requestedBy: z.union([z.object({ apiKeyId: z.number().int() }), z.object({ operator: z.string() })]),
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
