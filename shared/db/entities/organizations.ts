/** Entities of the table: Counters, organizations, API keys and rate-limit windows. */
import { Entity } from 'electrodb';
import { optionalString, optionalNumber, timestamp, SERVICE, type EntityConfiguration } from './common';

/** Atomic numeric ID counter; `value` is the last ID handed out. */
const counterSchema = {
  model: { entity: 'counter', version: '1', service: SERVICE },
  attributes: { name: { type: 'string', required: true }, value: { type: 'number', required: true } },
  indexes: { primary: { pk: { field: 'pk', composite: ['name'] }, sk: { field: 'sk', composite: [] } } },
} as const;

/** An organization (tenant). Listed through gsi2 for the operator CLI only. */
const organizationSchema = {
  model: { entity: 'organization', version: '1', service: SERVICE },
  attributes: {
    organizationId: { type: 'number', required: true },
    name: { type: 'string', required: true },
    /**
     * The organization's alert settings (`shared/alerts/settings.ts`): only those changed from the
     * defaults are stored, e.g. `{ offlineThresholdMinutes: 15 }`. A map of its own properties, so
     * that a change sets only the settings it changes (`SET alertSettings.<name> = …`): two
     * concurrent changes of different settings both stay.
     */
    alertSettings: {
      type: 'map',
      properties: {
        offlineThresholdMinutes: { type: 'number' },
        offlineClearAfterMinutes: { type: 'number' },
        chargerFaultedGraceMinutes: { type: 'number' },
        lateChargingMarginMinutes: { type: 'number' },
        lowBatterySocPercent: { type: 'number' },
      },
    },
    createdAt: timestamp,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['organizationId'] }, sk: { field: 'sk', composite: [] } },
    all: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: [] },
      sk: { field: 'gsi2sk', composite: ['organizationId'] },
    },
  },
} as const;

/** An API key, stored by the SHA-256 of the key (the key itself is shown once). */
const apiKeySchema = {
  model: { entity: 'apiKey', version: '1', service: SERVICE },
  attributes: {
    keyHash: { type: 'string', required: true },
    apiKeyId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    scope: { type: ['organization', 'site'] as const, required: true },
    siteId: optionalNumber,
    name: optionalString,
    createdAt: timestamp,
    revokedAt: optionalString,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['keyHash'] }, sk: { field: 'sk', composite: [] } },
    byId: { index: 'gsi1', pk: { field: 'gsi1pk', composite: ['apiKeyId'] }, sk: { field: 'gsi1sk', composite: [] } },
  },
} as const;

/** Requests counted for one API key in one minute (spec §8); expires by TTL. */
const rateLimitWindowSchema = {
  model: { entity: 'rateLimitWindow', version: '1', service: SERVICE },
  attributes: {
    keyHash: { type: 'string', required: true },
    window: { type: 'number', required: true },
    requests: { type: 'number' },
    expiresAt: { type: 'number' },
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['keyHash', 'window'] }, sk: { field: 'sk', composite: [] } },
  },
} as const;

/** Builds the organizations entities bound to one client and table. */
export function organizationEntities(config: EntityConfiguration) {
  return {
    counter: new Entity(counterSchema, config),
    organization: new Entity(organizationSchema, config),
    apiKey: new Entity(apiKeySchema, config),
    rateLimitWindow: new Entity(rateLimitWindowSchema, config),
  };
}
