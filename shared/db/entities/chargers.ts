/** Entities of the table: Sites, chargers, ports, their session readings and their locations by ID, uniqueness markers (WebSocket connections: `./connections.ts`). */
import { Entity } from 'electrodb';
import { pendingPasswordAttribute } from './charger-credentials';
import { stationTariffAttributes } from './station-tariff';
import { chargingOverrideAttribute, driverEstimateAttribute, forecastAttribute } from './port-inputs';
import {
  optionalString,
  optionalNumber,
  timestamp,
  reading,
  slotReadings,
  statusReport,
  externalChargingLimit,
  SERVICE,
  type EntityConfiguration,
  OCPP_PROTOCOLS,
} from './common';

/** A site: a place with chargers, one IANA timezone. Its power limits share its partition. */
const siteSchema = {
  model: { entity: 'site', version: '1', service: SERVICE },
  attributes: {
    siteId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    name: { type: 'string', required: true },
    address: optionalString,
    timezone: { type: 'string', required: true },
    /**
     * Number of DCFC chargers on the site, kept by the transactions that register or retype a
     * charger, so that "no amp limit on a site with DCFC chargers" (spec §2.6) is a condition
     * on this item. Unset on sites created before it existed (counted once when first needed).
     */
    dcfcChargerCount: optionalNumber,
    /**
     * Time-of-use periods in the site's timezone, set by the retired operator command
     * `sites set-tou`; the first period that covers a local time names it (`shared/history/tou.ts`).
     * Read only while the site has no tariff (whose periods replace them), removed when a tariff is
     * written (`shared/site-power/tariffs.ts`). Unset: one `all`.
     */
    touPeriods: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          name: { type: 'string', required: true },
          /** ISO weekdays, 1 = Monday … 7 = Sunday. */
          days: { type: 'list', required: true, items: { type: 'number' } },
          /** `HH:MM` local, inclusive. */
          start: { type: 'string', required: true },
          /** `HH:MM` local, exclusive; at or before `start`: the period runs past midnight. */
          end: { type: 'string', required: true },
        },
      },
    },
    createdAt: timestamp,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['siteId'] }, sk: { field: 'sk', composite: [] } },
    byOrganization: {
      index: 'gsi1',
      collection: 'organizationView',
      pk: { field: 'gsi1pk', composite: ['organizationId'] },
      sk: { field: 'gsi1sk', composite: ['siteId'] },
    },
  },
} as const;

/**
 * A charger. Its site and organization are copied onto it (`siteName`, `siteTimezone`, …) so a
 * charger read is one Query; a site or organization rename must update them.
 */
const chargerSchema = {
  model: { entity: 'charger', version: '1', service: SERVICE },
  attributes: {
    chargerId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    organizationName: { type: 'string', required: true },
    siteId: { type: 'number', required: true },
    siteName: { type: 'string', required: true },
    siteAddress: optionalString,
    siteTimezone: { type: 'string', required: true },
    name: { type: 'string', required: true },
    type: { type: ['DCFC', 'Level 2'] as const, required: true },
    ocppId: { type: 'string', required: true },
    externalId: optionalString,
    manufacturer: optionalString,
    model: optionalString,
    serialNumber: optionalString,
    firmwareVersion: optionalString,
    latitude: optionalNumber,
    longitude: optionalNumber,
    /** scrypt hash of the OCPP Basic-auth password (`scrypt$N$r$p$salt$hash`, base64). */
    passwordHash: optionalString,
    pendingPassword: pendingPasswordAttribute,
    /**
     * The OCPP security profile the charger is set to (OCPP 2.0.1 A00; 1.6 security whitepaper): 1
     * and 2 authenticate with the Basic-auth password, 3 with a client certificate
     * (docs/certificates.md). Unset: 2.
     */
    securityProfile: optionalNumber,
    connectionStatus: {
      type: 'map',
      properties: { status: { type: 'string', required: true }, timestamp: { type: 'string', required: true } },
    },
    /**
     * When the charger first connected, ISO 8601 UTC (set once, by its first connection): charger
     * health counts from it (`shared/history/health.ts`). Absent until then, and on chargers that
     * connected before it was recorded.
     */
    firstConnectedAt: optionalString,
    /** API Gateway connectionId of the charger's current WebSocket connection. */
    currentConnectionId: optionalString,
    /** Negotiated OCPP-J subprotocol of the current connection. */
    ocppProtocol: { type: OCPP_PROTOCOLS },
    /** Last BootNotification time. */
    lastBootAt: optionalString,
    /** OCPP 1.6 StatusNotification for connectorId 0 (the charger as a whole). */
    chargerOcppStatus: statusReport,
    /** Last FirmwareStatusNotification. */
    firmwareStatus: statusReport,
    /**
     * The charger's latest firmware request (`shared/charger-operations/firmware-kind.ts`):
     * `{ requestId, operationId, sentAt, history: [{ status, at }] }`, each FirmwareStatusNotification
     * of that request (2.0.1: its `requestId`; 1.6: any) appended to `history`.
     */
    firmwareRequest: { type: 'any' },
    /**
     * Whether the charger supports reservations, learnt from the charger (1.6 GetConfiguration
     * SupportedFeatureProfiles, 2.0.1 ReservationCtrlr Enabled/Available); unset = not known yet
     * (a BootNotification forgets it, as firmware may have changed).
     */
    reservationSupport: { type: ['supported', 'unsupported'] as const },
    /**
     * `unsupported`: the charger answered CostUpdated (OCPP 2.0.1 I04) with CALLERROR NotSupported
     * or NotImplemented, so it is not sent CostUpdated again; a BootNotification forgets it.
     */
    costUpdatedSupport: { type: ['unsupported'] as const },
    ...stationTariffAttributes,
    /**
     * Whether the charger takes charging profiles and in which units (`A`, `W`), learnt from the
     * charger at the first allocation after it connects (1.6 GetConfiguration, 2.0.1 GetVariables
     * SmartChargingCtrlr); a BootNotification forgets it.
     */
    smartCharging: {
      type: 'map',
      properties: {
        support: { type: ['supported', 'unsupported'] as const, required: true },
        /** `A` and/or `W`. */
        rateUnits: { type: 'list', items: { type: 'string' } },
        /** Most periods a schedule may have, as the charger reported it. */
        maxPeriods: optionalNumber,
        /** `unsupported`: it answered GetCompositeSchedule NotSupported/NotImplemented, so the drift check skips it. */
        compositeSchedule: { type: ['unsupported'] as const },
      },
    },
    /** The connection on which the charger refused or failed a charging profile: uncontrolled until it reconnects. */
    smartChargingRefusedOn: optionalString,
    /** A limit on the whole station (NotifyChargingLimit without an EVSE), until ClearedChargingLimit. */
    externalChargingLimit,
    /** The station's last ReportChargingProfiles (K09): the profiles it holds, in short. */
    chargingProfilesReport: {
      type: 'map',
      properties: {
        requestId: { type: 'number', required: true },
        chargingLimitSource: { type: 'string', required: true },
        evseId: { type: 'number', required: true },
        /** More reports of the request were announced (`tbc`). */
        tbc: { type: 'boolean' },
        receivedAt: { type: 'string', required: true },
        /** How many profiles the report held (only the first 32 are kept). */
        profileCount: { type: 'number', required: true },
        profiles: {
          type: 'list',
          required: true,
          items: {
            type: 'map',
            properties: {
              id: { type: 'number', required: true },
              stackLevel: { type: 'number', required: true },
              chargingProfilePurpose: { type: 'string', required: true },
              chargingProfileKind: { type: 'string', required: true },
              transactionId: optionalString,
            },
          },
        },
      },
    },
    /**
     * The command lane of the current connection (`shared/ocpp/commands/lane.ts`): one CALL of
     * ours on the wire at a time, in ticket order. Tickets issued and served; reset on connect
     * and disconnect.
     */
    commandsIssued: optionalNumber,
    commandsServed: optionalNumber,
    /** The command on the wire: its messageId, the connection it was posted to, lease end (epoch ms). */
    commandHolder: {
      type: 'map',
      properties: {
        messageId: { type: 'string', required: true },
        connectionId: { type: 'string', required: true },
        leaseUntil: { type: 'number', required: true },
      },
    },
    /** When `commandsServed` last moved (epoch ms): a ticket whose waiter never claims its turn is skipped after a grace. */
    commandTurnAt: optionalNumber,
    /** Tickets whose waiters gave up before their turn (skipped at once). */
    commandsAbandoned: { type: 'set', items: 'number' },
    createdAt: timestamp,
    updatedAt: timestamp,
  },
  indexes: {
    primary: {
      collection: 'chargerView',
      pk: { field: 'pk', composite: ['chargerId'] },
      sk: { field: 'sk', composite: [] },
    },
    byOrganization: {
      index: 'gsi1',
      collection: 'organizationView',
      pk: { field: 'gsi1pk', composite: ['organizationId'] },
      sk: { field: 'gsi1sk', composite: ['chargerId'] },
    },
  },
} as const;

/** A charging port (OCPP 1.6 connector, OCPP 2.0.1 EVSE). `portNumber` is the connectorId/evseId. */
const portSchema = {
  model: { entity: 'port', version: '1', service: SERVICE },
  attributes: {
    chargerId: { type: 'number', required: true },
    portNumber: { type: 'number', required: true },
    portId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    name: { type: 'string', required: true },
    connectorType: { type: ['CCS1', 'J1772', 'NACS'] as const, required: true },
    maximumPowerKw: optionalNumber,
    /** Created from a charger's report of a connector/EVSE it was not registered with (not by the operator). */
    reportedByCharger: { type: 'boolean' },
    ocppStatus: {
      type: 'map',
      properties: {
        status: { type: 'string', required: true },
        timestamp: { type: 'string', required: true },
        errorCode: { type: 'string', required: true },
        vendorErrorCode: optionalString,
        info: optionalString,
      },
    },
    /**
     * The session in progress on this port: who charges, and what the station and the vehicle
     * said about it. Its readings are in the port's `portReadings` item, which a MeterValues
     * rewrites without touching the port (the port is in `gsi1`, the readings are in no index).
     */
    currentChargingSession: {
      type: 'map',
      properties: {
        sessionId: { type: 'number', required: true },
        /** The OCPP transactionId as a string (1.6: our integer; 2.0.1: the charger's string). */
        ocppTransactionId: { type: 'string', required: true, field: 'transactionKey' },
        startTime: { type: 'string', required: true },
        idTag: optionalString,
        /** messageId of the 1.6 StartTransaction, to recognise its retransmission. */
        startMessageId: optionalString,
        /** The remote start this session answers, if any. */
        remoteStartId: optionalNumber,
        /** Who is charging, from the access ID of the idTag at start (spec §2.3). */
        vehicle: {
          type: 'map',
          properties: {
            id: { type: 'number', required: true },
            make: optionalString,
            model: optionalString,
            name: optionalString,
            vin: optionalString,
          },
        },
        rfid: {
          type: 'map',
          properties: { id: { type: 'number', required: true }, name: { type: 'string', required: true } },
        },
        customerName: optionalString,
        /**
         * What the vehicle said it needs over ISO 15118 (OCPP 2.0.1 NotifyEVChargingNeeds, K15),
         * as sent (A, V, W, Wh), with the site to re-allocate.
         */
        evChargingNeeds: {
          type: 'map',
          properties: {
            requestedEnergyTransfer: { type: 'string', required: true },
            /** ISO 8601 UTC. */
            departureTime: optionalString,
            energyAmountWh: optionalNumber,
            minCurrentA: optionalNumber,
            maxCurrentA: optionalNumber,
            maxVoltageV: optionalNumber,
            maxPowerW: optionalNumber,
            socPercent: optionalNumber,
            evEnergyCapacityWh: optionalNumber,
            /** Energy delivered in the session when the needs came, Wh (`energyAmountWh` counts from there). */
            deliveredWh: optionalNumber,
            siteId: { type: 'number', required: true },
            receivedAt: { type: 'string', required: true },
          },
        },
        /** The schedule the vehicle chose (NotifyEVChargingSchedule, K17): its first period and size. */
        evChargingSchedule: {
          type: 'map',
          properties: {
            timeBase: { type: 'string', required: true },
            chargingRateUnit: { type: ['A', 'W'] as const, required: true },
            startPeriod: { type: 'number', required: true },
            limit: { type: 'number', required: true },
            numberPhases: optionalNumber,
            periodCount: { type: 'number', required: true },
            receivedAt: { type: 'string', required: true },
          },
        },
      },
    },
    /** A limit on this EVSE set outside this CSMS (NotifyChargingLimit with its evseId), until ClearedChargingLimit. */
    externalChargingLimit,
    chargingOverride: chargingOverrideAttribute,
    driverEstimate: driverEstimateAttribute,
    forecast: forecastAttribute,
    /**
     * A remote start sent to this port and accepted, waiting for its session (1.6 links it by
     * port and idTag, since StartTransaction carries no remote start ID).
     */
    pendingRemoteStart: {
      type: 'map',
      properties: {
        remoteStartId: { type: 'number', required: true },
        idTag: { type: 'string', required: true },
        requestedAt: timestamp,
      },
    },
    createdAt: timestamp,
  },
  indexes: {
    primary: {
      collection: 'chargerView',
      pk: { field: 'pk', composite: ['chargerId'] },
      sk: { field: 'sk', composite: ['portNumber'] },
    },
    byOrganization: {
      index: 'gsi1',
      collection: 'organizationView',
      pk: { field: 'gsi1pk', composite: ['organizationId'] },
      sk: { field: 'gsi1sk', composite: ['chargerId', 'portNumber'] },
    },
  },
} as const;

/**
 * The readings of the session in progress on a port (spec §2.3 `latestReadings`,
 * `energyDeliveredKwh`): written with the session's start, rewritten by every MeterValues (one
 * UpdateItem of an item in no index: 1 WRU, docs/cost-and-scale.md), marked ended with the session's end
 * (not deleted: the charger-facing function can delete nothing in a charger's partition). It
 * shares the charger's partition and `chargerView` collection, so the charger read's one Query
 * returns it; the organization's lists read it with one BatchGetItem. Energy is kept as the
 * meter register (Wh); delivered energy is `energyRegisterWh - meterStartWh`.
 */
const portReadingsSchema = {
  model: { entity: 'portReadings', version: '1', service: SERVICE },
  attributes: {
    chargerId: { type: 'number', required: true },
    portNumber: { type: 'number', required: true },
    /** The session these readings belong to (the port's `currentChargingSession`). */
    sessionId: { type: 'number', required: true },
    /** Its OCPP transactionId as a string: a MeterValues names the transaction it reports on. */
    ocppTransactionId: { type: 'string', required: true, field: 'transactionKey' },
    /**
     * The charger's site when the session started: smart charging's stream trigger reads it from the
     * change (a vehicle's readings can make its site plan again). Absent on items older than it.
     */
    siteId: optionalNumber,
    /** Register at start, Wh; set from the first register seen when the start carried none. */
    meterStartWh: optionalNumber,
    energyRegisterWh: optionalNumber,
    socStartPercent: optionalNumber,
    powerKw: reading,
    currentA: reading,
    socPercent: reading,
    voltage: reading,
    /** Time of the latest reading received after the start (unset: none yet, the charger never proved it runs). */
    readingAt: optionalString,
    /** When the session ended (ISO 8601 UTC): its readings no longer change. */
    endedAt: optionalString,
    /**
     * Start (ISO 8601 UTC) of the session's open 15-minute slot: its readings are kept here, in
     * `slotReadings`, and move to the session's `sessionSlot` item when a later slot begins or the
     * session ends, so that a MeterValues is one write (docs/cost-and-scale.md).
     */
    slot: optionalString,
    slotReadings,
  },
  indexes: {
    primary: {
      collection: 'chargerView',
      pk: { field: 'pk', composite: ['chargerId'] },
      sk: { field: 'sk', composite: ['portNumber'] },
    },
  },
} as const;

/**
 * Where a port is, by its numeric ID (spec §2.3 `Port.id`): written once with the port, never
 * changed. The port itself is in no index by ID, so the readings and statuses that rewrite it cost
 * no index copy (docs/cost-and-scale.md); a lookup by port ID is one GetItem of this item.
 */
const portLocationSchema = {
  model: { entity: 'portLocation', version: '1', service: SERVICE },
  attributes: {
    portId: { type: 'number', required: true },
    chargerId: { type: 'number', required: true },
    portNumber: { type: 'number', required: true },
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['portId'] }, sk: { field: 'sk', composite: [] } },
  },
} as const;

/**
 * A uniqueness marker: one item per (constraint, value), written with `attribute_not_exists`
 * in the transaction that creates the owner, so the database rejects a duplicate.
 * `constraint` is e.g. `chargerOcppId` or `chargerExternalId:<organizationId>`.
 */
const uniqueValueSchema = {
  model: { entity: 'uniqueValue', version: '1', service: SERVICE },
  attributes: {
    constraint: { type: 'string', required: true },
    value: { type: 'string', required: true },
    targetId: { type: 'number', required: true },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['constraint', 'value'], casing: 'none' },
      sk: { field: 'sk', composite: [] },
    },
  },
} as const;

/** OCPP's security profiles (2.0.1 A00; 1.6 security whitepaper): 1 and 2 the Basic-auth password, 3 a client certificate. */
export const SECURITY_PROFILES = [1, 2, 3] as const;
/** A charger's security profile. */
export type SecurityProfile = (typeof SECURITY_PROFILES)[number];

/** A stored charger's security profile: its `securityProfile`; 2 when unset or not 1–3 (docs/certificates.md). */
export function securityProfileOf(charger: { securityProfile?: number | null }): SecurityProfile {
  return SECURITY_PROFILES.find((known) => known === charger.securityProfile) ?? 2;
}

/** Builds the chargers entities bound to one client and table. */
export function chargerEntities(config: EntityConfiguration) {
  return {
    site: new Entity(siteSchema, config),
    charger: new Entity(chargerSchema, config),
    port: new Entity(portSchema, config),
    portReadings: new Entity(portReadingsSchema, config),
    portLocation: new Entity(portLocationSchema, config),
    uniqueValue: new Entity(uniqueValueSchema, config),
  };
}
