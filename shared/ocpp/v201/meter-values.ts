/**
 * OCPP 2.0.1 functional block J, MeterValues (J01): readings outside TransactionEvent. evseId 0 is
 * the station's main meter (no session); otherwise they update the session in progress on that
 * EVSE, if any (`shared/charging/transactions.ts`).
 */
import { ocpp201 } from '../handler';
import * as V201 from '../validators/v201';
import { recordTransactionReadings, transactionReadings } from '../../charging';
import { fromOcpp201MeterValues } from './transactions';

/** OCPP 2.0.1 MeterValues handler. */
export const meterValues = [
  ocpp201(V201.MeterValues, async ({ db, connection, receivedAt }, { evseId, meterValue }) => {
    const meterValues = fromOcpp201MeterValues(meterValue, receivedAt, connection.ocppId);
    await recordTransactionReadings(db, connection, evseId, transactionReadings(meterValues, connection.ocppId));
    return {};
  }),
];
