/**
 * What the webhook endpoints page shows: the event types an endpoint may want,
 * in words, and a delivery's attempts in words. Pure functions (unit-tested in Node).
 *
 * @module
 */
import type { EventType, WebhookAttempt, WebhookEndpoint } from './types';

/** Each event type in words (a `Record`, so a type added to the API fails the console's type check until named here). */
export const EVENT_TYPE_WORDS: Record<EventType, string> = {
  'alert.raised': 'an alert is raised',
  'alert.updated': 'an alert changes',
  'alert.cleared': 'an alert ends',
  'session.started': 'a charging session starts',
  'session.ended': 'a charging session ends',
  'charger.connected': 'a charger connects',
  'charger.disconnected': 'a charger disconnects',
  'charger.status_changed': "a port's status changes",
  'command.completed': 'a command is answered',
};

/** The event types, in the order the form lists them. */
export const EVENT_TYPES = Object.keys(EVENT_TYPE_WORDS) as EventType[];

/** An endpoint's state in words: `Enabled`, `Disabled`, or why the system disabled it. */
export function endpointState(endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabledReason'>): string {
  if (endpoint.enabled) return 'Enabled';
  if (endpoint.disabledReason === 'gone') return 'Disabled: the receiver answered 410 Gone';
  if (endpoint.disabledReason === 'failing') return 'Disabled: failing for five days';
  return 'Disabled';
}

/** One attempt in words: `200 in 35 ms`, `500 in 1,204 ms`, `timeout after 15,000 ms`. */
export function attemptWords(attempt: Pick<WebhookAttempt, 'responseCode' | 'error' | 'durationMs'>): string {
  const ms = `${Math.round(attempt.durationMs).toLocaleString('en')} ms`;
  if (attempt.responseCode !== null)
    return `${attempt.responseCode} in ${ms}${attempt.error ? ` (${attempt.error})` : ''}`;
  return `${attempt.error ?? 'no answer'} after ${ms}`;
}
