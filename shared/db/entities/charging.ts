/** Entities of the table: Charging sessions and reservations. */
import { Entity } from 'electrodb';
import {
  optionalString,
  optionalNumber,
  timestamp,
  SERVICE,
  type EntityConfiguration,
  OCPP_PROTOCOLS,
  energyCostAttribute,
} from './common';

/**
 * A charging session (OCPP transaction), in progress or ended, keyed by charger and OCPP
 * transactionId (`ocppTransactionId`, stored as `transactionKey`). When a 2.0.1 station starts a transaction again with the
 * transactionId of an ended one, the ended one moves to `<transactionId>#<sessionId>` and the new
 * one takes the transactionId. In no secondary index: the session lists read the history's
 * `sessionRecord` items, so a session write pays no index copy.
 */
const chargingSessionSchema = {
  model: { entity: 'chargingSession', version: '1', service: SERVICE },
  attributes: {
    chargerId: { type: 'number', required: true },
    ocppTransactionId: { type: 'string', required: true, field: 'transactionKey' },
    sessionId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    siteId: { type: 'number', required: true },
    portId: { type: 'number', required: true },
    portNumber: { type: 'number', required: true },
    ocppProtocol: { type: OCPP_PROTOCOLS, required: true },
    startTime: timestamp,
    endTime: optionalString,
    idTag: optionalString,
    meterStartWh: { type: 'number', required: true },
    meterStopWh: optionalNumber,
    energyDeliveredKwh: optionalNumber,
    socStartPercent: optionalNumber,
    socEndPercent: optionalNumber,
    stopReason: optionalString,
    /** The energy's cost under the site's tariff when the session ended (none without one). */
    energyCost: energyCostAttribute,
    remoteStartId: optionalNumber,
    reservationId: optionalNumber,
    accessIdId: optionalNumber,
    vehicleId: optionalNumber,
    customerName: optionalString,
    status: { type: ['InProgress', 'Completed'] as const, required: true },
    /**
     * The port's snapshot of the session when a new start superseded it (stopReason `Superseded`),
     * to put it back on its port if the charger reports on it again (`shared/charging/superseded.ts`).
     */
    portSnapshot: { type: 'any' },
    updatedAt: timestamp,
  },
  indexes: {
    primary: {
      // The key keeps the text it had when the attribute was named `transactionKey` (stored items,
      // the IAM patterns of lib/aws/table-rows.ts).
      pk: {
        field: 'pk',
        composite: ['chargerId', 'ocppTransactionId'],
        // biome-ignore lint/suspicious/noTemplateCurlyInString: ElectroDB's key template, not a JS template
        template: '$cn#chargerId_${chargerId}#transactionKey_${ocppTransactionId}',
        casing: 'none',
      },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const;

/**
 * A reservation (spec §2.5, §3.4), keyed by the caller's reservationId, unique per organization.
 * Active while `status` is Active and `expiryDate` is in the future.
 */
const reservationSchema = {
  model: { entity: 'reservation', version: '1', service: SERVICE },
  attributes: {
    organizationId: { type: 'number', required: true },
    reservationId: { type: 'number', required: true },
    chargerId: { type: 'number', required: true },
    portId: { type: 'number', required: true },
    portNumber: { type: 'number', required: true },
    idTag: { type: 'string', required: true },
    parentIdTag: optionalString,
    idTokenType: optionalString,
    expiryDate: timestamp,
    status: { type: ['Requested', 'Active', 'Cancelled', 'Used', 'Expired', 'Removed'] as const, required: true },
    createdAt: timestamp,
    updatedAt: timestamp,
    expiresAt: { type: 'number' },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['organizationId', 'reservationId'] },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const;

/** Builds the charging entities bound to one client and table. */
export function chargingEntities(config: EntityConfiguration) {
  return {
    chargingSession: new Entity(chargingSessionSchema, config),
    reservation: new Entity(reservationSchema, config),
  };
}
