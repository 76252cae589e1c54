/**
 * `securityEvent` (docs/alerts.md, "securityEvent"), pure: a critical security event stored for a
 * charger (`securityEvent` inserted with `critical`: its SecurityEventNotification, or a CSR the
 * CSMS refused; the list is `CRITICAL_SECURITY_EVENTS` of `shared/history/security-events.ts`)
 * raises an alert on the charger at the event's time, ended at once: an event is not a condition
 * that later clears, so the alert tells what happened (as a failed session's does) and its
 * `alert.raised` webhook event carries it. One episode per stored event:
 * `securityEvent:charger:<chargerId>:<timestamp>:<type>`, so a notification the charger sends
 * again (the same item overwritten: not an insert) raises nothing more.
 */
import { numberOf, type TableChange } from '../db/table-changes';
import { stringOf, type AlertIntent } from './intents';
import type { SecurityEventDetails } from './types';

/** The intents of a stored security event: raise and clear its alert when it is critical; nothing otherwise. */
export function securityEventIntents(change: TableChange): AlertIntent[] {
  const event = change.eventName === 'INSERT' ? change.newImage : undefined;
  if (event?.critical !== true) return [];
  const organizationId = numberOf(event.organizationId);
  const chargerId = numberOf(event.chargerId);
  const type = stringOf(event.type);
  const at = stringOf(event.timestamp);
  if (organizationId === undefined || chargerId === undefined || !type || !at) return [];
  const details: SecurityEventDetails = {
    type,
    timestamp: at,
    techInfo: stringOf(event.techInfo) ?? null,
    source: event.source === 'csms' ? 'csms' : 'charger',
  };
  const episodeKey = `securityEvent:charger:${chargerId}:${at}:${type}`;
  return [
    {
      action: 'raise',
      type: 'securityEvent',
      episodeKey,
      place: { organizationId, chargerId },
      details: { ...details },
      at,
    },
    { action: 'clear', organizationId, episodeKey, at },
  ];
}
