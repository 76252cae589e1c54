/**
 * Entities of the table: charger operations (`shared/charger-operations/`), the operations an
 * operator asks of chargers (reset, unlock, availability, trigger message, clear cache, …) kept as
 * resources: each charger's answer, who asked, and the audit trail of an organization.
 */
import { Entity } from 'electrodb';
import { optionalNumber, optionalString, timestamp, SERVICE, type EntityConfiguration } from './common';

/** The partition of the pending operations' markers. */
export const PENDING_QUEUE = 'chargerOperations';

/** Statuses of an operation: `pending` until every charger's result is final. */
export const OPERATION_STATUSES = ['pending', 'completed', 'failed', 'partial'] as const;

/**
 * An operation asked of one or more chargers (docs/charger-operations.md), keyed by its UUIDv7
 * `operationId` (its time comes first, so keys sort by creation). Listed newest first per
 * organization on gsi1 (the audit trail; its filters are filter expressions on that Query).
 * `results` holds one entry per addressed charger (or port), updated in place by index as the
 * chargers answer (`shared/charger-operations/results.ts`); an item holds at most
 * `MAX_OPERATION_TARGETS` of them (DynamoDB's 400 KB item).
 */
const chargerOperationSchema = {
  model: { entity: 'chargerOperation', version: '1', service: SERVICE },
  attributes: {
    operationId: { type: 'string', required: true },
    organizationId: { type: 'number', required: true },
    /** Set when every addressed charger is on this one site (a site-scoped key sees only these). */
    siteId: optionalNumber,
    /** The addressed chargers' IDs, for the audit trail's `chargerId` filter. */
    chargerIds: { type: 'list', required: true, items: { type: 'number' } },
    /** The kind (`reset`, `unlockConnector`, …), OCPP-neutral. */
    action: { type: 'string', required: true },
    /** The validated API body. */
    request: { type: 'any', required: true },
    /** Who asked: the API key's ID or the person's, with `userEmail` (`actorOf`), or the operator CLI. */
    requestedBy: {
      type: 'map',
      required: true,
      properties: {
        apiKeyId: optionalNumber,
        userId: optionalNumber,
        userEmail: optionalString,
        operator: optionalString,
      },
    },
    status: { type: OPERATION_STATUSES, required: true },
    createdAt: timestamp,
    updatedAt: timestamp,
    completedAt: optionalString,
    /** ISO 8601 UTC: by when every result must be final; the sweep ends those that are not. */
    deadlineAt: timestamp,
    /** One per target: `{ chargerId, ocppId, portId?, portNumber?, status, ocppStatus?, answer?, error?, answeredAt? }`. */
    results: { type: 'any', required: true },
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['operationId'] }, sk: { field: 'sk', composite: [] } },
    byOrganization: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['organizationId'] },
      sk: { field: 'gsi1sk', composite: ['operationId'] },
    },
  },
} as const;

/**
 * An operation not final yet, in one partition read by the sweep (`lambdas/operations/sweep.ts`)
 * every minute: written with the operation, deleted when it ends, moved on when a `Scheduled`
 * answer gives it longer.
 */
const pendingChargerOperationSchema = {
  model: { entity: 'pendingChargerOperation', version: '1', service: SERVICE },
  attributes: {
    /** Always `chargerOperations`: the partition. */
    queue: { type: [PENDING_QUEUE] as const, required: true, default: PENDING_QUEUE },
    operationId: { type: 'string', required: true },
    /** ISO 8601 UTC, the operation's. */
    deadlineAt: timestamp,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['queue'] }, sk: { field: 'sk', composite: ['operationId'] } },
  },
} as const;

/**
 * What a request an operation asks of one charger holds (customer information, display messages):
 * the charger (its partition), our `requestId` (its counter; the sort key, padded), the operation
 * and its organization, and when it was asked.
 */
const chargerRequestAttributes = {
  chargerId: { type: 'number', required: true },
  requestId: { type: 'number', required: true, padding: { length: 12, char: '0' } },
  organizationId: { type: 'number', required: true },
  operationId: { type: 'string', required: true },
  requestedAt: timestamp,
} as const;

/**
 * A customer information request (OCPP 2.0.1 CustomerInformation N09/N10) asked of one charger by a
 * `customerInformation` operation, in the charger's partition (its NotifyCustomerInformation pages
 * are written by the OCPP message function, which writes that partition already), sorted by our
 * `requestId` (the `customerInformationRequest` counter). Written before the CALL, so a page that
 * overtakes the answer has its request. `pages` maps each page's `seqNo` to its `data` (a page sent
 * twice is written once); `lastSeqNo` is the page sent with `tbc` false: the report is complete when
 * every page up to it is there.
 */
const customerInformationRequestSchema = {
  model: { entity: 'customerInformationRequest', version: '1', service: SERVICE },
  attributes: {
    ...chargerRequestAttributes,
    /** seqNo → data (each page at most 512 characters), as NotifyCustomerInformation sent them. */
    pages: { type: 'any', required: true },
    lastSeqNo: optionalNumber,
    /** The last page's `generatedAt`, ISO 8601. */
    generatedAt: optionalString,
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['chargerId'] },
      sk: { field: 'sk', composite: ['requestId'] },
    },
  },
} as const;

/**
 * A display-messages request (OCPP 2.0.1 GetDisplayMessages O03/O04) asked of one charger by a
 * `getDisplayMessages` operation, in the charger's partition as customer information requests are
 * (the OCPP message function writes its NotifyDisplayMessages pages there), sorted by our
 * `requestId` (the `displayMessagesRequest` counter). Written before the CALL. The pages carry no
 * `seqNo`: each page's `messageInfo` is appended to `messages` as it arrives (at most
 * `MAX_LISTED_MESSAGES` of `shared/charger-operations/display-report.ts`, `truncated` beyond), and
 * `complete` is set by the page sent with `tbc` false; a page after it changes nothing.
 */
const displayMessagesRequestSchema = {
  model: { entity: 'displayMessagesRequest', version: '1', service: SERVICE },
  attributes: {
    ...chargerRequestAttributes,
    /** The messages (2.0.1 MessageInfoType) of every page so far, in arrival order. */
    messages: { type: 'any', required: true },
    /** Set by the last page (`tbc` false). */
    complete: { type: 'boolean' },
    /** Set when the charger listed more messages than are kept. */
    truncated: { type: 'boolean' },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['chargerId'] },
      sk: { field: 'sk', composite: ['requestId'] },
    },
  },
} as const;

/**
 * A firmware image a local controller was asked to publish (OCPP 2.0.1 PublishFirmware L03) by a
 * `publishFirmware` operation, in the charger's partition (its PublishFirmwareStatusNotifications
 * are written by the OCPP message function, which writes that partition already), sorted by our
 * `requestId` (the `publishFirmwareRequest` counter). Written before the CALL, so a status that
 * overtakes the answer has its request. `history` is every status notified, oldest first;
 * `locations` the URIs the controller serves the image at, from its `Published` notification.
 */
const publishFirmwareRequestSchema = {
  model: { entity: 'publishFirmwareRequest', version: '1', service: SERVICE },
  attributes: {
    chargerId: { type: 'number', required: true },
    requestId: { type: 'number', required: true, padding: { length: 12, char: '0' } },
    organizationId: { type: 'number', required: true },
    operationId: { type: 'string', required: true },
    /** The image's MD5 checksum, as sent. */
    checksum: { type: 'string', required: true },
    requestedAt: timestamp,
    /** `{ status, at }` per notification (at: when received, ISO 8601 UTC). */
    history: { type: 'any', required: true },
    locations: { type: 'list', items: { type: 'string' } },
  },
  indexes: {
    primary: {
      pk: { field: 'pk', composite: ['chargerId'] },
      sk: { field: 'sk', composite: ['requestId'] },
    },
  },
} as const;

/** Builds the charger-operation entities bound to one client and table. */
export function chargerOperationEntities(config: EntityConfiguration) {
  return {
    chargerOperation: new Entity(chargerOperationSchema, config),
    pendingChargerOperation: new Entity(pendingChargerOperationSchema, config),
    customerInformationRequest: new Entity(customerInformationRequestSchema, config),
    displayMessagesRequest: new Entity(displayMessagesRequestSchema, config),
    publishFirmwareRequest: new Entity(publishFirmwareRequestSchema, config),
  };
}
