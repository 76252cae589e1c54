/**
 * Entities of the table: the local authorization list each charger holds (OCPP 1.6 §3.5 Local
 * Authorization List, §5.10 GetLocalListVersion, §5.15 SendLocalList; OCPP 2.0.1 D01 SendLocalList,
 * D02 GetLocalListVersion), as far as this CSMS knows it (docs/local-authorization-list.md).
 */
import { Entity } from 'electrodb';
import { optionalNumber, optionalString, SERVICE, type EntityConfiguration } from './common';

/**
 * A charger's local authorization list: what the charger can do (learnt from it at each boot), the
 * version and the entries it holds as the CSMS last set them, the last synchronisation, and the
 * lease and request counter that keep one synchronisation per charger at a time. In the charger's
 * partition (not in its `chargerView` collection: a charger read does not carry it).
 */
const localAuthListSchema = {
  model: { entity: 'localAuthList', version: '1', service: SERVICE },
  attributes: {
    chargerId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    /**
     * What the charger said of local lists at its boot `bootAt` (its `lastBootAt`; `''` before any):
     * 1.6 GetConfiguration `SupportedFeatureProfiles` (`LocalAuthListManagement`),
     * `LocalAuthListEnabled`, `LocalAuthListMaxLength`, `SendLocalListMaxLength`; 2.0.1 GetVariables
     * `LocalAuthListCtrlr` `Enabled`, `Available`, `Entries` (maxLimit), `ItemsPerMessage`,
     * `BytesPerMessage`.
     */
    support: {
      type: 'map',
      properties: {
        status: { type: ['supported', 'unsupported'] as const, required: true },
        bootAt: { type: 'string', required: true },
        /** Most entries the list may hold. */
        maxLength: optionalNumber,
        /** Most entries one SendLocalList may carry. */
        itemsPerMessage: optionalNumber,
        /** Most bytes one SendLocalList may have (2.0.1 `BytesPerMessage`). */
        bytesPerMessage: optionalNumber,
      },
    },
    /** The list version the charger holds, as the CSMS last set it (0: none). */
    listVersion: optionalNumber,
    /** The normalised ocppIdTags the charger holds, sorted, as the CSMS last set them. */
    entries: { type: 'list', items: { type: 'string' } },
    /** Authorized access IDs that did not fit the charger's `maxLength` at the last synchronisation. */
    omitted: optionalNumber,
    /** `inSync`, `pending` (changes not delivered yet: the charger is offline), `failed`, `unsupported`. */
    status: { type: ['inSync', 'pending', 'failed', 'unsupported'] as const },
    /** The next synchronisation must be a Full one (the charger's list is not known for sure). */
    fullRequired: { type: 'boolean' },
    /** When the operator last asked for a full synchronisation (ISO 8601; a stream trigger). */
    resyncRequestedAt: optionalString,
    /** The last synchronisation that sent something or found the list current. */
    lastSync: {
      type: 'map',
      properties: {
        at: { type: 'string', required: true },
        /** `Full`, `Differential`, or `None` (nothing to send). */
        updateType: { type: 'string', required: true },
        /** SendLocalList messages sent. */
        messages: { type: 'number', required: true },
        /** The last answer: `Accepted`, `Failed`, `VersionMismatch`, `NotSupported`, `NotConnected`, `NoAnswer`. */
        result: { type: 'string', required: true },
        error: optionalString,
      },
    },
    /** Synchronisations requested (added to by every trigger) and covered (by the last run). */
    requested: optionalNumber,
    covered: optionalNumber,
    /** Epoch ms until which the lease holder may run; a crashed holder's lease lapses. */
    leaseUntil: optionalNumber,
    leaseId: optionalString,
    updatedAt: optionalString,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['chargerId'] }, sk: { field: 'sk', composite: [] } },
  },
} as const;

/** Builds the local-list entities bound to one client and table. */
export function localAuthListEntities(config: EntityConfiguration) {
  return { localAuthList: new Entity(localAuthListSchema, config) };
}
