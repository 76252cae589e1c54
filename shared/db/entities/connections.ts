/** Entities of the table: chargers' WebSocket connections. */
import { Entity } from 'electrodb';
import { OCPP_PROTOCOLS, optionalString, SERVICE, timestamp, type EntityConfiguration } from './common';

/**
 * One WebSocket connection of a charger, keyed by API Gateway's connectionId: `$default` and
 * `$disconnect` events carry only that ID. Expires by TTL after API Gateway's 2-hour maximum.
 */
const connectionSchema = {
  model: { entity: 'connection', version: '1', service: SERVICE },
  attributes: {
    connectionId: { type: 'string', required: true },
    chargerId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    siteId: { type: 'number', required: true },
    chargerType: { type: ['DCFC', 'Level 2'] as const, required: true },
    ocppId: { type: 'string', required: true },
    ocppProtocol: { type: OCPP_PROTOCOLS, required: true },
    connectedAt: timestamp,
    /**
     * ISO 8601 UTC: a time the charger sent a frame on this connection, written at most every
     * 5 minutes while it talks by `$default`, and by the alert sweep when it answers the probe
     * (`shared/chargers/last-message.ts`). Unset: nothing recorded since `connectedAt`.
     */
    lastMessageAt: optionalString,
    expiresAt: { type: 'number' },
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['connectionId'], casing: 'none' }, sk: { field: 'sk', composite: [] } },
  },
} as const;

/** Builds the connection entity bound to one client and table. */
export function connectionEntities(config: EntityConfiguration) {
  return { connection: new Entity(connectionSchema, config) };
}
