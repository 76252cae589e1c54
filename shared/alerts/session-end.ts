/**
 * What a session's end does to its alerts (docs/alerts.md), pure: from its history record
 * (`sessionRecord`) when its `status` becomes `Completed`.
 *
 * In order: a `chargingSessionError` when it failed to start or ended early (`session-errors.ts`),
 * a `lowBattery` when it left below the threshold (`state-of-charge.ts`), then every alert of the
 * session cleared at its end time: `lateCharging` (the vehicle left), `chargingCompleted`,
 * `lowBattery` and `chargingSessionError`. An alert raised here is therefore cleared at once.
 */
import { numberOf, type TableChange } from '../db/table-changes';
import { episodeKey } from './store';
import { stringOf, type AlertIntent, type AlertPlace } from './intents';
import { sessionEndError } from './session-errors';
import { lowBatteryIntent } from './state-of-charge';
import type { AlertType } from './types';

/** The session-scoped alert types, cleared when the session ends. */
export const SESSION_ALERT_TYPES = [
  'lateCharging',
  'chargingCompleted',
  'lowBattery',
  'chargingSessionError',
] as const satisfies readonly AlertType[];

/**
 * The intents of a `sessionRecord` change: nothing unless the session ended in this change.
 * @param lowBatterySocPercent the organization's `lowBattery` threshold, %
 */
export function sessionEndIntents(change: TableChange, lowBatterySocPercent: number): AlertIntent[] {
  const record = change.newImage;
  if (record?.status !== 'Completed' || change.oldImage?.status === 'Completed') return [];
  const organizationId = numberOf(record.organizationId);
  const chargerId = numberOf(record.chargerId);
  const sessionId = numberOf(record.sessionId);
  const at = stringOf(record.endTime);
  if (organizationId === undefined || chargerId === undefined || sessionId === undefined || !at) return [];
  const vehicle = record.vehicle as { id?: unknown; name?: unknown } | undefined;
  const place: AlertPlace & { sessionId: number } = {
    organizationId,
    chargerId,
    sessionId,
    ...(numberOf(record.portId) !== undefined ? { portId: numberOf(record.portId) } : {}),
    ...(numberOf(record.portNumber) !== undefined ? { portNumber: numberOf(record.portNumber) } : {}),
    ...(numberOf(vehicle?.id) !== undefined ? { vehicleId: numberOf(vehicle?.id) } : {}),
    ...(stringOf(vehicle?.name) ? { vehicleName: stringOf(vehicle?.name) } : {}),
  };
  const socEnd = numberOf(record.socEndPercent);
  const raised = [
    sessionEndError(record, place, at),
    socEnd === undefined ? undefined : lowBatteryIntent(place, socEnd, lowBatterySocPercent, at),
  ].filter((intent) => intent !== undefined);
  const cleared = SESSION_ALERT_TYPES.map(
    (type): AlertIntent => ({
      action: 'clear',
      organizationId,
      episodeKey: episodeKey(type, 'session', sessionId),
      at,
    }),
  );
  return [...raised, ...cleared];
}
