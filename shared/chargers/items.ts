/**
 * Stored items of the chargers context and the names they are found by: the leaf every other
 * module of `chargers/` (and the contexts that read ports) imports, so none of them import each
 * other in a circle.
 */
import type { EntityItem } from 'electrodb';
import type { Db } from '../db';

/** A stored charger item. */
export type ChargerItem = EntityItem<Db['charger']>;
/** A stored port item (OCPP 1.6 connector / 2.0.1 EVSE). */
export type PortItem = EntityItem<Db['port']>;
/** A stored site item. */
export type SiteItem = EntityItem<Db['site']>;

/** Uniqueness constraints of chargers (see `claimUnique` in the data layer). */
export const CHARGER_CONSTRAINTS = {
  /** OCPP identity: unique across the whole deployment (it is the WebSocket URL). */
  ocppId: () => 'chargerOcppId',
  /** External ID: unique per organization. */
  externalId: (organizationId: number) => `chargerExternalId:${organizationId}`,
} as const;

/** Name of a port by number: `Port 1`, `Port 2`, … */
export function portName(portNumber: number): string {
  return `Port ${portNumber}`;
}
