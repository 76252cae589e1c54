/**
 * Stored items of the chargers context and the names they are found by: the leaf every other
 * module of `chargers/` (and the contexts that read ports) imports, so none of them import each
 * other in a circle.
 */
import type { EntityItem } from 'electrodb';
import type { Db } from '../db';

/** A stored charger item. */
export type ChargerItem = EntityItem<Db['charger']>;
/** A stored port item (OCPP 1.6 connector / 2.0.1 EVSE), without its session's readings. */
export type StoredPortItem = EntityItem<Db['port']>;
/** A stored `portReadings` item: the readings of the session in progress on a port. */
export type PortReadingsItem = EntityItem<Db['portReadings']>;
/** The readings of a session in progress: registers in Wh, power in kW, current in A, voltage in V, SoC in %. */
export type SessionReadings = Omit<
  PortReadingsItem,
  'chargerId' | 'portNumber' | 'sessionId' | 'ocppTransactionId' | 'endedAt' | 'slot' | 'slotReadings' | 'siteId'
>;
/**
 * A port as the domain reads it: the stored port with the readings of its session in progress
 * (`./port-readings.ts` joins them).
 */
export type PortItem = Omit<StoredPortItem, 'currentChargingSession'> & {
  currentChargingSession?: NonNullable<StoredPortItem['currentChargingSession']> & SessionReadings;
};
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
