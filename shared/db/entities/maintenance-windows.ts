/**
 * Entities of the table: maintenance windows (`shared/maintenance-windows/`,
 * docs/maintenance-windows.md), a charger (or one of its ports) taken out of service for a time.
 */
import { Entity } from 'electrodb';
import { optionalNumber, optionalString, timestamp, SERVICE, type EntityConfiguration } from './common';

/**
 * A maintenance window, keyed by its numeric `maintenanceWindowId` (its own partition, so a write of one never
 * touches another item), listed per organization on gsi1 by its end: `endTimestamp` (ISO 8601 UTC,
 * always `toISOString()`'s fixed format, so the strings sort as the times) then `maintenanceWindowId`. "Windows
 * ending after T" is then a range of that index, which the list and charger health read.
 */
const maintenanceWindowSchema = {
  model: { entity: 'maintenanceWindow', version: '1', service: SERVICE },
  attributes: {
    maintenanceWindowId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    /** The charger's site when the window was created (a site-scoped key sees its site's windows). */
    siteId: { type: 'number', required: true },
    chargerId: { type: 'number', required: true },
    /** Set for a window of one port: its ID and its number on the charger. */
    portId: optionalNumber,
    portNumber: optionalNumber,
    /** ISO 8601 UTC. */
    startTimestamp: timestamp,
    /** ISO 8601 UTC, after `startTimestamp`. */
    endTimestamp: timestamp,
    comment: optionalString,
    /** Who made or last changed it (`actorOf`: a person's e-mail, an API key's name). */
    userEmail: optionalString,
    createdAt: timestamp,
    updatedAt: timestamp,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['maintenanceWindowId'] }, sk: { field: 'sk', composite: [] } },
    byOrganization: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['organizationId'] },
      sk: { field: 'gsi1sk', composite: ['endTimestamp', 'maintenanceWindowId'] },
    },
  },
} as const;

/** Builds the maintenance-window entity bound to one client and table. */
export function maintenanceWindowEntities(config: EntityConfiguration) {
  return { maintenanceWindow: new Entity(maintenanceWindowSchema, config) };
}
