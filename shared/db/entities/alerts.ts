/**
 * Entities of the table: alerts (`shared/alerts/`, docs/alerts.md), raised and cleared by the
 * system when something at a site needs a person (reference notes, "Alerts").
 */
import { Entity } from 'electrodb';
import { optionalNumber, optionalString, timestamp, SERVICE, type EntityConfiguration } from './common';

/** The alert types: the reference product's five, and `chargerFaulted`, `profileDrift`, `securityEvent`, `certificateExpiring` and `chargerMonitor` of ours. */
export const ALERT_TYPES = [
  'offlineCharger',
  'lateCharging',
  'chargingSessionError',
  'chargingCompleted',
  'lowBattery',
  'chargerFaulted',
  'profileDrift',
  'securityEvent',
  'certificateExpiring',
  'chargerMonitor',
] as const;

/** One of {@link ALERT_TYPES}. */
export type AlertType = (typeof ALERT_TYPES)[number];

/**
 * An alert, keyed by its numeric `alertId` (its own partition), listed per organization on gsi1 by
 * `startTimestamp` (ISO 8601 UTC, `toISOString()`'s fixed format, so the strings sort as the
 * times) then `alertId`: "alerts raised after T", newest first, is a range of that index.
 *
 * One episode is one alert: `episodeKey` names what the alert is about (e.g.
 * `offlineCharger:charger:12`, `lateCharging:session:55`) and, while the alert is active, a
 * `uniqueValue` marker (constraint `activeAlert:<organizationId>`, value the episode key) written
 * in the same transaction as the alert holds it, so a second raise of the same episode is refused
 * by the table itself. Clearing sets `endTimestamp`, removes `activeOrganizationId` (so the alert
 * leaves the sparse gsi2 index of active alerts) and releases the marker.
 */
const alertSchema = {
  model: { entity: 'alert', version: '1', service: SERVICE },
  attributes: {
    alertId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    siteId: { type: 'number', required: true },
    chargerId: { type: 'number', required: true },
    /** Set when the alert concerns one port: its ID and its number on the charger (connectorId/evseId). */
    portId: optionalNumber,
    portNumber: optionalNumber,
    /** The charging session concerned, when there is one. */
    sessionId: optionalNumber,
    /** The vehicle concerned, when known. */
    vehicleId: optionalNumber,
    /** Names when raised, so an alert is shown and sent without reads. */
    siteName: { type: 'string', required: true },
    chargerName: { type: 'string', required: true },
    portName: optionalString,
    vehicleName: optionalString,
    type: { type: ALERT_TYPES, required: true },
    /** What the alert is about; one active alert per episode key and organization. */
    episodeKey: { type: 'string', required: true },
    /**
     * ISO 8601 UTC: when the alert was raised, that is written (never before `detectedAt`): the
     * time `GET /api/alerts?startTimestampAfter=` and its polls go by.
     */
    startTimestamp: timestamp,
    /** ISO 8601 UTC: when its condition was seen (the offline probe sent, the fault reported); absent on older alerts. */
    detectedAt: optionalString,
    /** ISO 8601 UTC: when it cleared; absent while the alert is active. */
    endTimestamp: optionalString,
    /** Raised during a maintenance window of its charger (or port): shown, never delivered. */
    muted: { type: 'boolean', required: true },
    /** The type's own object, in the API's shape (e.g. `{ thresholdMinutes }` for `offlineCharger`). */
    details: { type: 'any', required: true },
    /** The alert recipients an e-mail was sent to (`GET /api/alerts?alertRecipientIds=`). */
    recipientIds: { type: 'list', items: { type: 'number' } },
    /**
     * When a person (or an integrator's key) acknowledged the alert, ISO 8601 UTC, and who
     * (`actorOf`: a key's name, a person's e-mail); absent until then. Set once.
     */
    acknowledgedAt: optionalString,
    acknowledgedBy: optionalString,
    /** The organization's ID while the alert is active, absent once cleared: the sparse index of active alerts. */
    activeOrganizationId: optionalNumber,
    createdAt: timestamp,
    updatedAt: timestamp,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['alertId'] }, sk: { field: 'sk', composite: [] } },
    byOrganization: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['organizationId'] },
      sk: { field: 'gsi1sk', composite: ['startTimestamp', 'alertId'] },
    },
    /** Active alerts only (sparse: keys written while `activeOrganizationId` is set), by type. */
    activeByOrganization: {
      index: 'gsi2',
      condition: (attributes: Record<string, unknown>) => attributes.activeOrganizationId !== undefined,
      pk: { field: 'gsi2pk', composite: ['activeOrganizationId'] },
      sk: { field: 'gsi2sk', composite: ['type', 'alertId'] },
    },
  },
} as const;

/** Builds the alert entity bound to one client and table. */
export function alertEntities(config: EntityConfiguration) {
  return { alert: new Entity(alertSchema, config) };
}
