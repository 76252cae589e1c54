/** OCPP 2.0.1 functional block A, Security: SecurityEventNotification (A04), acknowledged and logged. */
import { ocpp201 } from '../handler';
import * as V201 from '../validators/v201';
import { logger } from '../../logger';

/** OCPP 2.0.1 SecurityEventNotification handler. */
export const security = [
  ocpp201(V201.SecurityEventNotification, async ({ connection }, { type, timestamp }) => {
    logger.warn('security event', { ocppId: connection.ocppId, type, eventTimestamp: timestamp });
    return {};
  }),
];
