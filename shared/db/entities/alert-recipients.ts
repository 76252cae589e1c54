/**
 * Entities of the table: alert recipients (`shared/alert-recipients/`, docs/alert-recipients.md),
 * the people an organization's alerts are e-mailed to.
 */
import { Entity } from 'electrodb';
import { SERVICE, timestamp, type EntityConfiguration } from './common';

/**
 * An alert recipient, keyed by its numeric `alertRecipientId` (its own partition), listed per
 * organization on gsi1 by ID. `siteIds` empty: every site of the organization.
 */
const alertRecipientSchema = {
  model: { entity: 'alertRecipient', version: '1', service: SERVICE },
  attributes: {
    /** Padded to 12 digits in the keys, so that the organization's list sorts by ID. */
    alertRecipientId: { type: 'number', required: true, padding: { length: 12, char: '0' } },
    organizationId: { type: 'number', required: true },
    name: { type: 'string', required: true },
    /** As given (trimmed); e-mail addresses are compared as given. */
    email: { type: 'string', required: true },
    /** The alert types this recipient is mailed (at least one of `ALERT_TYPES`, checked by the API). */
    alertTypes: { type: 'list', required: true, items: { type: 'string' } },
    /** The sites whose alerts this recipient is mailed; empty: all of them. */
    siteIds: { type: 'list', required: true, items: { type: 'number' } },
    enabled: { type: 'boolean', required: true },
    createdAt: timestamp,
    updatedAt: timestamp,
  },
  indexes: {
    primary: { pk: { field: 'pk', composite: ['alertRecipientId'] }, sk: { field: 'sk', composite: [] } },
    byOrganization: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['organizationId'] },
      sk: { field: 'gsi1sk', composite: ['alertRecipientId'] },
    },
  },
} as const;

/** Builds the alert-recipient entity bound to one client and table. */
export function alertRecipientEntities(config: EntityConfiguration) {
  return { alertRecipient: new Entity(alertRecipientSchema, config) };
}
