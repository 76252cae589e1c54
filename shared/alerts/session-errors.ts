/**
 * `chargingSessionError` (docs/alerts.md, "chargingSessionError"), pure, on the
 * definitions `GET /api/errors` and charger health already use:
 *
 * - **Faulted during charging**: a charger error report whose category is `endedCharging`
 *   (`shared/history/charger-errors.ts`: the port went `Faulted` or `Unavailable` with a session in
 *   progress) raises the session's alert at the report's time, with the report's status and OCPP
 *   error; it stays active until the session ends.
 * - **Failed to start** / **ended early**: the session's record, when it ends, says so
 *   (`failedToStart`: less than 1 Wh in its first 5 minutes; `endedEarly`: stopped by a fault or the
 *   EV's disconnection before its departure target; `shared/history/session-records.ts`, the
 *   counts of charger health). The alert is raised at the session's end (with the OCPP stop reason
 *   as its `status`) unless the session already has one (a fault raised it), and cleared at once:
 *   the session is over, the alert tells what happened.
 *
 * One episode per session: `chargingSessionError:session:<sessionId>`. An error report with no
 * session in progress (`preventedCharging`) is a charger's fault, not a session's: that is
 * `chargerFaulted`'s.
 */
import { numberOf, type TableChange } from '../db/table-changes';
import { episodeKey } from './store';
import { stringOf, type AlertIntent, type AlertPlace, type Image } from './intents';
import type { SessionErrorDetails } from './types';

/** `errorContext` of each failure. */
export const ERROR_CONTEXTS = {
  faulted: 'Charger faulted during charging',
  failedToStart: 'Charging failed to start',
  endedEarly: 'Charging ended early',
} as const;

/**
 * The intent of a charger error report (`chargerError` inserted): raise its session's
 * `chargingSessionError` when the error ended charging; nothing otherwise.
 */
export function faultIntents(change: TableChange): AlertIntent[] {
  const report = change.eventName === 'INSERT' ? change.newImage : undefined;
  if (report?.errorCategory !== 'endedCharging') return [];
  const organizationId = numberOf(report.organizationId);
  const chargerId = numberOf(report.chargerId);
  const sessionId = numberOf(report.sessionId);
  const at = stringOf(report.timestamp);
  if (organizationId === undefined || chargerId === undefined || sessionId === undefined || !at) return [];
  const details: SessionErrorDetails = {
    status: stringOf(report.ocppStatus) ?? null,
    ocppErrorCode: stringOf(report.ocppErrorCode) ?? null,
    ocppVendorErrorCode: stringOf(report.vendorErrorCode) ?? null,
    ocppInfo: stringOf(report.ocppInfo) ?? null,
    errorContext: ERROR_CONTEXTS.faulted,
  };
  return [
    {
      action: 'raise',
      type: 'chargingSessionError',
      episodeKey: episodeKey('chargingSessionError', 'session', sessionId),
      place: {
        organizationId,
        chargerId,
        sessionId,
        ...(numberOf(report.portNumber) ? { portNumber: numberOf(report.portNumber) } : {}),
        ...(numberOf(report.portId) !== undefined ? { portId: numberOf(report.portId) } : {}),
      },
      details: { ...details },
      at,
    },
  ];
}

/**
 * The `chargingSessionError` raised when a session ends having failed to start or ended early
 * (its record's `failedToStart`, `endedEarly`); undefined when it did neither.
 * @param record the session record's new image (ended)
 * @param place where the session ran
 * @param at its end time, ISO 8601 UTC
 */
export function sessionEndError(record: Image, place: AlertPlace, at: string): AlertIntent | undefined {
  const context = record.failedToStart
    ? ERROR_CONTEXTS.failedToStart
    : record.endedEarly
      ? ERROR_CONTEXTS.endedEarly
      : undefined;
  if (!context || place.sessionId === undefined) return undefined;
  const details: SessionErrorDetails = {
    status: stringOf(record.stopReason) ?? null,
    ocppErrorCode: null,
    ocppVendorErrorCode: null,
    ocppInfo: null,
    errorContext: context,
  };
  return {
    action: 'raise',
    type: 'chargingSessionError',
    episodeKey: episodeKey('chargingSessionError', 'session', place.sessionId),
    place,
    details: { ...details },
    at,
  };
}
