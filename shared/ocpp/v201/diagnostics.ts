/**
 * OCPP 2.0.1 functional block N, Diagnostics: LogStatusNotification (N01), recorded on the log
 * request it names (`shared/charger-logs/`); NotifyCustomerInformation (N09), each page recorded on
 * the customer information request it names (`shared/charger-operations/customer-information.ts`);
 * and NotifyEvent (N07): its faults are stored as error reports (`faults.ts`), and the events
 * monitors raise on crossing a threshold as the monitor's latest event, from which `chargerMonitor`
 * alerts come (`shared/charger-configuration/monitor-events.ts`).
 */
import { ocpp201 } from '../handler';
import * as V201 from '../validators/v201';
import { logger } from '../../logger';
import { recordLogStatus } from '../../charger-logs';
import { recordCustomerInformationPage } from '../../charger-operations';
import { chargerTime } from '../../charging';
import { recordMonitorEvents } from '../../charger-configuration';
import { recordNotifyEventFaults } from './faults';

/** OCPP 2.0.1 LogStatusNotification, NotifyCustomerInformation and NotifyEvent handlers. */
export const diagnostics = [
  ocpp201(V201.LogStatusNotification, async ({ db, connection, receivedAt }, notification) => {
    logger.info('log status', { ocppId: connection.ocppId, ...notification });
    await recordLogStatus(db, connection.chargerId, notification, receivedAt);
    return {};
  }),
  ocpp201(V201.NotifyCustomerInformation, async ({ db, connection }, { requestId, seqNo, tbc, data, generatedAt }) => {
    // tbc's default is false (N09): a page without it is the last.
    await recordCustomerInformationPage(db, connection.chargerId, {
      requestId,
      seqNo,
      tbc: tbc ?? false,
      data,
      generatedAt,
    });
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
