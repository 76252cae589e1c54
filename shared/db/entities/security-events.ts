/**
 * Chargers' security events (docs/certificates.md, "Security events"): what a charger reported in
 * SecurityEventNotification (OCPP 2.0.1 A04; 1.6 security whitepaper), and what the CSMS itself
 * recorded about a charger (a CSR that SignCertificate refused). One item per event, in the
 * charger's partition, outside the `chargerView` collection (a charger's read never loads them).
 */
import { Entity } from 'electrodb';
import { optionalString, SERVICE, timestamp, type EntityConfiguration } from './common';

/** How long a security event is kept, in seconds (TTL): 400 days, as the charger history. */
export const SECURITY_EVENT_TTL_SECONDS = 400 * 86_400;

/**
 * One security event. Keyed by the event's time and type, so the charger's events list newest
 * first with one Query of its partition (sort key descending), and a notification the charger sends
 * again (no answer reached it) is stored once. The table's stream hands a new critical event to the
 * alert rules (`shared/alerts/security-events.ts`).
 */
const securityEventSchema = {
  model: { entity: 'securityEvent', version: '1', service: SERVICE },
  attributes: {
    chargerId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    siteId: { type: 'number', required: true },
    /** When it happened, ISO 8601 UTC: the charger's time (through `chargerTime`) or the CSMS's. */
    timestamp: timestamp,
    /** OCPP's security event type (the appendix's names, or a vendor's), or ours (`InvalidCsr`). */
    type: { type: 'string', required: true },
    /** OCPP's `techInfo` (at most 255 characters), or the CSMS's detail. */
    techInfo: optionalString,
    /** Who reported it: the charger (SecurityEventNotification) or the CSMS. */
    source: { type: ['charger', 'csms'] as const, required: true },
    /** Whether it raises a `securityEvent` alert (docs/certificates.md lists the types). */
    critical: { type: 'boolean', required: true },
    receivedAt: timestamp,
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['chargerId'] },
      sk: { field: 'sk', composite: ['timestamp', 'type'], casing: 'none' },
    },
  },
} as const;

/** Builds the security event entity bound to one client and table. */
export function securityEventEntities(config: EntityConfiguration) {
  return { securityEvent: new Entity(securityEventSchema, config) };
}
