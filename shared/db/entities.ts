/**
 * The single-table model (ARCHITECTURE.md, "Data"), declared with ElectroDB.
 *
 * Keys: `pk`/`sk` on the table, `gsi1pk`/`gsi1sk` and `gsi2pk`/`gsi2sk` on two GSIs, TTL on
 * `expiresAt`. Access patterns are named on each entity; collections group the items one Query
 * reads together:
 * - `chargerView` (table index, partition = one charger): the charger and its ports, so
 *   `GET /api/chargers/:id` is one Query.
 * - `organizationView` (gsi1, partition = one organization): its sites, chargers and ports, so
 *   `GET /api/sites` is one (paged) Query.
 *
 * Uniqueness that the spec needs (a charger's OCPP identity, its external ID per organization, …)
 * is enforced by {@link uniqueValue} marker items written in the same transaction as the item.
 */
import { Entity, Service } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Key attribute names of the table and its GSIs; the CDK stack and the local table use these. */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttl: 'expiresAt',
  gsis: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

const SERVICE = 'cn';
const optionalString = { type: 'string' } as const;
const optionalNumber = { type: 'number' } as const;
const timestamp = { type: 'string', required: true } as const;
/** A measurement with its own timestamp (spec §2.3 `latestReadings.*`). */
const reading = {
  type: 'map',
  properties: { value: { type: 'number', required: true }, timestamp: { type: 'string', required: true } },
} as const;
/** A status report with its time (firmware, diagnostics, the charger's connector 0). */
const statusReport = {
  type: 'map',
  properties: {
    status: { type: 'string', required: true },
    timestamp: { type: 'string', required: true },
    errorCode: { type: 'string' },
    vendorErrorCode: { type: 'string' },
    info: { type: 'string' },
  },
} as const;

/** Builds the entities bound to one client and table. */
export function createEntities(client: DynamoDBDocumentClient, table: string) {
  const config = { client, table };

  /** Atomic numeric ID counter; `value` is the last ID handed out. */
  const counter = new Entity(
    {
      model: { entity: 'counter', version: '1', service: SERVICE },
      attributes: { name: { type: 'string', required: true }, value: { type: 'number', required: true } },
      indexes: { primary: { pk: { field: 'pk', composite: ['name'] }, sk: { field: 'sk', composite: [] } } },
    },
    config,
  );

  /** An organization (tenant). Listed through gsi2 for the operator CLI only. */
  const organization = new Entity(
    {
      model: { entity: 'organization', version: '1', service: SERVICE },
      attributes: {
        organizationId: { type: 'number', required: true },
        name: { type: 'string', required: true },
        createdAt: timestamp,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['organizationId'] }, sk: { field: 'sk', composite: [] } },
        all: { index: 'gsi2', pk: { field: 'gsi2pk', composite: [] }, sk: { field: 'gsi2sk', composite: ['organizationId'] } },
      },
    },
    config,
  );

  /** An API key, stored by the SHA-256 of the key (the key itself is shown once). */
  const apiKey = new Entity(
    {
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
    },
    config,
  );

  /** A site: a place with chargers, one IANA timezone. Its power limits share its partition. */
  const site = new Entity(
    {
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
    },
    config,
  );

  /**
   * A charger. Its site and organization are copied onto it (`siteName`, `siteTimezone`, …) so a
   * charger read is one Query; a site or organization rename must update them.
   */
  const charger = new Entity(
    {
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
        connectionStatus: {
          type: 'map',
          properties: { status: { type: 'string', required: true }, timestamp: { type: 'string', required: true } },
        },
        /** API Gateway connectionId of the charger's current WebSocket connection. */
        currentConnectionId: optionalString,
        /** Negotiated OCPP-J subprotocol of the current connection. */
        ocppProtocol: { type: ['ocpp1.6', 'ocpp2.0.1'] as const },
        /** Last BootNotification time. */
        lastBootAt: optionalString,
        /** OCPP 1.6 StatusNotification for connectorId 0 (the charger as a whole). */
        chargerOcppStatus: statusReport,
        /** Last FirmwareStatusNotification. */
        firmwareStatus: statusReport,
        /**
         * Whether the charger supports reservations, learnt from the charger (1.6 GetConfiguration
         * SupportedFeatureProfiles, 2.0.1 ReservationCtrlr Enabled/Available); unset = not known yet
         * (a BootNotification forgets it, as firmware may have changed).
         */
        reservationSupport: { type: ['supported', 'unsupported'] as const },
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
    },
    config,
  );

  /** A charging port (OCPP 1.6 connector, OCPP 2.0.1 EVSE). `portNumber` is the connectorId/evseId. */
  const port = new Entity(
    {
      model: { entity: 'port', version: '1', service: SERVICE },
      attributes: {
        chargerId: { type: 'number', required: true },
        portNumber: { type: 'number', required: true },
        portId: { type: 'number', required: true },
        organizationId: { type: 'number', required: true },
        name: { type: 'string', required: true },
        connectorType: { type: ['CCS1', 'J1772', 'NACS'] as const, required: true },
        maximumPowerKw: optionalNumber,
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
         * The session in progress on this port, kept on the port so that a charger read stays one
         * Query and a MeterValues is one UpdateItem. Energy is kept as the meter register (Wh);
         * delivered energy is `energyRegisterWh - meterStartWh`.
         */
        currentChargingSession: {
          type: 'map',
          properties: {
            sessionId: { type: 'number', required: true },
            /** The OCPP transactionId as a string (1.6: our integer; 2.0.1: the charger's string). */
            transactionKey: { type: 'string', required: true },
            startTime: { type: 'string', required: true },
            idTag: optionalString,
            /** Register at start, Wh; set from the first register seen when the start carried none. */
            meterStartWh: optionalNumber,
            energyRegisterWh: optionalNumber,
            socStartPercent: optionalNumber,
            powerKw: reading,
            currentA: reading,
            socPercent: reading,
            voltage: reading,
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
            rfid: { type: 'map', properties: { id: { type: 'number', required: true }, name: { type: 'string', required: true } } },
            customerName: optionalString,
          },
        },
        /**
         * A remote start sent to this port and accepted, waiting for its session (1.6 links it by
         * port and idTag, since StartTransaction carries no remote start ID).
         */
        pendingRemoteStart: {
          type: 'map',
          properties: {
            remoteStartId: { type: 'number', required: true },
            idTag: { type: 'string', required: true },
            requestedAt: { type: 'string', required: true },
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
        byId: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['portId'] }, sk: { field: 'gsi2sk', composite: [] } },
      },
    },
    config,
  );

  /**
   * A uniqueness marker: one item per (constraint, value), written with `attribute_not_exists`
   * in the transaction that creates the owner, so the database rejects a duplicate.
   * `constraint` is e.g. `chargerOcppId` or `chargerExternalId:<organizationId>`.
   */
  const uniqueValue = new Entity(
    {
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
    },
    config,
  );

  /**
   * One WebSocket connection of a charger, keyed by API Gateway's connectionId: `$default` and
   * `$disconnect` events carry only that ID. Expires by TTL after API Gateway's 2-hour maximum.
   */
  const connection = new Entity(
    {
      model: { entity: 'connection', version: '1', service: SERVICE },
      attributes: {
        connectionId: { type: 'string', required: true },
        chargerId: { type: 'number', required: true },
        organizationId: { type: 'number', required: true },
        siteId: { type: 'number', required: true },
        chargerType: { type: ['DCFC', 'Level 2'] as const, required: true },
        ocppId: { type: 'string', required: true },
        ocppProtocol: { type: ['ocpp1.6', 'ocpp2.0.1'] as const, required: true },
        connectedAt: timestamp,
        expiresAt: { type: 'number' },
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['connectionId'], casing: 'none' }, sk: { field: 'sk', composite: [] } },
      },
    },
    config,
  );

  /**
   * A charging session (OCPP transaction), in progress or ended, keyed by charger and OCPP
   * transactionId. Listed per organization by start time on gsi2.
   */
  const chargingSession = new Entity(
    {
      model: { entity: 'chargingSession', version: '1', service: SERVICE },
      attributes: {
        chargerId: { type: 'number', required: true },
        transactionKey: { type: 'string', required: true },
        sessionId: { type: 'number', required: true },
        organizationId: { type: 'number', required: true },
        siteId: { type: 'number', required: true },
        portId: { type: 'number', required: true },
        portNumber: { type: 'number', required: true },
        ocppProtocol: { type: ['ocpp1.6', 'ocpp2.0.1'] as const, required: true },
        startTime: timestamp,
        endTime: optionalString,
        idTag: optionalString,
        meterStartWh: { type: 'number', required: true },
        meterStopWh: optionalNumber,
        energyDeliveredKwh: optionalNumber,
        socStartPercent: optionalNumber,
        socEndPercent: optionalNumber,
        stopReason: optionalString,
        remoteStartId: optionalNumber,
        reservationId: optionalNumber,
        accessIdId: optionalNumber,
        vehicleId: optionalNumber,
        customerName: optionalString,
        status: { type: ['InProgress', 'Completed'] as const, required: true },
        updatedAt: timestamp,
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['chargerId', 'transactionKey'], casing: 'none' },
          sk: { field: 'sk', composite: [] },
        },
        byOrganization: {
          index: 'gsi2',
          pk: { field: 'gsi2pk', composite: ['organizationId'] },
          sk: { field: 'gsi2sk', composite: ['startTime', 'sessionId'] },
        },
      },
    },
    config,
  );

  /**
   * Correlation record of a CALL we sent to a charger (ARCHITECTURE.md, "Commands"): the charger's
   * CALLRESULT/CALLERROR written by `$default` (or TimedOut by the waiting command), polled by the
   * command's sender. Expires by TTL.
   */
  const ocppCommand = new Entity(
    {
      model: { entity: 'ocppCommand', version: '1', service: SERVICE },
      attributes: {
        messageId: { type: 'string', required: true },
        chargerId: { type: 'number', required: true },
        action: optionalString,
        status: { type: ['Pending', 'Answered', 'Failed', 'TimedOut'] as const, required: true },
        response: { type: 'any' },
        errorCode: optionalString,
        errorDescription: optionalString,
        createdAt: timestamp,
        answeredAt: optionalString,
        expiresAt: { type: 'number' },
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['messageId'], casing: 'none' }, sk: { field: 'sk', composite: [] } },
      },
    },
    config,
  );

  /**
   * A reservation (spec §2.5, §3.4), keyed by the caller's reservationId, unique per organization.
   * Active while `status` is Active and `expiryDate` is in the future.
   */
  const reservation = new Entity(
    {
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
        primary: { pk: { field: 'pk', composite: ['organizationId', 'reservationId'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    config,
  );

  /**
   * A vehicle (spec §2.2), listed per organization by ID. Its name (case-insensitive) and VIN are
   * unique in the organization through {@link uniqueValue} markers (`vehicleName:<org>`,
   * `vehicleVin:<org>`).
   */
  const vehicle = new Entity(
    {
      model: { entity: 'vehicle', version: '1', service: SERVICE },
      attributes: {
        organizationId: { type: 'number', required: true },
        vehicleId: { type: 'number', required: true },
        name: optionalString,
        make: optionalString,
        model: optionalString,
        vin: optionalString,
        licensePlate: optionalString,
        /** Set by a telematics integration (the operator CLI stands in for it); its VIN wins over submitted ones. */
        hasTelematics: { type: 'boolean', required: true, default: false },
        customerName: optionalString,
        /** Normalised ocppIdTags of the access IDs attached to this vehicle (read back with one BatchGet). */
        accessIdTags: { type: 'set', items: 'string' },
        createdAt: timestamp,
        updatedAt: timestamp,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['organizationId'] }, sk: { field: 'sk', composite: ['vehicleId'] } },
      },
    },
    config,
  );

  /**
   * An access ID (spec §2.1): keyed by its normalised ocppIdTag within the organization, so the
   * tag is unique by construction and a charger's Authorize is one GetItem. Found by numeric ID on
   * gsi1, listed per organization by ID on gsi2.
   */
  const accessId = new Entity(
    {
      model: { entity: 'accessId', version: '1', service: SERVICE },
      attributes: {
        organizationId: { type: 'number', required: true },
        ocppIdTag: { type: 'string', required: true },
        accessIdId: { type: 'number', required: true },
        type: { type: ['RFID', 'Vehicle'] as const, required: true },
        name: { type: 'string', required: true },
        authorizationStatus: { type: ['Authorized', 'Revoked'] as const, required: true },
        authorizedAt: timestamp,
        revokedAt: optionalString,
        vehicleId: optionalNumber,
        customerName: optionalString,
        createdAt: timestamp,
        updatedAt: timestamp,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['organizationId', 'ocppIdTag'], casing: 'none' }, sk: { field: 'sk', composite: [] } },
        byId: { index: 'gsi1', pk: { field: 'gsi1pk', composite: ['accessIdId'] }, sk: { field: 'gsi1sk', composite: [] } },
        byOrganization: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['organizationId'] }, sk: { field: 'gsi2sk', composite: ['accessIdId'] } },
      },
    },
    config,
  );

  /** A customer (spec §2.1): identified by name within the organization, case-insensitively (`nameKey` is lower-cased). */
  const customer = new Entity(
    {
      model: { entity: 'customer', version: '1', service: SERVICE },
      attributes: {
        organizationId: { type: 'number', required: true },
        nameKey: { type: 'string', required: true },
        name: { type: 'string', required: true },
        createdAt: timestamp,
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['organizationId'] }, sk: { field: 'sk', composite: ['nameKey'], casing: 'none' } },
      },
    },
    config,
  );

  /**
   * The future departures of one owner (a vehicle, or a VIN no vehicle has yet) as its last
   * synchronisation set them (spec §4.2), as ONE item: a synchronisation replaces the whole set
   * with one conditional write on `version`, so two overlapping ones end with one of the two sets,
   * never a mix (see `shared/departures/store.ts`). Entries whose time has passed are past
   * departures; the next synchronisation moves them to {@link departure} items. `owner` is
   * `vehicle:<id>` or `vin:<VIN>`.
   */
  const departurePlan = new Entity(
    {
      model: { entity: 'departurePlan', version: '1', service: SERVICE },
      attributes: {
        organizationId: { type: 'number', required: true },
        owner: { type: 'string', required: true },
        vehicleId: optionalNumber,
        vehicleVin: optionalString,
        /** Incremented by every synchronisation; the condition of the next one. */
        version: { type: 'number', required: true },
        syncedAt: timestamp,
        departures: {
          type: 'list',
          required: true,
          items: {
            type: 'map',
            properties: {
              departureId: { type: 'number', required: true },
              /** UTC ISO 8601. */
              departureTime: { type: 'string', required: true },
              shiftName: optionalString,
              routeName: optionalString,
              /** %, 0–100. */
              targetSoc: { type: 'number', required: true },
            },
          },
        },
      },
      indexes: {
        primary: { pk: { field: 'pk', composite: ['organizationId', 'owner'], casing: 'none' }, sk: { field: 'sk', composite: [] } },
      },
    },
    config,
  );

  /**
   * A past departure kept after its plan moved on (spec §4.2: "past departures already stored are
   * left unchanged"), by owner and time, in the partition of its owner's {@link departurePlan}.
   */
  const departure = new Entity(
    {
      model: { entity: 'departure', version: '1', service: SERVICE },
      attributes: {
        organizationId: { type: 'number', required: true },
        owner: { type: 'string', required: true },
        departureId: { type: 'number', required: true },
        /** UTC ISO 8601. */
        departureTime: { type: 'string', required: true },
        vehicleId: optionalNumber,
        vehicleVin: optionalString,
        shiftName: optionalString,
        routeName: optionalString,
        /** %, 0–100. */
        targetSoc: { type: 'number', required: true },
        /** When the synchronisation that created it ran. */
        syncedAt: timestamp,
      },
      indexes: {
        primary: {
          pk: { field: 'pk', composite: ['organizationId', 'owner'], casing: 'none' },
          sk: { field: 'sk', composite: ['departureTime', 'departureId'], casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * A site power limit schedule (spec §2.6, §4.7), keyed by site and type, so a site holds at most
   * one per type and a new one replaces the old with one PutItem; it shares the site's partition.
   * `scheduleId` is the API's string `id` (`<type>-<uuid>`), new on every replacement.
   */
  const sitePowerLimit = new Entity(
    {
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
    },
    config,
  );

  /** Requests counted for one API key in one minute (spec §8); expires by TTL. */
  const rateLimitWindow = new Entity(
    {
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
    },
    config,
  );

  const entities = { counter, organization, apiKey, site, charger, port, uniqueValue, connection, chargingSession, ocppCommand, reservation, vehicle, accessId, customer, departurePlan, departure, sitePowerLimit, rateLimitWindow };
  const service = new Service(entities);
  return { ...entities, service };
}

/** The entities and their service, bound to one table. */
export type Db = ReturnType<typeof createEntities>;
