/**
 * OCPP 2.0.1 functional block N, Diagnostics: LogStatusNotification (N01), recorded on the log
 * request it names (`shared/charger-logs/`), and NotifyEvent (N07), acknowledged and logged;
 * NotifyEvent faults are stored as error reports (`faults.ts`), and the events monitors raise on
 * crossing a threshold as the monitor's latest event, from which `chargerMonitor` alerts come
 * (`shared/charger-configuration/monitor-events.ts`).
 */
import { ocpp201 } from '../handler';
import * as V201 from '../validators/v201';
import { logger } from '../../logger';
import { recordLogStatus } from '../../charger-logs';
import { chargerTime } from '../../charging';
import { recordMonitorEvents } from '../../charger-configuration';
import { recordNotifyEventFaults } from './faults';

/** OCPP 2.0.1 LogStatusNotification and NotifyEvent handlers. */
export const diagnostics = [
  ocpp201(V201.LogStatusNotification, async ({ db, connection, receivedAt }, { status, requestId }) => {
    logger.info('log status', { ocppId: connection.ocppId, status, requestId });
    // Without a requestId (Idle, or sent on a TriggerMessage) it concerns no request of ours.
    if (requestId !== undefined) await recordLogStatus(db, connection.chargerId, requestId, status, receivedAt);
    return {};
  }),
  ocpp201(V201.NotifyEvent, async ({ db, connection, receivedAt }, { seqNo, tbc, eventData }) => {
    logger.info('events', { ocppId: connection.ocppId, seqNo, tbc, events: eventData.length });
    await recordNotifyEventFaults(db, connection, eventData, receivedAt);
    const events = eventData.map((event) => ({ ...event, timestamp: chargerTime(event.timestamp, receivedAt) }));
    await recordMonitorEvents(db, connection, events, receivedAt);
    return {};
  }),
];
