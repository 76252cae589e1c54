/**
 * OCPP 2.0.1 functional block J, MeterValues (J01): readings outside TransactionEvent. evseId 0 is
 * the station's main meter (no session); otherwise they update the session in progress on that
 * EVSE, if any.
 */
import { ocpp201 } from '../handler';
import * as V201 from '../validators/v201';
import { summarizeMeterValues } from '../../metering/meter-values';
import { recordMeterValues } from '../../charging/session-readings';
import { fromOcpp201MeterValues } from './transactions';

/** OCPP 2.0.1 MeterValues handler. */
export const meterValues = [
  ocpp201(V201.MeterValues, async ({ db, connection, receivedAt }, { evseId, meterValue }) => {
    if (evseId === 0) return {};
    const readings = fromOcpp201MeterValues(meterValue, receivedAt, connection.ocppId);
    await recordMeterValues(db, connection, evseId, readings, {
      snapshot: summarizeMeterValues(readings, connection.ocppId),
    });
    return {};
  }),
];
