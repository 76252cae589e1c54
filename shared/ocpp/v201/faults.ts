/**
 * OCPP 2.0.1 faults reported through NotifyEvent (N07): which events are faults, and their error
 * reports (`shared/history/charger-errors.ts`). OCPP 2.0.1 has no StatusNotification error codes;
 * a component reports a problem through its standard variables (Appendix 3): `Problem` = true,
 * `Tripped` = true, or `AvailabilityState` = `Faulted`. An event that clears a situation
 * (`cleared: true`) is not a fault.
 */
import type * as Ocpp201 from '../types/v201';
import type { Db } from '../../db';
import { type ChargerConnection, chargerTime } from '../../charging';
import { type ErrorReport, recordChargerError } from '../../history';

/** Whether a NotifyEvent event reports a fault. */
export function isFault(event: Ocpp201.EventDataType): boolean {
  if (event.cleared) return false;
  const value = event.actualValue.trim().toLowerCase();
  const variable = event.variable.name;
  return (
    ((variable === 'Problem' || variable === 'Tripped') && value === 'true') ||
    (variable === 'AvailabilityState' && value === 'faulted')
  );
}

/**
 * The error report of a fault event: `ocppErrorCode` = `<component>.<variable>` (e.g.
 * `ConnectorPlugRetentionLock.Problem`), `vendorErrorCode` = `techCode`, `ocppInfo` = `techInfo`,
 * status `Faulted`, on the event's EVSE (0 = the station).
 */
export function faultReport(event: Ocpp201.EventDataType, fallbackTime: string): ErrorReport {
  return {
    portNumber: event.component.evse?.id ?? 0,
    timestamp: chargerTime(event.timestamp, fallbackTime),
    ocppErrorCode: `${event.component.name}.${event.variable.name}`,
    ...(event.techCode ? { vendorErrorCode: event.techCode } : {}),
    ...(event.techInfo ? { ocppInfo: event.techInfo } : {}),
    ocppStatus: 'Faulted',
    source: 'NotifyEvent',
  };
}

/** Stores the faults among a NotifyEvent's events (each as {@link recordChargerError} does). */
export async function recordNotifyEventFaults(
  db: Db,
  connection: ChargerConnection,
  events: readonly Ocpp201.EventDataType[],
  receivedAt: string,
): Promise<void> {
  for (const event of events.filter(isFault)) await recordChargerError(db, connection, faultReport(event, receivedAt));
}
