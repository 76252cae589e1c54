/** What every entity module of the table shares: key names, the service name and attribute shapes. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Key attribute names of the table and its GSIs; the CDK stack and the local table use these. */
export const TABLE_KEYS = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttl: 'expiresAt',
  gsis: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    // gsi3: the history context's lists (charging sessions by charger and by customer, errors by
    // charger), `entities/history.ts`.
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
} as const;

/**
 * The OCPP-J WebSocket subprotocols (`Sec-WebSocket-Protocol`, agreed at the handshake): the OCPP
 * versions a charger speaks, 1.6-J, 2.0.1 and 2.1. Here, under every context, because the stored
 * connections, sessions, records and message log hold them too.
 */
export const OCPP_PROTOCOLS = ['ocpp1.6', 'ocpp2.0.1', 'ocpp2.1'] as const;
/**
 * An OCPP-J subprotocol: the one OCPP protocol type of the project (the OCPP bridge, the command
 * path, the history and the simulator use it).
 */
export type OcppProtocol = (typeof OCPP_PROTOCOLS)[number];

/** The OCPP versions with handlers, commands and rules of their own (2.1 is served by 2.0.1's). */
export type BaseProtocol = Exclude<OcppProtocol, 'ocpp2.1'>;

/**
 * The version whose handlers, commands and rules serve a charger of `protocol`: OCPP 2.1 is served
 * by 2.0.1's (its messages are 2.0.1's with more fields; `shared/ocpp/v21/` maps the payloads,
 * docs/ocpp.md "OCPP 2.1"); the others by their own.
 */
export function baseProtocol(protocol: OcppProtocol): BaseProtocol {
  return protocol === 'ocpp2.1' ? 'ocpp2.0.1' : protocol;
}

/** ElectroDB service name: the prefix of every key. */
export const SERVICE = 'cn';
/** An optional string attribute. */
export const optionalString = { type: 'string' } as const;
/** An optional number attribute. */
export const optionalNumber = { type: 'number' } as const;
/** An amount in a currency: `amount` (4 decimals) and `currency` (ISO 4217); a session's energy cost. */
export const energyCostAttribute = {
  type: 'map',
  properties: { amount: { type: 'number', required: true }, currency: { type: 'string', required: true } },
} as const;
/** A required ISO 8601 UTC timestamp attribute. */
export const timestamp = { type: 'string', required: true } as const;
/**
 * Readings of one 15-minute slot of a session's time series, as stored (`sessionSlot`, and the open
 * slot of `portReadings`): `t` epoch ms; `e` energy register Wh; `p` active power kW; `s` SoC %.
 */
export const slotReadings = {
  type: 'list',
  items: {
    type: 'map',
    properties: {
      t: { type: 'number', required: true },
      e: { type: 'number' },
      p: { type: 'number' },
      s: { type: 'number' },
    },
  },
} as const;
/** A measurement with its own timestamp (spec §2.3 `latestReadings.*`). */
export const reading = {
  type: 'map',
  properties: { value: { type: 'number', required: true }, timestamp: { type: 'string', required: true } },
} as const;
/** A status report with its time (firmware, diagnostics, the charger's connector 0). */
export const statusReport = {
  type: 'map',
  properties: {
    status: { type: 'string', required: true },
    timestamp: { type: 'string', required: true },
    errorCode: { type: 'string' },
    vendorErrorCode: { type: 'string' },
    info: { type: 'string' },
  },
} as const;

/**
 * A limit set outside this CSMS (OCPP 2.0.1 NotifyChargingLimit, K12): its source, when it came,
 * the site to re-allocate (stream triggers read it from the image), and its schedule when the
 * station sent one (the first `chargingSchedule`; limits in `chargingRateUnit`, A per phase or W).
 */
export const externalChargingLimit = {
  type: 'map',
  properties: {
    /** `chargingLimitSource`: EMS, Other, SO, CSO. */
    source: { type: 'string', required: true },
    isGridCritical: { type: 'boolean' },
    siteId: { type: 'number', required: true },
    /** ISO 8601 UTC. */
    receivedAt: { type: 'string', required: true },
    schedule: {
      type: 'map',
      properties: {
        chargingRateUnit: { type: ['A', 'W'] as const, required: true },
        /** ISO 8601 UTC: the schedule's `startSchedule`, or when it was received. */
        startSchedule: { type: 'string', required: true },
        /** s */
        duration: { type: 'number' },
        periods: {
          type: 'list',
          required: true,
          items: {
            type: 'map',
            properties: {
              /** s from `startSchedule`. */
              startPeriod: { type: 'number', required: true },
              limit: { type: 'number', required: true },
              numberPhases: { type: 'number' },
            },
          },
        },
      },
    },
  },
} as const;

/** Where the entities of every context live. */
export interface EntityConfiguration {
  client: DynamoDBDocumentClient;
  table: string;
}
