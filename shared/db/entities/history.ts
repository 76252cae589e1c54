/**
 * Entities of the table: the history context (`shared/history/`): charging session records and
 * their 15-minute reading slots, the chargers' status and connection history, charger error
 * reports, the OCPP message log, and per-key request leases.
 *
 * Session IDs and error IDs are zero-padded in keys (12 digits) so that keys sort like numbers.
 * Partition keys never start with the charger's or the site's ID (`$cn#chargerid_…`,
 * `$cn#siteid_…`), so the IAM grants of the charger and site partitions, which many functions
 * hold, do not reach history items (`lib/aws/table-rows.ts`).
 */
import { Entity } from 'electrodb';
import {
  optionalString,
  optionalNumber,
  slotReadings,
  timestamp,
  SERVICE,
  type EntityConfiguration,
  OCPP_PROTOCOLS,
  energyCostAttribute,
} from './common';

/** A numeric ID used in sort keys: padded to 12 digits so that keys sort numerically. */
const sortableId = { type: 'number', required: true, padding: { length: 12, char: '0' } } as const;

/**
 * `endKey` of a session still in progress: after every real end time, so an in-progress session
 * sorts as the newest in end-time order, is kept by `endTimeAfter` and dropped by `endTimeBefore`.
 */
export const OPEN_END_KEY = '9999-12-31T23:59:59.999Z';

/** `{ id, make, model, name, vin }` of the vehicle charging, as it was at the session's start. */
const embeddedVehicle = {
  type: 'map',
  properties: {
    id: { type: 'number', required: true },
    make: optionalString,
    model: optionalString,
    name: optionalString,
    vin: optionalString,
  },
} as const;

/** The attributes of a session's history record, shared by its two items (see below). */
const sessionRecordAttributes = {
  sessionId: sortableId,
  organizationId: { type: 'number', required: true },
  siteId: { type: 'number', required: true },
  chargerId: { type: 'number', required: true },
  portId: { type: 'number', required: true },
  portNumber: { type: 'number', required: true },
  /** The OCPP transactionId as a string (1.6: our integer; 2.0.1: the charger's string). */
  ocppTransactionId: { type: 'string', required: true, field: 'transactionKey' },
  ocppProtocol: { type: OCPP_PROTOCOLS, required: true },
  status: { type: ['InProgress', 'Completed'] as const, required: true },
  startTime: timestamp,
  endTime: optionalString,
  /** `endTime`, or {@link OPEN_END_KEY} while in progress: the sort key of the end-order indexes. */
  endKey: { type: 'string', required: true },
  idTag: optionalString,
  /** Wh. */
  meterStartWh: optionalNumber,
  meterStopWh: optionalNumber,
  energyDeliveredKwh: optionalNumber,
  socStartPercent: optionalNumber,
  socEndPercent: optionalNumber,
  stopReason: optionalString,
  remoteStartId: optionalNumber,
  /**
   * The driver's estimate for the session when it ended (`PUT …/driver-estimate`): the departure
   * entered (ISO 8601 UTC), from which the forecast learns how late or early the site's drivers
   * leave, and the energy asked for (kWh), kept beside what was delivered.
   */
  driverDepartureTime: optionalString,
  driverEnergyKwh: optionalNumber,
  vehicle: embeddedVehicle,
  rfid: {
    type: 'map',
    properties: { id: { type: 'number', required: true }, name: { type: 'string', required: true } },
  },
  customerName: optionalString,
  /** `<organizationId>:<customer name key>` when the session has a customer (sparse index). */
  customerIndexKey: optionalString,
  /** `<startTime>#<padded sessionId>`, set with `customerIndexKey`. */
  customerStartKey: optionalString,
  /** Computed from the readings when the session ends (`shared/history/series.ts`). */
  chargingStartTime: optionalString,
  chargingEndTime: optionalString,
  /** kW: the highest 15-minute average. */
  maxDemandKw: optionalNumber,
  failedToStart: { type: 'boolean' },
  endedEarly: { type: 'boolean' },
  /** The energy's cost under the site's tariff when the session ended (none without one). */
  energyCost: energyCostAttribute,
  updatedAt: timestamp,
} as const;

/**
 * The history record of one charging session (the read model of `GET /api/charging-sessions`),
 * keyed by our numeric session ID, written with the session's own writes (start and end), as two
 * items with the same attributes so that the table needs only three GSIs (each item has one entry
 * per GSI; CloudFormation adds one GSI per deployment, and the throttle alarm's metric math takes
 * at most 10 metrics): this one lists sessions newest first by start time per organization
 * (gsi1), site (gsi2) and charger (gsi3); {@link sessionRecordByEndSchema} the other orders.
 */
const sessionRecordSchema = {
  model: { entity: 'sessionRecord', version: '1', service: SERVICE },
  attributes: sessionRecordAttributes,
  indexes: {
    primary: { pk: { field: 'pk', composite: ['sessionId'] }, sk: { field: 'sk', composite: [] } },
    byOrganization: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['organizationId'] },
      sk: { field: 'gsi1sk', composite: ['startTime', 'sessionId'] },
    },
    bySite: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['siteId'] },
      sk: { field: 'gsi2sk', composite: ['startTime', 'sessionId'] },
    },
    byCharger: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['chargerId'] },
      sk: { field: 'gsi3sk', composite: ['startTime', 'sessionId'] },
    },
  },
} as const;

/**
 * The second item of a session's history record (same partition, same attributes): newest first
 * by end time per organization (gsi1) and site (gsi2), where `endKey` is {@link OPEN_END_KEY}
 * while the session runs, and by start time per customer (gsi3, sparse: only sessions with a
 * customer).
 */
const sessionRecordByEndSchema = {
  model: { entity: 'sessionRecordByEnd', version: '1', service: SERVICE },
  attributes: sessionRecordAttributes,
  indexes: {
    primary: { pk: { field: 'pk', composite: ['sessionId'] }, sk: { field: 'sk', composite: [] } },
    endedByOrganization: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['organizationId'] },
      sk: { field: 'gsi1sk', composite: ['endKey', 'sessionId'] },
    },
    endedBySite: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['siteId'] },
      sk: { field: 'gsi2sk', composite: ['endKey', 'sessionId'] },
    },
    byCustomer: {
      index: 'gsi3',
      condition: (attributes: Record<string, unknown>) => attributes.customerIndexKey !== undefined,
      pk: { field: 'gsi3pk', composite: ['customerIndexKey'] },
      sk: { field: 'gsi3sk', composite: ['customerStartKey'] },
    },
  },
} as const;

/**
 * The readings of one session in one 15-minute slot (aligned to the hour, UTC), partitioned by
 * charger and session: a charger can only ever write into its own sessions' partitions, so a
 * charger naming another charger's session changes nothing anyone reads. Every reading is
 * appended (`list_append`), never summed: a reading sent twice or late is merged by its timestamp
 * when the slot is read, so nothing is counted twice.
 */
const sessionSlotSchema = {
  model: { entity: 'sessionSlot', version: '1', service: SERVICE },
  attributes: {
    chargerId: { type: 'number', required: true },
    sessionId: sortableId,
    /** Start of the slot, ISO 8601 UTC. */
    slot: { type: 'string', required: true },
    readings: slotReadings,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['sessionId', 'chargerId'] }, sk: { field: 'sk', composite: ['slot'] } },
  },
} as const;

/**
 * One charger's history of one day (UTC): port status changes, connections and disconnections,
 * sessions that ended, and error reports, appended as they happen. Partitioned by site and month so
 * that a site's health over 30 days is one or two Queries. An item holds at most
 * `HISTORY_EVENTS_PER_PART` events; more go to the next `part`. Expires 400 days after its day.
 */
const chargerHistorySchema = {
  model: { entity: 'chargerHistory', version: '1', service: SERVICE },
  attributes: {
    siteId: { type: 'number', required: true },
    /** `YYYY-MM` (UTC). */
    month: { type: 'string', required: true },
    /** `YYYY-MM-DD` (UTC). */
    day: { type: 'string', required: true },
    chargerId: { type: 'number', required: true },
    part: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    /** Number of events (the cap's condition). */
    count: optionalNumber,
    /**
     * `k` kind (`status`, `connected`, `disconnected`, `session`, `error`); `t` epoch ms; `n` port
     * number; `s` status (OCPP status, or the error's category); `p` the previous status (`status`)
     * or whether the charger was connected before (`connected`: `Connected`/`Disconnected`);
     * `i` session ID; `a`/`b` session start/end epoch ms; `f` failed to start; `x` ended early.
     * Only `shared/history/history-codec.ts` reads and writes these names: the domain uses named fields.
     */
    events: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          k: { type: 'string', required: true },
          t: { type: 'number', required: true },
          n: { type: 'number' },
          s: { type: 'string' },
          p: { type: 'string' },
          i: { type: 'number' },
          a: { type: 'number' },
          b: { type: 'number' },
          f: { type: 'boolean' },
          x: { type: 'boolean' },
        },
      },
    },
    expiresAt: { type: 'number' },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['month', 'siteId'] },
      sk: { field: 'sk', composite: ['day', 'chargerId', 'part'] },
    },
  },
} as const;

/**
 * A charger error report: an OCPP 1.6 StatusNotification with an errorCode other than `NoError`, or
 * an OCPP 2.0.1 NotifyEvent of a fault. `errorId` is numeric (the `chargerError` counter). Listed
 * newest first per organization, site or charger.
 */
const chargerErrorSchema = {
  model: { entity: 'chargerError', version: '1', service: SERVICE },
  attributes: {
    errorId: sortableId,
    organizationId: { type: 'number', required: true },
    siteId: { type: 'number', required: true },
    chargerId: { type: 'number', required: true },
    portId: optionalNumber,
    /** The OCPP connectorId / evseId; 0 for the charger as a whole. */
    portNumber: { type: 'number', required: true },
    /** The charger's timestamp, ISO 8601 UTC. */
    timestamp: timestamp,
    ocppErrorCode: { type: 'string', required: true },
    vendorErrorCode: optionalString,
    ocppInfo: optionalString,
    ocppStatus: { type: 'string', required: true },
    errorCategory: { type: ['endedCharging', 'preventedCharging', 'other'] as const, required: true },
    sessionId: optionalNumber,
    /** The OCPP action that reported it. */
    source: { type: ['StatusNotification', 'NotifyEvent'] as const, required: true },
  },
  indexes: {
    // Keyed by what the report says, so a retransmitted report is stored once.
    primary: {
      pk: { field: 'pk', composite: ['timestamp', 'chargerId'] },
      sk: { field: 'sk', composite: ['portNumber', 'ocppErrorCode'], casing: 'none' },
    },
    byOrganization: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['organizationId'] },
      sk: { field: 'gsi1sk', composite: ['timestamp', 'errorId'] },
    },
    bySite: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['siteId'] },
      sk: { field: 'gsi2sk', composite: ['timestamp', 'errorId'] },
    },
    byCharger: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['chargerId'] },
      sk: { field: 'gsi3sk', composite: ['timestamp', 'errorId'] },
    },
  },
} as const;

/**
 * One OCPP exchange in the message log (`ocppMessageLog` setting): a CALL a charger sent with our
 * answer, or a CALL we sent with the charger's answer. Partitioned by charger and UTC day, newest
 * last in the sort key; expires after 8 days.
 *
 * Frames are kept as text, as they went over the WebSocket (`frame`, `responseFrame`): any text
 * is a DynamoDB string, where a parsed payload may hold what DynamoDB refuses (numbers beyond its
 * range or above 2^53, very deep nesting). A frame over 32 KB is kept cut at 32 KB, with its
 * whole size in bytes (`frameBytes`, `responseFrameBytes`), except the charger's answer to a CALL
 * of ours, kept whole (its sender reads it; API Gateway bounds a message to 128 KB).
 *
 * A CALL we send is also its own correlation record (`shared/ocpp/commands/correlation.ts`): its
 * messageId is a UUIDv7, whose time is `createdAt`, so the `$default` handler finds the item from
 * the reply alone and adds the answer to it. With the log off (or `errors`), the answer is stored
 * in an item of the same key without the CALL (no `messageType`): not listed, kept an hour.
 */
const ocppMessageSchema = {
  model: { entity: 'ocppMessage', version: '1', service: SERVICE },
  attributes: {
    chargerId: { type: 'number', required: true },
    /** `YYYY-MM-DD` (UTC). */
    day: { type: 'string', required: true },
    /** When the CALL arrived or was sent, ISO 8601 UTC. */
    createdAt: timestamp,
    /** The CALL's messageId. */
    messageId: { type: 'string', required: true },
    protocol: { type: OCPP_PROTOCOLS, required: true },
    direction: { type: ['fromCharger', 'toCharger'] as const, required: true },
    /** The CALL's action. */
    messageType: { type: 'string', required: true },
    /** The CALL frame as text (at most 32 KB of it). */
    frame: { type: 'string', required: true },
    /** The CALL frame's whole size, bytes of UTF-8. */
    frameBytes: { type: 'number', required: true },
    /** The answer frame (CALLRESULT or CALLERROR) as text: ours at most 32 KB of it, the charger's whole. */
    responseFrame: optionalString,
    /** The answer frame's whole size, bytes of UTF-8. */
    responseFrameBytes: optionalNumber,
    /** `CALLRESULT`, `CALLERROR`, or unset when no answer came (our CALL timed out). */
    responseType: { type: ['CALLRESULT', 'CALLERROR'] as const },
    /** When the charger's answer to our CALL was stored, ISO 8601 UTC. */
    answeredAt: optionalString,
    expiresAt: { type: 'number' },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['day', 'chargerId'] },
      sk: { field: 'sk', composite: ['createdAt', 'messageId'], casing: 'none' },
    },
  },
} as const;

/**
 * A lease one API key holds on a kind of request (`name`), e.g. `intervals` (one
 * `includeIntervals` request in flight per key): taken with a conditional write, released by its
 * holder, or lapsed at `leaseUntil` (epoch ms) if the holder died. Expires by TTL.
 */
const requestLeaseSchema = {
  model: { entity: 'requestLease', version: '1', service: SERVICE },
  attributes: {
    keyHash: { type: 'string', required: true },
    name: { type: 'string', required: true },
    token: { type: 'string', required: true },
    leaseUntil: { type: 'number', required: true },
    expiresAt: { type: 'number' },
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['keyHash', 'name'] }, sk: { field: 'sk', composite: [] } },
  },
} as const;

/** Builds the history entities bound to one client and table. */
export function historyEntities(config: EntityConfiguration) {
  return {
    sessionRecord: new Entity(sessionRecordSchema, config),
    sessionRecordByEnd: new Entity(sessionRecordByEndSchema, config),
    sessionSlot: new Entity(sessionSlotSchema, config),
    chargerHistory: new Entity(chargerHistorySchema, config),
    chargerError: new Entity(chargerErrorSchema, config),
    ocppMessage: new Entity(ocppMessageSchema, config),
    requestLease: new Entity(requestLeaseSchema, config),
  };
}
