/** Entities of the table: Site power limits. */
import { Entity } from 'electrodb';
import { timestamp, SERVICE, type EntityConfiguration } from './common';

/**
 * A site power limit schedule (spec §2.6, §4.7), keyed by site and type, so a site holds at most
 * one per type and a new one replaces the old with one PutItem; it shares the site's partition.
 * `scheduleId` is the API's string `id` (`<type>-<uuid>`), new on every replacement.
 */
const sitePowerLimitSchema = {
  model: { entity: 'sitePowerLimit', version: '1', service: SERVICE },
  attributes: {
    siteId: { type: 'number', required: true },
    type: { type: ['cost', 'capacity'] as const, required: true },
    scheduleId: { type: 'string', required: true },
    organizationId: { type: 'number', required: true },
    /** In `chargingRateUnit`: W or A; 0 or more. */
    limit: { type: 'number', required: true },
    chargingRateUnit: { type: ['W', 'A'] as const, required: true },
    /** Who set it: `api` (the only source so far). */
    source: { type: 'string', required: true },
    createdAt: timestamp,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['siteId'] }, sk: { field: 'sk', composite: ['type'] } },
  },
} as const;

/** Builds the site-power entities bound to one client and table. */
export function sitePowerEntities(config: EntityConfiguration) {
  return {
    sitePowerLimit: new Entity(sitePowerLimitSchema, config),
  };
}
