/** Entities of the table: Counters, organizations, API keys, rate-limit windows and people (users). */
import { Entity } from 'electrodb';
import { optionalString, optionalNumber, timestamp, SERVICE, type EntityConfiguration } from './common';

/**
 * The roles of people and API keys, lowest first (`shared/organizations/roles.ts` says what each
 * may do; docs/people-and-roles.md).
 */
export const ROLES = ['viewer', 'operator', 'admin', 'owner'] as const;

/** What a person's account is: invited (never signed in here yet) or active (has signed in). */
export const USER_STATUSES = ['invited', 'active'] as const;

/** Atomic numeric ID counter; `value` is the last ID handed out. */
const counterSchema = {
  model: { entity: 'counter', version: '1', service: SERVICE },
  attributes: { name: { type: 'string', required: true }, value: { type: 'number', required: true } },
  indexes: { primary: { pk: { field: 'pk', composite: ['name'] }, sk: { field: 'sk', composite: [] } } },
} as const;

/** An organization (tenant). Listed through gsi2 for the operator CLI only. */
const organizationSchema = {
  model: { entity: 'organization', version: '1', service: SERVICE },
  attributes: {
    organizationId: { type: 'number', required: true },
    name: { type: 'string', required: true },
    /**
     * The organization's alert settings (`shared/alerts/settings.ts`): only those changed from the
     * defaults are stored, e.g. `{ offlineThresholdMinutes: 15 }`. A map of its own properties, so
     * that a change sets only the settings it changes (`SET alertSettings.<name> = …`): two
     * concurrent changes of different settings both stay.
     */
    alertSettings: {
      type: 'map',
      properties: {
        offlineThresholdMinutes: { type: 'number' },
        offlineClearAfterMinutes: { type: 'number' },
        chargerFaultedGraceMinutes: { type: 'number' },
        lateChargingMarginMinutes: { type: 'number' },
        lowBatterySocPercent: { type: 'number' },
      },
    },
    /**
     * How many of its people are owners, kept in the same transactions as their roles, so that a
     * change taking the last owner away fails its condition (`shared/users/`). Absent: none yet.
     */
    ownerCount: optionalNumber,
    createdAt: timestamp,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['organizationId'] }, sk: { field: 'sk', composite: [] } },
    all: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: [] },
      sk: { field: 'gsi2sk', composite: ['organizationId'] },
    },
  },
} as const;

/** An API key, stored by the SHA-256 of the key (the key itself is shown once). */
const apiKeySchema = {
  model: { entity: 'apiKey', version: '1', service: SERVICE },
  attributes: {
    keyHash: { type: 'string', required: true },
    apiKeyId: { type: 'number', required: true },
    organizationId: { type: 'number', required: true },
    scope: { type: ['organization', 'site'] as const, required: true },
    siteId: optionalNumber,
    name: optionalString,
    /** What the key may do; absent on keys made before roles: `admin` (`DEFAULT_API_KEY_ROLE`). */
    role: { type: ROLES },
    createdAt: timestamp,
    revokedAt: optionalString,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['keyHash'] }, sk: { field: 'sk', composite: [] } },
    byId: { index: 'gsi1', pk: { field: 'gsi1pk', composite: ['apiKeyId'] }, sk: { field: 'gsi1sk', composite: [] } },
  },
} as const;

/** Requests counted for one API key in one minute (spec §8); expires by TTL. */
const rateLimitWindowSchema = {
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
} as const;

/**
 * A person of an organization (`shared/users/`), keyed by its numeric `userId`; listed per
 * organization on gsi1 by ID, and found by the identity provider's subject (`sub` of the person's
 * tokens) on gsi2 when a token is authenticated. The e-mail address is unique across the table
 * (a `uniqueValue` marker `userEmail`, lower-cased): one identity provider account, one person here.
 */
const userSchema = {
  model: { entity: 'user', version: '1', service: SERVICE },
  attributes: {
    /** Padded to 12 digits in the keys, so that the organization's list sorts by ID. */
    userId: { type: 'number', required: true, padding: { length: 12, char: '0' } },
    organizationId: { type: 'number', required: true },
    /** As invited (trimmed); compared lower-cased. */
    email: { type: 'string', required: true },
    role: { type: ROLES, required: true },
    /** Set: the person sees this site only (as a site-scoped API key does). */
    siteId: optionalNumber,
    /** The identity provider's `sub` of this person (Cognito's user `sub`; the local provider's). */
    subject: { type: 'string', required: true },
    status: { type: USER_STATUSES, required: true },
    /** Who invited the person (an e-mail, a key's name, or `operator CLI`). */
    invitedBy: optionalString,
    createdAt: timestamp,
    updatedAt: timestamp,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
    byOrganization: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['organizationId'] },
      sk: { field: 'gsi1sk', composite: ['userId'] },
    },
    bySubject: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['subject'] },
      sk: { field: 'gsi2sk', composite: [] },
    },
  },
} as const;

/** Builds the organizations entities bound to one client and table. */
export function organizationEntities(config: EntityConfiguration) {
  return {
    counter: new Entity(counterSchema, config),
    organization: new Entity(organizationSchema, config),
    apiKey: new Entity(apiKeySchema, config),
    rateLimitWindow: new Entity(rateLimitWindowSchema, config),
    user: new Entity(userSchema, config),
  };
}
