/**
 * Entities of the table: firmware campaigns (`shared/firmware-campaigns/`, docs/firmware.md), one
 * firmware to many chargers with limits, advanced by the sweep and by reads.
 */
import { Entity } from 'electrodb';
import { optionalNumber, optionalString, timestamp, SERVICE, type EntityConfiguration } from './common';

/** The partition of the running campaigns' markers. */
export const RUNNING_CAMPAIGNS_QUEUE = 'firmwareCampaigns';

/** Statuses of a campaign: `running` until no charger is pending or updating. */
export const CAMPAIGN_STATUSES = ['running', 'completed', 'stopped', 'cancelled'] as const;

/**
 * A firmware campaign, keyed by its UUIDv7 `campaignId`, listed newest first per organization on
 * gsi1. `chargers` holds one entry per charger with its progress (at most `MAX_CAMPAIGN_CHARGERS`,
 * well inside DynamoDB's 400 KB item); every write is conditional on `revision`, so two advancers
 * never start the same charger twice.
 */
const firmwareCampaignSchema = {
  model: { entity: 'firmwareCampaign', version: '1', service: SERVICE },
  attributes: {
    campaignId: { type: 'string', required: true },
    organizationId: { type: 'number', required: true },
    /** Set when every charger is on this one site (a site-scoped key sees only these). */
    siteId: optionalNumber,
    status: { type: CAMPAIGN_STATUSES, required: true },
    /** Why it stopped starting chargers: `failureThreshold` or `cancelled`. */
    stopReason: optionalString,
    /** The firmware fields of the request (location, retrieveDate, …). */
    firmware: { type: 'any', required: true },
    /** How the chargers were chosen (the request's siteId, chargerIds, model, manufacturer). */
    targets: { type: 'any', required: true },
    maxConcurrent: { type: 'number', required: true },
    /** Unset: the campaign never stops for failures. */
    maxFailures: optionalNumber,
    maxDownPerSite: optionalNumber,
    /** One per charger: `{ chargerId, ocppId, siteId, state, operationId?, firmwareStatus?, error?, startedAt?, endedAt? }`. */
    chargers: { type: 'any', required: true },
    requestedBy: {
      type: 'map',
      required: true,
      properties: {
        apiKeyId: optionalNumber,
        userId: optionalNumber,
        userEmail: optionalString,
        operator: optionalString,
      },
    },
    revision: { type: 'number', required: true },
    createdAt: timestamp,
    updatedAt: timestamp,
    completedAt: optionalString,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['campaignId'] }, sk: { field: 'sk', composite: [] } },
    byOrganization: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['organizationId'] },
      sk: { field: 'gsi1sk', composite: ['campaignId'] },
    },
  },
} as const;

/** A running campaign, in one partition the sweep reads every minute: written with it, deleted when it ends. */
const runningFirmwareCampaignSchema = {
  model: { entity: 'runningFirmwareCampaign', version: '1', service: SERVICE },
  attributes: {
    /** Always `firmwareCampaigns`: the partition. */
    queue: { type: [RUNNING_CAMPAIGNS_QUEUE] as const, required: true, default: RUNNING_CAMPAIGNS_QUEUE },
    campaignId: { type: 'string', required: true },
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['queue'] }, sk: { field: 'sk', composite: ['campaignId'] } },
  },
} as const;

/** Builds the firmware-campaign entities bound to one client and table. */
export function firmwareCampaignEntities(config: EntityConfiguration) {
  return {
    firmwareCampaign: new Entity(firmwareCampaignSchema, config),
    runningFirmwareCampaign: new Entity(runningFirmwareCampaignSchema, config),
  };
}
